// The game screen beyond making moves: reviewing earlier positions from the
// journal while the game goes on, Flip, last-move and check highlighting,
// exporting and importing a record, dragging a piece, a running clock, the
// random side, watching a game from the home list, chess at 360px.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  apiCreate, apiMove, assertNoPageErrors, BASE, classesOf, gameIdOf, launch, newPage, openGame, pageState, playAndConfirm, RESULTS, shot, sq,
  statusText, waitForGameList, waitForPlies, waitForStatus,
} from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const label = (page, name) => sq(page, name).getAttribute("aria-label");
const lastSquares = (page) => page.locator("#board .sq.last").evaluateAll((els) => els.map((e) => e.dataset.sq).sort());

// True when a1 is drawn above the last rank (the board is seen from Black's side).
const blackAtBottom = (page) =>
  page.evaluate(() => {
    const a1 = document.querySelector('#board [data-sq="a1"]').getBoundingClientRect();
    const a10 = document.querySelector('#board [data-sq="a10"], #board [data-sq="a8"]').getBoundingClientRect();
    return a1.y < a10.y;
  });

describe("reviewing the journal", () => {
  test("Wreckage: earlier positions with their hands and last move, the start, Flip; the live game goes on meanwhile", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "wreckage", mode: "local" });
      await openGame(page, created);
      let state = await pageState(page);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "e2e5"), state.legal_moves, 0);
      state = await pageState(page);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "d9d6"), state.legal_moves, 1);
      state = await pageState(page);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "J@e4"), state.legal_moves, 2);
      const hand = page.locator('#hand-bottom [data-reserve="J"]');
      assert.equal(await hand.getAttribute("aria-label"), "white Ninja Pawn in hand, 4 left");
      assert.deepEqual(await lastSquares(page), ["e4"], "the live board marks the last move (a drop)");

      // Ply 2 (after d9d6): no Ninja Pawn on e4 yet, five in hand, d9-d6 marked.
      await page.locator('#journal [data-ply="2"]').click();
      await page.locator("#review-banner").waitFor({ state: "visible" });
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e4"]').getAttribute("aria-label") === "e4, empty");
      assert.equal(await label(page, "e5"), "e5, white Pawn");
      assert.equal(await label(page, "d6"), "d6, black Pawn");
      assert.equal(await hand.getAttribute("aria-label"), "white Ninja Pawn in hand, 5 left", "the hand is the reviewed position's");
      assert.deepEqual(await lastSquares(page), ["d6", "d9"], "the reviewed position's last move is marked");
      assert.equal(await page.locator('#journal [data-ply="2"]').getAttribute("aria-current"), "true");
      assert.match(await statusText(page), /^Reviewing the position after 1… d6 \(ply 2 of 3\) — the game goes on$/, "the status says what is shown");
      assert.match(await page.locator("#review-banner").textContent(), /In the game: Black to move \(your move\)/, "the banner keeps the live game's state");
      // Nothing can be played on a reviewed position.
      await sq(page, "f2").click();
      assert.equal(await page.locator("#board .selected").count(), 0);

      // The start position (ply 0).
      await page.locator("#review-start").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e2"]').getAttribute("aria-label") === "e2, white Pawn");
      assert.equal(await label(page, "e5"), "e5, empty");
      assert.deepEqual(await lastSquares(page), [], "the start has no last move");
      assert.match(await statusText(page), /^Reviewing the start position \(ply 0 of 3\)/);

      // Flip works while reviewing.
      assert.equal(await blackAtBottom(page), false);
      await page.locator("#flip").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="a1"]').getBoundingClientRect().y < document.querySelector('#board [data-sq="a10"]').getBoundingClientRect().y);
      assert.equal(await label(page, "e2"), "e2, white Pawn", "still the start position after the flip");
      assert.equal(await page.locator('#hand-top [data-reserve="J"]').getAttribute("aria-label"), "white Ninja Pawn in hand, 5 left", "White's hand moves to the top");

      // Meanwhile Black moves (from another device); the review stays put.
      await apiMove(created, "a9a8");
      await waitForPlies(page, 4);
      assert.equal(await label(page, "e2"), "e2, white Pawn", "a new move does not end the review");
      await shot(page, "review-start-flipped");

      // Back to the game: the new move is there and the board stays flipped.
      await page.locator("#live-btn").focus();
      await page.keyboard.press("Enter");
      await page.locator("#review-banner").waitFor({ state: "hidden" });
      assert.ok(await page.evaluate(() => document.activeElement?.dataset?.sq), "the focus goes to the board, not lost with the banner");
      await page.waitForFunction(() => document.querySelector('#board [data-sq="a8"]').getAttribute("aria-label") === "a8, black Pawn");
      assert.equal(await label(page, "e4"), "e4, white Ninja Pawn");
      assert.equal(await page.locator('#hand-top [data-reserve="J"]').getAttribute("aria-label"), "white Ninja Pawn in hand, 4 left");
      assert.deepEqual(await lastSquares(page), ["a8", "a9"]);
      assert.equal(await blackAtBottom(page), true, "the flip survives the return to the game");
      state = await pageState(page);
      assert.deepEqual(state.moves.map((m) => m.lan), ["e2e5", "d9d6", "J@e4", "a9a8"]);
      // And the game can be played on.
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "f2f5"), state.legal_moves, 4);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("chess: Previous, Next and Live, the journal's arrows and the page keys step through the game; the board keeps its arrows", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "chess", mode: "local", moves: ["e4", "e5", "Nf3", "Nc6", "Bb5"] });
      await openGame(page, created);
      await waitForPlies(page, 5);
      const prev = page.locator("#review-prev");
      const next = page.locator("#review-next");
      const live = page.locator("#review-live");
      const disabled = async () => ({ prev: await prev.isDisabled(), next: await next.isDisabled(), live: await live.isDisabled() });
      const statusIs = (re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#status").textContent), re.source);
      const focusedPly = () => page.evaluate(() => document.activeElement?.dataset?.ply ?? document.activeElement?.id);
      const liveText = () => page.locator("#live").textContent();

      // Accessible names, and the ends of the game disable what cannot be used.
      assert.equal(await prev.getAttribute("aria-label"), "Previous position");
      assert.equal(await next.getAttribute("aria-label"), "Next position");
      assert.equal(await live.getAttribute("aria-label"), "Live game");
      assert.deepEqual(await disabled(), { prev: false, next: true, live: true }, "live: only Previous");
      assert.match(await statusText(page), /^Black to move \(your move\)$/);

      // Buttons: back two plies, forward one.
      await prev.click();
      await statusIs(/^Reviewing the position after 2… Nc6 \(ply 4 of 5\) — the game goes on$/);
      assert.equal(await label(page, "f1"), "f1, white Bishop", "the Bishop is not on b5 yet");
      assert.equal(await label(page, "b5"), "b5, empty");
      assert.match(await page.locator("#review-banner").textContent(), /In the game: Black to move \(your move\)/);
      assert.match(await liveText(), /^Reviewing the position after 2… Nc6/, "entering the review is announced");
      assert.deepEqual(await disabled(), { prev: false, next: false, live: false });
      await prev.click();
      await statusIs(/after 2\. Nf3 \(ply 3 of 5\)/);
      assert.equal(await label(page, "c6"), "c6, empty");
      assert.equal(await label(page, "f3"), "f3, white Knight");
      await next.click();
      await statusIs(/after 2… Nc6 \(ply 4 of 5\)/);
      assert.equal(await label(page, "c6"), "c6, black Knight");

      // The journal's arrows step from the focused entry, and the focus follows.
      await page.locator('#journal [data-ply="4"]').focus();
      await page.keyboard.press("ArrowLeft");
      await statusIs(/after 2\. Nf3 \(ply 3 of 5\)/);
      await page.waitForFunction(() => document.activeElement?.dataset?.ply === "3");
      assert.equal(await page.locator('#journal [data-ply="3"]').getAttribute("aria-current"), "true");
      await page.keyboard.press("ArrowRight");
      await statusIs(/after 2… Nc6 \(ply 4 of 5\)/);
      assert.equal(await focusedPly(), "4");
      await page.keyboard.press("Home");
      await statusIs(/^Reviewing the start position \(ply 0 of 5\)/);
      assert.equal(await focusedPly(), "review-start");
      assert.equal(await label(page, "e2"), "e2, white Pawn");
      assert.deepEqual(await disabled(), { prev: true, next: false, live: false }, "the start: no Previous");
      await page.keyboard.press("ArrowRight");
      await statusIs(/after 1\. e4 \(ply 1 of 5\)/);
      assert.equal(await focusedPly(), "1");

      // Meanwhile Black moves on another device: the review stays put, the count grows.
      await apiMove(created, "a7a6");
      await waitForPlies(page, 6);
      await statusIs(/after 1\. e4 \(ply 1 of 6\) — the game goes on$/);
      assert.match(await page.locator("#review-banner").textContent(), /In the game: White to move \(your move\)/);
      assert.equal(await liveText(), "Black played a6.", "the move is announced, the review is not again");
      assert.equal(await label(page, "e5"), "e5, empty", "still the reviewed position");

      // On the board the arrows move the focus between squares; the page keys step.
      await sq(page, "e2").focus();
      await page.keyboard.press("ArrowUp");
      assert.equal(await page.evaluate(() => document.activeElement?.dataset?.sq), "e3", "ArrowUp moves the focus on the board");
      assert.match(await statusText(page), /\(ply 1 of 6\)/, "and does not step");
      await page.keyboard.press("PageDown");
      await statusIs(/after 1… e5 \(ply 2 of 6\)/);
      assert.equal(await label(page, "e5"), "e5, black Pawn");
      assert.equal(await page.evaluate(() => document.activeElement?.dataset?.sq), "e3", "the focus stays on the board");
      await page.keyboard.press("PageUp");
      await statusIs(/after 1\. e4 \(ply 1 of 6\)/);
      assert.match(await liveText(), /^Showing the position after 1\. e4/, "a step from the board is announced");
      await page.keyboard.press("End");
      await statusIs(/^White to move \(your move\)$/);
      await page.locator("#review-banner").waitFor({ state: "hidden" });
      assert.match(await liveText(), /^Back to the game\. White to move/, "leaving the review is announced");
      assert.equal(await label(page, "a6"), "a6, black Pawn");
      assert.equal(await label(page, "b5"), "b5, white Bishop");

      // Next up to the live game, then Live from a reviewed position.
      await prev.click();
      await statusIs(/\(ply 5 of 6\)/);
      await next.focus();
      await page.keyboard.press("Enter");
      await statusIs(/^White to move/);
      assert.deepEqual(await disabled(), { prev: false, next: true, live: true });
      assert.equal(await page.evaluate(() => document.activeElement?.id), "review-prev", "the focus leaves the disabled Next for Previous");
      await prev.click();
      await prev.click();
      await statusIs(/\(ply 4 of 6\)/);
      await live.click();
      await statusIs(/^White to move/);

      // The live game is undisturbed and goes on.
      const state = await pageState(page);
      assert.deepEqual(state.moves.map((m) => m.san), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "b5a4"), state.legal_moves, 6);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("the journal scrolls to the newest move", { timeout: 30_000 }, async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 700 } });
    try {
      const moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6".split(" ");
      const created = await apiCreate({ variant: "chess", mode: "local", moves });
      await openGame(page, created);
      const journal = page.locator("#journal");
      const scroll = () => journal.evaluate((el) => ({ top: el.scrollTop, max: el.scrollHeight - el.clientHeight }));
      let s = await scroll();
      assert.ok(s.max > 0, "the journal is long enough to scroll");
      assert.ok(s.top >= s.max - 2, `the journal starts scrolled to the end (${s.top} of ${s.max})`);
      await journal.evaluate((el) => (el.scrollTop = 0));
      await apiMove(created, "a2a3");
      await waitForPlies(page, 41);
      s = await scroll();
      assert.ok(s.top >= s.max - 2, `a new move scrolls the journal to it (${s.top} of ${s.max})`);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

describe("the board's signals", () => {
  test("chess: check is shown on the King and named; the last move is marked beneath the piece", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "chess", mode: "local", moves: ["e4", "f5", "d4", "e5"] });
      await openGame(page, created);
      assert.deepEqual(await lastSquares(page), ["e5", "e7"]);
      assert.equal(await page.locator("#board .check").count(), 0);
      let state = await pageState(page);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "d1h5"), state.legal_moves, 4);
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e8"]').classList.contains("check"));
      assert.match(await label(page, "e8"), /^e8, black King, in check/);
      assert.match(await statusText(page), /^Black to move — check!/);
      assert.deepEqual(await lastSquares(page), ["d1", "h5"]);
      // The highlight is the square's own colour, not a layer over the piece.
      const look = await sq(page, "h5").evaluate((el) => ({
        before: getComputedStyle(el, "::before").content,
        bg: getComputedStyle(el).backgroundColor,
      }));
      assert.ok(look.before === "none" || look.before === "normal", `no overlay is painted over the piece (${look.before})`);
      const plain = await sq(page, "h3").evaluate((el) => getComputedStyle(el).backgroundColor);
      const h5Light = (await classesOf(sq(page, "h5"))).includes("light") === (await classesOf(sq(page, "h3"))).includes("light");
      assert.ok(h5Light, "h5 and h3 have the same square colour");
      assert.notEqual(look.bg, plain, "the last move's squares are tinted");
      await shot(page.locator(".board-area"), "chess-check-and-last-move");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("chess: a capturing promotion is marked as both a capture and a promotion", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "chess", mode: "local", fen: "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1" });
      await openGame(page, created);
      await sq(page, "a7").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="a7"]').classList.contains("selected"));
      assert.ok((await classesOf(sq(page, "b8"))).includes("mark-promotion-capture"), "b8: a capture and a promotion");
      assert.match(await label(page, "b8"), /capture with promotion/);
      assert.ok((await classesOf(sq(page, "a8"))).includes("mark-promotion"));
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

