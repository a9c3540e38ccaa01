import { describe, expect, it } from 'vitest';
import { exactNumber, parseJsonExact, readsBackExactly } from '../src/api/exact-numbers.js';

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

  it('verbatim: JSON.stringify writes the literal back unchanged', () => {
    expect(JSON.stringify(parseJsonExact(body, 'verbatim'))).toBe(
      '{"columns":[],"data":[[123456789012345.678,1.5,9007199254740993,-0.001,1e400,"text",null,[0.1,12345678901234567890123.456]]]}',
    );
  });
});
