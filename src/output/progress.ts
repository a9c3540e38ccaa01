import type { OutStream } from './io.js';
import type { OutputMode } from './mode.js';

/** A line on a terminal's stderr redrawn in place (elapsed time, a status), then cleared. */
export interface LiveLine {
  /** Redraws the line now (after something it shows changed). */
  redraw(): void;
  /** Clears the line and stops redrawing it. */
  stop(): void;
}

/** A live line only on a terminal stderr that understands cursor control, outside CI and structured output. */
export function liveLineAllowed(stderr: OutStream, env: Record<string, string | undefined>, mode: OutputMode): boolean {
  return stderr.isTTY === true && !env.CI && env.TERM !== 'dumb' && mode.kind !== 'json' && mode.kind !== 'jsonl' && mode.kind !== 'yaml' && mode.kind !== 'quiet';
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR = '\r\x1b[2K';

/** Draws `render()` every `everyMs` until stopped; a no-op when disabled, so callers need not branch. */
export function startLiveLine(stderr: OutStream, render: () => string, enabled: boolean, everyMs = 1000): LiveLine {
  if (!enabled) return { redraw: () => undefined, stop: () => undefined };
  let frame = 0;
  let stopped = false;
  const draw = () => {
    if (stopped) return;
    stderr.write(`${CLEAR}${FRAMES[frame++ % FRAMES.length]} ${render()}`);
  };
  const timer = setInterval(draw, everyMs);
  timer.unref?.();
  draw();
  return {
    redraw: draw,
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stderr.write(CLEAR);
    },
  };
}

/** `7s`, `2m 05s`, `1h 02m`: how long something has run. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}
