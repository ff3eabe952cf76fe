// The game's sounds, synthesised with WebAudio (nothing is downloaded): a
// move, a capture, check, the end of a game, and low time. Silent when the
// player turned sounds off (settings), and until the page may play sound
// (a browser allows it after the first click or key).
import { loadSettings } from "./settings";

export type Sound = "move" | "capture" | "check" | "end" | "low";

// Each sound: tones of [frequency Hz, start s, length s, oscillator type].
const TONES: Record<Sound, [number, number, number, OscillatorType][]> = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[260, 0, 0.09, "square"], [180, 0.05, 0.12, "triangle"]],
  check: [[660, 0, 0.08, "sine"], [880, 0.09, 0.12, "sine"]],
  end: [[523, 0, 0.18, "sine"], [659, 0.12, 0.18, "sine"], [784, 0.24, 0.3, "sine"]],
  low: [[1000, 0, 0.06, "square"], [1000, 0.12, 0.06, "square"]],
};

let context: AudioContext | null = null;

export function play(sound: Sound) {
  if (!loadSettings().sound || typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [frequency, start, length, type] of TONES[sound]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = type;
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    // No audio output: the game goes on silently.
  }
}
