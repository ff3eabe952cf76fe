// Shared helpers for the end-to-end tests: the browser, the server's address,
// game creation, reading the page's game state, clicking moves, screenshots,
// and a UCI engine (the project's own binary) that picks moves for the tests.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "./chromium.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const WEB = resolve(here, "..");
export const RESULTS = join(WEB, "test-results");
mkdirSync(RESULTS, { recursive: true });

export const BASE = process.env.CHIMERA_URL;
if (!BASE) throw new Error("CHIMERA_URL is not set: run the end-to-end tests with `npm run e2e` (e2e/run.mjs)");
export const BIN = process.env.CHIMERA_BIN ?? resolve(WEB, "../build/chimera");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const RESULT_RE = /(White wins|Black wins|Draw) \(([^)]+)\)\./;

// The browser: e2e/run.mjs starts one Chromium for every test file
// (CHIMERA_BROWSER_WS), as starting one costs about 3 s of CPU here; each file
// connects to it, and its contexts are closed when the file disconnects
// (browser.close()). A file run on its own without run.mjs starts its own.
export async function launch() {
  const ws = process.env.CHIMERA_BROWSER_WS;
  if (ws) return chromium.connect(ws, { timeout: 30_000 });
  return chromium.launch({ executablePath: CHROMIUM, timeout: 30_000, args: CHROMIUM_ARGS });
}

// A page in a fresh context; uncaught page errors are collected in page.errors.
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  return page;
}

export function assertNoPageErrors(page) {
  assert.deepEqual(page.errors, [], `uncaught errors in the page: ${page.errors.join("; ")}`);
}

// Screenshots are for people to look at (test-results/); no test reads them.
// `make test` turns them off (CHIMERA_SHOTS=0): the 116 of a run cost about
// 20 s of Chromium's CPU. A locator is then still waited for until it is
// visible, as its screenshot would have been; the path is null.
const SHOTS = process.env.CHIMERA_SHOTS !== "0";

export async function shot(target, name) {
  if (!SHOTS) {
    if (typeof target.waitFor === "function") await target.waitFor({ state: "visible", timeout: 15_000 });
    return null;
  }
  const path = join(RESULTS, `${name}.png`);
  await target.screenshot({ path, timeout: 15_000 });
  return path;
}

// Waits until the home page's game list has been read from the server (the
// list is there and no longer says "Loading"; a page still rendering, with no
// list yet, does not count).
export async function waitForGameList(page) {
  await page.waitForFunction(() => {
    const list = document.querySelector("#games");
    return list !== null && !list.textContent.includes("Loading");
  });
}

