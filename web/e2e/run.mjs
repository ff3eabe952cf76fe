// Runs the end-to-end browser tests: starts `chimera serve` on a free port
// with a temporary database, runs e2e/*.test.mjs with node's test runner
// against it, and stops the server. Every browser context shares one address,
// so the per-address limit on new games is lifted. Builds nothing: ../build/chimera and
// dist/ must exist (cmake --build build; npm run build).
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "./chromium.mjs";

const e2e = dirname(fileURLToPath(import.meta.url));
const web = resolve(e2e, "..");
const bin = resolve(web, "../build/chimera");
const dist = join(web, "dist");
const results = join(web, "test-results");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

if (!existsSync(bin)) fail(`${bin} is missing: build the server first (cmake --preset ... && cmake --build build).`);
if (!existsSync(join(dist, "index.html"))) fail(`${dist}/index.html is missing: build the UI first (npm run build).`);
if (!existsSync(chromiumPath)) fail(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH).`);

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), "chimera-e2e-"));
const db = join(tmp, "e2e.db");
const log = createWriteStream(join(results, "server.log"));

const server = spawn(bin, ["serve", "--port", "0", "--db", db, "--static", dist, "--games-per-minute", "999999"], { stdio: ["ignore", "pipe", "pipe"] });
server.stderr.pipe(log);
let serverExited = false;
server.on("exit", (code, signal) => {
  serverExited = true;
  log.write(`\n[server exited: code ${code}, signal ${signal}]\n`);
});

const url = await new Promise((resolveUrl) => {
  const timer = setTimeout(() => resolveUrl(null), 15_000);
  const lines = createInterface({ input: server.stdout });
  let found = false;
  lines.on("line", (line) => {
    log.write(`${line}\n`);
    const m = /serving on (http:\/\/\S+?)\/?\s/.exec(line);
    if (!found && m) {
      found = true;
      clearTimeout(timer);
      resolveUrl(m[1]);
    }
  });
  server.on("exit", () => resolveUrl(null));
});

async function stopServer() {
  if (serverExited) return;
  server.kill("SIGTERM");
  const done = await Promise.race([
    new Promise((r) => server.once("exit", () => r(true))),
    new Promise((r) => setTimeout(() => r(false), 5_000)),
  ]);
  if (!done) server.kill("SIGKILL");
}

function cleanup() {
  rmSync(tmp, { recursive: true, force: true });
}

if (!url) {
  await stopServer();
  cleanup();
  fail(`the server did not report its address within 15 s (see ${join(results, "server.log")}).`);
}

// `npm run e2e -- wreckage online` runs only the files whose names contain those words.
const only = process.argv.slice(2);
const files = readdirSync(e2e)
  .filter((f) => f.endsWith(".test.mjs") && (only.length === 0 || only.some((w) => f.includes(w))))
  .sort()
  .map((f) => join(e2e, f));
if (files.length === 0) {
  await stopServer();
  cleanup();
  fail(`no e2e/*.test.mjs files${only.length ? ` matching ${only.join(", ")}` : ""}`);
}

// One Chromium for every test file (each connects to it: helpers.mjs, launch).
let browserServer;
try {
  browserServer = await chromium.launchServer({ executablePath: chromiumPath, timeout: 30_000, args: CHROMIUM_ARGS });
} catch (e) {
  await stopServer();
  cleanup();
  fail(`Chromium did not start: ${e.message}`);
}

console.log(`e2e: server at ${url}, ${files.length} test files, ${process.env.CHIMERA_SHOTS === "0" ? "no screenshots (CHIMERA_SHOTS=0)" : `screenshots in ${results}`}`);
const child = spawn(
  process.execPath,
  ["--test", "--test-reporter=spec", "--test-concurrency=4", "--test-timeout=240000", ...files],
  {
    stdio: "inherit",
    env: { ...process.env, CHIMERA_URL: url, CHIMERA_BIN: bin, CHROMIUM_PATH: chromiumPath, CHIMERA_BROWSER_WS: browserServer.wsEndpoint() },
  },
);

// A hard bound on the whole run.
const deadline = setTimeout(() => {
  console.error("e2e: the tests ran over 8 minutes; stopping them");
  child.kill("SIGTERM");
}, 8 * 60_000);

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    child.kill(sig);
  });
}

const code = await new Promise((r) => child.on("exit", (c, s) => r(c ?? (s ? 1 : 0))));
clearTimeout(deadline);
await browserServer.close().catch(() => {});
await stopServer();
cleanup();
process.exit(code);
