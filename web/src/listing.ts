// The home page's list of finished games, a page at a time: the first page
// is read again on every refresh, older pages only when asked for ("More
// finished games"). A finished game never changes, so the pages already read
// stay true; merged, they list every game once, newest first.
import type { GameList, GameSummary } from "./api";

// Newest first: by when the game ended, then by id (the server's order).
function newer(a: GameSummary, b: GameSummary): number {
  if (a.updated_ms !== b.updated_ms) return b.updated_ms - a.updated_ms;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export class FinishedPages {
  private first: GameSummary[] = [];
  private firstNext: string | null = null;
  private older = new Map<string, GameSummary>();
  private olderNext: string | null = null;
  private readOlder = false;

  // A fresh first page (from a refresh). Once older pages are shown, the
  // games of the previous first page stay too: the new one may no longer
  // reach down to them, and they are still true.
  setFirst(page: GameList) {
    if (this.readOlder) this.keep(this.first);
    this.first = page.recent;
    this.firstNext = page.next;
  }

  // An older page, read from `next`.
  addOlder(page: GameList) {
    this.keep(page.recent);
    this.olderNext = page.next;
    this.readOlder = true;
  }

  // Where the next older page starts, null when every finished game is shown.
  get next(): string | null {
    return this.readOlder ? this.olderNext : this.firstNext;
  }

  // Every finished game read, each once, newest first.
  get shown(): GameSummary[] {
    const byId = new Map(this.older);
    for (const g of this.first) byId.set(g.id, g);
    return [...byId.values()].sort(newer);
  }

  private keep(games: GameSummary[]) {
    for (const g of games) this.older.set(g.id, g);
  }
}
