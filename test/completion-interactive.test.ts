import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DGW_BIN, shellQuote, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// Live completion as a person gets it: bash, zsh and fish run interactively in a pseudo-terminal
// (util-linux `script`) with the generated script loaded, a partial line is typed and Tab pressed,
// then the line is run under `printf '<%s>\n'`, which shows the words the shell made of it. Names
// with spaces, quotes and colons must come out whole, whether the word was typed bare (with
// backslashes), in double quotes or in single quotes.
const completions = path.resolve(path.dirname(DGW_BIN), '../completions');
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
const home = tempDir('dgw-tab-');
const bin = path.join(home.dir, 'bin');
const env = {
  DGW_CONFIG_DIR: path.join(home.dir, 'config'),
  DGW_LOCAL_DIR: path.join(home.dir, 'local'),
  XDG_CACHE_HOME: path.join(home.dir, 'cache'),
  XDG_CONFIG_HOME: path.join(home.dir, 'xdg-config'),
  ZDOTDIR: path.join(home.dir, 'zdot'),
  HOME: home.dir,
  DGW_ZONE: 'local',
};

const shells = {
  bash: ['bash', '--noprofile', '--rcfile', path.join(home.dir, 'bashrc'), '-i'],
  zsh: ['zsh', '-i'],
  fish: ['fish', '--no-config', '-i', '-C', `function fish_greeting; end; function fish_prompt; printf '> '; end; source ${path.join(completions, 'dgw.fish')}`],
} as const;

beforeAll(async () => {
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, 'dgw'), `#!/bin/sh\nexec '${process.execPath}' '${DGW_BIN}' "$@"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(home.dir, 'bashrc'), `PS1='$ '\nsource ${JSON.stringify(path.join(completions, 'dgw.bash'))}\n`);
  fs.mkdirSync(env.ZDOTDIR, { recursive: true });
  fs.writeFileSync(
    path.join(env.ZDOTDIR, '.zshrc'),
    `PS1='%% '\nbindkey -e\nfpath=(${JSON.stringify(completions)} $fpath)\nautoload -U compinit && compinit -u -d ${JSON.stringify(path.join(home.dir, 'zcompdump'))}\n`,
  );
  for (const args of [
    ['query', 'create', 'Revenue Report', '--sql', 'SELECT 1 AS a'],
    ['folder', 'create', '/my reports/q:1'],
    ["folder", 'create', "/it's here"],
    ['folder', 'create', '/with space'],
    ['folder', 'create', '/quote "this"'],
  ]) {
    const r = await runAsBinaryWould(args, { env });
    expect(r.code, r.stderr).toBe(0);
  }
}, 60_000);
afterAll(() => home.remove());

/** Terminal output without its escape sequences (ESC [ ... letter) and carriage returns. */
const plain = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g'), '').replace(/\r/g, '');

/**
 * One interactive shell in a pseudo-terminal, in which cases are typed one after another (starting
 * a shell per case cost a zsh compinit each). `tabThenWords` types `partial`, a Tab, then runs the
 * line as `printf '<%s>\n' LINE <marker>` and returns the words printed before the marker. Keys
 * typed ahead wait in the terminal until the shell has finished the completion.
 */
class ShellSession {
  private out = '';
  private queue: Promise<unknown> = Promise.resolve();
  private typed = 0;
  /** Where the output after the last case's marker starts (the next prompt is drawn there). */
  private from = 0;
  private readonly child;

  constructor(private readonly shell: keyof typeof shells) {
    const command = shells[shell].map(shellQuote).join(' ');
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && !['CI', 'VISUAL', 'EDITOR'].includes(k)));
    this.child = spawn('script', ['-qec', `exec ${command}`, '/dev/null'], { env: { ...inherited, ...env, PATH: `${bin}:${process.env.PATH}`, TERM: 'dumb' } });
    this.child.stdout.setEncoding('utf8').on('data', (c: string) => (this.out += c));
  }

  tabThenWords(partial: string): Promise<string[]> {
    const answer = this.queue.then(() => this.type(partial));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private type(partial: string): Promise<string[]> {
    const marker = `@@END${(this.typed += 1)}@@`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        clearInterval(poll);
        reject(new Error(`${this.shell}: no answer to ${JSON.stringify(partial)}:\n${plain(this.out)}`));
      }, 50_000);
      let sent = false;
      const poll = setInterval(() => {
        const clean = plain(this.out.slice(this.from));
        // Start typing once the shell has drawn its prompt.
        if (!sent) {
          if (!/[$%>] $/.test(`${clean.trimEnd()} `)) return;
          sent = true;
          this.child.stdin.write(`${partial}\t`);
          this.child.stdin.write(`\x01printf '<%s>\\n' \x05 ${marker}\r`);
          return;
        }
        const lines = clean.split('\n');
        const end = lines.indexOf(`<${marker}>`);
        if (end < 0) return;
        clearInterval(poll);
        clearTimeout(timer);
        this.from = this.out.indexOf(`<${marker}>`) + marker.length + 2;
        let start = end;
        while (start > 0 && /^<.*>$/.test(lines[start - 1])) start -= 1;
        resolve(lines.slice(start, end).map((l) => l.slice(1, -1)));
      }, 100);
    });
  }

  /** The shell exits by itself and is waited for: killed, it would write its history into the home folder while afterAll removes it. */
  async close(): Promise<void> {
    await this.queue;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const closed = new Promise((resolve) => this.child.once('close', resolve));
    this.child.stdin.end('exit\r');
    await closed;
  }
}

for (const shell of ['bash', 'zsh', 'fish'] as const) {
  describe.skipIf(!has(shell))(`${shell}: Tab completes live names with spaces, quotes and colons`, () => {
    let session: ShellSession;
    beforeAll(() => void (session = new ShellSession(shell)));
    afterAll(() => session.close());
    it.each([
      ['dgw query get rev', ['dgw', 'query', 'get', 'revenuereport']],
      ['dgw folder mv x /my\\ reports/q', ['dgw', 'folder', 'mv', 'x', '/my reports/q:1']],
      ['dgw folder mv x /my\\ reports/q:', ['dgw', 'folder', 'mv', 'x', '/my reports/q:1']],
      ['dgw folder mv x "/my reports/', ['dgw', 'folder', 'mv', 'x', '/my reports/q:1']],
      ["dgw folder mv x '/it", ['dgw', 'folder', 'mv', 'x', "/it's here"]],
      ['dgw folder mv x "/it', ['dgw', 'folder', 'mv', 'x', "/it's here"]],
      ['dgw folder mv x /wi', ['dgw', 'folder', 'mv', 'x', '/with space']],
      ['dgw folder mv x "/q', ['dgw', 'folder', 'mv', 'x', '/quote "this"']],
      ['dgw folder mv x /q', ['dgw', 'folder', 'mv', 'x', '/quote "this"']],
    ])('%s<Tab>', async (partial, words) => {
      expect(await session.tabThenWords(partial)).toEqual(words);
    });
  });
}
