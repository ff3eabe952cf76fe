// The analysis board (issue 15, "Analysis board"): in every variant the
// engine streams its search (evaluation bar, depth, three lines in SAN, the
// best move's arrow) and stops; a move played on the board becomes a
// variation beside the game's move, which stays the main line; a finished
// game opens here at the ply shown, with its review (the curve and the
// marked moves), and a game in progress offers no analysis.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, apiMove, assertNoPageErrors, BASE, launch, newPage, openGame, shot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The legal moves of a position, from the server, for choosing one to click.
async function legalAfter(variant, moves) {
  const q = new URLSearchParams({ variant });
  if (moves.length) q.set("moves", moves.join(" "));
  const res = await fetch(`${BASE}/api/moves?${q}`);
  assert.equal(res.status, 200);
  return (await res.json()).legal_moves;
}

async function waitForDepth(page, depth) {
  await page.waitForFunction((d) => {
    const m = /depth (\d+)/.exec(document.querySelector("#engine-depth")?.textContent ?? "");
    return m !== null && Number(m[1]) >= d;
  }, depth, { timeout: 20_000 });
}

describe("the analysis board", () => {
  for (const variant of ["wataku", "wreckage", "chess4d", "chess"]) {
    test(`${variant}: the engine streams three lines, draws its best move, and a move on the board becomes a variation`, { timeout: 60_000 }, async () => {
      const page = await newPage(browser);
      // The game's first two plies as the main line; the board shows the first.
      const first = (await legalAfter(variant, []))[0];
      const second = (await legalAfter(variant, [first.lan]))[0];
      await page.goto(`${BASE}/#/analysis/${variant}?${new URLSearchParams({ moves: `${first.lan} ${second.lan}`, ply: "1" })}`);
      await page.locator("#board [data-sq]").first().waitFor();
      await page.locator('#tree [aria-current="true"]', { hasText: first.san }).waitFor();

      await page.locator("#engine-toggle").click();
      assert.equal(await page.locator("#engine-toggle").getAttribute("aria-pressed"), "true");
      await waitForDepth(page, 4);
      const lines = page.locator("#engine-lines li");
      assert.equal(await lines.count(), 3, "three lines");
      // Each line starts with a legal move here, in SAN, after its score.
      const here = await legalAfter(variant, [first.lan]);
      for (let i = 0; i < 3; ++i) {
        const text = await lines.nth(i).textContent();
        assert.match(text, /^[+−#0]/, `line ${i} starts with its score: ${text}`);
        const move = await lines.nth(i).locator(".line-move").first().textContent();
        assert.ok(here.some((m) => m.san === move), `${move} is legal here`);
      }
      const bar = await page.locator("#eval-bar").getAttribute("aria-label");
      assert.match(bar, /^Evaluation [+−#0]/);
      const white = await page.locator("#eval-white").evaluate((e) => parseFloat(e.style.height));
      assert.ok(white > 0 && white < 100, `the bar is partly White's: ${white}%`);
      assert.ok((await page.locator("#arrows .best").count()) >= 1, "the best move is drawn");
      await shot(page, `analysis-${variant}`);

      // A move of our own on the board: a variation beside the game's second ply.
      const other = here.find((m) => m.lan !== second.lan && m.kind !== "drop" && m.kind !== "detonation" && m.kind !== "promotion");
      assert.ok(other, "a second move to try");
      await page.locator(`#board [data-sq="${other.from}"]`).click();
      await page.locator(`#board [data-sq="${other.to}"]`).click();
      await page.locator('#tree [aria-current="true"]', { hasText: other.san }).waitFor();
      assert.equal(await page.locator("#tree .tree-move.main").count(), 2, "the game's two plies stay the main line");
      assert.equal(await page.locator("#tree .tree-move.side").count(), 1);
      assert.equal(await page.locator("#tree .paren").count(), 2);
      // The engine follows the position shown.
      await waitForDepth(page, 2);
      const after = await legalAfter(variant, [first.lan, other.lan]);
      const best = await page.locator("#engine-lines li").first().locator(".line-move").first().textContent();
      assert.ok(after.some((m) => m.san === best), `${best} is legal after the variation`);

      // Back along the tree with the keyboard, and the engine stopped.
      await page.locator("#nav-prev").focus();
      await page.keyboard.press("ArrowLeft");
      await page.locator('#tree [aria-current="true"]', { hasText: first.san }).waitFor();
      await page.locator("#engine-toggle").click();
      await page.locator("#engine-depth", { hasText: "Off" }).waitFor();
      assert.equal(await page.locator("#engine-lines li").count(), 0);
      assert.equal(await page.locator("#arrows .best").count(), 0);
      assertNoPageErrors(page);
      await page.context().close();
    });
  }

  test("a finished game opens at the ply shown; a game going on offers no analysis", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    const created = await apiCreate({ variant: "chess", mode: "local" });
    await openGame(page, created);
    assert.equal(await page.locator("#analyse").count(), 0, "no analysis during the game");
    for (const lan of ["f2f3", "e7e5", "g2g4", "d8h4"]) await apiMove(created, lan);
    const link = page.locator("#ended-analyse");
    await link.waitFor();
    await link.click();
    await page.waitForURL(/#\/analysis\/chess\?/);
    await page.locator('#tree [aria-current="true"]', { hasText: "Qh4#" }).waitFor();
    assert.equal(await page.locator("#status").textContent(), "Checkmate");
    await page.locator("#engine-toggle").click();
    await page.locator("#engine-depth", { hasText: "nothing to search" }).waitFor();
    // One ply back: the engine finds Black's mate in one.
    await page.locator("#nav-prev").click();
    await page.locator("#engine-eval", { hasText: "#−1" }).waitFor({ timeout: 20_000 });
    assert.match(await page.locator("#engine-lines li").first().textContent(), /Qh4#/);
    await page.locator("#links a", { hasText: "Back to the game" }).waitFor();

    // The review: asked for, computed, drawn as a curve with the blunder
    // marked on the curve and in the move list.
    await page.locator("#review-ask").click();
    await page.locator("#review-curve svg.curve").waitFor({ timeout: 60_000 });
    const g4 = page.locator("#tree .tree-move.mark-blunder");
    assert.equal(await g4.count(), 1, "one blunder");
    assert.equal(await g4.textContent(), "g4??");
    assert.match(await g4.getAttribute("aria-label"), /^g4, blunder; best was \S+/);
    assert.equal(await page.locator("#review-curve .dot.blunder").count(), 1);
    // f3 may be marked too (an engine may call it an inaccuracy); g4 is the
    // one blunder, and Black's mating replies are never marked.
    const summary = await page.locator("#review-summary").textContent();
    assert.match(summary, /White: (\d+ (inaccuracy|inaccuracies|mistakes?), )*1 blunder;/);
    assert.match(summary, /Black: no marked moves/);
    // A click on the curve's start goes to the start position.
    const box = await page.locator("#review-curve svg").boundingBox();
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await page.locator("#nav-start:disabled").waitFor();
    await shot(page, "analysis-review");
    assertNoPageErrors(page);
    await page.context().close();
  });
});
