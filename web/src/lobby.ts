// The lobby on the home page (docs/api.md, "The lobby"): quick-pairing
// buttons for common clocks per variant, the open challenges listed live
// over /api/lobby/ws (accept one to start the game for both), a form to post
// a challenge, open or to a named player, and the player's games going on.
// The list is kept by applyLobby, a pure function of the server's messages.
import { api, type AccountInfo } from "./api";
import { escapeHtml, saveToken } from "./game";
import { findVariant, type VariantInfo } from "./variants";

export interface Challenge {
  id: number;
  by: string | null;
  rating: number | null;
  bot: boolean;
  variant: string;
  base_minutes: number;
  increment_seconds: number;
  rated: boolean;
  side: "white" | "black" | "random";
  to?: string;
}

export type LobbyMessage =
  | { type: "lobby"; you: AccountInfo | null; challenges: Challenge[] }
  | { type: "added"; challenge: Challenge }
  | { type: "removed"; id: number }
  | { type: "ack"; of: string; id?: number }
  | { type: "paired"; game: string; token: string; side: string; variant: string; rated: boolean; opponent: string | null }
  | { type: "declined"; id: number; by: string }
  | { type: "error"; status: number; message: string }
  | { type: "pong" };

// The clocks offered for quick pairing (minutes + seconds of increment).
export const QUICK_CLOCKS: ReadonlyArray<[number, number]> = [[1, 0], [3, 2], [5, 3], [10, 5], [15, 10]];

export function clockText(base: number, inc: number): string {
  return `${base}+${inc}`;
}

// The list after a message: the whole list replaced, one added (again: no
// change) or one removed (unknown: no change). Returns whether it changed.
export function applyLobby(list: Map<number, Challenge>, m: LobbyMessage): boolean {
  if (m.type === "lobby") {
    list.clear();
    for (const c of m.challenges) list.set(c.id, c);
    return true;
  }
  if (m.type === "added") {
    const had = JSON.stringify(list.get(m.challenge.id));
    list.set(m.challenge.id, m.challenge);
    return had !== JSON.stringify(m.challenge);
  }
  if (m.type === "removed") return list.delete(m.id);
  return false;
}

// The messages that post again, on a new connection, the challenges of
// `mine` still listed: a challenge lasts as long as the connection that
// posted it, so after a lost connection (the lobby's server restarting or
// failing over) the page puts its own back up.
export function reposts(list: Map<number, Challenge>, mine: Set<number>): object[] {
  return [...mine].flatMap((id) => {
    const c = list.get(id);
    if (!c) return [];
    return [{
      type: "challenge",
      variant: c.variant,
      base_minutes: c.base_minutes,
      increment_seconds: c.increment_seconds,
      side: c.side,
      rated: c.rated,
      ...(c.to ? { to: c.to } : {}),
    }];
  });
}

function sideText(c: Challenge): string {
  return c.side === "random" ? "Random" : c.side === "white" ? "They play White" : "They play Black";
}

// One row of the list: who, what, and what this viewer may do with it.
export function challengeRow(c: Challenge, variants: VariantInfo[], mine: ReadonlySet<number>, me: AccountInfo | null): string {
  const who = c.by ? `${escapeHtml(c.by)}${c.bot ? " <span class=\"badge\" title=\"A program playing through the bot API\">BOT</span>" : ""} (${c.rating ?? "?"})` : "Anonymous";
  const name = escapeHtml(findVariant(variants, c.variant)?.name ?? c.variant);
  const forMe = c.to !== undefined && me !== null && c.to.toLowerCase() === me.name.toLowerCase();
  const label = `${name} ${clockText(c.base_minutes, c.increment_seconds)}`;
  let actions: string;
  if (mine.has(c.id)) actions = `<button type="button" data-cancel="${c.id}" aria-label="Cancel your challenge: ${label}">Cancel</button>`;
  else if (c.rated && !me) actions = `<small>Log in to play rated</small>`;
  else
    actions =
      `<button type="button" class="primary" data-accept="${c.id}" aria-label="Accept: ${label} against ${c.by ? escapeHtml(c.by) : "an anonymous player"}">Accept</button>` +
      (forMe ? ` <button type="button" data-decline="${c.id}" aria-label="Decline: ${label}">Decline</button>` : "");
  return `<tr data-challenge="${c.id}"><td>${who}${c.to ? ` → ${escapeHtml(c.to)}` : ""}</td><td>${name}</td><td>${clockText(c.base_minutes, c.increment_seconds)}</td><td>${c.rated ? "Rated" : "Casual"}</td><td>${sideText(c)}</td><td>${actions}</td></tr>`;
}

