import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { escapeBare, readBashLine } from '../src/completion/bash-line.js';

// Reading a bash command line up to the cursor for live completion: the words bash would pass
// (quotes and backslashes removed), and the text that replaces readline's word with a value.

describe('the words of the line, unquoted', () => {
  it.each([
    ['dgw query get ', ['query', 'get', '']],
    ['dgw query get rev', ['query', 'get', 'rev']],
    ['dgw folder mv x /my\\ re', ['folder', 'mv', 'x', '/my re']],
    ['dgw folder mv x "/my re', ['folder', 'mv', 'x', '/my re']],
    ["dgw folder mv x '/it'\\''s", ['folder', 'mv', 'x', "/it's"]],
    ['dgw folder mv "a b" /q:', ['folder', 'mv', 'a b', '/q:']],
    ['dgw  --zone local   query  get  x', ['--zone', 'local', 'query', 'get', 'x']],
    ['dgw folder view "a\\"b\\$c\\d', ['folder', 'view', 'a"b$c\\d']],
    ['dgw folder view /é\\ x', ['folder', 'view', '/é x']],
  ])('%s', (line, words) => {
    expect(readBashLine(line).words).toEqual(words);
  });
});

describe('the replacement of readline\'s word', () => {
  it('outside quotes, the whole word, each special character escaped', () => {
    expect(readBashLine('dgw folder mv x /my\\ r').replacement('/my reports')).toBe('/my\\ reports');
    expect(readBashLine("dgw folder mv x /i").replacement("/it's here")).toBe("/it\\'s\\ here");
    expect(readBashLine('dgw query get re').replacement('revenue')).toBe('revenue');
  });

  it('after a colon (a word break), only what follows it', () => {
    expect(readBashLine('dgw folder mv x /my\\ reports/q:').replacement('/my reports/q:1')).toBe('1');
    expect(readBashLine('dgw folder mv x /a:b:c').replacement('/a:b:cd e')).toBe('cd\\ e');
    // An escaped colon is no break: the whole word is replaced.
    expect(readBashLine('dgw folder mv x /q\\:').replacement('/q:1')).toBe('/q\\:1');
    expect(readBashLine('dgw folder mv x /q:', ' \t\n').replacement('/q:1')).toBe('/q\\:1');
  });

  it('inside an open quote, what follows the quote, escaped for that quote', () => {
    expect(readBashLine('dgw folder mv x "/my r').replacement('/my reports')).toBe('/my reports');
    expect(readBashLine('dgw folder mv x "/').replacement('/a "b" $c')).toBe('/a \\"b\\" \\$c');
    expect(readBashLine("dgw folder mv x '/i").replacement("/it's")).toBe("/it'\\''s");
    // A value ending in the quote character: the quote is closed here (readline would not).
    expect(readBashLine('dgw folder mv x "/q').replacement('/quote "this"')).toBe('/quote \\"this\\""');
    expect(readBashLine("dgw folder mv x '/q").replacement("/q'")).toBe("/q'\\'''");
    // Text before the quote stays as typed: only the part after it is replaced.
    expect(readBashLine('dgw folder mv x /my\\ "re').replacement('/my reports')).toBe('reports');
  });

  it('every escaped value reads back in bash as the value itself', () => {
    const values = ["/it's here", '/a "b"', '/$HOME `x`', '/tab\there', '/q:1=2', '/~x #y', '/(a)|b&c;d<e>f', '/*?[x]{a,b}!^', '/é ü'];
    const script = values.map((v) => `printf '%s\\n' ${escapeBare(v)}`).join('\n');
    const r = spawnSync('bash', ['--norc', '-c', script], { encoding: 'utf8' });
    expect(r.stdout.split('\n').slice(0, -1)).toEqual(values);
  });
});
