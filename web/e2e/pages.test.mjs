// The home page, the rules pages of every variant (diagrams with the engine's
// marks), accessible names of squares, and a phone-sized game screen.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  apiCreate, assertNoPageErrors, BASE, contrastFailures, launch, markContrastFailures, newPage, openGame, pageState, pieceContrastFailures, shot,
  waitForGameList,
} from "./helpers.mjs";

const VARIANTS = ["chess", "wreckage", "wataku", "chess4d"];
const SQUARES = { chess: 64, wreckage: 100, wataku: 81, chess4d: 64 };
const PIECE_NAMES = "King|Queen|Rook|Bishop|Knight|Pawn|Ninja Pawn|Ferz-Knight|Wazir-Knight|Dragon|Detonator|Flying Guillotine|Turtle";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe("home page", () => {
  test("offers every variant, the opponents and links to the rules", async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/#/`);
    await page.locator("h1", { hasText: "Chimera" }).waitFor();
    const values = await page.locator('input[name="variant"]').evaluateAll((els) => els.map((e) => e.value));
    for (const v of VARIANTS) assert.ok(values.includes(v), `the home page offers ${v}`);
    // Exactly the server's variants, in its order, under its names.
    const { variants } = await (await fetch(`${BASE}/api/variants`)).json();
    assert.deepEqual(values, variants.map((v) => v.id), "the cards follow GET /api/variants");
    const names = await page.locator("label.variant-card strong").evaluateAll((els) => els.map((e) => e.textContent));
    assert.deepEqual(names, variants.map((v) => v.name));
    for (const v of VARIANTS) {
      const card = page.locator("label.variant-card", { has: page.locator(`input[value="${v}"]`) });
      assert.equal(await card.locator(`a[href="#/rules/${v}"]`).count(), 1, `${v} card links to its rules`);
    }
    await checkThumbnails(page);
    const modes = await page.locator('input[name="mode"]').evaluateAll((els) => els.map((e) => e.value));
    assert.deepEqual(modes, ["computer", "online", "local"]);
    // The computer's options show only for a game against the computer.
    assert.equal(await page.locator("#computer-options").isVisible(), true);
    await page.locator('input[name="mode"][value="online"]').check();
    assert.equal(await page.locator("#computer-options").isVisible(), false);
    // The game list has loaded (not the error text).
    await waitForGameList(page);
    assert.doesNotMatch(await page.locator("#games").textContent(), /unavailable/);
    await shot(page, "home");
    assertNoPageErrors(page);
    await page.context().close();
  });

  test("more finished games come a page at a time, each listed once, the focus on the first new one", { timeout: 40_000 }, async () => {
    // 25 finished games (Fool's mate), more than the first page's 20.
    for (let i = 0; i < 25; ++i) await apiCreate({ variant: "chess", mode: "local", moves: ["f3", "e5", "g4", "Qh4#"] });
    const page = await newPage(browser);
    try {
      await page.goto(`${BASE}/#/`);
      await waitForGameList(page);
      const links = () => page.locator("#finished-games a").evaluateAll((els) => els.map((e) => e.getAttribute("href")));
      const before = await links();
      const more = page.locator("#more-games");
      assert.equal(await more.textContent(), "More finished games");
      await more.click();
      assert.equal(before.length, 20, "the first page holds 20 finished games");
      await page.waitForFunction((n) => document.querySelectorAll("#finished-games a").length > n, before.length);
      const after = await links();
      assert.equal(new Set(after).size, after.length, "a game is listed twice");
      for (const href of before) assert.ok(after.includes(href), `${href} is no longer listed`);
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("href"));
      assert.ok(focused && !before.includes(focused), "the focus is not on the first game the page brought");
      assertNoPageErrors(page);
    } finally {
      await page.context().close();
    }
  });
});

