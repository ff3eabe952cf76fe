import { describe, expect, it } from "vitest";
import { analysisHash, moveNumber, parseAnalysisHash } from "../src/analysis";
import { scoreText, whiteShare } from "../src/engine";
import { listItems, MoveTree } from "../src/tree";

const m = (lan: string) => ({ lan, san: lan.toUpperCase() });

describe("MoveTree", () => {
  it("keeps the first line as the main line and adds tries as variations", () => {
    const t = new MoveTree();
    const end = t.addLine(0, [m("e4"), m("e5"), m("nf3")]);
    const e5 = t.mainline(0)[1];
    const nc3 = t.add(e5.id, "nc3", "Nc3");
    expect(t.mainline(0).map((n) => n.lan)).toEqual(["e4", "e5", "nf3"]);
    expect(t.node(e5.id).children).toEqual([end.id, nc3.id]);
    expect(t.lans(nc3.id)).toEqual(["e4", "e5", "nc3"]);
    expect(t.onMainline(nc3.id)).toBe(false);
    expect(t.onMainline(end.id)).toBe(true);
  });
  it("goes to a move already there instead of adding it twice", () => {
    const t = new MoveTree();
    const a = t.add(0, "e4", "e4");
    expect(t.add(0, "e4", "e4").id).toBe(a.id);
    expect(t.root.children).toHaveLength(1);
  });
  it("steps back, on along the main line, to the start and to the end", () => {
    const t = new MoveTree();
    const [a, b, c] = [t.add(0, "a", "a"), null, null];
    const bb = t.add(a.id, "b", "b");
    const cc = t.add(bb.id, "c", "c");
    void b;
    void c;
    expect(t.step(cc.id, "prev")).toBe(bb.id);
    expect(t.step(0, "prev")).toBe(0);
    expect(t.step(a.id, "next")).toBe(bb.id);
    expect(t.step(cc.id, "next")).toBe(cc.id);
    expect(t.step(cc.id, "start")).toBe(0);
    expect(t.step(0, "end")).toBe(cc.id);
  });
  it("promotes a variation to the main line at every branch above it", () => {
    const t = new MoveTree();
    const main = t.addLine(0, [m("a"), m("b"), m("c")]);
    const side = t.addLine(t.mainline(0)[0].id, [m("x"), m("y")]);
    t.promote(side.id);
    expect(t.mainline(0).map((n) => n.lan)).toEqual(["a", "x", "y"]);
    expect(t.onMainline(main.id)).toBe(false);
  });
  it("removes a move with everything after it, never the root", () => {
    const t = new MoveTree();
    const end = t.addLine(0, [m("a"), m("b")]);
    const a = t.mainline(0)[0];
    expect(t.remove(a.id)).toBe(0);
    expect(t.root.children).toEqual([]);
    expect(t.mainline(0)).toEqual([]);
    expect(t.remove(0)).toBe(0);
    void end;
  });
});

describe("listItems", () => {
  it("puts each variation after the main move it replaces, numbered again after it", () => {
    const t = new MoveTree();
    t.addLine(0, [m("e4"), m("e5"), m("nf3")]);
    t.addLine(t.mainline(0)[0].id, [m("c5"), m("nf3")]);
    const num = (ply: number, first: boolean) => moveNumber(ply, first, false, false);
    const text = listItems(t, num)
      .map((i) => (i.kind === "open" ? "(" : i.kind === "close" ? ")" : `${i.number}${i.node.san}`))
      .join(" ");
    expect(text).toBe("1.E4 E5 ( 1…C5 2.NF3 ) 2.NF3");
  });
});

describe("moveNumber", () => {
  it("numbers White's moves, Black's only where a line starts", () => {
    expect(moveNumber(1, true, false, false)).toBe("1.");
    expect(moveNumber(2, false, false, false)).toBe("");
    expect(moveNumber(2, true, false, false)).toBe("1…");
    expect(moveNumber(3, false, false, false)).toBe("2.");
  });
  it("counts from Black's first move when Black starts, and every ply with plies numbering", () => {
    expect(moveNumber(1, true, false, true)).toBe("1…");
    expect(moveNumber(2, false, false, true)).toBe("2.");
    expect(moveNumber(5, false, true, false)).toBe("5.");
  });
});

describe("scores", () => {
  it("reads centipawns and mates from White's side", () => {
    expect(scoreText({ cp: 34 })).toBe("+0.34");
    expect(scoreText({ cp: -120 })).toBe("−1.20");
    expect(scoreText({ cp: 0 })).toBe("0.00");
    expect(scoreText({ mate: 3 })).toBe("#3");
    expect(scoreText({ mate: -2 })).toBe("#−2");
  });
  it("fills the bar by a logistic of the score, all of it for a mate", () => {
    expect(whiteShare({ cp: 0 })).toBeCloseTo(0.5);
    expect(whiteShare({ cp: 300 })).toBeGreaterThan(0.7);
    expect(whiteShare({ cp: -300 })).toBeCloseTo(1 - whiteShare({ cp: 300 }));
    expect(whiteShare({ mate: 1 })).toBe(1);
    expect(whiteShare({ mate: -4 })).toBe(0);
  });
});

describe("analysis links", () => {
  it("round-trips a game's start, moves, ply and id through the address", () => {
    const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const hash = analysisHash({ variant: "chess", fen, moves: ["e2e4", "e7e5"], ply: 1, game: "abc" });
    expect(parseAnalysisHash(hash)).toEqual({ variant: "chess", fen, moves: ["e2e4", "e7e5"], ply: 1, game: "abc" });
    expect(parseAnalysisHash("#/analysis/wataku")).toEqual({ variant: "wataku", fen: "", moves: [], ply: 0, game: "" });
    expect(parseAnalysisHash("#/game/abc")).toBeNull();
  });
});