export function lobbyMarkup(variants: VariantInfo[], me: AccountInfo | null): string {
  const canRate = me !== null && !me.bot;
  const quick = variants
    .map(
      (v) =>
        `<div class="quick-row"><span class="quick-name">${escapeHtml(v.name)}</span>${QUICK_CLOCKS.map(
          ([b, i]) => `<button type="button" data-seek="${v.id}" data-base="${b}" data-inc="${i}" aria-label="Quick pairing: ${escapeHtml(v.name)} ${clockText(b, i)}">${clockText(b, i)}</button>`,
        ).join("")}</div>`,
    )
    .join("");
  return `<section class="lobby" aria-labelledby="lobby-title">
      <h2 id="lobby-title">Play someone</h2>
      <div id="your-games"></div>
      <div class="lobby-cols"><div>
      <h3>Quick pairing</h3>
      <p><small>Matched with the next player who wants the same variant and clock${canRate ? ", the closest rating first" : ""}.</small></p>
      ${canRate ? `<label><input type="checkbox" id="lobby-rated"> Rated games</label>` : ""}
      <div class="quick-grid">${quick}</div>
      <p id="seeking" role="status"></p>
      </div><div>
      <h3>Open challenges</h3>
      <div id="challenges"><p>Connecting…</p></div>
      <details id="post-challenge"><summary>Post a challenge</summary>
        <form id="challenge-form" class="new-game">
          <label>Variant <select name="challenge-variant">${variants.map((v) => `<option value="${v.id}">${escapeHtml(v.name)}</option>`).join("")}</select></label>
          <label>Minutes <input type="number" name="challenge-minutes" min="0" max="180" value="5" inputmode="numeric"></label>
          <label>Increment (seconds) <input type="number" name="challenge-increment" min="0" max="180" value="3" inputmode="numeric"></label>
          <label>I play <select name="challenge-side"><option value="random">Random</option><option value="white">White</option><option value="black">Black</option></select></label>
          ${canRate ? `<label><input type="checkbox" name="challenge-rated"> Rated</label>` : ""}
          <label>To a player (optional) <input name="challenge-to" autocomplete="off" spellcheck="false" maxlength="20"></label>
          <button type="submit" id="post">Post the challenge</button>
        </form>
      </details>
      </div></div>
      <p id="lobby-error" class="error" role="alert"></p>
      <p id="lobby-status" role="status"></p>
    </section>`;
}

// The player's games going on (an account's, from the server, on any device).
async function showYourGames(host: HTMLElement, variants: VariantInfo[]) {
  try {
    const { games } = await api.myGames();
    if (!host.isConnected) return;
    for (const g of games) saveToken(g.id, g.token);
    host.innerHTML = games.length
      ? `<h3>Your games going on</h3><ul id="ongoing-games">${games
          .map((g) => `<li><a href="#/game/${g.id}">${escapeHtml(findVariant(variants, g.variant)?.name ?? g.variant)}, you play ${g.side}${g.opponent ? ` against ${escapeHtml(g.opponent)}` : g.mode === "computer" ? " against the computer" : ""}${g.rated ? ", rated" : ""}</a></li>`)
          .join("")}</ul>`
      : "";
  } catch {
    host.textContent = "";
  }
}

