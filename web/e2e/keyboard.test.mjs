// Keyboard-only play in every variant (D-17, D-18 apply to all): chess with
// Tab, arrows and Enter; a Wataku deployment from the reserve; the Wreckage
// promotion dialog; the Detonate button. The focus stays on the equivalent
// control when the page redraws, and Escape clears the selection wherever the
// focus is on the game screen.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, assertNoPageErrors, launch, newPage, openGame, pageState, shot, sq, waitForPlies } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// What has the focus: a square, a reserve button, or another element by id.
const active = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      sq: el?.dataset?.sq ?? null,
      reserve: el?.dataset?.reserve ?? null,
      side: el?.dataset?.side ?? null,
      id: el?.id ?? "",
      label: el?.getAttribute("aria-label") ?? el?.textContent ?? "",
      inDialog: !!el?.closest("dialog"),
    };
  });

// Presses Tab until `want(focus)` holds; fails after `max` presses.
async function tabUntil(page, want, what, max = 40) {
  for (let i = 0; i < max; ++i) {
    const f = await active(page);
    if (want(f)) return f;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${what}`);
}

// Tab from the top of the page to the board's tab stop.
async function tabToBoard(page) {
  await page.locator("h1#title").focus();
  return tabUntil(page, (f) => f.sq !== null, "the board");
}

// Files and ranks of an ordinary square name ("e10" -> [4, 9]).
const fr = (name) => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];

// Walks the focus with the arrow keys from the focused square to `target`.
async function walkTo(page, target) {
  const [x0, y0] = fr((await active(page)).sq);
  const [x1, y1] = fr(target);
  for (let i = 0; i < Math.abs(x1 - x0); ++i) await page.keyboard.press(x1 > x0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(y1 - y0); ++i) await page.keyboard.press(y1 > y0 ? "ArrowUp" : "ArrowDown");
  assert.equal((await active(page)).sq, target, `the arrows bring the focus to ${target}`);
}

const selected = (page, name) =>
  page.waitForFunction((s) => document.querySelector(`#board [data-sq="${s}"]`)?.classList.contains("selected"), name);
const noSelection = (page) => page.waitForFunction(() => document.querySelectorAll("#board .selected, #board [class*='mark-']").length === 0);

describe("keyboard-only play", () => {
  test("chess: Tab to the board, arrows and Enter make moves; Flip and Escape from the panel", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await openGame(page, await apiCreate({ variant: "chess", mode: "local" }));
      const start = await tabToBoard(page);
      assert.equal(start.sq, "a1", "Tab reaches the board at a1");
      await walkTo(page, "e2");
      await page.keyboard.press("Enter");
      await selected(page, "e2");
      await walkTo(page, "e4");
      assert.match((await active(page)).label, /^e4, empty, legal destination/);
      await page.keyboard.press("Enter");
      await waitForPlies(page, 1);
      assert.equal((await pageState(page)).moves[0].lan, "e2e4");
      assert.equal((await active(page)).sq, "e4", "the focus stays on the board");

      // Black: select the g8 Knight, then leave the board with Tab: Escape in
      // the panel still clears the selection.
      await walkTo(page, "g8");
      await page.keyboard.press(" ");
      await selected(page, "g8");
      const flip = await tabUntil(page, (f) => f.id === "flip", "the Flip button");
      assert.equal(flip.id, "flip");
      await page.keyboard.press("Escape");
      await noSelection(page);
      assert.equal((await active(page)).id, "flip", "Escape leaves the focus where it was");

      // Flip from the keyboard: the board turns and the focus stays on the button.
      const a1 = await sq(page, "a1").boundingBox();
      const a8 = await sq(page, "a8").boundingBox();
      assert.ok(a1.y > a8.y, "White's side is at the bottom before the flip");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => {
        const a = document.querySelector('#board [data-sq="a1"]').getBoundingClientRect();
        const b = document.querySelector('#board [data-sq="a8"]').getBoundingClientRect();
        return a.y < b.y;
      });
      assert.equal((await active(page)).id, "flip", "the Flip button keeps the focus after the redraw");
      await shot(page.locator(".board-area"), "keyboard-chess-flipped");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("Wataku: a deployment from the reserve with the keyboard only", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await openGame(page, await apiCreate({ variant: "wataku", mode: "local", formation: 1 }));
      await tabToBoard(page);
      // The next Tab stop after the board is White's reserve.
      const queen = await tabUntil(page, (f) => f.reserve === "Q", "the reserve Queen", 5);
      assert.equal(queen.side, "white");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector('#hand-bottom [data-reserve="Q"]').getAttribute("aria-pressed") === "true");
      let f = await active(page);
      assert.deepEqual([f.reserve, f.side], ["Q", "white"], "the reserve button keeps the focus after the redraw");
      assert.match(await sq(page, "a5").getAttribute("aria-label"), /drop destination/);
      // Escape on the reserve button clears the choice; Space chooses again.
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => document.querySelector('#hand-bottom [data-reserve="Q"]').getAttribute("aria-pressed") === "false");
      assert.equal(await page.locator("#board .mark-drop").count(), 0);
      assert.equal((await active(page)).reserve, "Q");
      await page.keyboard.press(" ");
      await page.waitForFunction(() => document.querySelector('#hand-bottom [data-reserve="Q"]').getAttribute("aria-pressed") === "true");
      // Back to the board (Shift+Tab), to a5, Enter.
      await page.keyboard.press("Shift+Tab");
      f = await active(page);
      assert.ok(f.sq, "Shift+Tab returns to the board");
      await walkTo(page, "a5");
      await page.keyboard.press("Enter");
      await waitForPlies(page, 1);
      assert.equal(await page.locator('#journal [data-ply="1"]').textContent(), "Q@a5");
      assert.match(await sq(page, "a5").getAttribute("aria-label"), /^a5, white Queen, dormant/);
      assert.equal((await active(page)).sq, "a5");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("Wreckage: the promotion dialog with the keyboard only", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await openGame(page, await apiCreate({ variant: "wreckage", mode: "local", fen: "k9/4P5/10/10/10/10/10/10/10/9K w - - - 0 1" }));
      await tabToBoard(page);
      await walkTo(page, "e9");
      await page.keyboard.press("Enter");
      await selected(page, "e9");
      await walkTo(page, "e10");
      await page.keyboard.press("Enter");
      const dialog = page.locator("#promotion");
      await dialog.waitFor({ state: "visible" });
      assert.equal((await active(page)).inDialog, true, "the dialog takes the focus");
      // Every option's name fits inside its button ("Detonator" spilled out once).
      const spills = await dialog.locator("#promotion-options button").evaluateAll((els) =>
        els.filter((b) => {
          const style = getComputedStyle(b);
          const room = b.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const name = b.querySelector("span");
          // The name's widest line, within the button's padding.
          const range = document.createRange();
          range.selectNodeContents(name);
          return Math.max(...[...range.getClientRects()].map((r) => r.width)) > room + 0.5;
        }).map((b) => b.textContent));
      assert.deepEqual(spills, [], "option names spill out of their buttons");
      await shot(dialog, "wreckage-promotion-dialog");
      // Escape closes the dialog without a move.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      assert.equal((await pageState(page)).moves.length, 0);
      // Again, and Tab through the options to the Dragon.
      if (!(await sq(page, "e9").getAttribute("class")).includes("selected")) {
        await sq(page, "e9").focus();
        await page.keyboard.press("Enter");
        await selected(page, "e9");
      }
      await sq(page, "e10").focus();
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "visible" });
      await tabUntil(page, (f) => f.inDialog && f.label === "Dragon", "the Dragon option", 12);
      await page.keyboard.press("Enter");
      await waitForPlies(page, 1);
      assert.equal(await sq(page, "e10").getAttribute("aria-label"), "e10, white Dragon");
      assert.equal((await pageState(page)).moves[0].lan, "e9e10d");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });

  test("Wreckage: the Detonate button with the keyboard only, its preview on focus", { timeout: 40_000 }, async () => {
    const page = await newPage(browser);
    try {
      await openGame(page, await apiCreate({ variant: "wreckage", mode: "local", fen: "k9/10/10/10/10/3brj4/3pXp4/10/10/9K w - - - 0 1" }));
      await tabToBoard(page);
      await walkTo(page, "e4");
      await page.keyboard.press("Enter");
      await selected(page, "e4");
      const det = await tabUntil(page, (f) => f.id === "detonate", "the Detonate button");
      assert.equal(det.label, "Detonate e4: removes d4, f4, d5, e5", "the button names the squares it clears");
      const preview = await page.locator("#board .preview").evaluateAll((els) => els.map((e) => e.dataset.sq).sort());
      assert.deepEqual(preview, ["d4", "d5", "e5", "f4"], "the focused button previews the squares");
      await shot(page.locator(".game-layout"), "keyboard-detonate-focused");
      // Moving the focus away clears the preview.
      await page.keyboard.press("Shift+Tab");
      await page.waitForFunction(() => document.querySelectorAll("#board .preview").length === 0);
      await page.keyboard.press("Tab");
      assert.equal((await active(page)).id, "detonate");
      await page.keyboard.press("Enter");
      await waitForPlies(page, 1);
      for (const s of ["d4", "d5", "e5", "f4"]) assert.equal(await sq(page, s).getAttribute("aria-label"), `${s}, empty`);
      // The button is gone; the focus has gone back to the board, not to the page.
      assert.ok((await active(page)).sq, "after the detonation the board has the focus");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
