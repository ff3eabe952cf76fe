// The game page kept from the server's pushes (a full state on connect, then
// a delta per change): a spectator whose page misses a push asks for the full
// state and shows the game as it is; a page whose connection drops resumes
// with the full state; clocks, an offer and the result reach every page.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, assertNoPageErrors, BASE, launch, newPage, waitForPlies, waitForStatus } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function api(path, body) {
  const res = await fetch(`${BASE}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  assert.equal(res.status, 200, `${path}: ${text}`);
  return JSON.parse(text);
}

// A spectator's page of the game, its WebSocket routed through the test: the
// messages the server sends pass unless drop(message) says otherwise, and the
// page's own messages are recorded in `sent`.
async function watch(id, drop = () => false) {
  const page = await newPage(browser);
  const sent = [];
  const dropped = [];
  const sockets = [];
  await page.routeWebSocket(/\/api\/games\/.*\/ws/, (ws) => {
    const server = ws.connectToServer();
    sockets.push(ws);
    server.onMessage((message) => {
      const m = JSON.parse(String(message));
      if (drop(m)) dropped.push(m);
      else ws.send(message);
    });
    ws.onMessage((message) => {
      sent.push(JSON.parse(String(message)));
      server.send(message);
    });
  });
  await page.goto(`${BASE}/#/game/${id}`);
  await waitForStatus(page);
  return { page, sent, dropped, sockets };
}

const journal = (page) => page.locator("#journal [data-ply]").allTextContents();

describe("pushes", () => {
  test("a spectator that misses a move asks for the state and shows every move", { timeout: 40_000 }, async () => {
    const created = await apiCreate({ variant: "chess", mode: "local" });
    const { page, sent, dropped } = await watch(created.id, (m) => m.type === "move" && m.ply === 2);
    for (const lan of ["e2e4", "e7e5", "g1f3"]) await api(`/api/games/${created.id}/move`, { token: created.token, move: lan });
    await waitForPlies(page, 3);
    assert.equal(dropped.length, 1, "the second move's push was held back");
    assert.deepEqual(sent, [{ type: "state" }], "the page asked for the state once");
    assert.deepEqual(await journal(page), ["e4", "e5", "Nf3"]);
    assert.match(await page.locator("#status").textContent(), /^Black to move/);
    assert.match(await page.locator('#board [data-sq="f3"]').getAttribute("aria-label"), /^f3, white knight/i);
    assert.match(await page.locator('#board [data-sq="g1"]').getAttribute("aria-label"), /^g1, empty/);
    assertNoPageErrors(page);
    await page.context().close();
  });

  test("a dropped connection resumes with the full state; clocks, an offer and the result follow", { timeout: 40_000 }, async () => {
    const created = await apiCreate({ variant: "wreckage", mode: "local", base_minutes: 5, increment_seconds: 3 });
    const { page, sockets } = await watch(created.id);
    await api(`/api/games/${created.id}/move`, { token: created.token, move: "e2e5" });
    await waitForPlies(page, 1);
    await sockets[0].close();
    await api(`/api/games/${created.id}/move`, { token: created.token, move: "d9d6" });
    await waitForPlies(page, 2, 15_000);
    assert.ok(sockets.length >= 2, "the page connected again");
    assert.deepEqual(await journal(page), ["e5", "d6"]);
    // White's clock runs on the page from the push (the first move was untimed).
    const white = () => page.locator("#clock-bottom .time").textContent();
    const before = await white();
    await page.waitForFunction((t) => document.querySelector("#clock-bottom .time")?.textContent !== t, before, { timeout: 5_000 });
    await api(`/api/games/${created.id}/draw`, { token: created.token, action: "offer" });
    await page.waitForFunction(() => /White offers a draw/.test(document.querySelector("#status")?.textContent ?? ""));
    await api(`/api/games/${created.id}/resign`, { token: created.token });
    await page.waitForFunction(() => /Black wins \(white resigned\)/.test(document.querySelector("#status")?.textContent ?? ""));
    assert.equal(await page.locator("#clock-bottom .time.running").count(), 0, "no clock runs after the end");
    assertNoPageErrors(page);
    await page.context().close();
  });
});
