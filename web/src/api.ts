// Talking to the server: JSON over HTTP and one WebSocket per game view.
import type { Review } from "./reviewcurve";
import { applyPush, fromWire } from "./sync";
import type { Delta, GameState, PositionView, WireState } from "./types";
import type { VariantInfo } from "./variants";

export class ApiError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* a text body, e.g. a game record */
  }
  if (!res.ok) {
    const message = (data as { error?: { message?: string } })?.error?.message ?? res.statusText;
    throw new ApiError(res.status, message);
  }
  return data as T;
}

export interface Created {
  id: string;
  token: string;
  side: string;
  invite?: string;
}

export interface CreateOptions {
  variant: string;
  mode: "computer" | "online" | "local";
  level?: number;
  side?: "white" | "black" | "random" | "to_move";
  base_minutes?: number;
  base_seconds?: number;
  increment_seconds?: number;
  formation?: number;
  fen?: string;
  moves?: string[]; // played from fen before the game goes on (the analysis board's line)
  rated?: boolean; // an online game between two accounts
}

// An import: the record, and who continues it with which clock (none unless asked for).
export interface ImportOptions {
  record: string;
  mode: "computer" | "online" | "local";
  level?: number;
  side?: "white" | "black" | "random" | "to_move";
  base_minutes?: number;
  increment_seconds?: number;
}

export interface AccountInfo {
  name: string;
  bot: boolean;
  created_ms: number;
}

export interface ReviewProgress {
  status: "queued" | "computing";
  ahead?: number;
  done?: number;
  of?: number;
}

export const api = {
  variants: () => request<{ variants: VariantInfo[] }>("GET", "/api/variants"),
  // The live games and the first page of finished ones, or (before: a cursor
  // from an earlier answer's next) an older page of finished ones only.
  games: (before?: string) =>
    request<GameList>("GET", `/api/games?limit=20${before ? `&before=${encodeURIComponent(before)}` : ""}`),
  create: (o: CreateOptions) => request<Created>("POST", "/api/games", o),
  join: (id: string, invite: string) => request<Created>("POST", `/api/games/${id}/join`, { invite }),
  state: async (id: string, token: string) => fromWire(await request<WireState>("GET", `/api/games/${id}?token=${encodeURIComponent(token)}`)),
  ply: (id: string, n: number) => request<PositionView>("GET", `/api/games/${id}/ply?n=${n}`),
  moves: (variant: string, fen: string) =>
    request<PositionView>("GET", `/api/moves?variant=${encodeURIComponent(variant)}${fen ? `&fen=${encodeURIComponent(fen)}` : ""}`),
  // The position after `moves` from fen ("" the start), and those moves as played.
  position: (variant: string, fen: string, moves: string[]) => {
    const q = new URLSearchParams({ variant });
    if (fen) q.set("fen", fen);
    if (moves.length) q.set("moves", moves.join(" "));
    return request<PositionView>("GET", `/api/moves?${q}`);
  },
  // A finished game's review: the review (done) or where it stands; ask
  // (POST) queues it. A game nobody asked a review of is a 404 ApiError.
  review: async (id: string, ask: boolean) => {
    const data = await request<Review | ReviewProgress>(ask ? "POST" : "GET", `/api/games/${id}/review`);
    return "evals" in data ? { done: true as const, review: data } : { done: false as const, progress: data };
  },
  record: (id: string) => request<string>("GET", `/api/games/${id}/record`),
  importRecord: (o: ImportOptions) => request<Created>("POST", "/api/import", o),
  // Accounts: the session is a cookie the server sets and reads.
  account: () => request<{ account: AccountInfo | null }>("GET", "/api/account"),
  signup: (name: string, password: string) => request<{ account: AccountInfo }>("POST", "/api/account/signup", { name, password }),
  login: (name: string, password: string) => request<{ account: AccountInfo }>("POST", "/api/account/login", { name, password }),
  logout: () => request<{ account: null }>("POST", "/api/account/logout"),
  changePassword: (password: string, newPassword: string) =>
    request<{ account: AccountInfo }>("POST", "/api/account/password", { password, new_password: newPassword }),
  deleteAccount: (password: string) => request<{ deleted: string }>("POST", "/api/account/delete", { password }),
  // The account's games going on, each with its seat's token.
  myGames: () => request<{ games: OngoingGame[] }>("GET", "/api/account/games"),
};

export interface OngoingGame {
  id: string;
  variant: string;
  mode: string;
  side: "white" | "black";
  token: string;
  opponent: string | null;
  rated: boolean;
}

export interface GameSummary {
  id: string;
  variant: string;
  mode: string;
  level: number;
  plies: number;
  status: "playing" | "over" | "aborted";
  result: string;
  termination: string;
  updated_ms: number;
}

export interface GameList {
  live: GameSummary[];
  recent: GameSummary[];
  next: string | null;
}

// Reconnection delays: doubling from `first` up to `cap`, back to `first`
// only when a connection has delivered a state (a server that accepts the
// connection and then closes it must not be retried at the shortest delay).
export class Backoff {
  private delay: number;

  constructor(private first = 250, private cap = 5000) {
    this.delay = first;
  }

  next(): number {
    const d = this.delay;
    this.delay = Math.min(this.delay * 2, this.cap);
    return d;
  }

  reset() {
    this.delay = this.first;
  }
}

// An answer to the client's own message: an error, or an ack with the fields
// of the HTTP reply (a rematch's seat: id, token and side).
export type SocketMessage = { type: string; of?: string; status?: number; message?: string; id?: string; token?: string; side?: string };

// A game view's live connection; reconnects with back-off and resumes with the
// full state. It keeps the game's state from the pushes (src/sync.ts) and
// hands every new one on; after a missed push it asks for the full state once
// and waits for it. A game that does not exist (the server's 404 on connect)
// ends it for good: the message is passed on and nothing is reopened.
export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private backoff = new Backoff();
  private state: GameState | null = null;
  private resyncing = false;

  constructor(
    private id: string,
    private token: string,
    private onState: (s: GameState) => void,
    private onMessage: (m: SocketMessage) => void,
    private onDrop: (retryMs: number) => void = () => undefined,
  ) {
    this.open();
  }

  private open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.id}/ws?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    this.resyncing = false;
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data));
      if (msg.type === "state" || msg.type === "move" || msg.type === "update") {
        this.onPush(msg as WireState | Delta);
        return;
      }
      if (msg.type === "error" && msg.status === 404) this.stop();
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.closed) return;
      const delay = this.backoff.next();
      this.onDrop(delay);
      setTimeout(() => {
        if (!this.closed) this.open();
      }, delay);
    };
  }

  private onPush(push: WireState | Delta) {
    const applied = applyPush(this.state, push);
    if (applied.kind === "stale") return;
    if (applied.kind === "gap") {
      if (!this.resyncing && this.ws?.readyState === WebSocket.OPEN) {
        this.resyncing = true;
        this.ws.send(JSON.stringify({ type: "state" }));
      }
      return;
    }
    if (push.type === "state") this.resyncing = false;
    this.state = applied.state;
    this.backoff.reset();
    this.onState(applied.state);
  }

  send(message: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
    else this.onMessage({ type: "error", message: "not connected; retrying" });
  }

  // Ends the connection for good; later messages and closes are ignored.
  private stop() {
    this.closed = true;
    if (this.ws) {
      this.ws.onmessage = null;
      this.ws.onclose = null;
      this.ws.close();
    }
  }

  close() {
    // Messages already queued must not reach a screen that is gone.
    this.stop();
  }
}
