// WCAG 2.1 A and AA by axe-core (issue 15, "Accessibility"): every page of
// the site — home, the rules of each variant, a game of each variant with a
// move played and a piece selected, the end-of-game dialog, the analysis
// board with the engine on and a game's review, the board editor of each
// variant, the pages for a missing game and a refused invitation — has no
// violation, in the light colours and the dark ones (with the screen-reader
// mode's command box).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { apiCreate, apiMove, assertNoPageErrors, BASE, launch, newPage, openGame, pageState } from "./helpers.mjs";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const VARIANTS = ["wataku", "wreckage", "chess4d", "chess"];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The violations of the page as it is, each with the first elements it names.
async function violations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
  });
}

async function audit(page, where, seen) {
  assert.deepEqual(await violations(page), [], `${where}: axe-core finds WCAG violations`);
  seen.push(where);
}

describe("axe-core: no WCAG 2.1 AA violation on any page", () => {
  for (const theme of ["light", "dark"]) {
    test(`every page in the ${theme} colours`, { timeout: 120_000 }, async () => {
      const page = await newPage(browser);
      // The dark run also has the screen-reader mode's command box on.
      await page.addInitScript((t) => localStorage.setItem("chimera.settings", JSON.stringify({ theme: t, board: "wood", sound: true, blind: t === "dark" })), theme);
      const seen = [];
      await page.goto(`${BASE}/#/`);
      await page.waitForFunction(() => !(document.querySelector("#games")?.textContent ?? "Loading").includes("Loading"));
      await audit(page, "home", seen);
      for (const variant of VARIANTS) {
        await page.goto(`${BASE}/#/rules/${variant}`);
        await page.waitForFunction(() => document.querySelectorAll("figure.diagram [data-sq]").length > 0);
        await audit(page, `rules of ${variant}`, seen);

        const created = await apiCreate({ variant, mode: "local", base_minutes: 5 });
        await openGame(page, created);
        const state = await pageState(page);
        const move = state.legal_moves.find((m) => m.from && m.kind === "move");
        await page.locator(`#board [data-sq="${move.from}"]`).click();
        await page.locator(`#board [data-sq="${move.to}"]`).click();
        await page.waitForFunction(() => document.querySelectorAll("#journal [data-ply]").length === 1);
        const next = (await pageState(page)).legal_moves.find((m) => m.from);
        await page.locator(`#board [data-sq="${next.from}"]`).click();
        await audit(page, `${variant} game`, seen);

        await page.goto(`${BASE}/#/editor/${variant}`);
        await page.waitForFunction(() => /legal position/.test(document.querySelector("#verdict")?.textContent ?? ""));
        await page.locator('[data-tool="."]').click();
        await audit(page, `${variant} editor`, seen);
      }

      // The end of a game: the dialog, then the analysis board with the review.
      const fools = await apiCreate({ variant: "chess", mode: "local" });
      await openGame(page, fools);
      for (const lan of ["f2f3", "e7e5", "g2g4", "d8h4"]) await apiMove(fools, lan);
      await page.locator("#ended-analyse").waitFor();
      await audit(page, "end-of-game dialog", seen);
      await page.locator("#ended-analyse").click();
      await page.locator('#tree [aria-current="true"]').waitFor();
      await page.locator("#nav-prev").click();
      await page.locator("#engine-toggle").click();
      await page.waitForFunction(() => document.querySelectorAll("#engine-lines li").length > 0);
      if (theme === "light") {
        // The review once (it takes the engine's idle time; e2e/analysis has it too).
        await page.locator("#review-ask").click();
        await page.locator("#review-curve svg").waitFor({ timeout: 60_000 });
      }
      await audit(page, `analysis board with the engine${theme === "light" ? " and the review" : ""}`, seen);
      await page.goto(`${BASE}/#/analysis/wataku`);
      await page.locator("#board [data-sq]").first().waitFor();
      await audit(page, "analysis board of a start position", seen);

      await page.goto(`${BASE}/#/game/nosuchgame`);
      await page.locator("h1").waitFor();
      await audit(page, "a missing game", seen);
      await page.goto(`${BASE}/#/join/nosuchgame/badinvite`);
      await page.waitForFunction(() => document.querySelector("#app h1") !== null && !/Joining the game/.test(document.body.textContent));
      await audit(page, "a refused invitation", seen);
      // The account page, signed out and then signed in (a name per run).
      await page.goto(`${BASE}/#/account`);
      await page.locator("#signup-form").waitFor();
      await audit(page, "the account page, signed out", seen);
      await page.locator("#signup-name").fill(`axe_${theme}_${Date.now() % 100000}`);
      await page.locator("#signup-password").fill("a long password");
      await page.locator("#signup-form button[type=submit]").click();
      await page.locator(".account-line strong").waitFor();
      await page.goto(`${BASE}/#/account`);
      await page.locator("#password-form").waitFor();
      await audit(page, "the account page, signed in", seen);
      assert.equal(seen.length, 20);
      assertNoPageErrors(page);
      await page.context().close();
    });
  }
});
