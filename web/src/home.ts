// The home screen: pick a variant and a kind of game, import a record, watch games.
import { api, type CreateOptions } from "./api";
import { saveToken } from "./game";

const VARIANTS = [
  { id: "wataku", name: "Wataku Genesis", line: "9x9 points, two Kings, dormant groups, Traverse and deployment from the reserve." },
  { id: "wreckage", name: "Wreckage", line: "10x10 with Dragon, Detonator, Flying Guillotine, Ninja Pawns and drops." },
  { id: "chess4d", name: "4D chess", line: "A 4x4x2x2 board shown as four boards; every axis moves alike." },
  { id: "chess", name: "Chess", line: "Orthodox chess, the engine's yardstick." },
];

// A small picture of each board: its grid drawn in SVG.
function thumbnail(id: string): string {
  const grid = (n: number, x0: number, y0: number, size: number, points: boolean) => {
    let s = "";
    const c = size / n;
    if (points) {
      for (let i = 0; i < n; ++i) {
        s += `<line x1="${x0 + c / 2}" y1="${y0 + c / 2 + i * c}" x2="${x0 + size - c / 2}" y2="${y0 + c / 2 + i * c}"/>`;
        s += `<line x1="${x0 + c / 2 + i * c}" y1="${y0 + c / 2}" x2="${x0 + c / 2 + i * c}" y2="${y0 + size - c / 2}"/>`;
      }
      return `<g stroke="#5b4a2f" stroke-width="1">${s}</g>`;
    }
    for (let r = 0; r < n; ++r)
      for (let f = 0; f < n; ++f)
        if ((r + f) % 2) s += `<rect x="${x0 + f * c}" y="${y0 + r * c}" width="${c}" height="${c}"/>`;
    return `<rect x="${x0}" y="${y0}" width="${size}" height="${size}" fill="#f0d9b5"/><g fill="#b58863">${s}</g>`;
  };
  const body =
    id === "chess4d"
      ? [0, 1].map((r) => [0, 1].map((c) => grid(4, c * 32, r * 32, 30, false)).join("")).join("")
      : id === "wataku"
        ? `<rect width="62" height="62" fill="#e8c98f"/>${grid(9, 0, 0, 62, true)}`
        : grid(id === "wreckage" ? 10 : 8, 0, 0, 62, false);
  return `<svg viewBox="0 0 62 62" width="62" height="62" aria-hidden="true">${body}</svg>`;
}

export async function renderHome(root: HTMLElement, go: (path: string) => void) {
  root.innerHTML = `
    <h1>Chimera</h1>
    <p class="lede">Play Wataku Genesis, Wreckage and 4D chess against the computer or a friend.</p>
    <form id="new-game" class="new-game">
      <fieldset class="variants"><legend>Variant</legend>
        ${VARIANTS.map((v, i) => `<label class="variant-card">${thumbnail(v.id)}<input type="radio" name="variant" value="${v.id}" ${i === 0 ? "checked" : ""}><span><strong>${v.name}</strong><br>${v.line} <a href="#/rules/${v.id}">Rules</a></span></label>`).join("")}
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
  const list = root.querySelector<HTMLElement>("#games")!;
  try {
    const { live, recent } = await api.games();
    if (!list.isConnected) return;  // the user has already left the page
    const row = (g: { id: string; variant: string; mode: string; plies: number; result: string; termination: string }) =>
      `<li><a href="#/game/${g.id}">${VARIANTS.find((v) => v.id === g.variant)?.name ?? g.variant}, ${g.mode}, ${g.plies} plies${g.result !== "*" ? `, ${g.result} (${g.termination})` : ""}</a></li>`;
    list.innerHTML =
      `<h3>Live</h3>${live.length ? `<ul>${live.map(row).join("")}</ul>` : "<p>None right now.</p>"}` +
      `<h3>Recent</h3>${recent.length ? `<ul>${recent.map(row).join("")}</ul>` : "<p>None yet.</p>"}`;
  } catch {
    list.textContent = "The game list is unavailable.";
  }
}
