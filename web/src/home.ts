// The home screen: pick a variant and a kind of game, import a record, watch games.
import { accountLine } from "./account";
import { analysisHash } from "./analysis";
import { editorHash } from "./editor";
import { api, type CreateOptions, type GameSummary } from "./api";
import { listOutcome } from "./ending";
import { importRequest, timeControlProblem, type ImportChoice } from "./forms";
import { escapeHtml, saveToken } from "./game";
import { FinishedPages } from "./listing";
import { lobbyMarkup, startLobby } from "./lobby";
import { rulesPages } from "./rules";
import { bindSettings, settingsMarkup } from "./settings";
import { boardPicture } from "./thumbnail";
import { findVariant, listWords, variants, type VariantInfo } from "./variants";

// A small picture of each variant's start position, drawn from the server's
// board once it answers (the card keeps its size meanwhile).
async function drawThumbnails(root: HTMLElement, list: VariantInfo[]) {
  await Promise.all(
    list.map(async (v) => {
      const host = root.querySelector<HTMLElement>(`[data-thumb="${v.id}"]`);
      try {
        const view = await api.moves(v.id, "");
        if (host?.isConnected) host.innerHTML = boardPicture(view.board);
      } catch {
        if (host?.isConnected) host.textContent = "";
      }
    }),
  );
}

// The variant cards, in the server's order; the first is chosen.
export function variantCards(list: VariantInfo[]): string {
  const withRules = new Set(rulesPages(list).map((r) => r.info.id));
  return list
    .map((v, i) => `<label class="variant-card"><span class="thumb-host" data-thumb="${v.id}"></span><input type="radio" name="variant" value="${v.id}" ${i === 0 ? "checked" : ""}><span><strong>${escapeHtml(v.name)}</strong><br>${escapeHtml(v.description)}${withRules.has(v.id) ? ` <a href="#/rules/${v.id}">Rules</a>` : ""}</span></label>`)
    .join("");
}

// "Play A, B and C against the computer or a friend.": the variants the site
// is for (the calibration variant is listed but not advertised).
export function lede(list: VariantInfo[]): string {
  const names = list.filter((v) => !v.calibration).map((v) => v.name);
  return names.length ? `Play ${listWords(names)} against the computer or a friend.` : "Play against the computer or a friend.";
}

// The choice of start for a variant with several: drawn at random (the
// server's default) or one of them by its number.
function startOptions(v: VariantInfo): string {
  return `<option value="0">Random</option>${v.starts.map((s, i) => `<option value="${i + 1}">${escapeHtml(s.name)}</option>`).join("")}`;
}

function levelOptions(): string {
  return [1, 2, 3, 4, 5, 6, 7, 8].map((l) => `<option value="${l}" ${l === 4 ? "selected" : ""}>${l}${l === 8 ? " (strongest)" : l === 1 ? " (easiest)" : ""}</option>`).join("");
}

function timeControlFields(minutes: string, increment: string, note: string): string {
  return `<label>Minutes <input type="number" name="${minutes}" min="0" max="180" value="0" inputmode="numeric"></label>
        <label>Increment (seconds) <input type="number" name="${increment}" min="0" max="180" value="0" inputmode="numeric"></label>
        <small>${escapeHtml(note)}</small>`;
}

