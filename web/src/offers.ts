// What one player asks of the other in an online game, and what the page
// offers to answer it (docs/api.md, "Takebacks" and "Rematches"): a takeback
// during the game, a rematch after it. Pure functions of the server's state,
// tested without a browser; the server decides everything.
import { isOver } from "./ending";
import type { GameState, Side } from "./types";

const name = (side: Side) => (side === "white" ? "White" : "Black");

// The viewer's own seat in an online game (a spectator and one device have none).
function seat(s: GameState): Side | null {
  return s.mode === "online" && (s.you === "white" || s.you === "black") ? s.you : null;
}

// Takebacks: against the computer or on one device at once (`now`); online
// asked for (`ask`), waited for after asking (`asked`), or answered when the
// opponent asks (`answer`). Once a move has been played and while the game goes on.
export type TakebackControls = "none" | "now" | "ask" | "asked" | "answer";

export function takebackControls(s: GameState): TakebackControls {
  if (s.you === null || isOver(s) || s.moves.length === 0) return "none";
  if (s.mode !== "online") return "now";
  const me = seat(s);
  if (!me) return "none";
  if (s.takeback_offer === me) return "asked";
  if (s.takeback_offer) return "answer";
  return "ask";
}

// A rematch after an online game: offer it, wait after offering, answer the
// opponent's offer, or follow it once it has started (players are taken to
// it; a spectator may watch it).
export type RematchControls = { kind: "none" | "offer" | "offered" | "answer" } | { kind: "started"; game: string; player: boolean };

export function rematchControls(s: GameState): RematchControls {
  if (s.mode !== "online" || !isOver(s) || s.seats.white === "open" || s.seats.black === "open") return { kind: "none" };
  const r = s.rematch;
  const me = seat(s);
  if (r?.game) return { kind: "started", game: r.game, player: me !== null };
  if (!me) return { kind: "none" };
  if (!r?.offer) return { kind: "offer" };
  return { kind: r.offer === me ? "offered" : "answer" };
}

// What to announce when an offer appears: "Black asks to take back their last
// move.", "White offers a rematch.", or "" when nothing new stands.
export function offerNews(before: GameState | null, s: GameState): string {
  if (s.takeback_offer && s.takeback_offer !== before?.takeback_offer && s.takeback_offer !== s.you)
    return `${name(s.takeback_offer)} asks to take back their last move.`;
  const offer = s.rematch?.offer;
  if (offer && offer !== before?.rematch?.offer && offer !== s.you) return `${name(offer)} offers a rematch.`;
  return "";
}

// The buttons for the controls: ids for the takeback's (takeback,
// takeback-accept, takeback-decline: on the panel only), data-act for the
// rematch's, shown both in the end dialog and on the panel (rematch-offer,
// rematch-accept, rematch-decline, rematch-cancel, rematch-go).
export function takebackButtons(c: TakebackControls): string {
  switch (c) {
    case "now":
      return `<button type="button" id="takeback">Take back</button>`;
    case "ask":
      return `<button type="button" id="takeback">Ask to take back</button>`;
    case "asked":
      return `<span class="pending">Takeback asked…</span>`;
    case "answer":
      return `<span role="group" aria-label="Takeback asked by your opponent" class="confirm">Your opponent asks to take back. <button type="button" id="takeback-accept">Accept takeback</button><button type="button" id="takeback-decline">Decline</button></span>`;
    default:
      return "";
  }
}

export function rematchButtons(c: RematchControls): string {
  switch (c.kind) {
    case "offer":
      return `<button type="button" data-act="rematch-offer" class="primary">Offer rematch (colours swapped)</button>`;
    case "offered":
      return `<span class="pending">Rematch offered…</span> <button type="button" data-act="rematch-cancel">Cancel rematch</button>`;
    case "answer":
      return `<span role="group" aria-label="Rematch offered by your opponent" class="confirm">Your opponent offers a rematch. <button type="button" data-act="rematch-accept" class="primary">Accept rematch</button><button type="button" data-act="rematch-decline">Decline</button></span>`;
    case "started":
      return c.player
        ? `<button type="button" data-act="rematch-go" class="primary">Go to the rematch</button>`
        : `<a class="button" href="#/game/${encodeURIComponent(c.game)}" data-act="rematch-watch">Watch the rematch</a>`;
    default:
      return "";
  }
}
