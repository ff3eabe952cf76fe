// Rules pages, written in our own words from the project's rules specification,
// with diagrams whose marks come from the engine itself: each diagram asks the
// server for the legal moves of a position and marks those of one piece.
import { api } from "./api";
import { BoardView } from "./board";
import { MoveInput } from "./controller";
import { PIECE_NAMES } from "./pieces";

interface Diagram {
  title: string;
  piece?: string; // the piece letter the diagram shows (every piece of the variant has one)
  fen: string;
  from: string; // the piece whose moves are marked ("" with reserve: a drop)
  reserve?: string;
  caption: string;
}

interface RulesPage {
  title: string;
  intro: string;
  sections: { heading: string; text: string[] }[];
  diagrams: Diagram[];
}

const CHESS_KINGS = (piece: string) => `1k6/8/8/8/3${piece}4/8/7K/8 w - - 0 1`;
const WRECK = (rank5: string, extra = "10") => `k9/10/10/${extra}/10/${rank5}/10/10/10/9K w - - - 0 1`;
const WATAKU = (piece: string) => `6kk1/9/9/9/4${piece}4/3K5/9/9/K8 w - 1`;

export const RULES: Record<string, RulesPage> = {
  chess: {
    title: "Chess",
    intro: "Orthodox chess under the FIDE rules. Chimera keeps it as the yardstick that checks the shared engine against published results.",
    sections: [
      { heading: "Goal", text: ["Checkmate the opposing King. Stalemate, a third repetition, 50 moves by each side without a capture or pawn move, and positions where no mate is possible are draws."] },
      { heading: "Special moves", text: ["Castling on either side when neither King nor that Rook has moved, the squares between are empty and the King does not pass through check.", "A pawn that has just advanced two squares can be taken en passant on the next move. Pawns promote to a Queen, Rook, Bishop or Knight."] },
    ],
    diagrams: [
      { title: "Queen", piece: "Q", fen: CHESS_KINGS("Q"), from: "d4", caption: "Any distance along ranks, files and diagonals." },
      { title: "Rook", piece: "R", fen: CHESS_KINGS("R"), from: "d4", caption: "Any distance along ranks and files." },
      { title: "Bishop", piece: "B", fen: CHESS_KINGS("B"), from: "d4", caption: "Any distance along diagonals." },
      { title: "Knight", piece: "N", fen: CHESS_KINGS("N"), from: "d4", caption: "Jumps two squares one way and one square sideways." },
      { title: "King", piece: "K", fen: CHESS_KINGS("K").replace("7K", "8"), from: "d4", caption: "One step in any direction." },
      { title: "Pawn", piece: "P", fen: "k7/8/8/8/8/3n4/4P3/7K w - - 0 1", from: "e2", caption: "One square forward, two from its start; it captures one square diagonally forward (here the Knight on d3)." },
      { title: "Castling", piece: "K", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", from: "e1", caption: "The King moves two squares toward a Rook, which jumps over it (c1 and g1)." },
    ],
  },
  wreckage: {
    title: "Wreckage",
    intro: "A fast, tactical game on a 10x10 board. Besides the usual pieces each side has a Dragon, a Detonator, Ferz- and Wazir-Knights, and in hand one Flying Guillotine and five Ninja Pawns that enter by drops.",
    sections: [
      { heading: "Pawns", text: ["A Pawn advances over empty squares: from its own half it may go as far as the middle (rank 5 for White) in one move; from the middle exactly one step; in enemy territory one or two steps. It captures one square diagonally forward. When it advances two or three squares, every square it passed can be taken en passant by an enemy Pawn on the next move.", "A Ninja Pawn also steps sideways, captures sideways once in enemy territory, and is never taken en passant. Both kinds promote on the last rank to any of Queen, Rook, Bishop, Ferz-Knight, Wazir-Knight, Dragon, Guillotine or Detonator."] },
      { heading: "Dragon", text: ["Moves like a Queen or a Knight, only onto empty squares. Sliding forward (straight or diagonally) it captures the enemy piece just beyond where it stops; sliding backward or sideways it captures the enemy piece it moves away from. Those captures are compulsory, and a Dragon never captures pawns of either kind."] },
      { heading: "Detonator", text: ["Moves like a Queen or a Knight, only onto empty squares. Instead of moving it may detonate: every enemy piece next to it except Ninja Pawns is removed, and it stays where it is."] },
      { heading: "Flying Guillotine", text: ["Slides like a Queen. It captures by flying over an enemy piece to the empty square just beyond it; it may also jump an adjacent piece to land two squares away, take an enemy exactly two squares away by landing on it, or take two adjacent enemies at once by landing on the second. A King two squares from an enemy Guillotine on a line is always in check."] },
      { heading: "Drops, castling and the end", text: ["On a turn a player may instead drop the Guillotine onto an empty square of the back rank, or a Ninja Pawn onto an empty square of the second rank, optionally pushing it straight on to the middle over empty squares.", "The King may castle one to four squares toward an unmoved b- or i-Rook, which lands just past it. Checkmate wins; stalemate, a third repetition, 100 plies without progress, and bare Kings with empty hands are draws."] },
    ],
    diagrams: [
      { title: "King and castling", piece: "K", fen: "k9/10/10/10/10/10/10/10/10/1R3K2R1 w BI - - 0 1", from: "f1", caption: "One step in any direction; castling one to four squares toward an unmoved b- or i-Rook. Where a step and a castling share a square both are marked." },
      { title: "Queen", piece: "Q", fen: WRECK("4Q5"), from: "e5", caption: "Any distance along ranks, files and diagonals." },
      { title: "Rook", piece: "R", fen: WRECK("4R5"), from: "e5", caption: "Any distance along ranks and files." },
      { title: "Bishop", piece: "B", fen: WRECK("4B5"), from: "e5", caption: "Any distance along diagonals." },
      { title: "Dragon", piece: "D", fen: WRECK("3bD5", "4r5"), from: "e5", caption: "Slides and leaps onto empty squares; here sliding to e6 takes the Rook on e7, and withdrawing east takes the Bishop on d5." },
      { title: "Detonator", piece: "X", fen: WRECK("3pXj4"), from: "e5", caption: "Moves like a Queen or Knight onto empty squares; detonating would remove the pawn on d5 but not the Ninja Pawn on f5." },
      { title: "Flying Guillotine", piece: "G", fen: WRECK("4G5", "4r5"), from: "e5", caption: "Flies over the Rook to e8, or takes it on e7 from two squares away." },
      { title: "Ferz-Knight", piece: "F", fen: WRECK("4F5"), from: "e5", caption: "A Knight's leap or one diagonal step." },
      { title: "Wazir-Knight", piece: "W", fen: WRECK("4W5"), from: "e5", caption: "A Knight's leap or one orthogonal step." },
      { title: "Pawn", piece: "P", fen: "k9/10/10/10/10/10/10/10/4P5/9K w - - - 0 1", from: "e2", caption: "From its start it may advance one, two or three squares." },
      { title: "Ninja Pawn", piece: "J", fen: "k9/10/3b6/4Jr4/10/10/10/10/10/9K w - - - 0 1", from: "e7", caption: "In enemy territory: one or two steps forward, a step sideways, a capture diagonally forward (d8) or sideways (f7)." },
      { title: "Ninja Pawn drop", fen: "k9/10/10/10/10/10/10/10/10/9K w - - J 0 1", from: "", reserve: "J", caption: "A Ninja Pawn enters on rank 2 and may be pushed on to rank 5 in the same turn." },
    ],
  },
  wataku: {
    title: "Wataku Genesis",
    intro: "Played on the 81 points of a 9x9 grid. Each side has two Kings; pieces connected to a King are active, the others lie dormant until a link is restored.",
    sections: [
      { heading: "Groups and activity", text: ["Pieces of one side that touch (orthogonally or diagonally) form a group. A piece is active when its group holds one of its Kings, otherwise dormant: it stays on the board and blocks lines but cannot move, attack or give check. Activity is recomputed after every action, so cutting a link or restoring one changes what can move."] },
      { heading: "Pieces", text: ["Queen, Rook, Bishop and Knight move as in chess but never capture a Turtle or a King. A Pawn steps one point orthogonally in any direction and captures one point diagonally. A Turtle steps orthogonally, never captures and can never be captured. A King steps one point but may never end next to an enemy King."] },
      { heading: "Traverse and deployment", text: ["Instead of its ordinary move, an active non-King piece may Traverse: run over an unbroken line of friendly non-King pieces and land on the first empty point after it.", "Instead of moving, a player may deploy a piece from the reserve onto any empty point; it arrives dormant unless it touches a group with a King, and it can wake a dormant group by linking it."] },
      { heading: "Check and the end", text: ["A King is in check when an active enemy piece attacks it. No action may leave either of your Kings in check. Having no legal action with a King in check is checkmate — mating one King is enough; with no King in check it is stalemate, a draw. A third repetition is also a draw. The start position is one of four formations, chosen at random."] },
    ],
    diagrams: [
      { title: "King", piece: "K", fen: "6kk1/9/9/9/9/3K5/9/9/K8 w - 1", from: "d4", caption: "One point in any direction, never next to an enemy King. Each side has two." },
      { title: "Queen", piece: "Q", fen: WATAKU("Q"), from: "e5", caption: "Lines in eight directions; its own King on d4 blocks one diagonal." },
      { title: "Rook", piece: "R", fen: WATAKU("R"), from: "e5", caption: "Lines along the grid in four directions." },
      { title: "Bishop", piece: "B", fen: WATAKU("B"), from: "e5", caption: "Diagonal lines; its own King on d4 blocks one." },
      { title: "Knight", piece: "N", fen: WATAKU("N"), from: "e5", caption: "The chess Knight's leap." },
      { title: "Pawn", piece: "P", fen: WATAKU("P"), from: "e5", caption: "One point orthogonally in any direction; it captures diagonally." },
      { title: "Turtle", piece: "T", fen: WATAKU("T"), from: "e5", caption: "One point orthogonally; it never captures and cannot be captured." },
      { title: "Traverse", fen: "6kk1/9/9/9/4PTT2/3K5/9/9/K8 w - 1", from: "e5", caption: "The Pawn can Traverse over its two Turtles to h5." },
      { title: "Dormant piece", fen: "6kk1/9/9/9/3K5/9/7R1/9/K8 w - 1", from: "h3", caption: "The Rook on h3 touches no King's group: it is dormant and has no move." },
    ],
  },
  chess4d: {
    title: "4D chess",
    intro: "A board of 4x4x2x2 squares, shown as four small boards: columns are the Z coordinate, rows the W coordinate. A square is written like a1[0,0]. Every piece moves the same way along all four axes.",
    sections: [
      { heading: "Pieces", text: ["Rook: any distance along one axis. Bishop: the same distance along exactly two axes. Queen: the same distance along any number of axes. King: one step along any combination of axes. Knight: two steps along the file or rank axis and one along another axis.", "A Pawn steps one rank forward onto an empty square and captures one rank forward plus one step along the file, Z or W axis; on the last rank it becomes a Queen. There is no double step, en passant or castling."] },
      { heading: "Moving between boards", text: ["Moving to the same square on a neighbouring board changes just one axis. A move that changes Z or W always does so by one, so it has no square in between and cannot be blocked."] },
      { heading: "The end", text: ["Checkmate wins. Stalemate, a third repetition, 100 turns without a pawn move or capture and two bare Kings are draws. The journal counts every turn as one move."] },
    ],
    diagrams: [
      { title: "Rook", piece: "R", fen: "4k2K/8/8/8/8/8/1R6/8 w 0 1", from: "b2[0,0]", caption: "Along the file or rank, or to the same square on a neighbouring board." },
      { title: "Bishop", piece: "B", fen: "4k2K/8/8/8/8/8/1B6/8 w 0 1", from: "b2[0,0]", caption: "The same distance along two axes — also across boards." },
      { title: "Knight", piece: "N", fen: "4k2K/8/8/8/8/8/1N6/8 w 0 1", from: "b2[0,0]", caption: "Two along the file or rank, one along any other axis." },
      { title: "Queen", piece: "Q", fen: "4k2K/8/8/8/8/8/1Q6/8 w 0 1", from: "b2[0,0]", caption: "Up to 80 directions." },
      { title: "King", piece: "K", fen: "7k/8/8/8/8/8/1K6/8 w 0 1", from: "b2[0,0]", caption: "One step along any combination of axes, never onto an attacked square." },
      { title: "Pawn", piece: "P", fen: "4k2K/1r6/8/8/8/2n5/1P6/8 w 0 1", from: "b2[0,0]", caption: "One rank forward; it captures one rank forward plus one step along the file (c3[0,0]), Z or W axis (b3[0,1])." },
    ],
  },
};

export async function renderRules(root: HTMLElement, variant: string) {
  const page = RULES[variant];
  if (!page) {
    root.innerHTML = `<p>No rules page for ${variant}. <a href="#/">Home</a></p>`;
    return;
  }
  root.innerHTML = `<article class="rules"><h1>${page.title}: rules</h1><p>${page.intro}</p>${page.sections
    .map((s) => `<h2>${s.heading}</h2>${s.text.map((t) => `<p>${t}</p>`).join("")}`)
    .join("")}<h2>Pieces at work</h2><p class="note">The marks are the engine's own legal moves for each position.</p><div class="diagrams">${page.diagrams
    .map((d, i) => `<figure class="diagram"${d.piece ? ` data-piece="${PIECE_NAMES[d.piece]}" data-from="${d.from}"` : ""}><div class="board-host small" id="diagram-${i}"></div><figcaption><strong>${d.title}.</strong> ${d.caption}</figcaption></figure>`)
    .join("")}</div><p><a href="#/">Home</a></p></article>`;
  await Promise.all(
    page.diagrams.map(async (d, i) => {
      const host = root.querySelector<HTMLElement>(`#diagram-${i}`)!;
      try {
        const view = await api.moves(variant, d.fen);
        if (!host.isConnected) return;  // the user has already left the page
        const input = new MoveInput(view.legal_moves, false);
        if (d.reserve) input.selection = { square: null, reserve: d.reserve };
        else input.selection = { square: d.from, reserve: null };
        const board = new BoardView(host, variant, input, () => undefined);
        board.render(view.board, { interactive: false });
      } catch (e) {
        host.textContent = `Diagram unavailable: ${(e as Error).message}`;
      }
    }),
  );
}
