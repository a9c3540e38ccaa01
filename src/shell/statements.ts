import { tokenize } from '../impact/sql-tokens.js';

/** Cuts typed text into statements at each ending `;`, not one inside a string, quoted identifier or comment. */
export class StatementBuffer {
  private text = '';

  /** True when nothing but blank space waits for a `;` (the shell shows its first prompt). */
  get empty(): boolean {
    return this.text.trim() === '';
  }

  /** Adds one typed line; returns the statements it completed, in order, without their `;`. */
  add(line: string): string[] {
    this.text = this.text === '' ? line : `${this.text}\n${line}`;
    const statements: string[] = [];
    let start = 0;
    for (const token of tokenize(this.text)) {
      if (token.kind !== 'punct' || token.text !== ';' || token.at === undefined) continue;
      const statement = this.text.slice(start, token.at).trim();
      if (statement !== '') statements.push(statement);
      start = token.at + 1;
    }
    this.text = this.text.slice(start);
    // Blank space or finished comments after the last `;` (`SELECT 1; -- why`) start no statement.
    if (this.empty || onlyClosedComments(this.text)) this.text = '';
    return statements;
  }

  /** True when what is typed so far ends inside a string, quoted name or comment: a line typed now belongs to it. */
  get insideQuotes(): boolean {
    const probe = `${this.text}\n;`;
    return !tokenize(probe).some((t) => t.kind === 'punct' && t.text === ';' && t.at === probe.length - 1);
  }

  /** Forgets a half-typed statement (Ctrl-C at the prompt). */
  clear(): void {
    this.text = '';
  }
}

/** True when `text` holds comments only, all of them closed (a `/*` still open continues onto the next line). */
function onlyClosedComments(text: string): boolean {
  return tokenize(text).length === 0 && tokenize(`${text}\nx`).length === 1;
}

/** The statements of a script, in order, without their `;` (comments alone make none); one that ends inside a string or comment is one statement, for the service to judge. */
export function statementsOf(script: string): string[] {
  const buffer = new StatementBuffer();
  const statements = buffer.add(`${script}\n;`).filter((statement) => tokenize(statement).length > 0);
  return buffer.empty ? statements : [script];
}
