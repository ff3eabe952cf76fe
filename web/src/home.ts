// The home screen: pick a variant and a kind of game, import a record, watch games.
import { api, type CreateOptions } from "./api";
import { saveToken } from "./game";
import { boardPicture } from "./thumbnail";

const VARIANTS = [
  { id: "wataku", name: "Wataku Genesis", line: "9x9 points, two Kings, dormant groups, Traverse and deployment from the reserve." },
  { id: "wreckage", name: "Wreckage", line: "10x10 with Dragon, Detonator, Flying Guillotine, Ninja Pawns and drops." },
  { id: "chess4d", name: "4D chess", line: "A 4x4x2x2 board shown as four boards; every axis moves alike." },
  { id: "chess", name: "Chess", line: "Orthodox chess, the engine's yardstick." },
];

// A small picture of each variant's start position, drawn from the server's
// board once it answers (the card keeps its size meanwhile).
async function drawThumbnails(root: HTMLElement) {
  await Promise.all(
    VARIANTS.map(async (v) => {
      const host = root.querySelector<HTMLElement>(`[data-thumb="${v.id}"]`);
      try {
        const view = await api.moves(v.id, "");
        if (host?.isConnected) host.innerHTML = boardPicture(view.board, v.id === "wataku");
      } catch {
        if (host?.isConnected) host.textContent = "";
      }
    }),
  );
}

export async function renderHome(root: HTMLElement, go: (path: string) => void) {
  root.innerHTML = `
    <h1>Chimera</h1>
    <p class="lede">Play Wataku Genesis, Wreckage and 4D chess against the computer or a friend.</p>
    <form id="new-game" class="new-game">
      <fieldset class="variants"><legend>Variant</legend>
        ${VARIANTS.map((v, i) => `<label class="variant-card"><span class="thumb-host" data-thumb="${v.id}"></span><input type="radio" name="variant" value="${v.id}" ${i === 0 ? "checked" : ""}><span><strong>${v.name}</strong><br>${v.line} <a href="#/rules/${v.id}">Rules</a></span></label>`).join("")}
      </fieldset>
      <fieldset><legend>Opponent</legend>
        <label><input type="radio" name="mode" value="computer" checked> The computer</label>
        <label><input type="radio" name="mode" value="online"> A friend online (invitation link)</label>
        <label><input type="radio" name="mode" value="local"> Two people on this device</label>
      </fieldset>
      <fieldset id="computer-options"><legend>Computer</legend>
        <label>Level <select name="level">${[1, 2, 3, 4, 5, 6, 7, 8].map((l) => `<option value="${l}" ${l === 4 ? "selected" : ""}>${l}${l === 8 ? " (strongest)" : l === 1 ? " (easiest)" : ""}</option>`).join("")}</select></label>
        <label>I play <select name="side"><option value="white">White</option><option value="black">Black</option><option value="random">Random</option></select></label>
      </fieldset>
      <fieldset><legend>Time control</legend>
        <label>Minutes <input type="number" name="minutes" min="0" max="180" value="0" inputmode="numeric"></label>
        <label>Increment (seconds) <input type="number" name="increment" min="0" max="180" value="0" inputmode="numeric"></label>
        <small>0 minutes: no clock.</small>
      </fieldset>
      <button type="submit" class="primary">Start the game</button>
      <p id="create-error" class="error" role="alert"></p>
    </form>
    <section class="import"><h2>Import a game record</h2>
      <label for="record">Paste a record (PGN-like text) to view or continue it</label>
      <textarea id="record" rows="4"></textarea>
      <input type="file" id="record-file" accept=".pgn,.txt" aria-label="Or choose a record file">
      <button type="button" id="import">Import</button>
      <p id="import-error" class="error" role="alert"></p>
    </section>
    <section><h2>Games to watch</h2><div id="games">Loading…</div></section>`;
  const form = root.querySelector<HTMLFormElement>("#new-game")!;
  const updateComputer = () => {
    const mode = new FormData(form).get("mode");
    root.querySelector<HTMLElement>("#computer-options")!.hidden = mode !== "computer";
  };
  form.addEventListener("change", updateComputer);
  updateComputer();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const options: CreateOptions = {
      variant: String(f.get("variant")),
      mode: String(f.get("mode")) as CreateOptions["mode"],
      base_minutes: Number(f.get("minutes")) || 0,
      increment_seconds: Number(f.get("increment")) || 0,
    };
    if (options.mode === "computer") {
      options.level = Number(f.get("level"));
      options.side = String(f.get("side")) as CreateOptions["side"];
    } else if (options.mode === "online") {
      options.side = "white";
    }
    try {
      const created = await api.create(options);
      saveToken(created.id, created.token);
      go(`/game/${created.id}`);
    } catch (err) {
      root.querySelector("#create-error")!.textContent = (err as Error).message;
    }
  });
  root.querySelector("#record-file")!.addEventListener("change", async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) root.querySelector<HTMLTextAreaElement>("#record")!.value = await file.text();
  });
  root.querySelector("#import")!.addEventListener("click", async () => {
    try {
      const created = await api.importRecord(root.querySelector<HTMLTextAreaElement>("#record")!.value);
      saveToken(created.id, created.token);
      go(`/game/${created.id}`);
    } catch (err) {
      root.querySelector("#import-error")!.textContent = (err as Error).message;
    }
  });
  void drawThumbnails(root);
  const list = root.querySelector<HTMLElement>("#games")!;
  await loadGameList(list);
  // The list follows the server while the home page is shown.
  const timer = window.setInterval(() => {
    if (!list.isConnected) clearInterval(timer);
    else void loadGameList(list);
  }, LIST_REFRESH_MS);
}

const LIST_REFRESH_MS = 10_000;
const shownLists = new WeakMap<HTMLElement, string>();

async function loadGameList(list: HTMLElement) {
  try {
    const { live, recent } = await api.games();
    if (!list.isConnected) return;  // the user has already left the page
    const row = (g: { id: string; variant: string; mode: string; plies: number; result: string; termination: string }) =>
      `<li><a href="#/game/${g.id}">${VARIANTS.find((v) => v.id === g.variant)?.name ?? g.variant}, ${g.mode}, ${g.plies} plies${g.result !== "*" ? `, ${g.result} (${g.termination})` : ""}</a></li>`;
    const html =
      `<h3>Live</h3>${live.length ? `<ul>${live.map(row).join("")}</ul>` : "<p>None right now.</p>"}` +
      `<h3>Recent</h3>${recent.length ? `<ul>${recent.map(row).join("")}</ul>` : "<p>None yet.</p>"}`;
    // Rewriting an unchanged list would drop the focus of a keyboard user in it.
    if (shownLists.get(list) !== html) list.innerHTML = html;
    shownLists.set(list, html);
  } catch {
    if (list.isConnected) list.textContent = "The game list is unavailable.";
  }
}
