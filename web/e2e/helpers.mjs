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

const here = dirname(fileURLToPath(import.meta.url));
export const WEB = resolve(here, "..");
export const RESULTS = join(WEB, "test-results");
mkdirSync(RESULTS, { recursive: true });

export const BASE = process.env.CHIMERA_URL;
if (!BASE) throw new Error("CHIMERA_URL is not set: run the end-to-end tests with `npm run e2e` (e2e/run.mjs)");
export const BIN = process.env.CHIMERA_BIN ?? resolve(WEB, "../build/chimera");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const RESULT_RE = /(White wins|Black wins|Draw) \(([^)]+)\)\./;

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    timeout: 30_000,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
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

export async function shot(target, name) {
  const path = join(RESULTS, `${name}.png`);
  await target.screenshot({ path, timeout: 15_000 });
  return path;
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
export async function openGame(page, created) {
  await page.goto(`${BASE}/#/`);
  await page.evaluate(({ id, token }) => localStorage.setItem(`chimera.token.${id}`, token), created);
  await page.goto(`${BASE}/#/game/${created.id}`);
  await page.locator("#board [data-sq]").first().waitFor();
  await waitForStatus(page);
}

export function gameIdOf(page) {
  const m = /#\/game\/([^/]+)/.exec(page.url());
  assert.ok(m, `not on a game page: ${page.url()}`);
  return m[1];
}

// The game state as this page's player sees it, fetched from the page with its token.
export async function pageState(page, id = gameIdOf(page)) {
  return page.evaluate(async (id) => {
    const token = localStorage.getItem(`chimera.token.${id}`) ?? "";
    const res = await fetch(`/api/games/${id}?token=${encodeURIComponent(token)}`);
    return res.json();
  }, id);
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

export async function resign(page) {
  page.once("dialog", (d) => d.accept());
  await page.locator("#resign").click();
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
