// The game flow (issue 15, "Game flow"): the creator of an online game
// chooses a side, copies the invitation with a button and sees whether the
// opponent is connected; resigning is asked in the page, not by the browser.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCreate, apiMove, assertNoPageErrors, BASE, gameIdOf, launch, newPage, openGame, pageState, shot, waitForStatus } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("an online game from the home page", () => {
  test("the creator plays Black, copies the link, and sees the opponent come and go", { timeout: 60_000 }, async () => {
    const host = await newPage(browser);
    await host.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
    await host.goto(`${BASE}/#/`);
    await host.locator('input[name="variant"][value="wreckage"]').check();
    await host.locator('input[name="mode"][value="online"]').check();
    assert.equal(await host.locator("#side-options").isVisible(), true, "an online game offers a side");
    await host.locator('select[name="side"]').selectOption("black");
    await host.locator("#new-game button[type=submit]").click();
    await host.waitForURL(/#\/game\//);
    const id = gameIdOf(host);
    const link = host.locator("#invite-link");
    await link.waitFor();
    assert.equal((await pageState(host, id)).you, "black");

    // The copy button puts the invitation on the clipboard.
    await host.locator("#copy-invite").click();
    await host.locator("#copy-invite", { hasText: "Copied" }).waitFor();
    const copied = await host.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await link.getAttribute("href"));
    assert.match(await host.locator("#live").textContent(), /copied/);

    const guest = await newPage(browser);
    await guest.goto(copied);
    await guest.waitForURL(new RegExp(`#/game/${id}$`));
    await waitForStatus(guest);
    assert.equal((await pageState(guest, id)).you, "white");
    // Black's board is drawn from Black's side: White is at the top.
    await host.locator("#clock-top", { hasText: "White — connected" }).waitFor();
    await shot(host, "flow-online-connected");
    await guest.context().close();
    await host.locator("#clock-top", { hasText: "White — away" }).waitFor();
    assertNoPageErrors(host);
    await host.context().close();
  });

  test("a local game keeps no side choice (one device plays both)", async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/#/`);
    await page.locator('input[name="mode"][value="local"]').check();
    assert.equal(await page.locator("#side-options").isVisible(), false);
    await page.locator('input[name="mode"][value="computer"]').check();
    assert.equal(await page.locator("#side-options").isVisible(), true);
    await page.context().close();
  });
});

describe("resigning", () => {
  test("is asked in the page: Escape and No keep playing, Yes resigns", async () => {
    const created = await apiCreate({ variant: "chess", mode: "local" });
    await apiMove(created, "e2e4");
    await apiMove(created, "e7e5");
    const page = await newPage(browser);
    let browserDialogs = 0;
    page.on("dialog", (d) => {
      browserDialogs += 1;
      void d.dismiss();
    });
    await openGame(page, created);
    await page.locator("#resign").click();
    const question = page.locator("#resign-question");
    await question.waitFor();
    assert.equal(await question.textContent(), "Resign this game?");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "resign-no", "the focus is on No");
    await shot(page.locator(".panel"), "flow-resign-question");
    await page.keyboard.press("Escape");
    await page.locator("#resign").waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), "resign", "the focus is back on Resign");
    await page.locator("#resign").click();
    await page.locator("#resign-no").click();
    await page.locator("#resign").waitFor();
    assert.equal((await pageState(page, created.id)).status, "playing");
    await page.locator("#resign").click();
    await page.locator("#resign-yes").click();
    await page.locator("#status", { hasText: "resigned" }).waitFor();
    assert.equal((await pageState(page, created.id)).status, "over");
    assert.equal(browserDialogs, 0, "the browser's own dialog was used");
    // The end of the game: a dialog with the result and why, and a rematch
    // that starts the same game afresh.
    const ended = page.locator("#ended");
    await ended.waitFor({ state: "visible" });
    assert.equal(await ended.locator("#ended-title").textContent(), "Black wins");
    assert.equal(await ended.locator("#ended-reason").textContent(), "White resigned.");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "rematch", "the focus is on Rematch");
    await shot(page, "flow-ended");
    await ended.locator("#rematch").click();
    await page.waitForURL((url) => /#\/game\//.test(url.href) && !url.href.includes(created.id));
    await waitForStatus(page);
    const again = await pageState(page);
    assert.equal(again.variant, "chess");
    assert.equal(again.mode, "local");
    assert.equal(again.moves.length, 0);
    assert.equal(again.status, "playing");
    assertNoPageErrors(page);
    await page.context().close();
  });
});