// Each variant card shows a picture of the start position: a real size on
// the page (not squashed by the card's text) and the server's start pieces.
async function checkThumbnails(page) {
  for (const v of VARIANTS) {
    const card = page.locator("label.variant-card", { has: page.locator(`input[value="${v}"]`) });
    const thumb = card.locator("svg.thumb");
    await thumb.waitFor();
    const box = await thumb.boundingBox();
    assert.ok(box.width >= 90 && box.height >= 90, `${v}: the picture is drawn at ${box.width}x${box.height}px`);
    const start = await (await fetch(`${BASE}/api/moves?variant=${v}`)).json();
    const expected = [...start.board.pieces].filter((c) => c !== ".").length;
    assert.equal(await thumb.locator("svg.thumb-piece").count(), expected, `${v}: the picture shows the ${expected} pieces of the start`);
    // Each piece is drawn at a visible size, inside the picture.
    const pieces = await thumb.locator("svg.thumb-piece").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    for (const p of pieces) {
      assert.ok(Math.max(p.width, p.height) >= 7, `${v}: a piece is drawn ${p.width}x${p.height}px`);
      assert.ok(p.left >= box.x - 0.5 && p.right <= box.x + box.width + 0.5, `${v}: a piece lies inside the picture`);
    }
    if (v === "chess4d") {
      // Four boards, apart: no square touches the vertical and the horizontal middle lines.
      const rects = await thumb.locator("rect").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      assert.equal(rects.length, 64, "4D: 64 squares");
      const midX = box.x + box.width / 2;
      const midY = box.y + box.height / 2;
      assert.ok(rects.every((r) => r.right <= midX - 1 || r.left >= midX + 1), "4D: a gap between the columns of boards");
      assert.ok(rects.every((r) => r.bottom <= midY - 1 || r.top >= midY + 1), "4D: a gap between the rows of boards");
    }
  }
}

describe("home page: the start position", () => {
  test("a variant with several starts offers them by name; the chosen one is played", async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/#/`);
    const { variants } = await (await fetch(`${BASE}/api/variants`)).json();
    const several = variants.find((v) => v.random_start);
    const one = variants.find((v) => !v.random_start);
    await page.locator(`input[name="variant"][value="${one.id}"]`).check();
    assert.equal(await page.locator("#start-options").isVisible(), false, `${one.id} has one start: no choice`);
    await page.locator(`input[name="variant"][value="${several.id}"]`).check();
    assert.equal(await page.locator("#start-options").isVisible(), true, `${several.id} offers its starts`);
    const options = await page.locator('select[name="start"] option').evaluateAll((els) => els.map((e) => e.textContent));
    assert.deepEqual(options, ["Random", ...several.starts.map((s) => s.name)]);
    await page.locator('select[name="start"]').selectOption("3");
    await page.locator('input[name="mode"][value="local"]').check();
    await page.locator("#new-game button[type=submit]").click();
    await page.locator("#board [data-sq]").first().waitFor();
    const state = await pageState(page);
    assert.equal(state.formation, 3);
    assert.equal(state.start_fen, several.starts[2].fen);
    assert.match(await page.locator("#title").textContent(), new RegExp(`^${several.name} · `));
    assertNoPageErrors(page);
    await page.context().close();
  });
});

describe("home page at 360px", () => {
  test("the start-position pictures keep their size on a phone", async () => {
    const page = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await page.goto(`${BASE}/#/`);
    await checkThumbnails(page);
    await shot(page.locator(".variants"), "home-360-variants");
    assertNoPageErrors(page);
    await page.context().close();
  });
});

