// Players with accounts (docs/api.md, "Ratings and players"): their names and
// ratings beside the clocks, the rating change at the end of a rated game,
// a player's page (ratings, a rating graph, games with filters) and a
// variant's leaderboard.
import { ApiError } from "./api";
import { escapeHtml } from "./game";
import type { GameState, PlayerInfo, Side } from "./types";
import { variants, type VariantInfo } from "./variants";

// "1500" or "1500?" while provisional.
export function ratingText(p: { rating: number; provisional: boolean }): string {
  return `${p.rating}${p.provisional ? "?" : ""}`;
}

// " · Bob (1500?)" after the side's name, or "" for a seat without an account.
export function playerTag(s: GameState, side: Side): string {
  const p = s.players?.[side];
  return p ? ` · <a href="#/player/${encodeURIComponent(p.name)}">${escapeHtml(p.name)}</a> (${ratingText(p)})` : "";
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

// After a rated game: "Alice 1500 → 1337 (−163), Bob 1500 → 1662 (+162)."
export function ratingChanges(s: GameState): string {
  if (!s.rated || !s.players) return "";
  const parts: string[] = [];
  for (const side of ["white", "black"] as const) {
    const p: PlayerInfo | null = s.players[side];
    if (!p || p.before === undefined) continue;
    parts.push(`${p.name} ${p.before} → ${p.rating} (${signed(p.rating - p.before)})`);
  }
  return parts.length ? `${parts.join(", ")}.` : "";
}

interface PlayerPage {
  name: string;
  created_ms: number;
  bot: boolean;
  ratings: Record<string, { rating: number; deviation: number; provisional: boolean; games: number }>;
  history: Record<string, { at_ms: number; rating: number; game: string }[]>;
  games: { id: string; variant: string; mode: string; plies: number; result: string; termination: string; updated_ms: number; white: string | null; black: string | null; rated: boolean; side: Side; outcome: string }[];
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path);
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data?.error?.message ?? res.statusText);
  return data as T;
}