// Connects the lobby section; it closes itself once the section leaves the page.
export function startLobby(root: HTMLElement, variants: VariantInfo[], me: AccountInfo | null, go: (path: string) => void) {
  const section = root.querySelector<HTMLElement>(".lobby")!;
  const table = section.querySelector<HTMLElement>("#challenges")!;
  const seeking = section.querySelector<HTMLElement>("#seeking")!;
  const error = section.querySelector<HTMLElement>("#lobby-error")!;
  const status = section.querySelector<HTMLElement>("#lobby-status")!;
  const list = new Map<number, Challenge>();
  const mine = new Set<number>();
  let seek: { id: number; label: string; message: object } | null = null;
  let pendingSeek = "";
  let seekMessage: object = {};
  // What the next connection posts again (reposts): this page's challenges
  // and seek when the last connection was lost.
  let again: object[] = [];
  let ws: WebSocket | null = null;
  let retry = 1000;
  if (me) void showYourGames(section.querySelector<HTMLElement>("#your-games")!, variants);

  const render = () => {
    const rows = [...list.values()].map((c) => challengeRow(c, variants, mine, me)).join("");
    table.innerHTML = rows
      ? `<table class="challenge-list"><caption class="sr-only">Open challenges</caption><thead><tr><th scope="col">Player</th><th scope="col">Variant</th><th scope="col">Clock</th><th scope="col">Mode</th><th scope="col">Side</th><th scope="col"><span class="sr-only">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>No open challenges right now: post one, or use quick pairing.</p>`;
    seeking.innerHTML = seek ? `Looking for an opponent: ${escapeHtml(seek.label)}… <button type="button" data-cancel="${seek.id}">Cancel</button>` : "";
  };
  const send = (m: object) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
    else error.textContent = "Not connected to the lobby yet; try again in a moment.";
  };
  const onMessage = (m: LobbyMessage) => {
    if (applyLobby(list, m)) {
      if (m.type === "removed") mine.delete(m.id);
      return render();
    }
    if (m.type === "ack" && m.of === "challenge" && m.id !== undefined) {
      mine.add(m.id);
      error.textContent = "";
      render();
    } else if (m.type === "ack" && m.of === "seek" && m.id !== undefined) {
      seek = { id: m.id, label: pendingSeek, message: seekMessage };
      render();
    } else if (m.type === "ack" && m.of === "cancel") {
      if (seek && seek.id === m.id) seek = null;
      render();
    } else if (m.type === "paired") {
      saveToken(m.game, m.token);
      go(`/game/${m.game}`);
    } else if (m.type === "declined") {
      status.textContent = `${m.by} declined your challenge.`;
    } else if (m.type === "error") {
      error.textContent = m.message;
    }
  };
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${proto}://${location.host}/api/lobby/ws`);
    ws = socket;
    socket.onopen = () => {
      retry = 1000;
      status.textContent = again.length ? "Reconnected: your challenges are posted again." : "";
      for (const m of again) socket.send(JSON.stringify(m));
      again = [];
    };
    socket.onmessage = (e) => {
      if (!section.isConnected) return socket.close();
      try {
        onMessage(JSON.parse(String(e.data)) as LobbyMessage);
      } catch {
        /* not a lobby message */
      }
    };
    socket.onclose = () => {
      if (ws !== socket || !section.isConnected) return;
      // Its challenges and seek went with the connection: the next one posts them again.
      again = [...reposts(list, mine), ...(seek ? [seek.message] : [])];
      mine.clear();
      seek = null;
      render();
      status.textContent = "The lobby connection was lost; reconnecting…";
      window.setTimeout(() => section.isConnected && connect(), retry);
      retry = Math.min(retry * 2, 30_000);
    };
  };
  const leave = () => {
    if (section.isConnected) return;
    window.removeEventListener("hashchange", leave);
    const socket = ws;
    ws = null;
    socket?.close();
  };
  window.addEventListener("hashchange", leave);

  section.addEventListener("click", (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>("button");
    if (!b) return;
    error.textContent = "";
    if (b.dataset.seek) {
      const rated = section.querySelector<HTMLInputElement>("#lobby-rated")?.checked ?? false;
      const base = Number(b.dataset.base), inc = Number(b.dataset.inc);
      if (seek) send({ type: "cancel", id: seek.id });
      pendingSeek = `${findVariant(variants, b.dataset.seek)?.name ?? b.dataset.seek} ${clockText(base, inc)}${rated ? ", rated" : ""}`;
      seekMessage = { type: "seek", variant: b.dataset.seek, base_minutes: base, increment_seconds: inc, rated };
      send(seekMessage);
    } else if (b.dataset.accept) send({ type: "accept", id: Number(b.dataset.accept) });
    else if (b.dataset.decline) send({ type: "decline", id: Number(b.dataset.decline) });
    else if (b.dataset.cancel) send({ type: "cancel", id: Number(b.dataset.cancel) });
  });
  const form = section.querySelector<HTMLFormElement>("#challenge-form")!;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const to = String(f.get("challenge-to") ?? "").trim();
    send({
      type: "challenge",
      variant: String(f.get("challenge-variant")),
      base_minutes: Number(f.get("challenge-minutes")) || 0,
      increment_seconds: Number(f.get("challenge-increment")) || 0,
      side: String(f.get("challenge-side")),
      rated: f.get("challenge-rated") !== null,
      ...(to ? { to } : {}),
    });
  });
  connect();
}