// Checks a form's time control as it is typed: the problem is shown (and the
// increment marked invalid) at once, and the returned check, run on submit,
// keeps a form with a problem from being sent.
function watchTimeControl(form: HTMLFormElement, minutes: string, increment: string, out: HTMLElement): () => boolean {
  const inc = form.querySelector<HTMLInputElement>(`input[name="${increment}"]`)!;
  const problem = () => {
    const f = new FormData(form);
    return timeControlProblem(Number(f.get(minutes)) || 0, Number(f.get(increment)) || 0);
  };
  let shown = "";
  const update = () => {
    const p = problem();
    inc.setAttribute("aria-invalid", String(p !== null));
    if (p) out.textContent = shown = p;
    else if (out.textContent === shown) out.textContent = shown = "";
  };
  form.addEventListener("input", update);
  return () => {
    update();
    if (problem() === null) return true;
    inc.focus();
    return false;
  };
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export async function renderHome(root: HTMLElement, go: (path: string) => void) {
  const here = location.hash;
  let list: VariantInfo[] = [];
  let listError = "";
  const account = api.account().then((a) => a.account, () => null);
  try {
    list = await variants();
  } catch (e) {
    listError = (e as Error).message;
  }
  const me = await account;
  if (location.hash !== here) return; // the user has already left the page
  root.innerHTML = `
    <h1>Chimera</h1>
    ${accountLine(me)}
    <p class="lede">${escapeHtml(lede(list))}</p>
    ${list.length ? lobbyMarkup(list, me) : ""}
    <h2>A new game</h2>
    <form id="new-game" class="new-game">
      <fieldset class="variants"><legend>Variant</legend>
        ${listError ? `<p class="error" role="alert">The variant list is unavailable: ${escapeHtml(listError)}</p>` : variantCards(list)}
      </fieldset>
      <fieldset id="start-options" hidden><legend>Start position</legend>
        <label><span id="start-kind">Start</span> <select name="start"></select></label>
      </fieldset>
      <fieldset><legend>Opponent</legend>
        <label><input type="radio" name="mode" value="computer" checked> The computer</label>
        <label><input type="radio" name="mode" value="online"> A friend online (invitation link)</label>
        <label><input type="radio" name="mode" value="local"> Two people on this device</label>
      </fieldset>
      <fieldset id="computer-options"><legend>Computer</legend>
        <label>Level <select name="level">${levelOptions()}</select></label>
      </fieldset>
      <fieldset id="rated-options" hidden><legend>Rating</legend>
        <label><input type="checkbox" name="rated"> Rated: the result changes both players' ratings (your friend needs an account too)</label>
      </fieldset>
      <fieldset id="side-options"><legend>Your side</legend>
        <label>I play <select name="side"><option value="white">White</option><option value="black">Black</option><option value="random">Random</option></select></label>
      </fieldset>
      <fieldset><legend>Time control</legend>
        ${timeControlFields("minutes", "increment", "0 minutes: no clock.")}
      </fieldset>
      <button type="submit" class="primary">Start the game</button>
      <p id="create-error" class="error" role="alert"></p>
    </form>
    <section class="import"><h2>Import a game record</h2>
      <form id="import-form" class="new-game">
        <label for="record">Paste a record (PGN-like text) to view or continue it</label>
        <textarea id="record" rows="4"></textarea>
        <input type="file" id="record-file" accept=".pgn,.txt" aria-label="Or choose a record file">
        <p class="hint">It opens at its last move, with every move to step through. A finished game opens finished; a game still going can be played on.</p>
        <fieldset><legend>Play on</legend>
          <label><input type="radio" name="import-mode" value="local" checked> Both sides on this device, or just review it</label>
          <label><input type="radio" name="import-mode" value="computer"> Against the computer</label>
          <label id="import-level">at level <select name="import-level">${levelOptions()}</select></label>
          <label><input type="radio" name="import-mode" value="online"> With a friend online (invitation link)</label>
        </fieldset>
        <fieldset id="import-seat"><legend>Your side</legend>
          <label>I play <select name="import-side"><option value="to_move">The side to move</option><option value="white">White</option><option value="black">Black</option></select></label>
        </fieldset>
        <fieldset><legend>Clock for the rest of the game</legend>
          ${timeControlFields("import-minutes", "import-increment", "0 minutes: no clock. The record does not say how much time was left, so a clock starts both sides at the base time, from the next move.")}
        </fieldset>
        <button type="submit" id="import">Import</button>
        <p id="import-error" class="error" role="alert"></p>
      </form>
    </section>
    <section class="analyse"><h2>Analysis board</h2>
      <form id="analyse-form" class="new-game">
        <label>Variant <select name="analyse-variant">${list.map((v) => `<option value="${v.id}">${escapeHtml(v.name)}</option>`).join("")}</select></label>
        <label for="analyse-fen">FEN (empty: the start position)</label>
        <input id="analyse-fen" name="analyse-fen" spellcheck="false" autocomplete="off">
        <button type="submit" id="analyse">Analyse</button>
        <button type="button" id="edit-position">Set up a position</button>
      </form>
    </section>
    <section><h2>Games to watch</h2><div id="games">Loading…</div></section>
    ${settingsMarkup()}`;
  bindSettings(root);
  if (list.length) startLobby(root, list, me, go);
  const form = root.querySelector<HTMLFormElement>("#new-game")!;
  const chosen = () => findVariant(list, String(new FormData(form).get("variant")));
  let startsOf = "";
  const updateOptions = () => {
    const mode = new FormData(form).get("mode");
    root.querySelector<HTMLElement>("#computer-options")!.hidden = mode !== "computer";
    // Against the computer or a friend online you choose a side; on one device you play both.
    root.querySelector<HTMLElement>("#side-options")!.hidden = mode === "local";
    root.querySelector<HTMLElement>("#rated-options")!.hidden = mode !== "online" || !me;
    // The start choice follows the variant, and keeps its value while the variant stays.
    const v = chosen();
    root.querySelector<HTMLElement>("#start-options")!.hidden = !v?.random_start;
    if (v?.random_start && startsOf !== v.id) {
      root.querySelector("#start-kind")!.textContent = capitalised(v.start_kind || "start");
      form.querySelector<HTMLSelectElement>('select[name="start"]')!.innerHTML = startOptions(v);
    }
    startsOf = v?.random_start ? v.id : "";
  };
  form.addEventListener("change", updateOptions);
  updateOptions();
  const createError = root.querySelector<HTMLElement>("#create-error")!;
  const createClock = watchTimeControl(form, "minutes", "increment", createError);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!createClock()) return;
    const f = new FormData(form);
    const options: CreateOptions = {
      variant: String(f.get("variant")),
      mode: String(f.get("mode")) as CreateOptions["mode"],
      base_minutes: Number(f.get("minutes")) || 0,
      increment_seconds: Number(f.get("increment")) || 0,
    };
    const start = Number(f.get("start")) || 0;
    if (chosen()?.random_start && start > 0) options.formation = start;
    if (options.mode === "computer") options.level = Number(f.get("level"));
    if (options.mode !== "local") options.side = String(f.get("side")) as CreateOptions["side"];
    if (options.mode === "online" && me && f.get("rated")) options.rated = true;
    try {
      const created = await api.create(options);
      saveToken(created.id, created.token);
      go(`/game/${created.id}`);
    } catch (err) {
      createError.textContent = (err as Error).message;
    }
  });
  root.querySelector<HTMLFormElement>("#analyse-form")!.addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    location.hash = analysisHash({ variant: String(f.get("analyse-variant")), fen: String(f.get("analyse-fen") ?? "").trim() });
  });
  root.querySelector("#edit-position")!.addEventListener("click", () => {
    const f = new FormData(root.querySelector<HTMLFormElement>("#analyse-form")!);
    location.hash = editorHash(String(f.get("analyse-variant")), String(f.get("analyse-fen") ?? "").trim());
  });
  root.querySelector("#record-file")!.addEventListener("change", async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) root.querySelector<HTMLTextAreaElement>("#record")!.value = await file.text();
  });
  const importForm = root.querySelector<HTMLFormElement>("#import-form")!;
  const importError = root.querySelector<HTMLElement>("#import-error")!;
  const importClock = watchTimeControl(importForm, "import-minutes", "import-increment", importError);
  const updateImport = () => {
    const mode = new FormData(importForm).get("import-mode");
    root.querySelector<HTMLElement>("#import-seat")!.hidden = mode === "local";
    root.querySelector<HTMLElement>("#import-level")!.hidden = mode !== "computer";
  };
  importForm.addEventListener("change", updateImport);
  updateImport();
  importForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!importClock()) return;
    const f = new FormData(importForm);
    const choice: ImportChoice = {
      record: root.querySelector<HTMLTextAreaElement>("#record")!.value,
      opponent: String(f.get("import-mode")) as ImportChoice["opponent"],
      level: Number(f.get("import-level")),
      side: String(f.get("import-side")) as ImportChoice["side"],
      minutes: Number(f.get("import-minutes")) || 0,
      increment: Number(f.get("import-increment")) || 0,
    };
    try {
      const created = await api.importRecord(importRequest(choice));
      saveToken(created.id, created.token);
      go(`/game/${created.id}`);
    } catch (err) {
      importError.textContent = (err as Error).message;
    }
  });
  void drawThumbnails(root, list);
  const games = root.querySelector<HTMLElement>("#games")!;
  const shown: GameListView = { live: [], finished: new FinishedPages(), known: list };
  games.addEventListener("click", (e) => {
    if ((e.target as HTMLElement).closest("#more-games")) void loadOlderGames(games, shown);
  });
  await loadGameList(games, shown);
  // The list follows the server while the home page is shown.
  const timer = window.setInterval(() => {
    if (!games.isConnected) clearInterval(timer);
    else void loadGameList(games, shown);
  }, LIST_REFRESH_MS);
}

