// The rules of orthodox chess, in our own words, with diagrams whose marks
// come from the engine (see ../rules.ts).
import type { RulesPage } from "../rules";

const CHESS_KINGS = (piece: string) => `1k6/8/8/8/3${piece}4/8/7K/8 w - - 0 1`;

export const page: RulesPage = {
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
};
