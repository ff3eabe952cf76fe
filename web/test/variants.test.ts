// The client draws and names a variant from its descriptor alone: a variant
// it has never heard of ("amazonchess", a 5x5 board of squares with a piece the
// shared drawings do not name) gets its numbering, legend, hand, title and
// board drawing from the data.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { boardMarkup, type BoardLook } from "../src/board";
import { journal } from "../src/controller";
import { lede, variantCards } from "../src/home";
import { pieceName } from "../src/pieces";
import { plyName } from "../src/review";
import { rulesPage, rulesPages } from "../src/rules";
import { boardPicture } from "../src/thumbnail";
import type { BoardState } from "../src/types";
import { gameTitle, handName, legend, markMeanings, pieceNames, type VariantInfo } from "../src/variants";

const MINI: VariantInfo = {
  id: "amazonchess",
  name: "Amazon chess",
  description: "A 5x5 board with an Amazon.",
  board: "squares",
  numbering: "plies",
  starts: [
    { name: "Left", fen: "akq2/5/5/5/2QKA w 1" },
    { name: "Right", fen: "2qka/5/5/5/AKQ2 w 1" },
  ],
  start_kind: "",
  random_start: true,
  hand: "pocket",
  pieces: [
    { letter: "K", name: "King" },
    { letter: "Q", name: "Queen" },
    { letter: "A", name: "Amazon" },
  ],
  calibration: false,
};

const OTHER: VariantInfo = { ...MINI, id: "chess", name: "Chess", board: "squares", numbering: "moves", random_start: false, starts: [], hand: "", calibration: true };

function board(kind: BoardState["kind"]): BoardState {
  const squares: string[] = [];
  for (let y = 1; y <= 5; ++y) for (let x = 0; x < 5; ++x) squares.push(`${String.fromCharCode(97 + x)}${y}`);
  return {
    kind,
    dims: [5, 5, 1, 1],
    squares,
    pieces: "..QKA" + ".".repeat(15) + "akq..",
    dormant: "",
    groups: "",
    hands: { white: "", black: "" },
    checked: [],
  };
}

const look = (names: Record<string, string>): BoardLook => ({
  flipped: false,
  focused: 0,
  marks: new Map(),
  selected: null,
  dragOrigin: null,
  lastMove: null,
  names,
  meanings: {},
  removes: () => [],
  premove: [],
});

