// 4D chess with the keyboard only: Tab to the board, arrows within a board,
// Alt+arrows between boards, Enter or Space to select and move, Escape to
// clear. Starts with the tutorial move a1[0,0] to a1[0,1].
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, assertNoPageErrors, launch, newPage, openGame, pageState, shot, waitForPlies } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const active = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.dataset?.sq ? { sq: el.dataset.sq, label: el.getAttribute("aria-label") } : { sq: null, tag: el?.tagName };
  });

// "b2[1,0]" -> {x, y, z, w}
function coords(name) {
  const m = /^([a-d])([1-4])\[([01]),([01])\]$/.exec(name);
  assert.ok(m, `a 4D square name: ${name}`);
  return { x: m[1].charCodeAt(0) - 97, y: Number(m[2]) - 1, z: Number(m[3]), w: Number(m[4]) };
}

// Moves the keyboard focus from the focused square to `target` with arrow keys
// (Alt+arrows across boards), checking each step lands where it should.
async function walkTo(page, target) {
  const from = coords((await active(page)).sq);
  const to = coords(target);
  const steps = [
    ["ArrowRight", "ArrowLeft", to.x - from.x, false],
    ["ArrowUp", "ArrowDown", to.y - from.y, false],
    ["Alt+ArrowRight", "Alt+ArrowLeft", to.z - from.z, true],
    ["Alt+ArrowUp", "Alt+ArrowDown", to.w - from.w, true],
  ];
  for (const [plus, minus, delta] of steps)
    for (let i = 0; i < Math.abs(delta); ++i) await page.keyboard.press(delta > 0 ? plus : minus);
  const now = await active(page);
  assert.equal(now.sq, target, `the arrow keys bring the focus to ${target}`);
}

describe("4D chess with the keyboard only", () => {
  test("Tab, arrows, Alt+arrows, Enter, Space and Escape play a game", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    try {
      const created = await apiCreate({ variant: "chess4d", mode: "local" });
      await openGame(page, created);
      assert.equal(await page.locator("#hint").isVisible(), true, "the tutorial hint shows before the first move");

      // Tab from the top of the page until a square has the focus.
      await page.locator("h1#title").focus();
      await page.evaluate(() => document.activeElement?.blur());
      let focus = await active(page);
      for (let i = 0; i < 40 && !focus.sq; ++i) {
        await page.keyboard.press("Tab");
        focus = await active(page);
      }
      assert.equal(focus.sq, "a1[0,0]", "Tab reaches the board at a1[0,0]");
      assert.equal(focus.label, "a1[0,0], white Rook");

      // Arrow keys move within a board; at the edge they stay put.
      await page.keyboard.press("ArrowLeft");
      assert.equal((await active(page)).sq, "a1[0,0]");
      await page.keyboard.press("ArrowUp");
      assert.equal((await active(page)).sq, "a2[0,0]");
      await page.keyboard.press("ArrowRight");
      assert.equal((await active(page)).sq, "b2[0,0]");
      await page.keyboard.press("Alt+ArrowRight");
      assert.equal((await active(page)).sq, "b2[1,0]", "Alt+Right goes to the board on the right");
      await page.keyboard.press("Alt+ArrowUp");
      assert.equal((await active(page)).sq, "b2[1,1]", "Alt+Up goes to the board above");
      await page.keyboard.press("Alt+ArrowLeft");
      await page.keyboard.press("Alt+ArrowDown");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowLeft");
      assert.equal((await active(page)).sq, "a1[0,0]");

      // Enter selects the Rook; Escape clears the selection.
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector('[data-sq="a1[0,0]"]').classList.contains("selected"));
      assert.match((await active(page)).label, /selected/, "the focused square says it is selected");
      assert.match(await page.locator('[data-sq="a1[0,1]"]').getAttribute("aria-label"), /legal destination/);
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => document.querySelectorAll("#board .selected").length === 0);
      assert.equal(await page.locator('#board [class*="mark-"]').count(), 0, "Escape clears the marks");
      assert.equal((await active(page)).sq, "a1[0,0]", "the focus stays on the board");

      // The tutorial move: Enter on the Rook, Alt+Up to a1[0,1], Enter.
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector('[data-sq="a1[0,0]"]').classList.contains("selected"));
      await page.keyboard.press("Alt+ArrowUp");
      assert.equal((await active(page)).sq, "a1[0,1]");
      await page.keyboard.press("Enter");
      await waitForPlies(page, 1);
      let state = await pageState(page);
      assert.equal(state.moves[0].lan, "a1[0,0]a1[0,1]");
      assert.equal(await page.locator("#journal li").first().textContent(), `1.${state.moves[0].san}`);
      await page.waitForFunction((san) => document.querySelector("#live").textContent === `White played ${san}.`, state.moves[0].san);
      assert.match(await page.locator('[data-sq="a1[0,1]"]').getAttribute("aria-label"), /^a1\[0,1\], white Rook/);
      assert.match(await page.locator('[data-sq="a1[0,0]"]').getAttribute("aria-label"), /^a1\[0,0\], empty/);
      assert.equal((await active(page)).sq, "a1[0,1]", "the focus stays where the piece went");
      assert.equal(await page.locator("#hint").isVisible(), false, "the hint goes once a move is made");
      await shot(page.locator(".board-area"), "keyboard-4d-tutorial-move");

      // More moves, alternately with Enter and Space.
      for (let ply = 2; ply <= 7; ++ply) {
        state = await pageState(page);
        // Vary the pieces: skip King moves, take a different move each time.
        const candidates = state.legal_moves.filter((m) => m.kind === "move" && !/^K/.test(m.san));
        const move = candidates.length ? candidates[(ply * 7) % candidates.length] : state.legal_moves[0];
        const key = ply % 2 === 0 ? "Space" : "Enter";
        await walkTo(page, move.from);
        await page.keyboard.press(key);
        await page.waitForFunction((s) => document.querySelector(`#board [data-sq="${s}"]`).classList.contains("selected"), move.from);
        await walkTo(page, move.to);
        assert.match((await active(page)).label, /legal destination|capture/, `${move.to} is announced as a destination`);
        await page.keyboard.press(key);
        await waitForPlies(page, ply);
        const mover = state.turn === "white" ? "White" : "Black";
        await page.waitForFunction((t) => document.querySelector("#live").textContent === t, `${mover} played ${move.san}.`);
        assert.equal(await page.locator(`#journal [data-ply="${ply}"]`).textContent(), move.san);
        // The journal numbers every ply (D-16).
        assert.equal(await page.locator("#journal li").nth(ply - 1).locator(".num").textContent(), `${ply}.`);
      }
      state = await pageState(page);
      assert.equal(state.moves.length, 7);
      assert.equal(state.result, "*");
      await shot(page, "keyboard-4d-after-7-plies");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
