// The screen-reader mode (issue 15, "Accessibility"): with the setting on,
// the game screen has a command box; in every variant a move typed in SAN
// or LAN is played and announced, and the commands read the clocks, the last
// move, where a kind of piece stands, a file (a board in 4D) and the hands.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, assertNoPageErrors, launch, newPage, openGame, pageState, waitForPlies } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function ask(page, line) {
  const before = await page.locator("#sr-reply").textContent();
  await page.locator("#sr-command").fill(line);
  await page.locator("#sr-command").press("Enter");
  if (!/^[a-z]( |$)/.test(line)) return ""; // a move: its answer is the announcement
  await page.waitForFunction((b) => document.querySelector("#sr-reply").textContent !== b || b === "", before);
  return page.locator("#sr-reply").textContent();
}

describe("the screen-reader mode", () => {
  test("commands and typed moves in every variant", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => localStorage.setItem("chimera.settings", JSON.stringify({ theme: "system", board: "wood", sound: false, blind: true })));
    for (const variant of ["wataku", "wreckage", "chess4d", "chess"]) {
      const created = await apiCreate({ variant, mode: "local", base_minutes: 5 });
      await openGame(page, created);
      assert.equal(await page.locator("#sr-form").isVisible(), true, `${variant}: the command box is there`);
      assert.match(await ask(page, "c"), /^White 5:00, Black 5:00\./);
      assert.equal(await ask(page, "l"), "No move has been played yet.");
      assert.match(await ask(page, "p king"), /^White King: \S+.*\. Black King: \S+/);
      const file = await ask(page, variant === "chess4d" ? "s [0,0]" : "s a");
      assert.match(file, variant === "chess4d" ? /^a1\[0,0\] / : /^a1 /);
      const hands = await ask(page, "r");
      if (variant === "wataku" || variant === "wreckage") assert.match(hands, /^White (reserve|hand): \d+ /);
      else assert.equal(hands, "This variant has no pieces off the board.");
      // A move typed in LAN, then in SAN: both played and announced.
      let state = await pageState(page);
      const first = state.legal_moves.find((m) => m.from && m.kind === "move");
      await ask(page, first.lan);
      await waitForPlies(page, 1);
      await page.locator("#live", { hasText: `White played ${first.san}` }).waitFor();
      state = await pageState(page);
      const reply = state.legal_moves.find((m) => m.from && m.kind === "move");
      await ask(page, reply.san);
      await waitForPlies(page, 2);
      assert.equal(await ask(page, "l"), `Black played ${reply.san} (ply 2).`);
      // A move that is not legal: the server's reason, read as an alert.
      await ask(page, "Zz9");
      await page.waitForFunction(() => (document.querySelector("#error")?.textContent ?? "").length > 0);
    }
    assertNoPageErrors(page);
    await page.context().close();
  });
});
