// Wataku Genesis through the UI: a deployment from the reserve far from the
// Kings arrives dormant and is marked so; a Traverse over a line of friendly
// pieces; a deployment that links the dormant piece wakes it.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  apiCreate, assertNoPageErrors, classesOf, clickMove, launch, newPage, openGame, pageState, playAndConfirm, shot, sq,
  waitForPlies,
} from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const label = (page, name) => sq(page, name).getAttribute("aria-label");

describe("Wataku Genesis", () => {
  test("deployment, dormant marking, Traverse and waking a group", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    try {
      // Formation 1 (Phalanx): White Kd2 Kf2 Te2 Te3 Nc3 Ng3 Pd3 Pf3.
      const created = await apiCreate({ variant: "wataku", mode: "local", formation: 1 });
      await openGame(page, created);
      assert.match(await page.locator("#title").textContent(), /formation 1/);
      let state = await pageState(page);
      assert.equal(await page.locator("#board .piece.dormant").count(), 0, "nothing is dormant at the start");

      // The reserve: one button per kind, with counts.
      const reserve = page.locator("#hand-bottom");
      assert.match(await reserve.textContent(), /White reserve/);
      assert.equal(await reserve.locator('[data-reserve="R"]').getAttribute("aria-label"), "white Rook in reserve, 2 left");
      assert.equal(await page.locator('#hand-top [data-reserve="Q"]').isDisabled(), true, "Black's reserve is not White's to use");

      // Deploy a Queen on a5, far from both White Kings.
      await page.locator('#hand-bottom [data-reserve="Q"]').click();
      assert.equal(await page.locator('#hand-bottom [data-reserve="Q"]').getAttribute("aria-pressed"), "true");
      assert.equal(await page.locator('#hand-top [data-reserve="Q"]').getAttribute("aria-pressed"), "false", "Black's Queen is not shown as selected");
      // Every empty point is a deployment destination, occupied ones are not.
      assert.match((await classesOf(sq(page, "a5"))).join(" "), /mark-drop/);
      assert.doesNotMatch((await classesOf(sq(page, "d2"))).join(" "), /mark-/);
      const drops = await page.locator("#board .mark-drop").count();
      assert.equal(drops, 81 - 16, "a deployment can go to any empty point");
      assert.match(await label(page, "a5"), /drop destination/);
      await shot(page.locator(".board-area"), "wataku-deploy-marks");
      await sq(page, "a5").click();
      await waitForPlies(page, 1);
      assert.equal(await page.locator('#journal [data-ply="1"]').textContent(), "Q@a5");
      assert.equal(await label(page, "a5"), "a5, white Queen, dormant", "the deployed Queen touches no King's group: dormant");
      assert.equal(await sq(page, "a5").locator(".piece.dormant").count(), 1, "and is drawn as dormant");
      assert.equal(await page.locator('#hand-bottom [data-reserve="Q"]').count(), 0, "the only Queen has left the reserve");
      state = await pageState(page);
      assert.equal(state.board.dormant[state.board.squares.indexOf("a5")], "1");

      // Black deploys too (clicking), so it is White's turn again.
      let black = state.legal_moves.find((m) => m.lan === "P@i5");
      await playAndConfirm(page, black, state.legal_moves, 1);
      state = await pageState(page);
      assert.match(await label(page, "i5"), /black Pawn, dormant/);

      // The dormant Queen cannot be selected.
      await sq(page, "a5").click();
      assert.equal(await page.locator("#board .selected").count(), 0, "a dormant piece has no move to select");

      // A Traverse: the Pawn on d3 runs over e3 (Turtle), f3 (Pawn), g3 (Knight) to h3.
      const trav = state.legal_moves.find((m) => m.kind === "traverse" && m.from === "d3" && m.to === "h3");
      assert.ok(trav, "d3-h3 is a Traverse in this position");
      await sq(page, "d3").click();
      await page.waitForFunction(() => document.querySelector('#board [data-sq="d3"]').classList.contains("selected"));
      assert.ok((await classesOf(sq(page, "h3"))).includes("mark-traverse"), "h3 is marked as a Traverse destination");
      assert.match(await label(page, "h3"), /Traverse destination/);
      assert.ok((await classesOf(sq(page, "d4"))).includes("mark-move"), "the ordinary step is marked differently");
      await shot(page.locator(".board-area"), "wataku-traverse-marks");
      await sq(page, "h3").click();
      await waitForPlies(page, 3);
      assert.equal(await label(page, "h3"), "h3, white Pawn, in the group of Kings d2 and f2");
      assert.equal(await label(page, "d3"), "d3, empty");
      assert.equal(await label(page, "e3"), "e3, white Turtle, in the group of Kings d2 and f2", "the pieces traversed stay");

      // Black moves; then White deploys a Turtle on b4, linking the Queen on
      // a5 to the group of Nc3 and the Kings: the Queen wakes.
      state = await pageState(page);
      black = state.legal_moves.find((m) => m.lan === "T@i1") ?? state.legal_moves.find((m) => m.kind === "drop");
      await playAndConfirm(page, black, state.legal_moves, 3);
      state = await pageState(page);
      const link = state.legal_moves.find((m) => m.lan === "T@b4");
      assert.ok(link, "T@b4 is legal");
      await clickMove(page, link, state.legal_moves);
      await waitForPlies(page, 5);
      assert.equal(await label(page, "a5"), "a5, white Queen, in the group of Kings d2 and f2", "linked to a King's group, the Queen is active");
      assert.equal(await sq(page, "a5").locator(".piece.dormant").count(), 0);
      assert.equal(await label(page, "b4"), "b4, white Turtle, in the group of Kings d2 and f2");
      // The group marks: the deployed pieces now carry their group's badge.
      assert.equal(await sq(page, "a5").locator(".group").count(), 1);
      // The badge names the group, not by colour alone (drawn from data-group by CSS).
      assert.equal(await sq(page, "a5").locator(".group").evaluate((e) => getComputedStyle(e, "::before").content), '"1"');
      await shot(page, "wataku-after-waking");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
