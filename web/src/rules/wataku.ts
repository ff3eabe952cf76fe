// The rules of Wataku Genesis, in our own words from the project's rules
// specification, with diagrams whose marks come from the engine (see ../rules.ts).
import type { RulesPage } from "../rules";

const WATAKU = (piece: string) => `6kk1/9/9/9/4${piece}4/3K5/9/9/K8 w - 1`;

export const page: RulesPage = {
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
};