describe("the variants' own marks are explained", () => {
  test("wataku: the legend, a dormant piece's tooltip, and why it cannot move when clicked", async () => {
    // White's Rook on a3 touches no group with a King: it is dormant (W-7).
    const created = await apiCreate({ variant: "wataku", mode: "local", fen: "9/3k1k3/9/9/9/9/R8/3K1K3/9 w - 1" });
    const page = await newPage(browser);
    await openGame(page, created);
    const marks = await page.locator("#marks li").evaluateAll((els) => els.map((e) => e.dataset.mark));
    assert.deepEqual(marks, ["group", "dormant", "traverse", "drop"]);
    const dormant = await page.locator('#marks li[data-mark="dormant"]').textContent();
    assert.match(dormant, /W-7/);
    const title = await page.locator('#board [data-sq="a3"]').getAttribute("title");
    assert.match(title, /^a3, white Rook, dormant\n/);
    assert.ok(title.endsWith(dormant), "the tooltip explains dormant as the legend does");
    assert.equal(await page.locator("#explain").isVisible(), false);
    await page.locator('#board [data-sq="a3"]').click();
    const explain = page.locator("#explain");
    await explain.waitFor();
    assert.equal(await explain.textContent(), `The Rook on a3 cannot move. ${dormant}`);
    await shot(page, "flow-wataku-dormant-explained");
    // Selecting a piece that can move takes the explanation away.
    await page.locator('#board [data-sq="d2"]').click();
    await explain.waitFor({ state: "hidden" });
    assertNoPageErrors(page);
    await page.context().close();
  });

  for (const [variant, expected] of [["chess", ["castling", "promotion"]], ["wreckage", ["castling", "drop", "detonation", "promotion"]], ["chess4d", ["axes", "promotion"]]]) {
    test(`${variant}: the legend lists the variant's marks`, async () => {
      const created = await apiCreate({ variant, mode: "local" });
      // Wreckage: a Pawn step each frees e2 for a Ninja Pawn's drop.
      if (variant === "wreckage") for (const lan of ["e2e3", "e9e8"]) await apiMove(created, lan);
      const page = await newPage(browser);
      await openGame(page, created);
      const marks = await page.locator("#marks li").evaluateAll((els) => els.map((e) => e.dataset.mark));
      assert.deepEqual(marks, expected);
      if (variant === "wreckage") {
        // A Ninja Pawn selected in the hand: its drop squares explain drops.
        await page.locator('.reserve[data-side="white"][data-reserve="J"]').click();
        const drop = page.locator("#board .mark-drop").first();
        await drop.waitFor();
        assert.match(await drop.getAttribute("title"), /\nDrop: .*X-23/);
      }
      assertNoPageErrors(page);
      await page.context().close();
    });
  }
});

