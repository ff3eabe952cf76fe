// The server's JSON shapes (see docs/api.md), and the game state the client
// keeps from them. The client never decides legality: everything it may do
// comes from the legal moves the server sends.
import type { BoardKind } from "./variants";

export type Side = "white" | "black";

export interface LegalMove {
  lan: string;
  san?: string; // in /api/moves and /ply answers; the game's pushes leave it out
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

// The game as the client holds it: the server's full state with its legal
// moves decoded (src/sync.ts keeps it up to date from the pushes).
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
  takeback_offer?: Side | null; // online: the side asking for its last move back
  rematch?: { offer: Side | null; game: string | null }; // after an online game
  seats: { white: string; black: string };
  rated?: boolean;
  players?: { white: PlayerInfo | null; black: PlayerInfo | null } | null; // seats held by accounts
  you: Side | "both" | null;
  invite?: string;
  present: { white: boolean; black: boolean }; // seats with a WebSocket open
  abortable: boolean; // the game may still be aborted (not both sides have moved)
  claim_in_ms?: number; // the opponent is away: ms until the win can be claimed
}

// A seat's account: its name and rating (before: after a rated game, the rating before it).
export interface PlayerInfo {
  name: string;
  rating: number;
  provisional: boolean;
  before?: number;
}

export interface PositionView {
  variant: string;
  fen: string;
  turn: Side;
  board: BoardState;
  legal_moves: LegalMove[];
  ply?: number;
  outcome?: string; // GET /api/moves: "ongoing", "checkmate", ...
  played?: { lan: string; san: string }[]; // GET /api/moves with moves: them, as played
}

// A legal move in the game's compact form (docs/api.md, "Legal moves"): a
// destination square, "x" and the square for a plain capture, or an object
// with the destination and what differs from those defaults.
export type CompactMove = string | { to: string; lan?: string; kind?: LegalMove["kind"]; piece?: string; captures?: string[] };

// Legal moves grouped by origin square, drops under "<letter>@".
export type CompactLegal = Record<string, CompactMove[]>;

// The full state as the server sends it (on connect, on request, over HTTP).
export interface WireState extends Omit<GameState, "legal_moves"> {
  legal: CompactLegal;
}

// What changed with one move, or with a change that is not a move (a draw
// offer, a result, an abort, a seat arriving or leaving): the fields present
// replace the state's, board and clock field by field.
export interface Delta {
  type: "move" | "update";
  version: number;
  ply?: number;
  lan?: string;
  san?: string;
  fen?: string;
  turn?: Side;
  board?: Partial<BoardState>;
  legal?: CompactLegal;
  clock?: Partial<Clock>;
  status?: GameState["status"];
  result?: string;
  termination?: string;
  draw_offer?: Side | null;
  takeback_offer?: Side | null;
  rematch?: GameState["rematch"];
  present?: GameState["present"];
  abortable?: boolean;
  players?: GameState["players"];
  claim_in_ms?: number | null; // to a player who may claim: with every push while the claim stands
}