// A rating graph: the ratings after each rated game, as an SVG line (with a
// text equivalent for screen readers).
export function ratingGraph(points: { at_ms: number; rating: number }[], label: string): string {
  if (points.length === 0) return "";
  const w = 320, h = 120, pad = 8;
  const lo = Math.min(...points.map((p) => p.rating)) - 10, hi = Math.max(...points.map((p) => p.rating)) + 10;
  const x = (i: number) => pad + (points.length === 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (points.length - 1));
  const y = (r: number) => pad + ((hi - r) * (h - 2 * pad)) / (hi - lo);
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const dots = points.map((p, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="2.5"></circle>`).join("");
  return `<svg class="rating-graph" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeHtml(label)}: ${points.map((p) => p.rating).join(", ")}"><path d="${path}"></path>${dots}</svg>`;
}

function variantName(list: VariantInfo[], id: string): string {
  return list.find((v) => v.id === id)?.name ?? id;
}

export async function renderPlayer(root: HTMLElement, name: string, query: URLSearchParams) {
  const here = location.hash;
  let page: PlayerPage;
  let list: VariantInfo[] = [];
  try {
    [page, list] = await Promise.all([getJson<PlayerPage>(`/api/players/${encodeURIComponent(name)}?${query}`), variants().catch(() => [])]);
  } catch (e) {
    if (location.hash !== here) return;
    root.innerHTML = `<h1 tabindex="-1">No such player</h1><p>${escapeHtml((e as Error).message)}</p><p><a href="#/">Home</a></p>`;
    return;
  }
  if (location.hash !== here) return;
  const ratings = Object.entries(page.ratings)
    .map(([v, r]) => `<li><strong>${escapeHtml(variantName(list, v))}</strong>: ${ratingText(r)} (${r.games} rated game${r.games === 1 ? "" : "s"}) <a href="#/ratings/${v}">leaderboard</a>${ratingGraph(page.history[v] ?? [], `${variantName(list, v)} rating after each game`)}</li>`)
    .join("");
  const option = (value: string, label: string, current: string | null) => `<option value="${value}" ${current === value ? "selected" : ""}>${label}</option>`;
  const games = page.games
    .map((g) => {
      const opponent = g.side === "white" ? g.black : g.white;
      return `<li><a href="#/game/${g.id}">${escapeHtml(variantName(list, g.variant))}</a>, ${g.side} against ${opponent ? escapeHtml(opponent) : g.mode === "computer" ? "the computer" : "anonymous"}: ${g.outcome === "none" ? "aborted" : g.outcome} (${escapeHtml(g.termination)})${g.rated ? ", rated" : ""} · <a href="#/analysis/${g.variant}?game=${g.id}">analyse</a></li>`;
    })
    .join("");
  root.innerHTML = `
    <h1 tabindex="-1">${escapeHtml(page.name)}${page.bot ? " (bot)" : ""}</h1>
    <p>Playing since ${new Date(page.created_ms).toLocaleDateString()}.</p>
    <h2>Ratings</h2>
    ${ratings ? `<ul class="ratings">${ratings}</ul>` : "<p>No rated games yet.</p>"}
    <h2>Games</h2>
    <form id="game-filters" class="filters">
      <label>Variant <select name="variant">${option("", "All", query.get("variant"))}${list.map((v) => option(v.id, escapeHtml(v.name), query.get("variant"))).join("")}</select></label>
      <label>Result <select name="result">${option("", "All", query.get("result"))}${option("win", "Wins", query.get("result"))}${option("loss", "Losses", query.get("result"))}${option("draw", "Draws", query.get("result"))}</select></label>
      <label>Rated <select name="rated">${option("", "All", query.get("rated"))}${option("true", "Rated", query.get("rated"))}${option("false", "Casual", query.get("rated"))}</select></label>
    </form>
    ${games ? `<ul id="player-games">${games}</ul>` : `<p id="player-games">No games${query.toString() ? " with these filters" : ""}.</p>`}
    <p><a href="#/">Home</a></p>`;
  root.querySelector("#game-filters")!.addEventListener("change", (e) => {
    const form = (e.currentTarget as HTMLFormElement);
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (v) q.set(k, String(v));
    location.hash = `#/player/${encodeURIComponent(page.name)}${q.toString() ? `?${q}` : ""}`;
  });
}

export async function renderLeaderboard(root: HTMLElement, variant: string) {
  const here = location.hash;
  let board: { players: { name: string; rating: number; provisional: boolean; games: number }[] };
  let list: VariantInfo[] = [];
  try {
    [board, list] = await Promise.all([getJson<typeof board>(`/api/ratings/${encodeURIComponent(variant)}`), variants().catch(() => [])]);
  } catch (e) {
    if (location.hash !== here) return;
    root.innerHTML = `<h1 tabindex="-1">No leaderboard</h1><p>${escapeHtml((e as Error).message)}</p><p><a href="#/">Home</a></p>`;
    return;
  }
  if (location.hash !== here) return;
  const rows = board.players
    .map((p, i) => `<tr><td>${i + 1}</td><td><a href="#/player/${encodeURIComponent(p.name)}">${escapeHtml(p.name)}</a></td><td>${p.rating}</td><td>${p.games}</td></tr>`)
    .join("");
  root.innerHTML = `
    <h1 tabindex="-1">${escapeHtml(variantName(list, variant))}: leaderboard</h1>
    ${rows ? `<table class="leaderboard"><thead><tr><th scope="col">#</th><th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Games</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>Nobody has an established rating yet (a rating is provisional while its deviation is above 110).</p>"}
    <p>${list.map((v) => `<a href="#/ratings/${v.id}">${escapeHtml(v.name)}</a>`).join(" · ")} · <a href="#/">Home</a></p>`;
}
