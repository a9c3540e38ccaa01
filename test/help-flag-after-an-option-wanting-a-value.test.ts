import { describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// `--help` right after an option that takes a value asks for help; it is not the option's value.

describe('a help flag after an option that takes a value', () => {
  it.each([
    [['apply', '--plan', '--help'], 'Usage: dgw apply'],
    [['sql', 'SELECT 1', '--limit', '--help'], 'Usage: dgw sql'],
    [['query', 'create', 'x', '--sql', '-h'], 'Usage: dgw query create'],
  ])('dgw %j prints the help and exits 0', async (args, usage) => {
    const tmp = tempDir('dgw-help-after-option-');
    try {
      const r = await runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/config`, DGW_LOCAL_DIR: `${tmp.dir}/data` } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(usage);
    } finally {
      tmp.remove();
    }
  });
});