describe("a variant the client has never heard of", () => {
  it("numbers the journal and the review as its descriptor says", () => {
    expect(journal(["Qc2", "Qc4", "Ad2"], MINI.numbering, false).map((l) => l.number)).toEqual(["1.", "2.", "3."]);
    expect(plyName(["Qc2", "Qc4"], 2, MINI.numbering, false)).toBe("2. Qc4");
  });

  it("lists its own pieces in the legend, under its own names", () => {
    expect(legend(MINI).map((p) => `${p.letter} ${p.name}`)).toEqual(["K King", "Q Queen", "A Amazon"]);
    const names = pieceNames(MINI);
    expect(pieceName("a", names)).toBe("black Amazon");
    expect(pieceName("R", names)).toBe("white Rook"); // a letter it does not name: the shared name
    expect(pieceName("A")).toBe("white A"); // without the descriptor only the letter is known
  });

  it("names its hand, its title and its start from the data", () => {
    expect(handName(MINI)).toBe("pocket");
    expect(handName(OTHER)).toBe("");
    expect(gameTitle(MINI, "amazonchess", 2)).toBe("Amazon chess · Right");
    expect(gameTitle(MINI, "amazonchess", 0)).toBe("Amazon chess");
    expect(gameTitle({ ...MINI, start_kind: "formation" }, "amazonchess", 2)).toBe("Amazon chess · formation 2");
    expect(gameTitle(undefined, "amazonchess", 0)).toBe("amazonchess");
  });

  it("explains its own marks in the squares' tooltips, from the descriptor's meanings", () => {
    const withMarks: VariantInfo = {
      ...MINI,
      marks: [
        { mark: "dormant", meaning: "Asleep: no King in its group." },
        { mark: "group", meaning: "Group: linked pieces." },
      ],
    };
    const b = { ...board("squares"), dormant: "1".repeat(25), groups: "3".repeat(25) };
    const html = boardMarkup(b, { ...look(pieceNames(MINI)), meanings: markMeanings(withMarks) });
    // c1 holds a dormant Queen (of King d1's group, by these made-up arrays):
    // its tooltip says what dormant means, after the square's name.
    expect(html).toMatch(/data-sq="c1"[^>]*title="c1, white Queen, dormant, in King d1's group\nAsleep: no King in its group\."/);
    // A descriptor without marks adds nothing to the square's name.
    expect(boardMarkup(board("squares"), look(pieceNames(MINI)))).toContain('title="e1, white Amazon"');
    expect(markMeanings(MINI)).toEqual({});
  });

  it("draws the board its kind says: squares, or points of a grid of lines", () => {
    const squares = boardMarkup(board("squares"), look(pieceNames(MINI)));
    expect(squares).toContain('class="board-set board-squares"');
    expect(squares.match(/<button /g)).toHaveLength(25);
    expect(squares).not.toContain("point");
    expect(squares).toContain('class="sq dark" data-sq="a1"');
    expect(squares).toContain('aria-label="e1, white Amazon"');
    expect(squares).not.toContain("axis");
    const points = boardMarkup(board("intersections"), look(pieceNames(MINI)));
    expect(points).toContain('class="board-set board-intersections"');
    expect(points).toContain('class="sq point edge-bottom edge-left" data-sq="a1"');
    expect(boardPicture(board("squares"))).toContain("<rect");
    expect(boardPicture(board("intersections"))).toContain("<path");
  });

  it("is listed on the home page in the server's order, without a rules page", () => {
    const cards = variantCards([MINI, OTHER]);
    expect(cards.indexOf('value="amazonchess"')).toBeLessThan(cards.indexOf('value="chess"'));
    expect(cards).toContain("A 5x5 board with an Amazon.");
    expect(cards).not.toContain("#/rules/amazonchess");
    expect(cards).toContain('href="#/rules/chess"');
    expect(lede([MINI, OTHER])).toBe("Play Amazon chess against the computer or a friend.");
    expect(rulesPage("amazonchess")).toBeUndefined();
  });
});

describe("rules pages", () => {
  it("are found in rules/<id>.ts and ordered by the server's list", () => {
    const list = ["chess", "chess4d", "wreckage", "wataku"].map((id) => ({ ...MINI, id }));
    expect(rulesPages(list).map((r) => r.info.id)).toEqual(["chess", "chess4d", "wreckage", "wataku"]);
    expect(rulesPages([...list].reverse()).map((r) => r.info.id)).toEqual(["wataku", "wreckage", "chess4d", "chess"]);
    for (const r of rulesPages(list)) expect(r.page.diagrams.length).toBeGreaterThan(3);
  });
});

describe("variants()", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

  it("asks the server once and keeps the answer", async () => {
    const fetch = vi.fn(answer(200, { variants: [MINI] }));
    vi.stubGlobal("fetch", fetch);
    const { variants } = await import("../src/variants");
    expect((await variants()).map((v) => v.id)).toEqual(["amazonchess"]);
    expect((await variants()).map((v) => v.id)).toEqual(["amazonchess"]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(["/api/variants", expect.anything()]);
  });

  it("asks again after a failure", async () => {
    const fetch = vi.fn(answer(503, { error: { status: 503, message: "busy" } }));
    vi.stubGlobal("fetch", fetch);
    const { variants } = await import("../src/variants");
    await expect(variants()).rejects.toThrow("busy");
    fetch.mockImplementation(answer(200, { variants: [MINI] }));
    expect((await variants()).map((v) => v.id)).toEqual(["amazonchess"]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