describe("rules pages", () => {
  for (const variant of VARIANTS) {
    test(`${variant}: the rules page renders its diagrams with marks`, async () => {
      const page = await newPage(browser);
      await page.goto(`${BASE}/#/rules/${variant}`);
      await page.locator("article.rules h1").waitFor();
      assert.match(await page.locator("article.rules h1").textContent(), /rules/);
      const figures = page.locator("figure.diagram");
      const n = await figures.count();
      assert.ok(n >= 4, `${variant} has at least four diagrams (found ${n})`);
      // Every diagram draws a whole board from the server's answer.
      await page.waitForFunction(
        (args) => [...document.querySelectorAll("figure.diagram .board-host")].every(
          (h) => h.querySelectorAll("[data-sq]").length === args.squares || h.textContent.includes("unavailable")),
        { squares: SQUARES[variant] },
        { timeout: 10_000 },
      );
      for (let i = 0; i < n; ++i) {
        const fig = figures.nth(i);
        const caption = await fig.locator("figcaption").textContent();
        assert.doesNotMatch(await fig.locator(".board-host").textContent(), /unavailable/, `diagram "${caption}" loaded`);
        assert.equal(await fig.locator("[data-sq]").count(), SQUARES[variant], `diagram "${caption}" has every square`);
        const marks = await fig.locator('[data-sq][class*="mark-"]').count();
        const pieces = await fig.locator("[data-sq] svg.piece").count();
        assert.ok(pieces >= 2, `diagram "${caption}" shows its pieces`);
        if (/dormant/i.test(caption)) {
          // The dormant Rook has no move, and says so.
          assert.equal(marks, 0, `diagram "${caption}": a dormant piece has no marks`);
          assert.match(await fig.locator('[data-sq="h3"]').getAttribute("aria-label"), /white Rook, dormant/);
        } else {
          assert.ok(marks >= 1, `diagram "${caption}" marks the piece's moves (found ${marks})`);
        }
      }
      // Every piece of the variant (as listed in the game screen's legend) has a
      // diagram, and that diagram's marked piece is that piece.
      const names = await legendOf(variant);
      assert.ok(names.length >= 6, `${variant}: the legend lists the pieces (${names.join(", ")})`);
      for (const name of names) {
        const fig = page.locator(`figure.diagram[data-piece="${name}"]`).first();
        assert.equal(await page.locator(`figure.diagram[data-piece="${name}"]`).count() > 0, true, `${variant}: the ${name} has a diagram`);
        const from = await fig.getAttribute("data-from");
        const cell = fig.locator(`[data-sq="${from}"]`);
        assert.match(await cell.getAttribute("aria-label"), new RegExp(`^${from.replace(/[[\]]/g, "\\$&")}, white ${name}(,|$)`), `${variant}: the ${name} diagram shows a ${name} on ${from}`);
        assert.ok((await fig.locator('[data-sq][class*="mark-"]').count()) >= 1, `${variant}: the ${name} diagram marks its moves`);
      }
      if (variant === "chess4d") assert.equal(await figures.first().locator('[role="group"]').count(), 4, "4D diagrams show four boards");
      if (variant === "wataku") {
        // The Traverse diagram marks h5 as a Traverse destination.
        const trav = figures.filter({ hasText: "Traverse" }).first();
        assert.match(await trav.locator('[data-sq="h5"]').getAttribute("class"), /mark-traverse/);
      }
      if (variant === "wreckage") {
        const drop = figures.filter({ hasText: "Ninja Pawn drop" }).first();
        for (const s of ["e2", "e3", "e4", "e5"]) assert.match(await drop.locator(`[data-sq="${s}"]`).getAttribute("class"), /mark-drop/);
        assert.doesNotMatch(await drop.locator('[data-sq="e6"]').getAttribute("class"), /mark-/);
      }
      await shot(page.locator("article.rules"), `rules-${variant}`);
      assertNoPageErrors(page);
      await page.context().close();
    });
  }
});

// The piece names in the legend of a game screen of `variant`.
async function legendOf(variant) {
  const page = await newPage(browser);
  try {
    await openGame(page, await apiCreate({ variant, mode: "local" }));
    return await page.locator("#legend li span").evaluateAll((els) => els.map((e) => e.textContent));
  } finally {
    await page.context().close();
  }
}

