// The board editor (issue 15, "Board editor"): in every variant, pieces are
// removed and placed with the palette, the side to move and the hands or
// reserves and castling rights change the FEN, the server's verdict says
// what is wrong with a position that is not one, and a legal one opens on
// the analysis board or as a game against the computer.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { assertNoPageErrors, BASE, launch, newPage, shot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const fenOf = (page) => page.locator("#editor-fen").inputValue();
const verdict = (page) => page.locator("#verdict").textContent();

async function waitForVerdict(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#verdict")?.textContent ?? ""), re.source);
}

describe("the board editor", () => {
  for (const variant of ["wataku", "wreckage", "chess4d", "chess"]) {
    test(`${variant}: edit the board, the side and the hands; the server judges; analyse it`, { timeout: 60_000 }, async () => {
      const page = await newPage(browser);
      await page.goto(`${BASE}/#/editor/${variant}`);
      await page.locator("#board [data-sq]").first().waitFor();
      await waitForVerdict(page, /^A legal position: White to move/);
      const start = await fenOf(page);
      const info = (await (await fetch(`${BASE}/api/variants`)).json()).variants.find((v) => v.id === variant);

      // The eraser takes a King away: not a position, and the server says why.
      const board = await page.evaluate(() => [...document.querySelectorAll("#board [data-sq]")].map((b) => ({ sq: b.dataset.sq, label: b.getAttribute("aria-label") })));
      const king = board.find((c) => /, white King\b/.test(c.label));
      assert.ok(king, "a White King on the board");
      await page.locator('[data-tool="."]').click();
      await page.locator(`#board [data-sq="${king.sq}"]`).click();
      await waitForVerdict(page, /^Not a position yet: \S/);
      assert.notEqual(await fenOf(page), start);
      assert.equal(await page.locator("#editor-play").isDisabled(), true);
      // The King back: the start position again.
      await page.locator('[data-tool="K"]').click();
      await page.locator(`#board [data-sq="${king.sq}"]`).click();
      await waitForVerdict(page, /^A legal position/);
      assert.equal(await fenOf(page), start);

      // A White piece on an empty square of the middle, then Black to move.
      const empty = board.filter((c) => / empty/.test(c.label));
      const middle = empty[Math.floor(empty.length / 2)];
      const piece = info.pieces.find((p) => !["K", "P", "J", "T"].includes(p.letter)) ?? info.pieces[1];
      await page.locator(`[data-tool="${piece.letter}"]`).click();
      await page.locator(`#board [data-sq="${middle.sq}"]`).click();
      await page.locator('input[name="turn"][value="black"]').check();
      await page.waitForFunction((s) => document.querySelector("#editor-fen")?.value !== s, start);
      const fen = await fenOf(page);
      assert.equal(fen.split(" ")[1], "b", `Black to move: ${fen}`);
      assert.ok(await page.locator(`#board [data-sq="${middle.sq}"]`).getAttribute("aria-label").then((l) => l.includes(piece.name)));

      // Hands or reserves: one more of the first kind for White.
      if (info.fen.hand_order) {
        const before = await fenOf(page);
        const letter = info.fen.hand_order[0];
        await page.locator(`#hand-bottom [data-side="white"][data-add="${letter}"]`).click();
        await page.waitForFunction((s) => document.querySelector("#editor-fen")?.value !== s, before);
        const field = (await fenOf(page)).split(" ")[info.fen.fields.indexOf("hand")];
        assert.ok(field.includes(letter), `the hand ${field} holds ${letter}`);
      }
      // Castling rights where the variant has them: all taken away.
      if (info.fen.castling) {
        for (const box of await page.locator("[data-castle]").all()) await box.uncheck();
        await page.waitForFunction((i) => document.querySelector("#editor-fen")?.value.split(" ")[i] === "-", info.fen.fields.indexOf("castling"));
      }
      await shot(page, `editor-${variant}`);

      // Whatever the verdict, a legal position is analysed from its FEN.
      const text = await verdict(page);
      if (/^A legal position/.test(text)) {
        const expected = await fenOf(page);
        await page.locator("#editor-analyse").click();
        await page.waitForURL(/#\/analysis\//);
        await page.locator("#board [data-sq]").first().waitFor();
        await page.waitForFunction((f) => document.querySelector("#fen")?.value === f, expected);
      }
      assertNoPageErrors(page);
      await page.context().close();
    });
  }

  test("a position set up is played against the computer", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/#/editor/chess?${new URLSearchParams({ fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" })}`);
    await waitForVerdict(page, /^A legal position: White to move, \d+ legal moves/);
    await page.locator('[data-tool="Q"]').click();
    await page.locator('#board [data-sq="d1"]').click();
    await waitForVerdict(page, /^A legal position/);
    assert.equal(await fenOf(page), "4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1");
    await page.locator("#editor-play").click();
    await page.waitForURL(/#\/game\//);
    await page.locator("#status").waitFor();
    const id = /#\/game\/([^/]+)/.exec(page.url())[1];
    const state = await (await fetch(`${BASE}/api/games/${id}`)).json();
    assert.equal(state.start_fen, "4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1");
    assert.equal(state.mode, "computer");
    assertNoPageErrors(page);
    await page.context().close();
  });
});
