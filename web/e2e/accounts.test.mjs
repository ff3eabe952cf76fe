// Accounts in the browser (docs/api.md, "Accounts"): sign up from the home
// page's account line, the name shown, log out, a wrong password refused in
// the page, log in again; another browser context is not logged in.
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

describe("accounts", () => {
  test("sign up, log out, a wrong password, log in", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    const name = `Tester_${Date.now() % 1000000}`;
    try {
      await page.goto(`${BASE}/#/`);
      await page.locator("#account-link", { hasText: "Sign up or log in" }).click();
      await page.waitForURL(/#\/account$/);
      await page.locator("#signup-name").fill("x");
      await page.locator("#signup-password").fill("a long password");
      await page.locator("#signup-form button[type=submit]").click();
      await page.locator("#signup-error", { hasText: "3 to 20 characters" }).waitFor();
      await page.locator("#signup-name").fill("Computer");
      await page.locator("#signup-form button[type=submit]").click();
      await page.locator("#signup-error", { hasText: "would pass for the site or the computer" }).waitFor();
      await shot(page, "account-signup-refused");
      await page.locator("#signup-name").fill(name);
      await page.locator("#signup-form button[type=submit]").click();
      await page.waitForURL(/#\/$/);
      assert.equal(await page.locator(".account-line strong").textContent(), name);
      // The cookie is the server's: HttpOnly, out of the page's reach.
      assert.doesNotMatch(await page.evaluate(() => document.cookie), /chimera_session/);
      const cookies = await page.context().cookies();
      const session = cookies.find((c) => c.name === "chimera_session");
      assert.ok(session?.httpOnly, "an HttpOnly session cookie");
      assert.equal(session.sameSite, "Lax");
      await shot(page, "account-home-signed-in");

      // Another browser knows nothing of it.
      const other = await newPage(browser);
      await other.goto(`${BASE}/#/`);
      await other.locator("#account-link", { hasText: "Sign up or log in" }).waitFor();
      await other.context().close();

      await page.locator("#account-link").click();
      await page.locator("h1", { hasText: name }).waitFor();
      await shot(page, "account-page");
      await page.locator("#logout").click();
      await page.waitForURL(/#\/$/);
      await page.locator("#account-link", { hasText: "Sign up or log in" }).click();
      await page.locator("#login-name").fill(name.toLowerCase());
      await page.locator("#login-password").fill("not the password");
      await page.locator("#login-form button[type=submit]").click();
      await page.locator("#login-error", { hasText: "wrong username or password" }).waitFor();
      await page.locator("#login-password").fill("a long password");
      await page.locator("#login-form button[type=submit]").click();
      await page.waitForURL(/#\/$/);
      assert.equal(await page.locator(".account-line strong").textContent(), name);
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});
