import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `dgw project create NAME` printed nothing on stdout (only the success line on stderr) unless -q
// or --json, though its help says it prints the id; it now prints the project it made, as the
// other create commands print their record.

const tmp = tempDir('dgw-project-create-prints-');
afterAll(() => tmp.remove());

describe('project create prints what it made', () => {
  const { run } = localCli(tmp.dir, 'spec');

  it('without -q or --json, stdout holds the id and the name', async () => {
    const r = await run('project', 'create', 'sales', '--description', 'monthly sales');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ID\tsales$/m);
    expect(r.stdout).toMatch(/^NAME\tsales$/m);
    expect(r.stdout).toMatch(/^DESCRIPTION\tmonthly sales$/m);
    expect(r.stderr).toContain('created project sales (id sales)');
  });

  it('with -q, only the id', async () => {
    const r = await run('project', 'create', 'staging', '-q');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('staging\n');
  });
});
