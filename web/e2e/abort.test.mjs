// Aborting and leaving games in the browser, against a server of its own
// whose absence timers are shortened (--absence-seconds, --abandon-seconds):
// the Abort button before both sides have moved and the aborted ending (also
// on the home page, among the finished games, never as Live); the "Claim
// victory" button counting down when the opponent has left an online game,
// and the win it claims; a computer game its human left, lost as abandoned.
// Screenshots go to test-results/ (abort-*.png).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { assertNoPageErrors, BIN, launch, newPage, pageState, playAndConfirm, shot, waitForPlies, waitForStatus, waitForTurnOrResult, WEB } from "./helpers.mjs";

// Long enough for a page to open its WebSocket after a game is created on a
// loaded machine, short enough to wait for.
const ABSENCE_S = 10;

let server;
let base;
let tmp;
let browser;

async function startServer() {
  tmp = mkdtempSync(join(tmpdir(), "chimera-abort-e2e-"));
  server = spawn(BIN, ["serve", "--port", "0", "--db", join(tmp, "abort.db"), "--static", join(WEB, "dist"), "--games-per-minute", "999999",
    "--absence-seconds", String(ABSENCE_S), "--abandon-seconds", String(ABSENCE_S)], { stdio: ["ignore", "pipe", "ignore"] });
  base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start within 15 s")), 15_000);
    createInterface({ input: server.stdout }).on("line", (line) => {
      const m = /serving on (http:\/\/\S+?)\/?\s/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
}

async function snap(target, name) {
  await shot(target, `abort-${name}`);
}

async function api(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json() };
}

async function open(page, id, token) {
  await page.goto(`${base}/#/`);
  if (token) await page.evaluate(({ id, token }) => localStorage.setItem(`chimera.token.${id}`, token), { id, token });
  await page.goto(`${base}/#/game/${id}`);
  await page.locator("#board [data-sq]").first().waitFor();
  await waitForStatus(page);
}

async function clickLegal(page, lan) {
  await waitForTurnOrResult(page);
  const s = await pageState(page);
  const move = s.legal_moves.find((m) => m.lan === lan);
  assert.ok(move, `${lan} is legal`);
  await playAndConfirm(page, move, s.legal_moves, s.moves.length);
}

before(async () => {
  await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.kill("SIGTERM");
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("aborting and leaving", () => {
  test("a computer game is aborted before both sides have moved, and is not Live", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    try {
      await page.goto(`${base}/#/`);
      await page.locator('input[name="variant"][value="chess"]').check();
      await page.locator('input[name="mode"][value="computer"]').check();
      await page.locator('select[name="level"]').selectOption("1");
      await page.locator("#new-game button[type=submit]").click();
      await page.waitForURL(/#\/game\//);
      await waitForStatus(page);
      // Before a move: Abort, and no Resign.
      await page.locator("#abort").waitFor();
      assert.equal(await page.locator("#resign").count(), 0);
      await clickLegal(page, "e2e4");
      await waitForPlies(page, 2, 20_000);
      // Both sides have moved: Resign replaces Abort.
      await page.locator("#resign").waitFor();
      assert.equal(await page.locator("#abort").count(), 0);

      // A second game, aborted after the computer's opening move (the human plays Black).
      await page.goto(`${base}/#/`);
      await page.locator('input[name="variant"][value="chess"]').check();
      await page.locator('input[name="mode"][value="computer"]').check();
      await page.locator('select[name="level"]').selectOption("1");
      await page.locator('select[name="side"]').selectOption("black");
      await page.locator("#new-game button[type=submit]").click();
      await page.waitForURL(/#\/game\//);
      const aborted = /#\/game\/([^/]+)/.exec(page.url())[1];
      await waitForPlies(page, 1, 20_000);
      await page.locator("#abort").waitFor();
      await snap(page, "abort-button");
      await page.locator("#abort").click();
      await page.waitForFunction(() => document.querySelector("#status")?.textContent === "Game aborted.");
      assert.equal(await page.locator("#live").textContent(), "Game aborted.");
      assert.equal(await page.locator("#abort").count(), 0);
      assert.equal(await page.locator("#resign").count(), 0);
      const s = await pageState(page, aborted);
      assert.equal(s.status, "aborted");
      assert.equal(s.result, "*");
      await snap(page, "aborted-game");

      // The home page: the aborted game is among the recent games, never Live.
      await page.goto(`${base}/#/`);
      await page.locator("#games h3").first().waitFor();
      const live = page.locator("#games h3:text('Live') + ul a");
      const liveLinks = await live.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      assert.ok(!liveLinks.includes(`#/game/${aborted}`), "the aborted game is not Live");
      const recent = await page.locator("#games h3:text('Recent') + ul a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      assert.ok(recent.includes(`#/game/${aborted}`), "the aborted game is among the recent games");
      const row = page.locator(`#games a[href="#/game/${aborted}"]`);
      assert.match(await row.textContent(), /, aborted$/);
      await page.locator("#games").scrollIntoViewIfNeeded();
      await snap(page, "home-lists");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("the player who stayed claims the win when the opponent leaves", { timeout: 90_000 }, async () => {
    const created = await api("POST", "/api/games", { variant: "chess", mode: "online" });
    assert.equal(created.status, 201);
    const { id, token, invite } = created.json;
    const joined = await api("POST", `/api/games/${id}/join`, { invite });
    assert.equal(joined.status, 200);
    const host = await newPage(browser);
    const guest = await newPage(browser);
    try {
      await open(host, id, token);
      await open(guest, id, joined.json.token);
      await host.locator("#abort").waitFor();
      await clickLegal(host, "e2e4");
      await waitForPlies(guest, 1);
      await clickLegal(guest, "e7e5");
      await waitForPlies(host, 2);
      await host.locator("#resign").waitFor();
      assert.equal(await host.locator("#claim").count(), 0, "no claim while the opponent is here");

      // Black closes the page: White sees it, and a claim counting down.
      await guest.context().close();
      const claim = host.locator("#claim");
      await claim.waitFor();
      assert.equal(await claim.isDisabled(), true);
      assert.match(await claim.textContent(), /^Claim victory in 0:\d\d$/);
      assert.match(await host.locator("#status").textContent(), /Black left the game; you may claim victory if they are not back within \d+ s\./);
      assert.match(await host.locator("#clock-top").textContent(), /Black — away/);
      await snap(host, "claim-countdown");
      await host.waitForFunction(() => !document.querySelector("#claim")?.disabled, null, { timeout: (ABSENCE_S + 10) * 1000 });
      assert.equal(await claim.textContent(), "Claim victory");
      await snap(host, "claim-available");
      await claim.click();
      await host.waitForFunction(() => /White wins \(black abandoned the game\)\./.test(document.querySelector("#status")?.textContent ?? ""));
      assert.equal(await host.locator("#claim").count(), 0);
      const s = await pageState(host, id);
      assert.equal(s.result, "1-0");
      assert.equal(s.termination, "black abandoned the game");
      await snap(host, "claimed-win");
      assertNoPageErrors(host);
    } finally {
      await host.context().close();
      await guest.context().close().catch(() => undefined);
    }
  });

  test("a computer game its human walked away from ends as abandoned", { timeout: 90_000 }, async () => {
    const created = await api("POST", "/api/games", { variant: "chess", mode: "computer", level: 1, side: "white" });
    assert.equal(created.status, 201);
    const { id, token } = created.json;
    const page = await newPage(browser);
    await open(page, id, token);
    await clickLegal(page, "d2d4");
    await waitForPlies(page, 2, 20_000);
    await page.context().close();
    // The human is away: after the abandon time the computer has won.
    const deadline = Date.now() + (ABSENCE_S + 20) * 1000;
    let s;
    do {
      await new Promise((r) => setTimeout(r, 250));
      s = (await api("GET", `/api/games/${id}`)).json;
    } while (s.status === "playing" && Date.now() < deadline);
    assert.equal(s.status, "over");
    assert.equal(s.result, "0-1");
    assert.equal(s.termination, "white abandoned the game");
    const back = await newPage(browser);
    try {
      await open(back, id, token);
      assert.equal(await back.locator("#status").textContent(), "Black wins (white abandoned the game).");
      assert.equal(await back.locator("#resign").count(), 0);
      await snap(back, "computer-abandoned");
      assertNoPageErrors(back);
    } finally {
      await back.context().close();
    }
  });
});