const LIST_REFRESH_MS = 10_000;
const shownLists = new WeakMap<HTMLElement, string>();

// What the home page's game list shows: the live games of the last refresh
// and the finished games read so far.
interface GameListView {
  live: GameSummary[];
  finished: FinishedPages;
  known: VariantInfo[];
}

// Reads the live games and the first page of finished ones again.
async function loadGameList(list: HTMLElement, view: GameListView) {
  try {
    const page = await api.games();
    if (!list.isConnected) return;  // the user has already left the page
    view.live = page.live;
    view.finished.setFirst(page);
    showGameList(list, view);
  } catch {
    if (list.isConnected) list.textContent = "The game list is unavailable.";
  }
}

// "More finished games": the next older page, added under the others; the
// focus moves to the first game it brought.
async function loadOlderGames(list: HTMLElement, view: GameListView) {
  const before = view.finished.next;
  if (!before) return;
  const button = list.querySelector<HTMLButtonElement>("#more-games");
  if (button) button.disabled = true;
  try {
    const page = await api.games(before);
    if (!list.isConnected) return;
    view.finished.addOlder(page);
    showGameList(list, view);
    const first = page.recent[0];
    list.querySelector<HTMLElement>(first ? `a[href="#/game/${first.id}"]` : "#more-games")?.focus();
  } catch {
    if (button?.isConnected) {
      button.disabled = false;
      button.textContent = "More finished games (the last try failed)";
    }
  }
}

function showGameList(list: HTMLElement, view: GameListView) {
  const row = (g: GameSummary) =>
    `<li><a href="#/game/${g.id}">${escapeHtml(findVariant(view.known, g.variant)?.name ?? g.variant)}, ${g.mode}, ${g.plies} plies${escapeHtml(listOutcome(g))}</a></li>`;
  const recent = view.finished.shown;
  const more = view.finished.next ? `<button type="button" id="more-games">More finished games</button>` : "";
  const html =
    `<h3>Live</h3>${view.live.length ? `<ul id="live-games">${view.live.map(row).join("")}</ul>` : "<p>None right now.</p>"}` +
    `<h3>Recent</h3>${recent.length ? `<ul id="finished-games">${recent.map(row).join("")}</ul>` : "<p>None yet.</p>"}${more}`;
  // Rewriting an unchanged list would drop the focus of a keyboard user in it.
  if (shownLists.get(list) !== html) list.innerHTML = html;
  shownLists.set(list, html);
}
