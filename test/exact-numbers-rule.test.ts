import { describe, expect, it } from 'vitest';
import { exactNumber, mayLoseDigits, parseJsonExact, readsBackExactly } from '../src/api/exact-numbers.js';

// The one rule for numbers in result rows: a JSON number only when a double reads it back exactly.
describe('exactNumber', () => {
  it.each([
    ['0', 0],
    ['-7', -7],
    ['0.1', 0.1],
    ['1.50', 1.5],
    ['-0.001', -0.001],
    ['123.45', 123.45],
    ['9007199254740991', 9007199254740991],
    ['-9007199254740991', -9007199254740991],
    ['1e-7', 1e-7],
    ['2.5E+3', 2500],
    ['0.000', 0],
  ])('%s is the number %d', (text, n) => {
    expect(exactNumber(text)).toBe(n);
  });

  it.each([
    '123456789012345.678',
    '9007199254740992',
    '9007199254740993',
    '-9007199254740993',
    '12345678901234567890123.456',
    '0.12345678901234567890123456789012345678',
    '0.30000000000000004440892098500626',
    '1e400',
    '-1e400',
    '1e-400',
    '18446744073709551615',
  ])('%s stays a string with every digit', (text) => {
    expect(exactNumber(text)).toBe(text);
    expect(readsBackExactly(text)).toBe(false);
  });
});

describe('parseJsonExact', () => {
  const body = '{"columns":[],"data":[[123456789012345.678, 1.5, 9007199254740993, -0.001, 1e400, "text", null, [0.1, 12345678901234567890123.456]]]}';

  it('keeps the digits of numbers a double cannot hold as strings, others as numbers', () => {
    expect(parseJsonExact(body)).toEqual({
      columns: [],
      data: [['123456789012345.678', 1.5, '9007199254740993', -0.001, '1e400', 'text', null, [0.1, '12345678901234567890123.456']]],
    });
    // What JSON.parse alone would do.
    expect((JSON.parse(body) as { data: unknown[][] }).data[0][0]).toBe(123456789012345.67);
  });

  it('a double\'s text beyond 2^53 is a number when exact (1e+300, also inside a list); an integer in digits beyond 2^53 stays a string', () => {
    expect(parseJsonExact('[1e+300, 1e20, -2.5e-300, [1.5, 1e+300], 9007199254740992, 9007199254740991]')).toEqual([1e300, 1e20, -2.5e-300, [1.5, 1e300], '9007199254740992', 9007199254740991]);
  });

  it('verbatim: JSON.stringify writes the literal back unchanged', () => {
    expect(JSON.stringify(parseJsonExact(body, 'verbatim'))).toBe(
      '{"columns":[],"data":[[123456789012345.678,1.5,9007199254740993,-0.001,1e400,"text",null,[0.1,12345678901234567890123.456]]]}',
    );
  });
});

describe('the fast paths agree with the rule', () => {
  // Deterministic pseudo-random decimals of 1 to 20 digits, a dot anywhere, either sign.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const decimals = Array.from({ length: 20000 }, () => {
    const digits = Array.from({ length: 1 + (next() % 20) }, () => String(next() % 10)).join('');
    const dot = next() % (digits.length + 1);
    const text = dot === 0 || dot === digits.length ? digits : `${digits.slice(0, dot)}.${digits.slice(dot)}`;
    return next() % 2 ? `-${text}` : text;
  });

  it('a decimal of at most 15 digits is a number exactly when the full check says so', () => {
    for (const text of decimals) {
      const expected = readsBackExactly(text) ? Number(text) : text;
      expect(exactNumber(text), text).toBe(expected);
    }
  });

  it('plain JSON.parse is used only where it gives what the exact reader gives', () => {
    for (const text of decimals) {
      const json = `[${text.replace(/^(-?)0+(\d)/, '$1$2')},"x"]`;
      if (!mayLoseDigits(json)) expect(JSON.parse(json), json).toEqual(parseJsonExact(json));
    }
    expect(mayLoseDigits('[123456789012345.6]')).toBe(true);
    expect(mayLoseDigits('[1e5]')).toBe(true);
    expect(mayLoseDigits('[1234567890123.5, "2026-01-01 00:00:00.123456"]')).toBe(false);
  });

  it('digits in a string are no number: an answer of 18-digit id strings (dgw api of a long list) is read by plain JSON.parse', () => {
    expect(mayLoseDigits('[{"id":"709922802836177297","1234567890123456789":1.5}]')).toBe(false);
    expect(mayLoseDigits('["a\\"", 12345678901234567]')).toBe(true);
    expect(mayLoseDigits('["a\\\\", 12345678901234567]')).toBe(true);
    expect(mayLoseDigits('["\\"709922802836177297\\""]')).toBe(false);
  });
});
