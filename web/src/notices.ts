// The pages shown in place of a game: one that does not exist, and a join
// that failed. Each says what happened and offers the next steps; nothing
// replaces it until the person chooses one.
import { escapeHtml } from "./game";

const HOME = `<a class="button" href="#/" id="go-home">Go to the home page</a>`;

export function notFoundPage(id: string): string {
  return `<section class="notice" aria-labelledby="notice-title">
    <h1 id="notice-title" tabindex="-1">Game not found</h1>
    <p>There is no game <code>${escapeHtml(id)}</code> on this server. The link may be mistyped or incomplete.</p>
    <p class="notice-actions">${HOME.replace('class="button"', 'class="button primary"')}</p>
  </section>`;
}

// Why a join was refused, in words for the person who followed the link.
function joinReason(status: number, message: string): string {
  if (status === 403) return "This invitation link is not valid (wrong invitation code).";
  if (status === 409 && /over/.test(message)) return "This game is already over.";
  if (status === 409 && /seats/.test(message)) return "Both seats are taken: someone else joined with this invitation first.";
  return `Could not join: ${message}.`;
}

// A refused join; a game that does not exist is the not-found page. Without
// an answer from the server (status 0) the choice is to try again.
export function joinFailedPage(id: string, error: { status: number; message: string }): string {
  if (error.status === 404) return notFoundPage(id);
  const reason = escapeHtml(joinReason(error.status, error.message));
  const unreachable = error.status === 0;
  const actions = unreachable
    ? `<button type="button" class="primary" id="join-retry">Try again</button> ${HOME}`
    : `<a class="button primary" href="#/game/${encodeURIComponent(id)}" id="watch">Watch as a spectator</a> ${HOME}`;
  return `<section class="notice" aria-labelledby="notice-title">
    <h1 id="notice-title" tabindex="-1">You have not joined this game</h1>
    <p class="error" role="alert" id="join-error">${reason}</p>
    <p>${unreachable ? "The server did not answer." : "You can still watch the game, or go home and start one of your own."}</p>
    <p class="notice-actions">${actions}</p>
  </section>`;
}
