// Two people online, each in their own browser context: the invitation link
// from the home form, moves from both sides, a draw offer declined and then
// accepted; and a second game: a takeback asked, declined, asked again and
// granted, an end by resignation (confirmed in the page), then a rematch
// offered on one page and accepted on the other, which takes both to the new
// game with the colours swapped.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  assertNoPageErrors, BASE, launch, newPage, pageState, playAndConfirm, resign, RESULT_RE, shot, statusText,
  waitForPlies, waitForStatus, waitForTurnOrResult, gameIdOf,
} from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Creates an online game from the home form; returns the host page, the guest page and the id.
async function startOnline(variant) {
  const host = await newPage(browser);
  await host.goto(`${BASE}/#/`);
  await host.locator(`input[name="variant"][value="${variant}"]`).check();
  await host.locator('input[name="mode"][value="online"]').check();
  await host.locator("#new-game button[type=submit]").click();
  await host.waitForURL(/#\/game\//);
  const id = gameIdOf(host);
  const link = host.locator("#invite-link");
  await link.waitFor();
  const href = await link.getAttribute("href");
  assert.equal(await link.textContent(), href, "the invitation link shows its address");
  assert.match(href, new RegExp(`#/join/${id}/[^/]+$`));
  assert.match(await host.locator("#clock-top").textContent(), /waiting for a player/);
  await shot(host, `online-${variant}-invite`);

  const guest = await newPage(browser);
  await guest.goto(href);
  await guest.waitForURL(new RegExp(`#/game/${id}$`));
  await waitForStatus(guest);
  // Once the guest has joined, the invitation disappears from the host's page.
  await host.locator("#invite").waitFor({ state: "hidden" });
  const hs = await pageState(host, id);
  const gs = await pageState(guest, id);
  assert.equal(hs.you, "white");
  assert.equal(gs.you, "black");
  assert.deepEqual(hs.seats, { white: "you", black: "human" });
  assert.equal(gs.invite, undefined);
  return { host, guest, id };
}

// Plays the legal move `lan` on `page` (whose turn it is) by clicking, and
// waits until `other` shows it too.
async function play(page, other, lan) {
  await waitForTurnOrResult(page);
  const s = await pageState(page);
  const move = s.legal_moves.find((m) => m.lan === lan);
  assert.ok(move, `${lan} is legal for ${s.you}`);
  await playAndConfirm(page, move, s.legal_moves, s.moves.length);
  await waitForPlies(other, s.moves.length + 1);
  assert.equal(await other.locator(`#journal [data-ply="${s.moves.length + 1}"]`).textContent(), move.san);
}

describe("a game between two browsers", () => {
  test("chess: invitation, moves from both sides, a draw declined then agreed", { timeout: 60_000 }, async () => {
    const { host, guest, id } = await startOnline("chess");
    try {
      // Only the side to move may move: on White's turn the guest (Black)
      // only sets a premove (e2e/premove), which Escape cancels; nothing is played.
      assert.match(await statusText(guest), /^White to move$/);
      await guest.locator('#board [data-sq="e7"]').click();
      await guest.locator('#board [data-sq="e5"]').click();
      assert.ok(await guest.locator('#board [data-sq="e5"].premove').count(), "a premove, not a move");
      await guest.keyboard.press("Escape");
      await guest.locator("#live", { hasText: "Premove cancelled" }).waitFor();
      assert.equal(await guest.locator("#journal [data-ply]").count(), 0, "Black played nothing on White's turn");

      await play(host, guest, "e2e4");
      await play(guest, host, "e7e5");
      await play(host, guest, "g1f3");
      await play(guest, host, "b8c6");
      assert.match(await guest.locator("#live").textContent(), /^Black played Nc6\.$/);
      assert.match(await host.locator("#live").textContent(), /^Black played Nc6\.$/);

      // White offers a draw; Black sees it and declines.
      await host.locator("#offer").click();
      await guest.locator("#accept").waitFor();
      assert.match(await statusText(guest), /White offers a draw\./);
      assert.match(await statusText(host), /White offers a draw\./);
      assert.equal(await host.locator("#offer").count(), 0, "no second offer while one stands");
      assert.equal(await host.locator("#accept").count(), 0, "White cannot accept its own offer");
      await guest.locator("#decline").click();
      await host.locator("#offer").waitFor();
      await guest.locator("#offer").waitFor();
      await host.waitForFunction(() => !document.querySelector("#status").textContent.includes("offers a draw"));
      assert.doesNotMatch(await statusText(guest), /offers a draw/);
      assert.equal((await pageState(host, id)).result, "*");

      // The game goes on, then Black offers and White accepts.
      await play(host, guest, "f1c4");
      await guest.locator("#offer").click();
      await host.locator("#accept").waitFor();
      assert.match(await statusText(host), /Black offers a draw\./);
      await shot(host, "online-chess-draw-offered");
      await host.locator("#accept").click();
      for (const page of [host, guest]) {
        await page.waitForFunction(() => /Draw \(draw agreed\)\./.test(document.querySelector("#status").textContent));
        assert.match(await page.locator("#live").textContent(), /Draw \(draw agreed\)\./);
        assert.equal(await page.locator("#resign").count(), 0);
        assert.equal(await page.locator("#offer").count(), 0);
      }
      const end = await pageState(guest, id);
      assert.equal(end.result, "1/2-1/2");
      assert.equal(end.termination, "draw agreed");
      assert.equal(end.moves.length, 5);
      await shot(host, "online-chess-end-white");
      await shot(guest, "online-chess-end-black");
      // The guest's board is drawn from Black's side.
      const a1 = await guest.locator('#board [data-sq="a1"]').boundingBox();
      const a8 = await guest.locator('#board [data-sq="a8"]').boundingBox();
      assert.ok(a1.y < a8.y, "Black sees rank 1 at the top");
      assertNoPageErrors(host);
      assertNoPageErrors(guest);
    } finally {
      await host.context().close();
      await guest.context().close();
    }
  });

  test("wreckage: a takeback granted, a resignation confirmed, a rematch accepted", { timeout: 90_000 }, async () => {
    const { host, guest, id } = await startOnline("wreckage");
    try {
      await play(host, guest, "e2e5");
      await play(guest, host, "d9d6");
      // White asks for its move back (with Black's reply); Black declines, then grants it.
      await host.locator("#takeback", { hasText: "Ask to take back" }).click();
      await host.locator(".pending", { hasText: "Takeback asked" }).waitFor();
      await guest.locator("#takeback-decline").click();
      await host.locator("#takeback").waitFor();
      assert.equal((await pageState(host, id)).moves.length, 2, "declined: the moves stand");
      await host.locator("#takeback").click();
      await guest.locator("#live", { hasText: "White asks to take back their last move." }).waitFor();
      await shot(guest, "online-wreckage-takeback-asked");
      await guest.locator("#takeback-accept").click();
      for (const page of [host, guest]) await page.waitForFunction(() => document.querySelectorAll("#journal [data-ply]").length === 0);
      assert.match(await statusText(host), /^White to move/);
      await play(host, guest, "e2e5");
      await play(guest, host, "d9d6");
      // Answering No to the page's question keeps the game going.
      await waitForTurnOrResult(host);
      await host.locator("#resign").click();
      assert.match(await host.locator("#resign-question").textContent(), /Resign/);
      await host.locator("#resign-no").click();
      await host.waitForTimeout(300); // time for a (wrongly) sent resignation to come back
      assert.equal((await pageState(host, id)).result, "*", "answering No does not resign");
      // Black resigns, on White's move.
      await resign(guest);
      for (const page of [host, guest]) {
        await page.waitForFunction(() => /White wins \(black resigned\)\./.test(document.querySelector("#status").textContent));
        assert.equal(await page.locator("#resign").count(), 0);
        assert.equal(await page.locator("#live").textContent(), "White wins (black resigned).");
      }
      assert.match(await statusText(host), RESULT_RE);
      const end = await pageState(host, id);
      assert.equal(end.result, "1-0");
      // Both pages say so in the end-of-game dialog, which offers a rematch;
      // back to the board, nothing can be selected any more.
      for (const page of [host, guest]) {
        const ended = page.locator("#ended");
        await ended.waitFor({ state: "visible" });
        assert.equal(await ended.locator("#ended-title").textContent(), "White wins");
        assert.equal(await ended.locator("#ended-reason").textContent(), "Black resigned.");
        assert.equal(await ended.locator('[data-act="rematch-offer"]').count(), 1);
      }
      await host.locator("#ended-close").click();
      await host.locator("#ended").waitFor({ state: "hidden" });
      await host.locator('#board [data-sq="d2"]').click();
      assert.equal(await host.locator("#board .selected").count(), 0);
      await shot(guest, "online-wreckage-resigned-black");

      // White offers a rematch from the panel; Black's dialog shows the offer and accepts.
      await host.locator('#rematch-panel [data-act="rematch-offer"]').click();
      await host.locator("#rematch-panel .pending", { hasText: "Rematch offered" }).waitFor();
      await guest.locator('#ended [data-act="rematch-accept"]').waitFor();
      assert.match(await guest.locator("#live").textContent(), /White offers a rematch\./);
      await shot(guest, "online-wreckage-rematch-offered");
      await guest.locator('#ended [data-act="rematch-accept"]').click();
      for (const page of [host, guest]) await page.waitForURL((u) => /#\/game\//.test(u.hash) && !u.hash.endsWith(id));
      const next = gameIdOf(host);
      assert.equal(gameIdOf(guest), next, "both pages are on the rematch");
      await waitForStatus(host);
      await waitForStatus(guest);
      const hs = await pageState(host, next);
      const gs = await pageState(guest, next);
      assert.equal(hs.you, "black", "the colours are swapped");
      assert.equal(gs.you, "white");
      assert.equal(hs.variant, "wreckage");
      await play(guest, host, "e2e5");
      assertNoPageErrors(host);
      assertNoPageErrors(guest);
    } finally {
      await host.context().close();
      await guest.context().close();
    }
  });
});
