// Hash routes: #/ home, #/game/<id>, #/join/<id>/<invite>, #/rules/<variant>,
// #/analysis/<variant>[?fen=&moves=&ply=&game=], #/editor/<variant>[?fen=], #/account,
// #/player/<name>[?variant=&result=&rated=], #/ratings/<variant>.
import "./style.css";
import { renderAccount } from "./account";
import { AnalysisScreen, parseAnalysisHash } from "./analysis";
import { api, ApiError } from "./api";
import { EditorScreen, parseEditorHash } from "./editor";
import { GameScreen, saveToken, tokenFor } from "./game";
import { renderHome } from "./home";
import { renderLeaderboard, renderPlayer } from "./players";
import { joinFailedPage } from "./notices";
import { renderRules } from "./rules";
import { applySettings, loadSettings } from "./settings";

applySettings(loadSettings());

const root = document.querySelector<HTMLElement>("#app")!;
let screen: GameScreen | AnalysisScreen | EditorScreen | null = null;

function go(path: string) {
  location.hash = `#${path}`;
}

async function route() {
  screen?.destroy();
  screen = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  window.scrollTo(0, 0);
  const analysis = parseAnalysisHash(location.hash);
  const editor = parseEditorHash(location.hash);
  if (analysis) {
    screen = new AnalysisScreen(root, analysis);
  } else if (editor) {
    screen = new EditorScreen(root, editor.variant, editor.fen);
  } else if (parts[0] === "game" && parts[1]) {
    screen = new GameScreen(root, parts[1]);
  } else if (parts[0] === "join" && parts[1] && parts[2]) {
    if (tokenFor(parts[1])) return go(`/game/${parts[1]}`);
    const here = location.hash;
    root.innerHTML = `<p class="status">Joining the game…</p>`;
    try {
      const joined = await api.join(parts[1], parts[2]);
      saveToken(joined.id, joined.token);
    } catch (e) {
      if (location.hash !== here) return; // the user has already left the page
      // The refusal stays until the person picks what to do: watch, go home or retry.
      const status = e instanceof ApiError ? e.status : 0;
      root.innerHTML = joinFailedPage(parts[1], { status, message: (e as Error).message });
      root.querySelector("#join-retry")?.addEventListener("click", () => void route());
      root.querySelector<HTMLElement>("h1")?.focus();
      return;
    }
    if (location.hash !== here) return;
    go(`/game/${parts[1]}`);
  } else if (parts[0] === "player" && parts[1]) {
    const [name, q] = decodeURIComponent(location.hash.slice("#/player/".length)).split("?");
    await renderPlayer(root, name, new URLSearchParams(q ?? ""));
  } else if (parts[0] === "ratings" && parts[1]) {
    await renderLeaderboard(root, parts[1]);
  } else if (parts[0] === "account") {
    await renderAccount(root, go);
  } else if (parts[0] === "rules" && parts[1]) {
    await renderRules(root, parts[1]);
  } else {
    await renderHome(root, go);
  }
  root.querySelector<HTMLElement>("h1")?.focus();
}

window.addEventListener("hashchange", route);
void route();
