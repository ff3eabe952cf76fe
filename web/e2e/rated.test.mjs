// A rated game between two accounts in two browser contexts (docs/ratings.md):
// both sign up, the host creates a rated online game from the home form, the
// guest joins by the link, the game ends by mate; both pages show the rating
// change, and the players' pages show the new ratings, the graph and the game,
// with filters.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { assertNoPageErrors, BASE, launch, newPage, pageState, playAndConfirm, shot, waitForPlies, waitForStatus, waitForTurnOrResult, gameIdOf } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function signUp(page, name) {
  await page.goto(`${BASE}/#/account`);
  await page.locator("#signup-name").fill(name);
  await page.locator("#signup-password").fill("a long password");
  await page.locator("#signup-form button[type=submit]").click();
  await page.locator(".account-line strong", { hasText: name }).waitFor();
}

async function play(page, other, lan) {
  await waitForTurnOrResult(page);
  const s = await pageState(page);
  const move = s.legal_moves.find((m) => m.lan === lan);
  assert.ok(move, `${lan} is legal`);
  await playAndConfirm(page, move, s.legal_moves, s.moves.length);
  await waitForPlies(other, s.moves.length + 1);
}

describe("rated games", () => {
  test("a rated game changes both ratings, shown at the end and on the players' pages", { timeout: 90_000 }, async () => {
    const host = await newPage(browser);
    const guest = await newPage(browser);
    const stamp = Date.now() % 100000;
    const [white, black] = [`Ann_${stamp}`, `Ben_${stamp}`];
    try {
      await signUp(host, white);
      await signUp(guest, black);
      await host.locator('input[name="variant"][value="chess"]').check();
      await host.locator('input[name="mode"][value="online"]').check();
      await host.locator('#rated-options input[name="rated"]').check();
      await host.locator('select[name="side"]').selectOption("white");
      await host.locator("#new-game button[type=submit]").click();
      await host.waitForURL(/#\/game\//);
      const id = gameIdOf(host);
      const href = await host.locator("#invite-link").getAttribute("href");
      await guest.goto(href);
      await guest.waitForURL(new RegExp(`#/game/${id}$`));
      await waitForStatus(guest);
      const s = await pageState(host, id);
      assert.equal(s.rated, true);
      assert.equal(s.players.white.name, white);
      assert.equal(s.players.black.name, black);
      await host.locator("#clock-top .who", { hasText: `${black} (1500?)` }).waitFor();
      await shot(host, "rated-game-start");
      await play(host, guest, "f2f3");
      await play(guest, host, "e7e5");
      await play(host, guest, "g2g4");
      await play(guest, host, "d8h4");
      for (const page of [host, guest]) {
        await page.locator("#ended").waitFor({ state: "visible" });
        const reason = await page.locator("#ended-reason").textContent();
        assert.match(reason, new RegExp(`Ratings: ${white} 1500 → (\\d+) \\(−\\d+\\), ${black} 1500 → (\\d+) \\(\\+\\d+\\)\\.`), reason);
      }
      await shot(guest, "rated-game-end");
      const end = await pageState(host, id);
      assert.ok(end.players.white.rating < 1500 && end.players.black.rating > 1500, JSON.stringify(end.players));

      // The winner's page: the new rating, its graph, the game; filters.
      await guest.locator("#ended-close").click();
      await guest.goto(`${BASE}/#/player/${black}`);
      await guest.locator("h1", { hasText: black }).waitFor();
      assert.match(await guest.locator(".ratings").textContent(), new RegExp(`: ${end.players.black.rating}\\? \\(1 rated game\\)`));
      assert.equal(await guest.locator(".ratings svg.rating-graph circle").count(), 1);
      assert.match(await guest.locator("#player-games").textContent(), new RegExp(`black against ${white}: win \\(checkmate\\), rated`));
      await shot(guest, "player-page");
      await guest.locator('#game-filters select[name="result"]').selectOption("loss");
      await guest.locator("#player-games", { hasText: "No games with these filters" }).waitFor();
      await guest.locator('#game-filters select[name="result"]').selectOption("win");
      await guest.locator("#player-games li").first().waitFor();
      await guest.locator(`#player-games a[href="#/game/${id}"]`).click();
      await guest.waitForURL(new RegExp(`#/game/${id}$`));
      assertNoPageErrors(host);
      assertNoPageErrors(guest);
    } finally {
      await host.context().close();
      await guest.context().close();
    }
  });
});
