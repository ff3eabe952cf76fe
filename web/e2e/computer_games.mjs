// A whole game against the computer (level 1), started from the home form
// and played by clicking: the tests' moves are chosen by the project's own
// engine over UCI (stronger than level 1, so games end by a rule), and every
// move goes through the board: piece, marked destination, promotion dialog or
// reserve button. The games are split over two files (computer.test.mjs,
// computer-more.test.mjs) so that they run side by side.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  assertNoPageErrors, BASE, Engine, launch, newPage, pageState, playAndConfirm, resign, RESULT_RE, shot,
  statusText, waitForStatus, waitForTurnOrResult, gameIdOf,
} from "./helpers.mjs";

// Our moves before giving up and resigning (only if the game has not ended by itself).
const MAX_OUR_MOVES = 70;

// The games of a file: each a variant and the side the test plays.
export function computerGames(GAMES) {
  let browser;
  const outcomes = {};
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  describe("a game against the computer, level 1, played with the mouse", () => {
    for (const { variant, side } of GAMES) {
      test(`${variant}: playing ${side} to a result`, { timeout: 150_000 }, async () => {
        const page = await newPage(browser);
        const engine = new Engine(variant);
        try {
          await page.goto(`${BASE}/#/`);
          await page.locator(`input[name="variant"][value="${variant}"]`).check();
          await page.locator('input[name="mode"][value="computer"]').check();
          await page.locator('select[name="level"]').selectOption("1");
          await page.locator('select[name="side"]').selectOption(side);
          await page.locator("#new-game button[type=submit]").click();
          await page.waitForURL(/#\/game\//);
          const id = gameIdOf(page);
          await waitForStatus(page);
          let state = await pageState(page, id);
          assert.equal(state.mode, "computer");
          assert.equal(state.level, 1);
          assert.equal(state.you, side);
          assert.equal(state.seats[side === "white" ? "black" : "white"], "computer");
          // Playing Black, the board is drawn from Black's side: rank 1 at the top.
          const [X, Y] = state.board.dims;
          const low = await page.locator(`#board [data-sq="${state.board.squares[0]}"]`).boundingBox();
          const high = await page.locator(`#board [data-sq="${state.board.squares[X * (Y - 1)]}"]`).boundingBox();
          assert.equal(low.y < high.y, side === "black", `rank 1 is drawn ${side === "black" ? "above" : "below"} the last rank`);

          let ours = 0;
          let shotTaken = false;
          const kinds = new Set();
          for (;;) {
            const status = await waitForTurnOrResult(page, 30_000);
            if (RESULT_RE.test(status)) break;
            state = await pageState(page, id);
            // The page and the server agree on what has been played.
            const shown = await page.locator("#journal [data-ply]").count();
            assert.equal(shown, state.moves.length, "the journal shows every move played");
            assert.equal(state.turn, side);
            if (ours >= MAX_OUR_MOVES) {
              await resign(page);
              break;
            }
            const lan = await engine.best(state.start_fen, state.moves.map((m) => m.lan), 50);
            const move = state.legal_moves.find((m) => m.lan === lan);
            assert.ok(move, `the engine's move ${lan} is among the page's legal moves`);
            kinds.add(move.kind);
            await playAndConfirm(page, move, state.legal_moves, state.moves.length);
            ours += 1;
            if (!shotTaken && ours === 8) {
              await shot(page.locator(".board-area"), `computer-${variant}-move8`);
              shotTaken = true;
            }
          }
          // The result as the page shows it, and as the server has it.
          await page.waitForFunction(() => /(White wins|Black wins|Draw) \(/.test(document.querySelector("#status")?.textContent ?? ""), null, { timeout: 10_000 });
          const text = await statusText(page);
          state = await pageState(page, id);
          assert.notEqual(state.result, "*");
          const m = RESULT_RE.exec(text);
          assert.equal(m[2], state.termination, "the status names how the game ended");
          assert.equal(m[1], state.result === "1-0" ? "White wins" : state.result === "0-1" ? "Black wins" : "Draw");
          // The live region announced the end too.
          assert.match(await page.locator("#live").textContent(), RESULT_RE);
          // Nothing left to do on the board; no resign button once the game is over.
          assert.equal(await page.locator("#resign").count(), 0);
          assert.equal(state.legal_moves.length, 0);
          await shot(page, `computer-${variant}-end`);
          await shot(page.locator(".board-area"), `computer-${variant}-end-board`);
          outcomes[variant] = { result: state.result, termination: state.termination, plies: state.moves.length, ours, kinds: [...kinds] };
          console.log(`# ${variant}: ${state.result} (${state.termination}) after ${state.moves.length} plies; our move kinds: ${[...kinds].join(", ")}`);
          assertNoPageErrors(page);
        } finally {
          engine.close();
          await page.context().close();
        }
      });
    }

    test("at least one of these games ended by a rule (not resignation)", () => {
      const byRule = Object.entries(outcomes).filter(([, o]) => !/resigned/.test(o.termination));
      assert.ok(byRule.length >= 1, `outcomes: ${JSON.stringify(outcomes)}`);
    });
  });
}
