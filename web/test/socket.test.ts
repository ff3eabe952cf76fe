// The game view's WebSocket: it never reconnects to a game that does not
// exist, and its back-off grows (to a cap) until a state arrives.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GameSocket } from "../src/api";

// A stand-in for the browser's WebSocket: records every socket opened and
// lets the test deliver messages and close it as the server would.
class FakeSocket {
  static OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  sent: string[] = [];
  constructor(public url: string) {
    FakeSocket.opened.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  // The server (or the network) ends the connection.
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
}

const latest = () => FakeSocket.opened[FakeSocket.opened.length - 1];
const STATE = { type: "state", id: "g1", version: 3, moves: [], legal: { e2: ["e4"] } };
const HELD = { type: "state", id: "g1", version: 3, moves: [], legal_moves: [{ lan: "e2e4", from: "e2", to: "e4", kind: "move", piece: "", captures: [] }] };

// Drops the newest socket, then returns how long until the next one opens.
function delayOfNextOpen(): number {
  const before = FakeSocket.opened.length;
  latest().drop();
  let waited = 0;
  while (FakeSocket.opened.length === before && waited < 120_000) {
    vi.advanceTimersByTime(50);
    waited += 50;
  }
  return waited;
}

beforeEach(() => {
  FakeSocket.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "http:", host: "example.test" });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("GameSocket", () => {
  it("does not reconnect to a game that does not exist", () => {
    const messages: { type: string; status?: number }[] = [];
    const states: unknown[] = [];
    const socket = new GameSocket("doesnotexist", "", (s) => states.push(s), (m) => messages.push(m));
    expect(FakeSocket.opened).toHaveLength(1);
    expect(latest().url).toBe("ws://example.test/api/games/doesnotexist/ws?token=");
    latest().open();
    latest().receive({ type: "error", status: 404, message: "no game doesnotexist" });
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(states).toHaveLength(0);
    expect(messages).toEqual([{ type: "error", status: 404, message: "no game doesnotexist" }]);
    socket.close();
  });

  it("backs off, doubling to a cap, while no state arrives", () => {
    const socket = new GameSocket("g1", "t", () => undefined, () => undefined);
    const delays: number[] = [];
    for (let i = 0; i < 8; ++i) delays.push(delayOfNextOpen());
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    socket.close();
  });

  it("does not reset the back-off on a message that is not a state", () => {
    const socket = new GameSocket("g1", "t", () => undefined, () => undefined);
    expect([delayOfNextOpen(), delayOfNextOpen(), delayOfNextOpen()]).toEqual([250, 500, 1000]);
    latest().open();
    latest().receive({ type: "error", status: 429, message: "too many messages; slow down" });
    latest().receive({ type: "ack", of: "ping", ok: true });
    expect(delayOfNextOpen()).toBe(2000);
    socket.close();
  });

  it("starts the back-off again after a state", () => {
    const states: unknown[] = [];
    const socket = new GameSocket("g1", "t", (s) => states.push(s), () => undefined);
    expect([delayOfNextOpen(), delayOfNextOpen(), delayOfNextOpen()]).toEqual([250, 500, 1000]);
    latest().open();
    latest().receive(STATE);
    expect(states).toEqual([HELD]);
    expect(delayOfNextOpen()).toBe(250);
    socket.close();
  });

  it("applies the pushes that follow its state in order and ignores those it has", () => {
    const states: { version: number; moves: unknown[] }[] = [];
    const socket = new GameSocket("g1", "t", (s) => states.push(s), () => undefined);
    latest().open();
    latest().receive(STATE);
    latest().receive({ type: "move", version: 4, ply: 1, lan: "e2e4", san: "e4", turn: "black", legal: { e7: ["e5"] } });
    latest().receive({ type: "move", version: 4, ply: 1, lan: "e2e4", san: "e4", turn: "black", legal: { e7: ["e5"] } });
    latest().receive({ type: "update", version: 5, draw_offer: "white" });
    expect(states.map((s) => s.version)).toEqual([3, 4, 5]);
    expect(states[2].moves).toEqual([{ lan: "e2e4", san: "e4" }]);
    expect(latest().sent).toEqual([]);
    socket.close();
  });

  it("asks for the state once after a missed push and resumes with it", () => {
    const states: { version: number }[] = [];
    const socket = new GameSocket("g1", "t", (s) => states.push(s), () => undefined);
    latest().open();
    latest().receive(STATE);
    latest().receive({ type: "update", version: 5, draw_offer: "white" });
    latest().receive({ type: "update", version: 6, draw_offer: null });
    expect(latest().sent).toEqual([JSON.stringify({ type: "state" })]);
    expect(states.map((s) => s.version)).toEqual([3]);
    latest().receive({ ...STATE, version: 6 });
    latest().receive({ type: "update", version: 7, draw_offer: "black" });
    expect(states.map((s) => s.version)).toEqual([3, 6, 7]);
    latest().receive({ type: "update", version: 9, draw_offer: null });
    expect(latest().sent).toHaveLength(2);
    socket.close();
  });

  it("opens nothing more once closed", () => {
    const socket = new GameSocket("g1", "t", () => undefined, () => undefined);
    socket.close();
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });
});
