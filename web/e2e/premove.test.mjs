// One premove (issue 15, "Game flow"): while the opponent is to move a
// player picks a move in advance, shown on its squares; it is played the
// moment the turn comes if it is legal then, and dropped (and said so) if not.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, apiMove, assertNoPageErrors, BASE, classesOf, launch, newPage, openGame, sq, waitForPlies } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("premoves in an online game", () => {
  test("a premove is played on the player's turn; one that is not legal then is dropped", { timeout: 60_000 }, async () => {
    const created = await apiCreate({ variant: "chess", mode: "online", side: "white" });
    const joined = await (await fetch(`${BASE}/api/games/${created.id}/join`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ invite: created.invite }) })).json();
    const black = { id: created.id, token: joined.token };
    const page = await newPage(browser);
    await openGame(page, created);
    await sq(page, "e2").click();
    await sq(page, "e4").click();
    await waitForPlies(page, 1);

    // Black to move: White sets Nf3 in advance.
    await sq(page, "g1").click();
    await sq(page, "f3").click();
    assert.ok((await classesOf(sq(page, "g1"))).includes("premove"));
    assert.ok((await classesOf(sq(page, "f3"))).includes("premove"));
    assert.match(await page.locator("#live").textContent(), /Premove g1–f3 set/);
    await apiMove(black, "e7e5");
    await waitForPlies(page, 3);
    assert.match(await page.locator("#journal").textContent(), /Nf3/);
    assert.equal((await classesOf(sq(page, "f3"))).includes("premove"), false);

    // e4-e5 is blocked by Black's pawn: the premove is dropped on White's turn.
    await sq(page, "e4").click();
    await sq(page, "e5").click();
    assert.ok((await classesOf(sq(page, "e5"))).includes("premove"));
    await apiMove(black, "b8c6");
    await waitForPlies(page, 4);
    await page.locator("#live", { hasText: "not legal now" }).waitFor();
    assert.equal(await page.locator("#journal [data-ply]").count(), 4, "nothing played for White");
    assert.equal((await classesOf(sq(page, "e5"))).includes("premove"), false);

    // Escape cancels a premove.
    await sq(page, "f1").click();
    await sq(page, "c4").click(); // White to move: a real move
    await waitForPlies(page, 5);
    await sq(page, "d2").click();
    await sq(page, "d3").click();
    assert.ok((await classesOf(sq(page, "d3"))).includes("premove"));
    await page.keyboard.press("Escape");
    await page.locator("#live", { hasText: "Premove cancelled" }).waitFor();
    assert.equal((await classesOf(sq(page, "d3"))).includes("premove"), false);
    assertNoPageErrors(page);
    await page.context().close();
  });
});