// Talks to the server directly (not through the UI), for setting up positions.
export async function apiCreate(body) {
  const res = await fetch(`${BASE}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  assert.equal(res.status, 201, `creating a game failed: ${JSON.stringify(data)}`);
  return data;
}

// Opens a game created through the API, with its token stored as the UI stores it.
// Plays `lan` through the API, as the other player on another device would.
export async function apiMove(created, lan) {
  const res = await fetch(`${BASE}/api/games/${created.id}/move`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: created.token, move: lan }),
  });
  assert.equal(res.status, 200, `the move ${lan} was accepted: ${await res.text()}`);
}

// The token is stored as the UI stores it, before the game page's script
// runs: on a fresh page by an init script that seeds it once per tab (a test
// that later removes it keeps it removed across reloads), so that the game
// page is the only page loaded; on a page of the site already, directly.
export async function openGame(page, created) {
  const { id, token } = created;
  if (page.url().startsWith(BASE)) {
    await page.evaluate(({ id, token }) => localStorage.setItem(`chimera.token.${id}`, token), { id, token });
  } else {
    await page.addInitScript(({ id, token }) => {
      const seeded = `e2e.seeded.${id}`;
      if (sessionStorage.getItem(seeded)) return;
      sessionStorage.setItem(seeded, "1");
      localStorage.setItem(`chimera.token.${id}`, token);
    }, { id, token });
  }
  await page.goto(`${BASE}/#/game/${id}`);
  await page.locator("#board [data-sq]").first().waitFor();
  await waitForStatus(page);
}

export function gameIdOf(page) {
  const m = /#\/game\/([^/]+)/.exec(page.url());
  assert.ok(m, `not on a game page: ${page.url()}`);
  return m[1];
}

// The game state as this page's player sees it, fetched from the page with its
// token, with its legal moves as `legal_moves` (decoded, and each with the SAN
// that /api/moves gives it, as the journal will show it once played).
export async function pageState(page, id = gameIdOf(page)) {
  const { state, verbose } = await page.evaluate(async (id) => {
    const token = localStorage.getItem(`chimera.token.${id}`) ?? "";
    const state = await (await fetch(`/api/games/${id}?token=${encodeURIComponent(token)}`)).json();
    const query = `variant=${encodeURIComponent(state.variant)}&fen=${encodeURIComponent(state.fen)}`;
    const verbose = state.result === "*" ? (await (await fetch(`/api/moves?${query}`)).json()).legal_moves : [];
    return { state, verbose };
  }, id);
  const san = new Map(verbose.map((m) => [m.lan, m.san]));
  state.legal_moves = decodeLegal(state.legal).map((m) => ({ ...m, san: san.get(m.lan) }));
  return state;
}

// The compact legal moves of a game state (docs/api.md, "Legal moves"), read
// here on their own as a second reading of the format beside web/src/sync.ts.
export function decodeLegal(legal) {
  const out = [];
  for (const [key, entries] of Object.entries(legal)) {
    const drop = key.endsWith("@");
    const base = { from: drop ? "" : key, kind: drop ? "drop" : "move", piece: drop ? key.slice(0, -1) : "", captures: [] };
    for (const e of entries) {
      if (typeof e !== "string") out.push({ ...base, lan: key + e.to, ...e });
      else if (e.startsWith("x")) out.push({ ...base, lan: key + e.slice(1), to: e.slice(1), kind: "capture", captures: [e.slice(1)] });
      else out.push({ ...base, lan: key + e, to: e });
    }
  }
  return out;
}

export const statusText = (page) => page.locator("#status").textContent();
export const plyCount = (page) => page.locator("#journal [data-ply]").count();

// Waits until the status line is filled in (the first state has arrived).
export async function waitForStatus(page, timeout = 10_000) {
  await page.waitForFunction(() => (document.querySelector("#status")?.textContent ?? "").length > 0, null, { timeout });
}

// Waits until the journal shows `n` plies.
export async function waitForPlies(page, n, timeout = 10_000) {
  await page.waitForFunction((n) => document.querySelectorAll("#journal [data-ply]").length >= n, n, { timeout });
}

// Waits until it is this page's move or the game is over; returns the status text.
export async function waitForTurnOrResult(page, timeout = 20_000) {
  const handle = await page.waitForFunction(
    () => {
      const s = document.querySelector("#status")?.textContent ?? "";
      const err = document.querySelector("#error")?.textContent ?? "";
      if (err) return `ERROR: ${err}`;
      return s.includes("(your move)") || /(White wins|Black wins|Draw) \(/.test(s) ? s : false;
    },
    null,
    { timeout, polling: 50 },
  );
  const text = await handle.jsonValue();
  assert.ok(!text.startsWith("ERROR:"), `the page shows an error: ${text}`);
  return text;
}

export const sq = (page, name) => page.locator(`#board [data-sq="${name}"]`);

export async function classesOf(locator) {
  return ((await locator.getAttribute("class")) ?? "").split(/\s+/);
}

// Plays `move` (an entry of the state's legal_moves) by clicking, as a person
// would: the piece (or the reserve button), then the marked destination, and
// for a promotion (or any choice between moves sharing the squares) the
// dialog's button. `legal` is the full list, to know whether a choice is due.
export async function clickMove(page, move, legal) {
  if (move.kind === "drop") {
    const buttons = page.locator(`button[data-reserve="${move.piece}"]:not([disabled])`);
    assert.equal(await buttons.count(), 1, `exactly one enabled reserve button for ${move.piece}`);
    await buttons.click();
    await page.waitForFunction((p) => document.querySelector(`button[data-reserve="${p}"][aria-pressed="true"]:not([disabled])`) !== null, move.piece);
    const dest = sq(page, move.to);
    assert.ok((await classesOf(dest)).includes("mark-drop"), `${move.to} is marked as a drop destination`);
    await dest.click();
  } else {
    await sq(page, move.from).click();
    await page.waitForFunction((s) => document.querySelector(`#board [data-sq="${s}"]`)?.classList.contains("selected"), move.from);
    if (move.kind === "detonation") {
      await page.locator("#detonate").click();
    } else {
      const dest = sq(page, move.to);
      const cls = await classesOf(dest);
      assert.ok(cls.some((c) => c.startsWith("mark-")), `${move.to} is marked after selecting ${move.from} (classes: ${cls.join(" ")})`);
      await dest.click();
      const sharing = legal.filter((m) => m.from === move.from && m.to === move.to && m.kind !== "detonation");
      if (sharing.length > 1) {
        const dialog = page.locator("#promotion");
        await dialog.waitFor({ state: "visible" });
        await dialog.locator(`button[data-lan="${move.lan}"]`).click();
        await dialog.waitFor({ state: "hidden" });
      }
    }
  }
}

// Plays a move and waits until the journal shows it; returns the journal's text for it.
export async function playAndConfirm(page, move, legal, pliesBefore) {
  await clickMove(page, move, legal);
  await waitForPlies(page, pliesBefore + 1);
  const text = await page.locator(`#journal [data-ply="${pliesBefore + 1}"]`).textContent();
  assert.equal(text, move.san, `the journal shows the move just played`);
  return text;
}

// Resigns through the page's own question ("Resign this game?", then "Yes").
export async function resign(page) {
  await page.locator("#resign").click();
  await page.locator("#resign-yes").click();
}

// The project's engine over UCI, used to choose the tests' moves.
export class Engine {
  constructor(variant) {
    this.proc = spawn(BIN, ["uci"], { stdio: ["pipe", "pipe", "pipe"] });
    this.lines = [];
    this.waiters = [];
    createInterface({ input: this.proc.stdout }).on("line", (line) => {
      const w = this.waiters.find((x) => x.test(line));
      if (w) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(line);
      }
    });
    this.proc.stderr.on("data", () => undefined);
    this.send(`setoption name UCI_Variant value ${variant}`);
  }

  send(cmd) {
    this.proc.stdin.write(`${cmd}\n`);
  }

  waitFor(test, timeout) {
    return new Promise((resolve, reject) => {
      const w = { test, resolve };
      this.waiters.push(w);
      setTimeout(() => {
        const i = this.waiters.indexOf(w);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(new Error("the UCI engine did not answer in time"));
        }
      }, timeout);
    });
  }

  async best(startFen, moves, movetime = 120) {
    this.send(`position fen ${startFen}${moves.length ? " moves " + moves.join(" ") : ""}`);
    this.send(`go movetime ${movetime}`);
    const line = await this.waitFor((l) => l.startsWith("bestmove"), 10_000);
    return line.split(/\s+/)[1];
  }

  close() {
    try {
      this.send("quit");
      this.proc.stdin.end();
    } catch {
      /* already gone */
    }
    setTimeout(() => this.proc.kill("SIGKILL"), 1000).unref();
  }
}

