// Accounts (docs/api.md, "Accounts"): the account page — sign up or log in,
// and once logged in change the password, export one's data, log out or
// delete the account — and the account line at the top of the home page.
// The session is an HttpOnly cookie: the page never sees it; it asks the
// server who is logged in.
import { api, ApiError, type AccountInfo } from "./api";
import { escapeHtml } from "./game";

// "Signed in as X · Account" or "Sign up or log in", for the home page.
export function accountLine(a: AccountInfo | null): string {
  return a
    ? `<p class="account-line">Signed in as <strong>${escapeHtml(a.name)}</strong> · <a href="#/player/${encodeURIComponent(a.name)}" id="my-page">My games and ratings</a> · <a href="#/account" id="account-link">Account</a></p>`
    : `<p class="account-line"><a href="#/account" id="account-link">Sign up or log in</a> (optional: you can play without an account)</p>`;
}

// Client-side hints that match the server's rules; the server decides.
export function nameHint(name: string): string {
  if (name.length < 3 || name.length > 20) return "3 to 20 characters";
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return "only letters a-z, digits, _ and -";
  if (!/^[A-Za-z0-9]/.test(name) || !/[A-Za-z0-9]$/.test(name)) return "starts and ends with a letter or a digit";
  return "";
}

function field(id: string, label: string, type: string, autocomplete: string, extra = ""): string {
  return `<label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required ${extra}>`;
}

export async function renderAccount(root: HTMLElement, go: (path: string) => void) {
  const here = location.hash;
  let me: AccountInfo | null = null;
  try {
    me = (await api.account()).account;
  } catch {
    me = null;
  }
  if (location.hash !== here) return;
  if (!me) {
    root.innerHTML = `
      <h1 tabindex="-1">Sign up or log in</h1>
      <p>An account is optional: it keeps your name on your games. Anonymous play goes on as before.</p>
      <div class="account-forms">
        <form id="login-form" class="new-game" aria-labelledby="login-title">
          <h2 id="login-title">Log in</h2>
          ${field("login-name", "Username", "text", "username", 'maxlength="20"')}
          ${field("login-password", "Password", "password", "current-password")}
          <button type="submit" class="primary">Log in</button>
          <p id="login-error" class="error" role="alert"></p>
        </form>
        <form id="signup-form" class="new-game" aria-labelledby="signup-title">
          <h2 id="signup-title">Sign up</h2>
          ${field("signup-name", "Username", "text", "username", 'maxlength="20" aria-describedby="signup-name-rules"')}
          <small id="signup-name-rules">3 to 20 letters, digits, _ or -.</small>
          ${field("signup-password", "Password", "password", "new-password", 'minlength="8" aria-describedby="signup-password-rules"')}
          <small id="signup-password-rules">At least 8 characters.</small>
          <button type="submit" class="primary">Create the account</button>
          <p id="signup-error" class="error" role="alert"></p>
        </form>
      </div>
      <p><a href="#/">Home</a></p>`;
    const value = (id: string) => (root.querySelector(`#${id}`) as HTMLInputElement).value;
    const submit = (form: string, error: string, act: () => Promise<unknown>) =>
      root.querySelector(`#${form}`)!.addEventListener("submit", async (e) => {
        e.preventDefault();
        const out = root.querySelector(`#${error}`)!;
        out.textContent = "";
        try {
          await act();
          go("/");
        } catch (err) {
          out.textContent = err instanceof ApiError ? err.message : "The server did not answer; try again.";
        }
      });
    submit("login-form", "login-error", () => api.login(value("login-name"), value("login-password")));
    submit("signup-form", "signup-error", async () => {
      const hint = nameHint(value("signup-name"));
      if (hint) throw new ApiError(400, `Username: ${hint}.`);
      return api.signup(value("signup-name"), value("signup-password"));
    });
    return;
  }
  root.innerHTML = `
    <h1 tabindex="-1">${escapeHtml(me.name)}</h1>
    <p>Your account since ${new Date(me.created_ms).toLocaleDateString()}.</p>
    <p><button type="button" id="logout">Log out</button> <a class="button" href="/api/account/export" id="export-account" download>Export my data</a></p>
    <form id="password-form" class="new-game" aria-labelledby="password-title">
      <h2 id="password-title">Change the password</h2>
      <input type="text" name="username" autocomplete="username" value="${escapeHtml(me.name)}" hidden>
      ${field("old-password", "Current password", "password", "current-password")}
      ${field("new-password", "New password", "password", "new-password", 'minlength="8"')}
      <button type="submit">Change it</button>
      <p id="password-status" role="status"></p>
    </form>
    <form id="delete-form" class="new-game" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the account</h2>
      <p>Your account and its sessions are deleted; the name becomes free.</p>
      ${field("delete-password", "Password", "password", "current-password")}
      <button type="submit" class="danger">Delete my account</button>
      <p id="delete-status" role="status"></p>
    </form>
    <p><a href="#/">Home</a></p>`;
  root.querySelector("#logout")!.addEventListener("click", async () => {
    await api.logout().catch(() => undefined);
    go("/");
  });
  const value = (id: string) => (root.querySelector(`#${id}`) as HTMLInputElement).value;
  root.querySelector("#password-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const out = root.querySelector("#password-status")!;
    try {
      await api.changePassword(value("old-password"), value("new-password"));
      out.textContent = "The password is changed; your other sessions have ended.";
      (e.target as HTMLFormElement).reset();
    } catch (err) {
      out.textContent = (err as Error).message;
    }
  });
  root.querySelector("#delete-form")!.addEventListener("submit", async (e) => {
    e.preventDefault();
    const out = root.querySelector("#delete-status")!;
    try {
      await api.deleteAccount(value("delete-password"));
      go("/");
    } catch (err) {
      out.textContent = (err as Error).message;
    }
  });
}
