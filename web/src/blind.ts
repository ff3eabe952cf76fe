// The screen-reader mode's commands (in the spirit of lichess's blind mode):
// a line typed in the game screen's command box is a move (SAN or LAN,
// judged by the server) or a command that reads part of the game out. Pure:
// it reads the game state the screen holds and answers with text; the
// screen sends moves and puts the answers in its aria-live region.
import { formatClock } from "./controller";
import { coordOf, boardLabel } from "./geometry";
import type { GameState, Side } from "./types";

export type Reply = { say: string } | { move: string };

export const HELP =
  "Type a move in SAN or LAN (e4, Nf3, e2e4, J@e4), or a command: " +
  "c for the clocks, l for the last move, p and a piece (p N, p knight) for where that kind of piece stands, " +
  "s and a file, a rank or a board (s e, s 4, s [0,1]) for its squares, r for the hands or reserves, " +
  "t for whose turn it is, m for the legal moves, h for this help.";

const sideName = (s: Side) => (s === "white" ? "White" : "Black");

function listWords(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// The piece letter a word names: a letter of the variant, or a piece's name (any case, plural).
function pieceLetter(word: string, names: Record<string, string>): string | null {
  const t = word.trim();
  if (t.length === 1) return Object.keys(names).find((l) => l.toLowerCase() === t.toLowerCase()) ?? null;
  const w = t.toLowerCase().replace(/s$/, "");
  for (const [letter, name] of Object.entries(names))
    if (name.toLowerCase() === w || name.toLowerCase().replace(/s$/, "") === w) return letter;
  return null;
}

function occupant(letter: string, names: Record<string, string>): string {
  if (letter === ".") return "empty";
  const side = letter === letter.toUpperCase() ? "white" : "black";
  return `${side} ${names[letter.toUpperCase()] ?? letter}`;
}

// The answer to one line typed, for the game as `s` holds it, `elapsedMs`
// after it arrived (the running clock has gone down since).
export function command(line: string, s: GameState, names: Record<string, string>, handTitle: string, elapsedMs: number): Reply {
  const text = line.trim();
  const [head, ...rest] = text.split(/\s+/);
  const arg = rest.join(" ");
  const board = s.board;
  switch (head.toLowerCase()) {
    case "h":
    case "help":
      return { say: HELP };
    case "c":
    case "clock":
    case "clocks": {
      if (!s.clock) return { say: "This game has no clock." };
      const c = s.clock;
      const running = c.running ? ` ${sideName(c.running)}'s clock is running.` : "";
      const left = (side: Side) => Math.max(0, (side === "white" ? c.white_ms : c.black_ms) - (c.running === side ? elapsedMs : 0));
      return { say: `White ${formatClock(left("white"))}, Black ${formatClock(left("black"))}.${running}` };
    }
    case "l":
    case "last": {
      const n = s.moves.length;
      if (n === 0) return { say: "No move has been played yet." };
      const blackFirst = s.start_fen.split(" ")[1] === "b";
      const mover: Side = (n - 1) % 2 === 0 === !blackFirst ? "white" : "black";
      return { say: `${sideName(mover)} played ${s.moves[n - 1].san} (ply ${n}).` };
    }
    case "t":
    case "turn":
      return { say: s.status !== "playing" ? "The game is over." : `${sideName(s.turn)} to move${board.checked.length ? ", in check" : ""}.` };
    case "p":
    case "piece": {
      const letter = arg ? pieceLetter(arg, names) : null;
      if (!letter) return { say: `Which piece? For example p N or p knight. The pieces: ${listWords(Object.entries(names).map(([l, n]) => `${l} ${n}`))}.` };
      const where = (piece: string) => board.squares.filter((_, i) => board.pieces[i] === piece);
      const name = names[letter.toUpperCase()] ?? letter;
      const parts = (["white", "black"] as const).map((side) => {
        const squares = where(side === "white" ? letter.toUpperCase() : letter.toLowerCase());
        return `${sideName(side)} ${name}: ${squares.length ? listWords(squares) : "none"}`;
      });
      return { say: `${parts.join(". ")}.` };
    }
    case "s":
    case "squares": {
      const cells = selectCells(arg, s);
      if (!cells) return { say: "Which squares? A file (s e), a rank (s 4) or, in 4D, a board (s [0,1])." };
      return { say: cells.map((i) => `${board.squares[i]} ${occupant(board.pieces[i], names)}`).join(", ") + "." };
    }
    case "r":
    case "reserves":
    case "reserve":
    case "hand":
    case "hands": {
      if (!handTitle) return { say: "This variant has no pieces off the board." };
      const of = (side: Side) => {
        const counts = new Map<string, number>();
        for (const l of board.hands[side]) counts.set(l, (counts.get(l) ?? 0) + 1);
        const items = [...counts].map(([l, n]) => `${n} ${names[l] ?? l}`);
        return `${sideName(side)} ${handTitle}: ${items.length ? listWords(items) : "empty"}`;
      };
      return { say: `${of("white")}. ${of("black")}.` };
    }
    case "m":
    case "moves": {
      if (s.status !== "playing") return { say: "The game is over." };
      const lans = s.legal_moves.map((m) => m.san ?? m.lan);
      return { say: `${s.legal_moves.length} legal moves: ${lans.join(", ")}.` };
    }
    default:
      return text ? { move: text } : { say: HELP };
  }
}

// The cells a file letter, a rank number or a 4D board "[z,w]" names, in
// the order they are read (files from rank 1 up, ranks from file a).
function selectCells(arg: string, s: GameState): number[] | null {
  const d = s.board.dims;
  const all = s.board.squares.map((_, i) => i);
  const board = /^\[(\d+),(\d+)\]$/.exec(arg.replace(/\s+/g, ""));
  if (board && d[2] * d[3] > 1) {
    const [z, w] = [Number(board[1]), Number(board[2])];
    if (!boardLabel(d, z, w) || z >= d[2] || w >= d[3]) return null;
    return all.filter((i) => coordOf(i, d).z === z && coordOf(i, d).w === w);
  }
  if (/^[a-z]$/.test(arg)) {
    const x = arg.charCodeAt(0) - 97;
    return x < d[0] ? all.filter((i) => coordOf(i, d).x === x) : null;
  }
  if (/^\d+$/.test(arg)) {
    const y = Number(arg) - 1;
    return y >= 0 && y < d[1] ? all.filter((i) => coordOf(i, d).y === y) : null;
  }
  return null;
}