describe("settings: colours, board and sound, remembered", () => {
  test("the dark colours follow the system until chosen, and stay chosen after a reload", async () => {
    const page = await newPage(browser, { colorScheme: "dark" });
    await page.goto(`${BASE}/#/`);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(await background(), "rgb(23, 24, 26)", "the system's dark colours");
    await page.locator("#settings summary").click();
    await page.locator('input[name="setting-theme"][value="light"]').check();
    assert.equal(await background(), "rgb(251, 250, 247)", "light, as chosen");
    await page.locator('input[name="setting-board"][value="blue"]').check();
    await page.reload();
    assert.equal(await background(), "rgb(251, 250, 247)", "still light after a reload");
    assert.equal(await page.evaluate(() => document.documentElement.dataset.board), "blue");
    assert.equal(await page.locator('input[name="setting-theme"][value="light"]').isChecked(), true);
    await page.locator("#settings summary").click();
    await page.locator('input[name="setting-theme"][value="dark"]').check();
    assert.equal(await background(), "rgb(23, 24, 26)");
    assertNoPageErrors(page);
    await page.context().close();
  });

  test("a move makes a sound, a capture another, and none once sounds are off", async () => {
    const page = await newPage(browser);
    // Counts the tones the page asks WebAudio for, by frequency.
    await page.addInitScript(() => {
      window.tones = [];
      const Original = window.AudioContext;
      window.AudioContext = class extends Original {
        createOscillator() {
          const osc = super.createOscillator();
          const start = osc.start.bind(osc);
          osc.start = (...args) => {
            window.tones.push(osc.frequency.value);
            return start(...args);
          };
          return osc;
        }
      };
    });
    const created = await apiCreate({ variant: "chess", mode: "local" });
    await apiMove(created, "e2e4");
    await apiMove(created, "d7d5");
    await openGame(page, created);
    const tones = () => page.evaluate(() => window.tones.slice());
    await page.locator('#board [data-sq="e4"]').click();
    await page.locator('#board [data-sq="d5"]').click(); // exd5: a capture
    await page.waitForFunction(() => window.tones.length > 0);
    assert.deepEqual(await tones(), [260, 180], "the capture's tones");
    await page.locator('#board [data-sq="g8"]').click();
    await page.locator('#board [data-sq="f6"]').click(); // Nf6: a move
    await page.waitForFunction(() => window.tones.length > 2);
    assert.deepEqual((await tones()).slice(2), [520], "the move's tone");
    await page.locator("#settings summary").click();
    await page.locator('input[name="setting-sound"]').uncheck();
    await page.locator('#board [data-sq="g1"]').click();
    await page.locator('#board [data-sq="f3"]').click();
    await page.locator('#journal [data-ply="5"]').waitFor();
    await page.waitForTimeout(200);
    assert.equal((await tones()).length, 3, "no sound once turned off");
    assertNoPageErrors(page);
    await page.context().close();
  });
});

describe("material", () => {
  test("a capture shows beside the capturer's clock, and goes when the material is even again", async () => {
    const created = await apiCreate({ variant: "chess", mode: "local" });
    for (const lan of ["e2e4", "d7d5", "e4d5"]) await apiMove(created, lan);
    const page = await newPage(browser);
    await openGame(page, created);
    const white = page.locator("#clock-bottom .material");
    await white.waitFor();
    assert.equal(await white.getAttribute("aria-label"), "up Pawn");
    await shot(page.locator(".panel"), "flow-material");
    assert.equal(await page.locator("#clock-top .material").count(), 0);
    await page.locator('#board [data-sq="d8"]').click();
    await page.locator('#board [data-sq="d5"]').click(); // Qxd5: even again
    await page.locator('#journal [data-ply="4"]').waitFor();
    await white.waitFor({ state: "detached" });
    // Stepping back to the position after exd5 shows it again.
    await page.locator("#review-prev").click();
    await white.waitFor();
    assertNoPageErrors(page);
    await page.context().close();
  });
});

describe("takebacks", () => {
  test("against the computer the move and its reply go back, and the game goes on", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    const created = await apiCreate({ variant: "chess", mode: "computer", level: 1 });
    await openGame(page, created);
    assert.equal(await page.locator("#takeback").count(), 0, "nothing to take back yet");
    await page.locator('#board [data-sq="e2"]').click();
    await page.locator('#board [data-sq="e4"]').click();
    await page.waitForFunction(() => document.querySelectorAll("#journal [data-ply]").length === 2);
    await page.locator("#takeback").click();
    await page.waitForFunction(() => document.querySelectorAll("#journal [data-ply]").length === 0);
    assert.match(await page.locator("#status").textContent(), /White to move/);
    assert.equal(await page.locator('#board [data-sq="e2"]').getAttribute("aria-label"), "e2, white Pawn");
    await page.locator('#board [data-sq="d2"]').click();
    await page.locator('#board [data-sq="d4"]').click();
    await page.waitForFunction(() => document.querySelectorAll("#journal [data-ply]").length === 2);
    assert.equal(await page.locator('#journal [data-ply="1"]').textContent(), "d4");
    assertNoPageErrors(page);
    await page.context().close();
  });
});

