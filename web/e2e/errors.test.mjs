// When something goes wrong, as a person sees it: a game that does not exist
// (one WebSocket, a page that says so, a way home), a join refused because
// the seat is taken (the reason stays, with the choices), a time control with
// an increment and no base, and an imported record viewed and continued
// (without a clock unless one is chosen, or against the computer).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  apiCreate, assertNoPageErrors, BASE, clickMove, launch, newPage, pageState, shot, statusText, waitForPlies, waitForStatus,
} from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});


describe("a game that does not exist", () => {
  test("opens one WebSocket and shows a not-found page with a way home", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      const opened = [];
      page.on("websocket", (ws) => opened.push(ws.url()));
      await page.goto(`${BASE}/#/game/doesnotexist`);
      // Long enough for a reconnection loop to show (it opened 78 in 20 s).
      await page.waitForTimeout(6000);
      assert.equal(opened.length, 1, `WebSockets opened in 6 s: ${opened.length}`);
      assert.match(opened[0], /\/api\/games\/doesnotexist\/ws/);
      await page.locator("h1", { hasText: "Game not found" }).waitFor();
      assert.match(await page.locator(".notice").textContent(), /There is no game doesnotexist/);
      await shot(page, "errors-not-found");
      await page.locator("a", { hasText: "Go to the home page" }).click();
      await page.locator("h1", { hasText: "Chimera" }).waitFor();
      assert.equal(new URL(page.url()).hash, "#/");
      // The home page opens its lobby (one WebSocket, perhaps a moment after
      // its heading shows); no game's is opened again.
      for (const until = Date.now() + 5000; opened.length < 2 && Date.now() < until; ) await page.waitForTimeout(50);
      assert.deepEqual(opened.slice(1).map((u) => new URL(u).pathname), ["/api/lobby/ws"], "nothing more was opened on the way home but the lobby");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

describe("a join that fails", () => {
  test("a taken seat: the reason stays, with watching and going home offered", { timeout: 40_000 }, async () => {
    const created = await apiCreate({ variant: "chess", mode: "online", side: "white" });
    // Someone else follows the invitation first.
    const first = await fetch(`${BASE}/api/games/${created.id}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ invite: created.invite }),
    });
    assert.equal(first.status, 200);
    const page = await newPage(browser);
    try {
      const joinUrl = `${BASE}/#/join/${created.id}/${created.invite}`;
      await page.goto(joinUrl);
      const alert = page.getByRole("alert").filter({ hasText: "both seats are taken" });
      await alert.waitFor();
      await page.waitForTimeout(2000);
      assert.equal(await alert.isVisible(), true, "the reason is still shown after 2 s");
      assert.equal(page.url(), joinUrl, "the page did not move on by itself");
      assert.equal(await page.evaluate((id) => localStorage.getItem(`chimera.token.${id}`), created.id), null);
      const watch = page.getByRole("link", { name: "Watch as a spectator" });
      assert.equal(await watch.isVisible(), true);
      assert.equal(await page.getByRole("link", { name: "Go to the home page" }).isVisible(), true);
      await shot(page, "errors-join-409");
      await watch.click();
      await page.waitForURL(new RegExp(`#/game/${created.id}$`));
      await waitForStatus(page);
      const s = await pageState(page, created.id);
      assert.equal(s.you, null, "watching, as chosen");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

describe("the time control", () => {
  test("0 minutes + 5 s: the form says an increment needs a base time", { timeout: 30_000 }, async () => {
    // The server says so too.
    const res = await fetch(`${BASE}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant: "chess", mode: "local", base_minutes: 0, increment_seconds: 5 }),
    });
    assert.equal(res.status, 400);
    assert.match((await res.json()).error.message, /an increment needs a base time/);

    const page = await newPage(browser);
    try {
      await page.goto(`${BASE}/#/`);
      await page.locator('input[name="mode"][value="local"]').check();
      await page.locator('input[name="minutes"]').fill("0");
      await page.locator('input[name="increment"]').fill("5");
      // The page sends no request for a game (other tests create games on
      // the same server meanwhile, so the server's count would not tell).
      const creations = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname === "/api/games") creations.push(r.url());
      });
      await page.locator("#new-game button[type=submit]").click();
      await page.waitForFunction(() => /increment needs a base time/i.test(document.querySelector("#create-error").textContent));
      assert.equal(await page.locator('input[name="increment"]').getAttribute("aria-invalid"), "true");
      assert.equal(new URL(page.url()).hash, "#/", "no game was started");
      assert.deepEqual(creations, [], "no game was asked for");
      await shot(page.locator("#new-game"), "errors-increment-without-base");
      // With a base time the same increment is a time control.
      await page.locator('input[name="minutes"]').fill("1");
      assert.equal(await page.locator("#create-error").textContent(), "");
      await page.locator("#new-game button[type=submit]").click();
      await page.waitForURL(/#\/game\//);
      await waitForStatus(page);
      const s = await pageState(page);
      assert.deepEqual([s.clock.base_ms, s.clock.inc_ms], [60000, 5000]);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

// Three plies of a 5+2 game, Black to move.
const RECORD = '[Variant "chess"]\n[TimeControl "300+2"]\n\n1. e4 e5 2. Nf3 *';

async function importFromHome(page, choose) {
  await page.goto(`${BASE}/#/`);
  await page.locator("#record").fill(RECORD);
  await choose();
  await page.locator("#import").click();
  await page.waitForURL(/#\/game\//);
  await waitForStatus(page);
  await waitForPlies(page, 3);
}

describe("importing a record", () => {
  test("a game still going is viewed without a clock, and nothing runs out", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await importFromHome(page, async () => {});
      const s = await pageState(page);
      assert.equal(s.mode, "local");
      assert.equal(s.clock, null, "the record's 5+2 does not restart at the full base");
      assert.equal(await page.locator(".clock .time").count(), 0, "no clock is shown");
      // Viewing: the moves can be stepped through.
      await page.locator("#review-start").click();
      await page.waitForFunction(() => /^Reviewing the start position/.test(document.querySelector("#status").textContent));
      await shot(page, "errors-import-review");
      await page.locator("#review-live").click();
      await page.waitForTimeout(1500);
      assert.equal((await pageState(page)).result, "*");
      assert.match(await statusText(page), /^Black to move \(your move\)$/);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("a chosen clock starts both sides at its base from the next move", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await importFromHome(page, async () => {
        await page.locator('input[name="import-minutes"]').fill("1");
      });
      const s = await pageState(page);
      assert.deepEqual([s.clock.base_ms, s.clock.white_ms, s.clock.black_ms, s.clock.running], [60000, 60000, 60000, null]);
      await page.waitForTimeout(1200);
      assert.equal((await pageState(page)).clock.black_ms, 60000, "Black's time does not run before the next move");
      assert.match(await page.locator("#clock-bottom").textContent(), /1:00/);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("a game still going is continued against the computer, as the side to move", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    try {
      await importFromHome(page, async () => {
        await page.locator('input[name="import-mode"][value="computer"]').check();
        assert.equal(await page.locator('select[name="import-level"]').isVisible(), true);
        await page.locator('select[name="import-level"]').selectOption("1");
        await shot(page.locator(".import"), "errors-import-form");
      });
      const s = await pageState(page);
      assert.deepEqual([s.mode, s.level, s.you, s.seats.white, s.clock], ["computer", 1, "black", "computer", null]);
      assert.match(await statusText(page), /^Black to move \(your move\)$/);
      const move = s.legal_moves.find((m) => m.lan === "b8c6");
      await clickMove(page, move, s.legal_moves);
      await waitForPlies(page, 5, 30_000);
      await shot(page, "errors-import-computer");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
