// The command line of the tests' Chromium (e2e/run.mjs starts it, helpers.mjs
// starts one for a test file run on its own).
//
// Chromium keeps only the last --disable-features it is given, so this list
// repeats the one Playwright passes (playwright-core 1.65, chromiumSwitches)
// and adds the omnibox popups' WebUI: headless Chromium 156 starts a renderer
// for them in every window, that is in every browser context a test opens,
// which doubled a context's cost here (1.8 s of CPU against 0.8 without).
// Site isolation is off too (every page here is one origin, the server's):
// with it, the 104 tests started 251 renderer processes, 109 without, and the
// whole run took 338 CPU-s and 177 s against 416 and 216 (2026-12-04).
const PLAYWRIGHT_DISABLED = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];
const OURS_DISABLED = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "IsolateOrigins",
  "site-per-process",
];

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-site-isolation-trials",
  `--disable-features=${[...PLAYWRIGHT_DISABLED, ...OURS_DISABLED].join(",")}`,
];
