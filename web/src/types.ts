// The server's JSON shapes (see docs/api.md). The client never decides
// legality: everything it may do comes from `legal_moves`.
import type { BoardKind } from "./variants";

export type Side = "white" | "black";

export interface LegalMove {
  lan: string;
  san: string;
  from: string; // empty for drops
  to: string;
  kind: "move" | "capture" | "castling" | "en-passant" | "promotion" | "drop" | "detonation" | "traverse";
  piece: string; // promotion or dropped piece letter
  captures: string[];
}

export interface BoardState {
  kind: BoardKind; // how it is drawn: squares, intersections of lines, 4D small boards
  dims: [number, number, number, number];
  squares: string[];
  pieces: string; // one FEN letter or '.' per cell
  dormant: string; // '1' per dormant piece where pieces can lie dormant, else empty
  groups: string; // per cell, the King group a piece belongs to ('0' none), where there are groups
  hands: { white: string; black: string };
  checked: string[];
}

export interface Clock {
  base_ms: number;
  inc_ms: number;
  white_ms: number;
  black_ms: number;
  running: Side | null;
}

export interface GameState {
  type: "state";
  id: string;
  variant: string;
  mode: "computer" | "online" | "local";
  level: number;
  formation: number;
  start_fen: string;
  fen: string;
  version: number;
  board: BoardState;
  turn: Side;
  moves: { lan: string; san: string }[];
  legal_moves: LegalMove[];
  clock: Clock | null;
  status: "playing" | "over" | "aborted"; // aborted: over without a result ("*")
  result: string;
  termination: string;
  draw_offer: Side | null;
  seats: { white: string; black: string };
  you: Side | "both" | null;
  invite?: string;
  present: { white: boolean; black: boolean }; // seats with a WebSocket open
  abortable: boolean; // the game may still be aborted (not both sides have moved)
  claim_in_ms?: number; // the opponent is away: ms until the win can be claimed
}

export interface PositionView {
  variant: string;
  fen: string;
  turn: Side;
  board: BoardState;
  legal_moves: LegalMove[];
  ply?: number;
}
