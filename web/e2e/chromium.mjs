// The command line of the tests' Chromium (e2e/run.mjs starts it, helpers.mjs
// starts one for a test file run on its own).
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