// WCAG 2.1 contrast (success criterion 1.4.3) of every visible text on the page:
// the text colour against the background behind it, both composed through the
// translucent layers and opacities of its ancestors. Returns the failures
// (ratio below 4.5:1, or 3:1 for large text: 24px, or 18.66px bold). Text on a
// background image or gradient cannot be judged from styles and is reported as
// skipped. Disabled controls are exempt (WCAG: inactive components).
export async function contrastFailures(page) {
  return page.evaluate(() => {
    const parse = (c) => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    };
    const over = (top, bottom) => {
      const a = top.a + bottom.a * (1 - top.a);
      if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
      const mix = (k) => (top[k] * top.a + bottom[k] * bottom.a * (1 - top.a)) / a;
      return { r: mix("r"), g: mix("g"), b: mix("b"), a };
    };
    const lum = ({ r, g, b }) => {
      const ch = (v) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const ratio = (x, y) => {
      const [l1, l2] = [lum(x), lum(y)].sort((p, q) => q - p);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    // The background behind el: its own and its ancestors' colours, composed.
    const backdrop = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.backgroundImage !== "none") return { image: true };
        const c = parse(s.backgroundColor);
        if (c && c.a > 0) layers.push(c);
        if (c && c.a === 1) break;
      }
      let bg = { r: 255, g: 255, b: 255, a: 1 };  // the canvas
      for (let i = layers.length - 1; i >= 0; --i) bg = over(layers[i], bg);
      return { colour: bg };
    };
    const opacity = (el) => {
      let o = 1;
      for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const failures = [], skipped = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !node.textContent.trim()) continue;
      seen.add(el);
      // Disabled controls are exempt, except the counts of a reserve: they
      // tell the player what the opponent holds and must stay readable.
      if (el.closest("script, style, svg, .sr-only, [hidden]")) continue;
      if (el.closest(":disabled") && !el.closest(".reserve")) continue;
      const rects = el.getClientRects();
      const s = getComputedStyle(el);
      if (!rects.length || s.visibility === "hidden" || s.display === "none") continue;
      if (rects[0].width < 1 || rects[0].height < 1) continue;
      const back = backdrop(el);
      const name = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""} "${node.textContent.trim().slice(0, 40)}"`;
      if (back.image) {
        skipped.push(name);
        continue;
      }
      const fg = parse(s.color);
      const o = opacity(el);
      const text = over({ ...fg, a: fg.a * o }, back.colour);
      const r = ratio(text, back.colour);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
      const need = large ? 3 : 4.5;
      if (r < need) failures.push(`${name}: ${r.toFixed(2)}:1, needs ${need}:1 (${s.color} on rgb(${Math.round(back.colour.r)}, ${Math.round(back.colour.g)}, ${Math.round(back.colour.b)}))`);
    }
    return { failures, skipped, checked: seen.size };
  });
}

// WCAG 2.1 non-text contrast (1.4.11) of the board's move marks and selection:
// each mark (drawn by the square's ::after) and the selection ring against the
// square's own colour (Wataku points: the board's wood), at least 3:1.
export async function markContrastFailures(page) {
  return page.evaluate(() => {
    const parse = (c) => {
      const m = /rgba?\(([^)]+)\)/.exec(c ?? "");
      if (!m) return null;
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    };
    const lum = ({ r, g, b }) => {
      const ch = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const over = (t, b) => ({ r: t.r * t.a + b.r * (1 - t.a), g: t.g * t.a + b.g * (1 - t.a), b: t.b * t.a + b.b * (1 - t.a), a: 1 });
    const ratio = (x, y) => {
      const [l1, l2] = [lum(x), lum(y)].sort((p, q) => q - p);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    const failures = [];
    let checked = 0;
    for (const sq of document.querySelectorAll('#board [data-sq][class*="mark-"], #board [data-sq].selected')) {
      let bg = parse(getComputedStyle(sq).backgroundColor);
      if (!bg || bg.a === 0) bg = parse(getComputedStyle(sq.closest(".grid")).backgroundColor);
      const marks = [];
      if (sq.classList.contains("selected")) marks.push(["selection", parse(getComputedStyle(sq).boxShadow)]);
      if ([...sq.classList].some((c) => c.startsWith("mark-"))) {
        const a = getComputedStyle(sq, "::after");
        const fill = parse(a.backgroundColor);
        const mark = fill && fill.a > 0 ? fill : parseFloat(a.borderTopWidth) > 0 ? parse(a.borderTopColor) : parse(a.color);
        marks.push([sq.className, mark]);
      }
      for (const [what, colour] of marks) {
        ++checked;
        const r = ratio(over(colour, bg), bg);
        if (r < 3) failures.push(`${sq.dataset.sq} ${what}: ${r.toFixed(2)}:1 against the square, needs 3:1`);
      }
    }
    return { failures, checked };
  });
}

// WCAG 2.1 non-text contrast (1.4.11) of the pieces on the board: a piece is
// discernible when its outline or its fill (through any opacity) has 3:1
// against its square (Wataku points: the board's wood). Dormant pieces must
// also keep their side: the fills of White's and Black's dormant pieces 3:1
// apart. Filters (grayscale and such) cannot be judged and count as failures.
export async function pieceContrastFailures(page) {
  return page.evaluate(() => {
    const parse = (c) => {
      const m = /rgba?\(([^)]+)\)/.exec(c ?? "");
      if (!m) return null;
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    };
    const lum = ({ r, g, b }) => {
      const ch = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const over = (t, b) => ({ r: t.r * t.a + b.r * (1 - t.a), g: t.g * t.a + b.g * (1 - t.a), b: t.b * t.a + b.b * (1 - t.a), a: 1 });
    const ratio = (x, y) => {
      const [l1, l2] = [lum(x), lum(y)].sort((p, q) => q - p);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    const failures = [];
    const dormantFills = { white: [], black: [] };
    let checked = 0;
    for (const svg of document.querySelectorAll("#board [data-sq] svg.piece")) {
      const sq = svg.closest("[data-sq]");
      const g = svg.querySelector("g");
      let bg = parse(getComputedStyle(sq).backgroundColor);
      if (!bg || bg.a === 0) bg = parse(getComputedStyle(sq.closest(".grid")).backgroundColor);
      let opacity = 1;
      let filtered = false;
      for (let e = g; e && e !== sq; e = e.parentElement) {
        const st = getComputedStyle(e);
        opacity *= Number(st.opacity);
        if (st.filter && st.filter !== "none") filtered = true;
      }
      const gs = getComputedStyle(g);
      const fill = parse(gs.fill);
      const stroke = parse(gs.stroke);
      const what = `${sq.dataset.sq} ${sq.getAttribute("aria-label")}`;
      ++checked;
      if (filtered) {
        failures.push(`${what}: drawn through a filter`);
        continue;
      }
      const rf = ratio(over({ ...fill, a: fill.a * opacity }, bg), bg);
      const rs = ratio(over({ ...stroke, a: stroke.a * opacity }, bg), bg);
      if (Math.max(rf, rs) < 3) failures.push(`${what}: outline ${rs.toFixed(2)}:1, fill ${rf.toFixed(2)}:1 against the square, needs 3:1`);
      if (svg.classList.contains("dormant")) dormantFills[svg.classList.contains("white") ? "white" : "black"].push(over({ ...fill, a: fill.a * opacity }, bg));
    }
    for (const w of dormantFills.white)
      for (const b of dormantFills.black) {
        const r = ratio(w, b);
        if (r < 3) failures.push(`dormant White and Black fills only ${r.toFixed(2)}:1 apart, need 3:1`);
      }
    return { failures, checked, dormant: dormantFills.white.length + dormantFills.black.length };
  });
}
