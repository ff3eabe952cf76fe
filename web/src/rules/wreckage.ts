// The rules of Wreckage, in our own words from the project's rules
// specification, with diagrams whose marks come from the engine (see ../rules.ts).
import type { RulesPage } from "../rules";

const WRECK = (rank5: string, extra = "10") => `k9/10/10/${extra}/10/${rank5}/10/10/10/9K w - - - 0 1`;

export const page: RulesPage = {
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
};
