// The rules of 4D chess, in our own words from the project's rules
// specification, with diagrams whose marks come from the engine (see ../rules.ts).
import type { RulesPage } from "../rules";

export const page: RulesPage = {
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
  hint: "Try the fourth-axis move: Rook a1[0,0] to a1[0,1] — select the Rook on the bottom-left board, then a1 on the top-left board (Alt+Up from the keyboard).",
};
