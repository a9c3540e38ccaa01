import type { Context } from '../context.js';
import { formatElapsed, liveLineAllowed, startLiveLine, type LiveLine } from '../output/progress.js';
import { visible } from '../output/visible.js';

/** A transfer's progress on a terminal's stderr: bytes moved (of how many), the rate, then what it waits for. */
export interface TransferProgress {
  add(bytes: number): void;
  /** After the bytes: what is awaited now (`importing`, `exporting: RUNNING`). */
  phase(text: string): void;
  stop(): void;
}

/** A progress bar is for what takes a moment. */
const SHOW_AFTER_MS = 500;

/** A progress line for one transfer, on a terminal's stderr only, once it has taken half a second. */
export function transferProgress(ctx: Context, label: string, total?: number): TransferProgress {
  const started = ctx.clock.now();
  let moved = 0;
  let waiting: string | undefined;
  let line: LiveLine | undefined;
  const enabled = liveLineAllowed(ctx.io.stderr, ctx.env, ctx.out.mode);
  const render = () => {
    const elapsed = ctx.clock.now() - started;
    if (waiting) return `${visible(waiting)} ${formatElapsed(elapsed)}`;
    const rate = elapsed > 0 ? ` ${size((moved * 1000) / elapsed)}/s` : '';
    const of = total ? ` / ${size(total)} (${Math.floor((moved * 100) / total)}%)` : '';
    return `${visible(label)} ${size(moved)}${of}${rate}`;
  };
  const timer = enabled ? setTimeout(() => (line = startLiveLine(ctx.io.stderr, render, true, 200)), SHOW_AFTER_MS) : undefined;
  timer?.unref?.();
  return {
    add(bytes) {
      moved += bytes;
    },
    phase(text) {
      waiting = text;
      line?.redraw();
    },
    stop() {
      clearTimeout(timer);
      line?.stop();
    },
  };
}

/** `12.3 MiB`, `512 B`. */
export function size(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let n = bytes / 1024;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u += 1;
  }
  return `${n.toFixed(1)} ${units[u]}`;
}
