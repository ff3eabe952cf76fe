// The player's settings, remembered in this browser: the colour scheme (the
// system's, light or dark), the board's colours, and sound on or off.
export type Theme = "system" | "light" | "dark";
export type BoardTheme = "wood" | "blue" | "green";
export interface Settings {
  theme: Theme;
  board: BoardTheme;
  sound: boolean;
  blind: boolean; // the screen-reader mode: a command box for moves and questions (blind.ts)
}

const KEY = "chimera.settings";
const DEFAULTS: Settings = { theme: "system", board: "wood", sound: true, blind: false };
const THEMES: Theme[] = ["system", "light", "dark"];
const BOARDS: BoardTheme[] = ["wood", "blue", "green"];

export function loadSettings(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>;
    return {
      theme: THEMES.includes(saved.theme as Theme) ? (saved.theme as Theme) : DEFAULTS.theme,
      board: BOARDS.includes(saved.board as BoardTheme) ? (saved.board as BoardTheme) : DEFAULTS.board,
      sound: typeof saved.sound === "boolean" ? saved.sound : DEFAULTS.sound,
      blind: typeof saved.blind === "boolean" ? saved.blind : DEFAULTS.blind,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

// Sets the page's colours: data-theme (absent: the system's) and data-board.
export function applySettings(s: Settings) {
  const html = document.documentElement;
  if (s.theme === "system") delete html.dataset.theme;
  else html.dataset.theme = s.theme;
  html.dataset.board = s.board;
}

function save(s: Settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage refused (private mode): the setting holds for this page only.
  }
  applySettings(s);
}

const THEME_NAMES: Record<Theme, string> = { system: "As the system", light: "Light", dark: "Dark" };
const BOARD_NAMES: Record<BoardTheme, string> = { wood: "Wood", blue: "Blue", green: "Green" };

// The settings as a form, closed until opened.
export function settingsMarkup(): string {
  const s = loadSettings();
  const radios = <T extends string>(name: string, values: T[], names: Record<T, string>, current: T) =>
    values.map((v) => `<label><input type="radio" name="${name}" value="${v}"${v === current ? " checked" : ""}> ${names[v]}</label>`).join("");
  return `<details class="settings" id="settings"><summary>Settings</summary>
    <fieldset><legend>Colours</legend>${radios("setting-theme", THEMES, THEME_NAMES, s.theme)}</fieldset>
    <fieldset><legend>Board</legend>${radios("setting-board", BOARDS, BOARD_NAMES, s.board)}</fieldset>
    <label><input type="checkbox" name="setting-sound"${s.sound ? " checked" : ""}> Sounds (moves, captures, check, the end, low time)</label>
    <label><input type="checkbox" name="setting-blind"${s.blind ? " checked" : ""}> Screen-reader mode: type moves and questions in a command box</label>
  </details>`;
}

// Saves and applies each change made in the form settingsMarkup drew.
export function bindSettings(root: HTMLElement) {
  const form = root.querySelector<HTMLElement>("#settings");
  form?.addEventListener("change", () => {
    const value = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
    save({
      theme: (value("setting-theme") as Theme) ?? DEFAULTS.theme,
      board: (value("setting-board") as BoardTheme) ?? DEFAULTS.board,
      sound: form.querySelector<HTMLInputElement>('input[name="setting-sound"]')!.checked,
      blind: form.querySelector<HTMLInputElement>('input[name="setting-blind"]')!.checked,
    });
  });
}
