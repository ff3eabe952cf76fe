// Wreckage through the UI: promotion to any of the eight pieces, a Ninja
// Pawn drop pushed on (J@e4), a detonation, and castling where the King's
// plain step shares its squares with a castling.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  apiCreate, assertNoPageErrors, classesOf, launch, newPage, openGame, pageState, playAndConfirm, shot, sq, waitForPlies,
} from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const label = (page, name) => sq(page, name).getAttribute("aria-label");

describe("Wreckage", () => {
  test("a Pawn on e9 promotes: the dialog offers all eight pieces, the choice appears on e10", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "wreckage", mode: "local", fen: "k9/4P5/10/10/10/10/10/10/10/9K w - - - 0 1" });
      await openGame(page, created);
      await sq(page, "e9").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e9"]').classList.contains("selected"));
      assert.ok((await classesOf(sq(page, "e10"))).includes("mark-promotion"), "e10 is marked as a promotion square");
      assert.match(await label(page, "e10"), /promotion square/);
      await sq(page, "e10").click();
      const dialog = page.locator("#promotion");
      await dialog.waitFor({ state: "visible" });
      const options = await dialog.locator("button[data-lan]").evaluateAll((els) =>
        els.map((e) => ({ lan: e.dataset.lan, name: e.getAttribute("aria-label"), text: e.textContent.trim(), svg: e.querySelectorAll("svg").length })));
      assert.deepEqual(
        options.map((o) => o.name).sort(),
        ["Bishop", "Detonator", "Dragon", "Ferz-Knight", "Flying Guillotine", "Queen", "Rook", "Wazir-Knight"],
      );
      for (const o of options) {
        assert.equal(o.text, o.name, "each option shows its name");
        assert.equal(o.svg, 1, "and its picture");
        assert.match(o.lan, /^e9e10[qrbfwdgx]$/);
      }
      assert.equal(await page.evaluate(() => document.activeElement?.closest("#promotion") !== null), true, "the dialog takes the focus");
      await shot(page, "wreckage-promotion-dialog");
      // Cancel makes no move.
      await page.locator("#promotion-cancel").click();
      await dialog.waitFor({ state: "hidden" });
      assert.match(await label(page, "e9"), /^e9, white Pawn/);
      assert.equal(await page.locator("#journal [data-ply]").count(), 0);
      assert.equal((await pageState(page)).moves.length, 0);
      // Choose the Dragon (the Pawn may still be selected after a cancel).
      if (!(await classesOf(sq(page, "e9"))).includes("selected")) await sq(page, "e9").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e9"]').classList.contains("selected"));
      await sq(page, "e10").click();
      await dialog.waitFor({ state: "visible" });
      await dialog.locator('button[aria-label="Dragon"]').click();
      await waitForPlies(page, 1);
      assert.equal(await label(page, "e10"), "e10, white Dragon");
      assert.equal(await label(page, "e9"), "e9, empty");
      const state = await pageState(page);
      assert.equal(state.moves[0].lan, "e9e10d");
      assert.equal(await page.locator('#journal [data-ply="1"]').textContent(), state.moves[0].san);
      await shot(page.locator(".board-area"), "wreckage-promoted-dragon");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("a Ninja Pawn dropped from the hand and pushed on: J@e4; another dragged from the hand: J@d8", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "wreckage", mode: "local" });
      await openGame(page, created);
      const hand = page.locator("#hand-bottom");
      assert.equal(await hand.locator('[data-reserve="J"]').getAttribute("aria-label"), "white Ninja Pawn in hand, 5 left");
      assert.equal(await hand.locator('[data-reserve="G"]').getAttribute("aria-label"), "white Flying Guillotine in hand, 1 left");
      // At the start every square of rank 2 is taken: no Ninja Pawn drop.
      assert.equal(await hand.locator('[data-reserve="J"]').isDisabled(), true);
      let state = await pageState(page);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "e2e5"), state.legal_moves, 0);
      state = await pageState(page);
      await playAndConfirm(page, state.legal_moves.find((m) => m.lan === "d9d6"), state.legal_moves, 1);
      // Now e2 is free: the Ninja Pawn may enter there and be pushed to e3 or e4 (e5 is taken).
      await hand.locator('[data-reserve="J"]').click();
      assert.equal(await hand.locator('[data-reserve="J"]').getAttribute("aria-pressed"), "true");
      const marked = await page.locator("#board .mark-drop").evaluateAll((els) => els.map((e) => e.dataset.sq).sort());
      assert.deepEqual(marked, ["e2", "e3", "e4"]);
      await shot(page.locator(".board-area"), "wreckage-ninja-drop-marks");
      await sq(page, "e4").click();
      await waitForPlies(page, 3);
      assert.equal(await page.locator('#journal [data-ply="3"]').textContent(), "J@e4");
      assert.equal(await label(page, "e4"), "e4, white Ninja Pawn");
      assert.equal(await label(page, "e2"), "e2, empty");
      assert.equal(await label(page, "e3"), "e3, empty");
      assert.equal(await hand.locator('[data-reserve="J"]').getAttribute("aria-label"), "white Ninja Pawn in hand, 4 left");
      state = await pageState(page);
      assert.equal(state.board.hands.white, "GJJJJ");

      // Black drags a Ninja Pawn from the hand onto d8 (d9 is free since d9-d6).
      const from = await page.locator('#hand-top [data-reserve="J"]').boundingBox();
      const to = await sq(page, "d8").boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 20, { steps: 4 });
      await page.locator("#board .mark-drop").first().waitFor(); // picked up: its drops are marked
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
      await page.mouse.up();
      await waitForPlies(page, 4);
      assert.equal(await page.locator('#journal [data-ply="4"]').textContent(), "J@d8");
      assert.equal(await label(page, "d8"), "d8, black Ninja Pawn");
      assert.equal(await page.locator(".drag-ghost").count(), 0);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("a Detonator detonates: the enemy pieces next to it vanish, the Ninja Pawn stays", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      // White Detonator e4; Black Bishop d5, Rook e5, Ninja Pawn f5, Pawns d4 and f4.
      const created = await apiCreate({ variant: "wreckage", mode: "local", fen: "k9/10/10/10/10/3brj4/3pXp4/10/10/9K w - - - 0 1" });
      await openGame(page, created);
      assert.equal(await page.locator("#detonate").count(), 0, "no detonation button before the Detonator is selected");
      await sq(page, "e4").click();
      const button = page.locator("#detonate");
      await button.waitFor();
      assert.equal(await button.textContent(), "Detonate e4: removes d4, f4, d5, e5", "the button names the squares it clears");
      // Pointing at the button previews what would be cleared.
      await button.hover();
      const preview = await page.locator("#board .preview").evaluateAll((els) => els.map((e) => e.dataset.sq).sort());
      assert.deepEqual(preview, ["d4", "d5", "e5", "f4"]);
      await shot(page.locator(".board-area"), "wreckage-detonation-preview");
      // Pointing away clears the preview.
      await page.locator("#title").hover();
      assert.equal(await page.locator("#board .preview").count(), 0, "the preview goes with the pointer");
      await button.click();
      await waitForPlies(page, 1);
      for (const s of ["d4", "d5", "e5", "f4"]) assert.equal(await label(page, s), `${s}, empty`, `${s} is cleared`);
      assert.equal(await label(page, "f5"), "f5, black Ninja Pawn", "Ninja Pawns survive a detonation");
      assert.equal(await label(page, "e4"), "e4, white Detonator", "the Detonator stays");
      const state = await pageState(page);
      assert.equal(state.moves[0].lan, "e4x");
      assert.equal(await page.locator('#journal [data-ply="1"]').textContent(), state.moves[0].san);
      assert.equal(await page.locator("#detonate").count(), 0);
      await shot(page.locator(".board-area"), "wreckage-after-detonation");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("a Dragon's capture beyond its destination is previewed on hover and focus, and named", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      // White Dragon e5, Black Rook e7 and Bishop d5: sliding to e6 takes e7; withdrawing east takes d5.
      const created = await apiCreate({ variant: "wreckage", mode: "local", fen: "k9/10/10/4r5/10/3bD5/10/10/10/9K w - - - 0 1" });
      await openGame(page, created);
      await sq(page, "e5").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e5"]').classList.contains("selected"));
      const state = await pageState(page);
      const dragon = state.legal_moves.filter((m) => m.from === "e5");
      assert.deepEqual(dragon.find((m) => m.to === "e6").captures, ["e7"], "the server says e5-e6 takes e7");
      assert.match(await label(page, "e6"), /^e6, empty, capture, removes e7/);
      assert.match(await label(page, "f5"), /removes d5/);
      const preview = () => page.locator("#board .preview").evaluateAll((els) => els.map((e) => e.dataset.sq).sort());
      assert.deepEqual(await preview(), [], "no preview before pointing");
      await sq(page, "e6").hover();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="e7"]').classList.contains("preview"));
      assert.deepEqual(await preview(), ["e7"], "hovering e6 previews the Rook on e7");
      await shot(page.locator(".board-area"), "wreckage-dragon-preview");
      await sq(page, "f5").focus();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="d5"]').classList.contains("preview"));
      assert.deepEqual(await preview(), ["d5"], "focusing f5 previews the Bishop on d5");
      await sq(page, "e6").click();
      await waitForPlies(page, 1);
      assert.equal(await label(page, "e7"), "e7, empty", "the Rook was taken");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("castling one square shares its squares with a King step: the choice is named", { timeout: 30_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "wreckage", mode: "local", fen: "k9/10/10/10/10/10/10/10/10/1R3K2R1 w BI - - 0 1" });
      await openGame(page, created);
      await sq(page, "f1").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="f1"]').classList.contains("selected"));
      for (const s of ["b1", "c1", "d1", "h1", "i1"]) assert.ok((await classesOf(sq(page, s))).includes("mark-castling"), `${s} is a castling destination`);
      // g1 is both a King step and a castling: both are shown and named.
      assert.ok((await classesOf(sq(page, "g1"))).includes("mark-move-castling"), "g1 shows the combined mark");
      assert.match(await label(page, "g1"), /^g1, empty, move or castling destination/);
      assert.ok((await classesOf(sq(page, "e1"))).includes("mark-move-castling"), "so is e1, toward the b-Rook");
      assert.ok((await classesOf(sq(page, "f2"))).includes("mark-move"), "f2 is a plain King step");
      assert.match(await label(page, "f2"), /^f2, empty, legal destination/);
      await sq(page, "g1").click();
      const dialog = page.locator("#promotion");
      await dialog.waitFor({ state: "visible" });
      const options = await dialog.locator("button[data-lan]").evaluateAll((els) => els.map((e) => ({ lan: e.dataset.lan, name: e.getAttribute("aria-label") ?? "" })));
      assert.deepEqual(options.map((o) => o.lan).sort(), ["f1g1", "f1g1c"]);
      for (const o of options) assert.ok(o.name.trim().length > 0, `the option ${o.lan} has a name`);
      assert.notEqual(options[0].name, options[1].name, "the two options are told apart");
      assert.doesNotMatch(await page.locator("#promotion-title").textContent(), /Promote/, "no promotion is on offer");
      await shot(page, "wreckage-castling-choice");
      await dialog.locator('button[data-lan="f1g1c"]').click();
      await waitForPlies(page, 1);
      assert.equal(await label(page, "g1"), "g1, white King");
      assert.equal(await label(page, "f1"), "f1, white Rook");
      assert.equal(await label(page, "i1"), "i1, empty");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