describe("game screens", () => {
  for (const variant of VARIANTS) {
    test(`${variant}: every square has an accessible name`, async () => {
      const page = await newPage(browser);
      const created = await apiCreate({ variant, mode: "local", ...(variant === "wataku" ? { formation: 1 } : {}) });
      await openGame(page, created);
      const labels = await page.locator("#board [data-sq]").evaluateAll((els) =>
        els.map((e) => ({ sq: e.dataset.sq, label: e.getAttribute("aria-label") ?? "", tag: e.tagName })));
      assert.equal(labels.length, SQUARES[variant]);
      const re = new RegExp(`^(.+?), (empty|(white|black) (${PIECE_NAMES}))(, |$)`);
      for (const { sq, label, tag } of labels) {
        assert.equal(tag, "BUTTON");
        const m = re.exec(label);
        assert.ok(m, `square ${sq} has a name saying what stands on it: "${label}"`);
        assert.equal(m[1], sq, `the name of ${sq} starts with the square`);
      }
      // The names agree with the position the server reports.
      const expect = { chess: ["e1", "white King"], wreckage: ["a1", "white Detonator"], wataku: ["e2", "white Turtle, in the group of Kings d2 and f2"], chess4d: ["a1[0,0]", "white Rook"] }[variant];
      assert.equal(labels.find((l) => l.sq === expect[0]).label, `${expect[0]}, ${expect[1]}`);
      // Only one square is in the tab order (a roving tab stop).
      assert.equal(await page.locator('#board [data-sq][tabindex="0"]').count(), 1);
      // Boards are labelled groups (4D: one per small board).
      const groups = await page.locator('#board [role="group"]').evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
      assert.deepEqual(groups, variant === "chess4d" ? ["board [0,1]", "board [1,1]", "board [0,0]", "board [1,0]"] : ["board"]);
      await shot(page.locator("#board"), `board-${variant}-start`);
      assertNoPageErrors(page);
      await page.context().close();
    });
  }

  for (const variant of ["wreckage", "chess4d", "wataku"]) {
    test(`${variant}: a 360px-wide screen shows the whole board without sideways scrolling`, async () => {
      const page = await newPage(browser, { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const created = await apiCreate({ variant, mode: "local", ...(variant === "wataku" ? { formation: 2 } : {}) });
      await openGame(page, created);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await shot(page, `narrow-360-${variant}`);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 360px`);
      // Every square is on screen and big enough to tap.
      const boxes = await page.locator("#board [data-sq]").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      for (const b of boxes) {
        assert.ok(b.left >= 0 && b.right <= 360, `a square lies within the screen (${b.left}..${b.right})`);
        assert.ok(b.width >= 20 && b.height >= 20, `squares are at least 20px (${b.width}x${b.height})`);
      }
      // A tap selects a piece and marks its moves.
      const state = await pageState(page, created.id);
      const move = state.legal_moves.find((m) => m.from);
      await page.locator(`#board [data-sq="${move.from}"]`).tap();
      await page.waitForFunction((s) => document.querySelector(`#board [data-sq="${s}"]`)?.classList.contains("selected"), move.from);
      assert.ok((await page.locator('#board [class*="mark-"]').count()) > 0, "a tapped piece shows its moves");
      await shot(page, `narrow-360-${variant}-selected`);
      assertNoPageErrors(page);
      await page.context().close();
    });
  }
});

describe("contrast (WCAG 1.4.3, 1.4.11)", () => {
  const audit = async (page, where) => {
    const { failures, checked } = await contrastFailures(page);
    assert.ok(checked > 5, `${where}: the audit found the page's text (${checked} elements)`);
    assert.deepEqual(failures, [], `${where}: text below the WCAG contrast minimum`);
  };
  // The default colours at both widths, then the dark colours and the other
  // two boards (settings.ts) on a desktop.
  const runs = [
    { viewport: { width: 1280, height: 900 } },
    { viewport: { width: 360, height: 740 } },
    { viewport: { width: 1280, height: 900 }, settings: { theme: "dark", board: "wood", sound: true } },
    { viewport: { width: 1280, height: 900 }, settings: { theme: "light", board: "blue", sound: true } },
    { viewport: { width: 1280, height: 900 }, settings: { theme: "light", board: "green", sound: true } },
  ];
  for (const { viewport, settings } of runs) {
    const colours = settings ? `, ${settings.theme} colours, ${settings.board} board` : "";
    // The other boards change only the squares' colours: their runs audit the
    // game screens, where the marks and pieces stand on them.
    const boardsOnly = settings !== undefined && settings.board !== "wood";
    test(`text and board marks meet the contrast minimums at ${viewport.width}px${colours}: ${boardsOnly ? "game screens" : "home, rules, game screens"}`, async () => {
      const page = await newPage(browser, { viewport });
      if (settings) await page.addInitScript((s) => localStorage.setItem("chimera.settings", JSON.stringify(s)), settings);
      if (!boardsOnly) {
        await page.goto(`${BASE}/#/`);
        await waitForGameList(page);
        await audit(page, "home");
      }
      for (const variant of VARIANTS) {
        if (!boardsOnly) {
          await page.goto(`${BASE}/#/rules/${variant}`);
          await page.locator("article.rules h1").waitFor();
          await page.waitForFunction(() => document.querySelectorAll("figure.diagram [data-sq]").length > 0);
          await audit(page, `rules of ${variant}`);
        }
        // A game with clocks, a move played (last-move squares), a draw offer
        // pending, and a selected piece showing its marks. Wataku starts
        // with dormant pieces of both sides (h3, a5).
        const fen = variant === "wataku" ? "6kk1/9/9/9/r8/3K5/7R1/9/K8 w QRBPTqrbpt 1" : undefined;
        const created = await apiCreate({ variant, mode: "local", base_minutes: 5, increment_seconds: 2, ...(fen ? { fen } : {}) });
        await openGame(page, created);
        let state = await pageState(page);
        const first = state.legal_moves.find((m) => m.from && m.kind === "move" && !/^K/.test(m.san)) ?? state.legal_moves[0];
        await page.locator(`#board [data-sq="${first.from}"]`).click();
        await page.locator(`#board [data-sq="${first.to}"]`).click();
        await page.waitForFunction(() => document.querySelectorAll("#journal [data-ply]").length === 1);
        await page.locator("#offer").click();
        await page.locator("#accept").waitFor();
        assert.match(await page.locator("#status").textContent(), /offers a draw/);
        state = await pageState(page);
        const move = state.legal_moves.find((m) => m.from);
        await page.locator(`#board [data-sq="${move.from}"]`).click();
        await page.waitForFunction(() => document.querySelector('#board [class*="mark-"]'));
        await audit(page, `${variant} game`);
        const marks = await markContrastFailures(page);
        assert.ok(marks.checked >= 2, `${variant}: the selection and its marks were checked (${marks.checked})`);
        assert.deepEqual(marks.failures, [], `${variant}: marks below the WCAG non-text contrast minimum`);
        const pieces = await pieceContrastFailures(page);
        assert.ok(pieces.checked >= 4, `${variant}: the pieces were checked (${pieces.checked})`);
        if (variant === "wataku") assert.equal(pieces.dormant, 2, "wataku: both dormant pieces were checked");
        assert.deepEqual(pieces.failures, [], `${variant}: pieces below the WCAG non-text contrast minimum`);
        if (viewport.width === 1280) await shot(page.locator(".game-layout"), `contrast-${variant}${settings ? `-${settings.theme}-${settings.board}` : ""}`);
        if (variant === "wreckage" || variant === "wataku") {
          // The waiting side's reserve counts were audited too (disabled buttons).
          assert.ok(await page.locator(".reserve:disabled .count").count() > 0, `${variant}: a disabled reserve shows counts`);
        }
      }
      assertNoPageErrors(page);
      await page.context().close();
    });
  }
});
