// The analysis board's connection to the server's engine
// (/api/analysis/ws, docs/api.md "Analysis"): one search at a time, each
// request numbered so that reports of a search already replaced are
// dropped; reconnects with back-off and asks again for the position shown.
import { Backoff } from "./api";

export type Score = { cp: number } | { mate: number };

export interface EngineLine {
  score: Score;
  bound?: "lower" | "upper";
  san: string[];
  lan: string[];
}

export interface EngineReport {
  type: "analysis" | "done";
  id: number;
  depth: number;
  seldepth: number;
  nodes: number;
  nps: number;
  time_ms: number;
  lines: EngineLine[];
  reason?: "stopped" | "replaced" | "time" | "depth" | "over";
  outcome?: string;
}

export interface EngineRequest {
  variant: string;
  fen: string;
  moves: string[];
  lines: number;
}

// A score as a player reads it, from White's side: "+0.34", "−1.20", "#3", "#−2".
export function scoreText(s: Score): string {
  if ("mate" in s) return s.mate > 0 ? `#${s.mate}` : `#−${-s.mate}`;
  const v = s.cp / 100;
  return v > 0 ? `+${v.toFixed(2)}` : v < 0 ? `−${(-v).toFixed(2)}` : "0.00";
}

// White's share of the evaluation bar, 0-1: a logistic of the centipawns
// (as lichess draws its bar), a mate filling it for the side that mates.
export function whiteShare(s: Score): number {
  if ("mate" in s) return s.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-0.00368208 * s.cp));
}

export class EngineSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private backoff = new Backoff();
  private current: EngineRequest | null = null; // searching, or asked for
  private id = 0;
  private timer = 0;

  constructor(
    private onReport: (r: EngineReport) => void,
    private onError: (message: string) => void,
  ) {
    this.open();
  }

  private open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/analysis/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.backoff.reset();
      if (this.current) this.send(this.current);
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data));
      if (msg.type === "analysis" || msg.type === "done") {
        if (msg.id === this.id) this.onReport(msg as EngineReport);
        if (msg.id === this.id && msg.type === "done") this.current = null;
      } else if (msg.type === "error") {
        this.current = null;
        this.onError(msg.message ?? "the engine refused");
      }
    };
    ws.onclose = () => {
      if (this.closed) return;
      const delay = this.backoff.next();
      setTimeout(() => {
        if (!this.closed) this.open();
      }, delay);
    };
  }

  private send(r: EngineRequest) {
    if (this.ws?.readyState !== WebSocket.OPEN) return; // sent on open
    this.ws.send(JSON.stringify({ type: "analyse", id: this.id, variant: r.variant, fen: r.fen, moves: r.moves, lines: r.lines }));
  }

  // Searches the position from now on, replacing the search going on. Quick
  // steps through a game send only the position they stop at (40 ms later),
  // within the server's 20 messages a second.
  analyse(r: EngineRequest) {
    this.current = r;
    ++this.id;
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.send(r), 40);
  }

  stop() {
    clearTimeout(this.timer);
    ++this.id; // reports of the search still going on are dropped
    if (this.current && this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "stop" }));
    this.current = null;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) {
      this.ws.onmessage = null;
      this.ws.onclose = null;
      this.ws.close();
    }
  }
}
