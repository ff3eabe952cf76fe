// The lobby on the home page (docs/api.md, "The lobby") in two browser
// contexts: one posts a challenge, the other sees it appear live and accepts
// it, and both land in the same game, on opposite sides; a cancelled
// challenge disappears from the other's list; two quick-pairing clicks on the
// same variant and clock meet.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { assertNoPageErrors, BASE, launch, newPage, pageState, shot, waitForStatus, gameIdOf } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function home(page) {
  await page.goto(`${BASE}/#/`);
  await page.locator("#challenges", { hasNotText: "Connecting" }).waitFor();
}

describe("lobby", () => {
  test("a challenge posted in one browser is accepted in another and starts the game for both", { timeout: 60_000 }, async () => {
    const host = await newPage(browser);
    const guest = await newPage(browser);
    try {
      await home(host);
      await home(guest);
      // A challenge that is cancelled leaves the other's list at once.
      await host.locator("#post-challenge summary").click();
      await host.locator('select[name="challenge-variant"]').selectOption("wataku");
      await host.locator('input[name="challenge-minutes"]').fill("7");
      await host.locator("#post").click();
      const row = guest.locator("#challenges tr[data-challenge]", { hasText: "7+3" });
      await row.waitFor();
      assert.match(await row.textContent(), /Anonymous.*Wataku Genesis.*7\+3.*Casual/);
      await host.locator('#challenges button[data-cancel]').click();
      await row.waitFor({ state: "detached" });

      await host.locator('select[name="challenge-variant"]').selectOption("wreckage");
      await host.locator('input[name="challenge-minutes"]').fill("5");
      await host.locator('select[name="challenge-side"]').selectOption("black");
      await host.locator("#post").click();
      const offer = guest.locator("#challenges tr[data-challenge]", { hasText: "Wreckage" });
      await offer.waitFor();
      assert.match(await offer.textContent(), /5\+3.*They play Black/);
      await host.locator("#challenges button[data-cancel]").waitFor();
      await shot(guest, "lobby");
      await offer.locator("button[data-accept]").click();
      await host.waitForURL(/#\/game\//);
      await guest.waitForURL(/#\/game\//);
      const id = gameIdOf(host);
      assert.equal(gameIdOf(guest), id, "one game for both");
      await waitForStatus(host);
      await waitForStatus(guest);
      const [h, g] = [await pageState(host, id), await pageState(guest, id)];
      assert.equal(h.you, "black", "the creator's side");
      assert.equal(g.you, "white");
      assert.equal(h.variant, "wreckage");
      assert.equal(h.clock.base_ms, 5 * 60_000);
      assertNoPageErrors(host);
      assertNoPageErrors(guest);
    } finally {
      await host.context().close();
      await guest.context().close();
    }
  });

  test("two quick-pairing clicks on one variant and clock meet", { timeout: 60_000 }, async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    try {
      await home(a);
      await home(b);
      await a.getByRole("button", { name: "Quick pairing: Chess 3+2" }).click();
      await a.locator("#seeking", { hasText: "Looking for an opponent: Chess 3+2" }).waitFor();
      await b.getByRole("button", { name: "Quick pairing: Chess 3+2" }).click();
      await a.waitForURL(/#\/game\//);
      await b.waitForURL(/#\/game\//);
      assert.equal(gameIdOf(a), gameIdOf(b));
      const s = await pageState(a);
      assert.equal(s.mode, "online");
      assert.equal(s.clock.inc_ms, 2000);
      assertNoPageErrors(a);
      assertNoPageErrors(b);
    } finally {
      await a.context().close();
      await b.context().close();
    }
  });
});
