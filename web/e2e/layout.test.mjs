// The game screen's layout (issue 15, "Layout"): the board grows with the
// window. On a desktop it is at least 85% of the window's height, with the
// panel beside it; on a phone it takes the window's width, centred, with the
// panel below it. Never a sideways scroll. Measured for every variant at
// 1280x800, 1920x1080 and 390x844, with a screenshot of each.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, assertNoPageErrors, launch, newPage, openGame, shot } from "./helpers.mjs";

const VARIANTS = ["chess", "wreckage", "wataku", "chess4d"];
const VIEWPORTS = [
  { width: 1280, height: 800, phone: false },
  { width: 1920, height: 1080, phone: false },
  { width: 390, height: 844, phone: true },
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Where the board, its squares, the hands and the panel are on the page.
async function measure(page) {
  return page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect().toJSON();
    const squares = [...document.querySelectorAll("#board [data-sq]")].map(box);
    return {
      board: box(document.querySelector("#board .board-set")),
      panel: box(document.querySelector(".game-layout .panel")),
      hands: [...document.querySelectorAll(".board-area .hand")].filter((h) => h.childElementCount > 0).map(box),
      square: squares[0],
      squaresOutside: squares.filter((b) => b.left < 0 || b.right > window.innerWidth).length,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

describe("the board grows with the window", () => {
  for (const viewport of VIEWPORTS) {
    for (const variant of VARIANTS) {
      test(`${variant} at ${viewport.width}x${viewport.height}`, async (t) => {
        const options = viewport.phone
          ? { viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
          : { viewport: { width: viewport.width, height: viewport.height } };
        const page = await newPage(browser, options);
        const created = await apiCreate({ variant, mode: "local", ...(variant === "wataku" ? { formation: 2 } : {}) });
        await openGame(page, created);
        const m = await measure(page);
        await shot(page, `layout-${variant}-${viewport.width}x${viewport.height}`);
        t.diagnostic(`board ${Math.round(m.board.width)}x${Math.round(m.board.height)}px, squares ${m.square.width.toFixed(1)}px`);
        assert.equal(m.overflow, 0, "the page scrolls sideways");
        assert.equal(m.squaresOutside, 0, "squares lie outside the window");
        if (viewport.phone) {
          assert.ok(m.board.width >= 0.9 * viewport.width, `the board is ${m.board.width}px wide of ${viewport.width}px`);
          const margins = [m.board.left, viewport.width - m.board.right];
          assert.ok(Math.abs(margins[0] - margins[1]) <= 2, `the board is not centred (margins ${margins.join(", ")})`);
          assert.ok(m.panel.top >= m.board.bottom, "the panel is below the board");
          for (const h of m.hands) assert.ok(h.bottom <= m.board.top || h.top >= m.board.bottom, "a hand lies above or below the board");
        } else {
          assert.ok(m.board.height >= 0.85 * viewport.height, `the board is ${m.board.height}px high of ${viewport.height}px`);
          assert.ok(m.board.bottom <= viewport.height, "the board goes below the window");
          assert.ok(m.panel.left >= m.board.right, "the panel is beside the board");
          // Next to it: no more room between them than the hands take.
          const between = (m.hands.length ? Math.max(...m.hands.map((h) => h.right)) : m.board.right) - m.board.right;
          assert.ok(m.panel.left - m.board.right <= between + 40, `a gap of ${m.panel.left - m.board.right}px between the board and the panel`);
          for (const h of m.hands) assert.ok(h.left >= m.board.right && h.right <= m.panel.left, "a hand lies between the board and the panel");
        }
        // Squares are square.
        assert.ok(Math.abs(m.square.width - m.square.height) < 1, `a square is ${m.square.width}x${m.square.height}`);
        assertNoPageErrors(page);
        await page.context().close();
      });
    }
  }
});