describe("records", () => {
  test("export downloads the record; importing it shows the same game", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "wreckage", mode: "local", moves: ["e2e5", "d9d6", "J@e4", "a9a8"] });
      await openGame(page, created);
      const before = await pageState(page);
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#export").click()]);
      assert.match(download.suggestedFilename(), /^chimera-.*\.pgn$/);
      // Saved through the connection (the browser may run in another process: e2e/run.mjs).
      const saved = join(RESULTS, `export-${created.id}.pgn`);
      await download.saveAs(saved);
      const record = await readFile(saved, "utf8");
      assert.match(record, /\[Variant "wreckage"\]/);

      // Import through the home page's file picker.
      await page.goto(`${BASE}/#/`);
      await page.locator("#record-file").setInputFiles({ name: "game.pgn", mimeType: "application/x-chess-pgn", buffer: Buffer.from(record) });
      await page.waitForFunction(() => document.querySelector("#record").value.includes("Variant"));
      await page.locator("#import").click();
      await page.waitForURL((u) => /#\/game\//.test(u.hash) && !u.hash.includes(created.id));
      await waitForStatus(page);
      await waitForPlies(page, before.moves.length);
      const shown = await page.locator("#journal [data-ply]").evaluateAll((els) => els.map((e) => e.textContent));
      assert.deepEqual(shown, before.moves.map((m) => m.san), "the imported game shows the same moves");
      const after = await pageState(page);
      assert.equal(after.variant, "wreckage");
      assert.equal(after.fen, before.fen, "and reaches the same position");
      assert.equal(await label(page, "e4"), "e4, white Ninja Pawn");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

describe("pointer and controls", () => {
  test("chess: dragging a piece to a legal square plays it, with feedback while dragging", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      await openGame(page, await apiCreate({ variant: "chess", mode: "local" }));
      const from = await sq(page, "g1").boundingBox();
      const to = await sq(page, "f3").boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
      // While dragging: the origin is marked, its moves shown, a copy of the Knight follows the pointer.
      assert.ok((await classesOf(sq(page, "g1"))).includes("drag-origin"), "the origin square is marked");
      assert.ok((await classesOf(sq(page, "f3"))).includes("mark-move"), "the destinations are marked");
      const ghost = await page.locator(".drag-ghost").boundingBox();
      assert.ok(ghost, "a copy of the piece follows the pointer");
      assert.ok(Math.abs(ghost.x + ghost.width / 2 - (to.x + to.width / 2)) < 3 && Math.abs(ghost.y + ghost.height / 2 - (to.y + to.height / 2)) < 3, "centred on the pointer");
      await shot(page.locator(".board-area"), "chess-dragging");
      await page.mouse.up();
      await waitForPlies(page, 1);
      assert.equal((await pageState(page)).moves[0].lan, "g1f3");
      assert.equal(await label(page, "f3"), "f3, white Knight");
      assert.equal(await page.locator(".drag-ghost").count(), 0, "the copy is gone");
      assert.equal(await page.locator("#board .drag-origin").count(), 0);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("Flip turns the board and back", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      await openGame(page, await apiCreate({ variant: "chess", mode: "local" }));
      const y = async (s) => (await sq(page, s).boundingBox()).y;
      assert.ok((await y("a1")) > (await y("a8")));
      const topClock = await page.locator("#clock-top").textContent();
      await page.locator("#flip").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="a1"]').getBoundingClientRect().y < document.querySelector('#board [data-sq="a8"]').getBoundingClientRect().y);
      assert.ok((await sq(page, "h1").boundingBox()).x < (await sq(page, "a1").boundingBox()).x, "files run h to a");
      assert.notEqual(await page.locator("#clock-top").textContent(), topClock, "the players' rows swap too");
      await page.locator("#flip").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="a1"]').getBoundingClientRect().y > document.querySelector('#board [data-sq="a8"]').getBoundingClientRect().y);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

describe("games from the home page", () => {
  test("a timed game from the form: the clock of the side to move runs", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await page.goto(`${BASE}/#/`);
      await page.locator('input[name="variant"][value="chess"]').check();
      await page.locator('input[name="mode"][value="local"]').check();
      await page.locator('input[name="minutes"]').fill("3");
      await page.locator('input[name="increment"]').fill("2");
      await page.locator("#new-game button[type=submit]").click();
      await page.waitForURL(/#\/game\//);
      await waitForStatus(page);
      const clock = page.locator("#clock-bottom .time");
      assert.equal(await clock.textContent(), "3:00");
      let state = await pageState(page);
      assert.deepEqual([state.clock.base_ms, state.clock.inc_ms], [180000, 2000]);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "e2e4"), state.legal_moves, 0);
      // Black's clock (top) now runs and counts down on the page.
      const top = page.locator("#clock-top .time");
      await page.waitForFunction(() => document.querySelector("#clock-top .time")?.classList.contains("running"));
      assert.equal(await page.locator("#clock-bottom .time.running").count(), 0);
      const t0 = await top.textContent();
      await page.waitForFunction((t) => document.querySelector("#clock-top .time").textContent !== t, t0, { timeout: 3000 });
      const secs = (t) => t.split(":").reduce((a, b) => a * 60 + Number(b), 0);
      assert.ok(secs(await top.textContent()) < secs(t0), "the running clock counts down");
      assert.equal(await page.locator("#clock-bottom .time.running").count(), 0, "White's clock stands");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("the random side gives White or Black, and the board faces the player", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    try {
      const sides = new Set();
      for (let i = 0; i < 12 && sides.size < 2; ++i) {
        await page.goto(`${BASE}/#/`);
        await page.locator('input[name="variant"][value="chess"]').check();
        await page.locator('input[name="mode"][value="computer"]').check();
        await page.locator('select[name="level"]').selectOption("1");
        await page.locator('select[name="side"]').selectOption("random");
        await page.locator("#new-game button[type=submit]").click();
        await page.waitForURL(/#\/game\//);
        await waitForStatus(page);
        const state = await pageState(page);
        assert.ok(state.you === "white" || state.you === "black", `a side was given: ${state.you}`);
        assert.equal(state.seats[state.you === "white" ? "black" : "white"], "computer");
        assert.equal(await blackAtBottom(page), state.you === "black", "the board faces the player's side");
        sides.add(state.you);
      }
      assert.equal(sides.size, 2, "both sides come up over a dozen games");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("a spectator from the home list sees the board and cannot move", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "chess", mode: "local", moves: ["e4", "e5"] });
      await page.goto(`${BASE}/#/`);
      const link = page.locator(`#games a[href="#/game/${created.id}"]`);
      await link.waitFor({ timeout: 15_000 });
      await link.click();
      await page.waitForURL(new RegExp(`#/game/${created.id}$`));
      await waitForPlies(page, 2);
      assert.equal(gameIdOf(page), created.id);
      assert.equal(await label(page, "e4"), "e4, white Pawn");
      const state = await pageState(page);
      assert.equal(state.you, null, "the viewer holds no seat");
      assert.equal(await page.locator("#resign").count(), 0, "a spectator cannot resign");
      await sq(page, "g1").click();
      assert.equal(await page.locator("#board .selected").count(), 0, "nor select a piece");
      assert.equal(await page.locator('#board [class*="mark-"]').count(), 0);
      // The spectator sees the players' moves as they come.
      await apiMove(created, "g1f3");
      await waitForPlies(page, 3);
      assert.equal(await label(page, "f3"), "f3, white Knight");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("the home list refreshes while it is shown", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await page.goto(`${BASE}/#/`);
      await waitForGameList(page);
      const created = await apiCreate({ variant: "chess4d", mode: "local" });
      assert.equal(await page.locator(`#games a[href="#/game/${created.id}"]`).count(), 0, "the new game is not listed yet");
      await page.locator(`#games a[href="#/game/${created.id}"]`).waitFor({ timeout: 15_000 });
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("chess at 360px: the whole board fits and a tap selects", { timeout: 30_000 }, async () => {
    const page = await newPage(browser, { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      await openGame(page, await apiCreate({ variant: "chess", mode: "local" }));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      const boxes = await page.locator("#board [data-sq]").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      assert.equal(boxes.length, 64);
      for (const b of boxes) assert.ok(b.left >= 0 && b.right <= 360 && b.width >= 30, `a square lies within the screen and is tappable (${b.left}..${b.right})`);
      await sq(page, "e2").tap();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e2"]').classList.contains("selected"));
      await sq(page, "e4").tap();
      await waitForPlies(page, 1);
      await shot(page, "narrow-360-chess");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
