// Keeping a game view's state from the server's pushes (docs/api.md, "The
// WebSocket"): a full state replaces what the view holds; a move or an update
// applies only to the version just before its own. One at or below the held
// version is already in it; one further ahead means a push was missed, and the
// view asks for the full state again.
import type { CompactLegal, Delta, GameState, LegalMove, WireState } from "./types";

// The legal moves from their compact form: under each origin (or "<letter>@"
// for drops) a destination means the LAN origin + destination, a quiet move
// (a drop under a drop key); "x" + destination a capture of what stands there;
// an object the destination and whatever differs from those defaults.
export function decodeLegal(legal: CompactLegal | undefined): LegalMove[] {
  const out: LegalMove[] = [];
  for (const [key, entries] of Object.entries(legal ?? {})) {
    const drop = key.endsWith("@");
    const from = drop ? "" : key;
    const piece = drop ? key.slice(0, -1) : "";
    const kind: LegalMove["kind"] = drop ? "drop" : "move";
    for (const e of entries) {
      if (typeof e === "string") {
        const capture = e.startsWith("x");
        const to = capture ? e.slice(1) : e;
        out.push({ lan: key + to, from, to, kind: capture ? "capture" : kind, piece, captures: capture ? [to] : [] });
      } else {
        out.push({ lan: e.lan ?? key + e.to, from, to: e.to, kind: e.kind ?? kind, piece: e.piece ?? piece, captures: e.captures ?? [] });
      }
    }
  }
  return out;
}

export function fromWire(wire: WireState): GameState {
  const { legal, ...rest } = wire;
  return { ...rest, legal_moves: decodeLegal(legal) };
}

export type Applied = { kind: "state"; state: GameState } | { kind: "stale" } | { kind: "gap" };

// The state after a push: a new object (the one held is not changed), or
// "stale" (nothing new in it) or "gap" (pushes are missing: ask for the state).
export function applyPush(held: GameState | null, push: WireState | Delta): Applied {
  if (push.type === "state") return { kind: "state", state: fromWire(push) };
  if (!held) return { kind: "gap" };
  if (push.version <= held.version) return { kind: "stale" };
  if (push.version !== held.version + 1) return { kind: "gap" };
  if (push.type === "move" && push.ply !== held.moves.length + 1) return { kind: "gap" };
  const next: GameState = { ...held, version: push.version };
  if (push.type === "move") next.moves = [...held.moves, { lan: push.lan ?? "", san: push.san ?? "" }];
  if (push.fen !== undefined) next.fen = push.fen;
  if (push.turn !== undefined) next.turn = push.turn;
  if (push.board) next.board = { ...held.board, ...push.board };
  if (push.legal) next.legal_moves = decodeLegal(push.legal);
  if (push.clock && held.clock) next.clock = { ...held.clock, ...push.clock };
  if (push.status !== undefined) next.status = push.status;
  if (push.result !== undefined) next.result = push.result;
  if (push.termination !== undefined) next.termination = push.termination;
  if (push.draw_offer !== undefined) next.draw_offer = push.draw_offer;
  if (push.takeback_offer !== undefined) next.takeback_offer = push.takeback_offer;
  if (push.rematch !== undefined) next.rematch = push.rematch;
  if (push.present) next.present = push.present;
  if (push.players !== undefined) next.players = push.players;
  if (push.abortable !== undefined) next.abortable = push.abortable;
  // A player's claim comes with every push while it stands (counted down from
  // its arrival); null: there is none any more.
  if (push.claim_in_ms === null) delete next.claim_in_ms;
  else if (push.claim_in_ms !== undefined) next.claim_in_ms = push.claim_in_ms;
  return { kind: "state", state: next };
}
