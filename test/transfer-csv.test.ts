import { describe, expect, it } from 'vitest';
import { CsvTranscoder, headRecords } from '../src/transfer/csv-records.js';
import { inferColumns } from '../src/transfer/infer.js';
import { newColumnNames, parseMapFlags, planMappings } from '../src/transfer/import-plan.js';
import { multipartBody } from '../src/transfer/multipart.js';
import { multipartParts } from './support/conformance.js';

// The pure parts of an import: reading the start of a CSV file, rewriting another delimiter as
// commas (cut anywhere), typing columns for --create, planning the mappings, the multipart body.

describe('reading CSV records', () => {
  it('quotes, doubled quotes, line breaks in quotes, CRLF, a byte order mark, a last line without its end', () => {
    const text = '\uFEFFa,"b, c","say ""hi"""\r\n"multi\nline",,x\n1,2,3';
    expect(headRecords(text, ',', 10, true).records).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['multi\nline', '', 'x'],
      ['1', '2', '3'],
    ]);
    // Not the whole file: the unfinished last record is not one yet.
    expect(headRecords(text, ',', 10, false).records).toHaveLength(2);
    expect(headRecords('a;b\n1;2\n', ';', 1, true).records).toEqual([['a', 'b']]);
  });
});

describe('rewriting another delimiter as commas', () => {
  const cases: Array<[string, string, string]> = [
    [';', 'id;name;note\n1;"a;b";x,y\n2;say "hi";\n3;"quoted ""q"" ; here";"line\nbreak"\r\n', 'id,name,note\n1,"a;b","x,y"\n2,"say ""hi""",\n3,"quoted ""q"" ; here","line\nbreak"\r\n'],
    ['\t', 'a\tb,c\td\n', 'a,"b,c",d\n'],
    ['|', 'x|"y|z"\n', 'x,"y|z"\n'],
  ];
  it.each(cases)('with %j, wherever the text is cut', (delimiter, input, expected) => {
    for (let cut = 0; cut <= input.length; cut++) {
      for (let cut2 = cut; cut2 <= input.length; cut2 += 3) {
        const t = new CsvTranscoder(delimiter);
        const out = t.push(input.slice(0, cut)) + t.push(input.slice(cut, cut2)) + t.push(input.slice(cut2)) + t.end();
        expect(out, `cut at ${cut}, ${cut2}`).toBe(expected);
      }
    }
  });

  it('keeps every line break where it was (line numbers in errors stay the file\'s)', () => {
    const input = '1;"two\nlines";x\n2;b;c\n';
    const t = new CsvTranscoder(';');
    expect((t.push(input) + t.end()).split('\n')).toHaveLength(input.split('\n').length);
  });
});

describe('typing columns for --create', () => {
  it('the narrowest type every value fits, empty fields ignored; long decimals stay text, saying why', () => {
    const rows = [
      ['1', '1.5', 'true', '2026-01-31', '2026-01-31 12:30:00', '12:30', '4f8b1c2e-0000-4000-8000-00000000abcd', 'x', '', '0.12345'],
      ['-2', '3', 'FALSE', '2026-02-01', '2026-02-01T01:02:03.5', '01:02:03', '4f8b1c2e-0000-4000-8000-00000000abce', '7', '', '1.5'],
    ];
    const names = ['i', 'd', 'b', 'day', 'at', 't', 'u', 'mixed', 'empty', 'long'];
    const types = inferColumns(names, rows);
    expect(types.map((c) => c.dataType)).toEqual(['BIGINT', 'DECIMAL', 'BOOLEAN', 'DATE', 'TIMESTAMP', 'TIME', 'UUID', 'VARCHAR', 'VARCHAR', 'VARCHAR']);
    expect(types[9].note).toMatch(/more than 3 decimals .* kept as VARCHAR/);
    // A whole number past BIGINT stays text, and dgw says why (not DECIMAL's rounding).
    expect(inferColumns(['big'], [['12345678901234567890']])[0]).toMatchObject({ dataType: 'VARCHAR', note: expect.stringMatching(/big holds whole numbers past BIGINT's range .* kept as VARCHAR/) });
    // BIGINT's whole range, 19 digits included; one past it stays text.
    expect(inferColumns(['edge'], [['9223372036854775807'], ['-9223372036854775808']])[0].dataType).toBe('BIGINT');
    expect(inferColumns(['over'], [['9223372036854775808']])[0]).toMatchObject({ dataType: 'VARCHAR', note: expect.stringMatching(/past BIGINT's range/) });
    // A DECIMAL(18,3) holds 15 digits before the point: a longer whole number beside a decimal keeps the column text.
    expect(inferColumns(['d'], [['1.5'], ['1234567890123456']])[0]).toMatchObject({ dataType: 'VARCHAR', note: expect.stringMatching(/kept as VARCHAR/) });
  });

  it('a column keeps its text when its type would not print a value back as written: leading zeros, +, -0, an upper-case UUID', () => {
    for (const value of ['00123', '+5', '-0', '007.5', '+1.25', '-0.0', '-0.000', '4F8B1C2E-0000-4000-8000-00000000ABCD']) {
      expect(inferColumns(['c'], [['1'], [value]])[0].dataType, value).toBe('VARCHAR');
    }
    for (const [value, type] of [['0', 'BIGINT'], ['-5', 'BIGINT'], ['0.5', 'DECIMAL'], ['-0.5', 'DECIMAL'], ['10.250', 'DECIMAL']]) {
      expect(inferColumns(['c'], [['1'], [value]])[0].dataType, value).toBe(type);
    }
  });

  it('a column with a day or time that does not exist (2026-02-30, 24:61) keeps its text, which DuckDB would refuse as a DATE or TIME (or print year 0 as 0001 BC)', () => {
    for (const value of ['2026-02-30', '2025-02-29', '2026-13-01', '0000-01-01', '2026-01-01 25:00', '2026-04-31T10:00:00', '24:61', '10:60:00']) {
      expect(inferColumns(['c'], [[value]])[0].dataType, value).toBe('VARCHAR');
    }
    for (const [value, type] of [['2024-02-29', 'DATE'], ['2026-12-31 23:59:59.5', 'TIMESTAMP'], ['00:00', 'TIME']]) {
      expect(inferColumns(['c'], [[value]])[0].dataType, value).toBe(type);
    }
  });
});

describe('planning the mappings', () => {
  const head = { header: ['ID', 'Name', 'extra'], fieldCount: 3, sample: [] };
  it('by header name in any case; an unmatched CSV column is refused; --map picks and renames', () => {
    expect(planMappings({ ...head, header: ['ID', 'Name'] }, ['id', 'name', 'amount'], [], 't')).toEqual([
      { name: 'id', csvColumnName: 'ID' },
      { name: 'name', csvColumnName: 'Name' },
    ]);
    expect(() => planMappings(head, ['id', 'name'], [], 't')).toThrow(/the file's column "extra" matches no column of table t/);
    expect(planMappings(head, ['id', 'note'], parseMapFlags(['note=extra', 'id=id']), 't')).toEqual([
      { name: 'note', csvColumnName: 'extra' },
      { name: 'id', csvColumnName: 'ID' },
    ]);
    expect(() => planMappings(head, ['id'], parseMapFlags(['id=nope']), 't')).toThrow(/has no column "nope"/);
    expect(() => planMappings(head, ['id'], parseMapFlags(['nope=ID']), 't')).toThrow(/table t has no column "nope"/);
    expect(() => planMappings(head, ['id'], parseMapFlags(['id=ID', 'ID=Name']), 't')).toThrow(/mapped twice/);
  });

  it('into a table with no columns yet: says so and how to add them, not "(its columns: )"', () => {
    for (const maps of [[], parseMapFlags(['a=ID'])]) {
      expect(() => planMappings(head, [], maps, 't')).toThrow('table t has no columns yet: add them first (`dgw table add-column t NAME:TYPE ...`)');
    }
  });

  it('without a header line: by position, or --map COLUMN=POSITION from 1', () => {
    const none = { fieldCount: 2, sample: [] };
    expect(planMappings(none, ['a', 'b', 'c'], [], 't')).toEqual([{ name: 'a', csvColumnIndex: 0 }, { name: 'b', csvColumnIndex: 1 }]);
    expect(planMappings(none, ['a', 'b'], parseMapFlags(['b=1']), 't')).toEqual([{ name: 'b', csvColumnIndex: 0 }]);
    expect(() => planMappings(none, ['a'], [], 't')).toThrow(/the file has 2 columns and table t 1/);
    expect(() => planMappings(none, ['a'], parseMapFlags(['a=3']), 't')).toThrow(/position, 1 to 2/);
    expect(() => parseMapFlags(['a'])).toThrow(/not COLUMN=CSVCOLUMN/);
  });

  it('--create names columns after the header, or column1...; refuses names that cannot be', () => {
    expect(newColumnNames({ fieldCount: 2, sample: [] })).toEqual(['column1', 'column2']);
    expect(() => newColumnNames({ header: ['a', ''], fieldCount: 2, sample: [] })).toThrow(/column 2 of the header line has no usable name/);
    expect(() => newColumnNames({ header: ['a', 'A'], fieldCount: 2, sample: [] })).toThrow(/names "A" twice/);
    expect(() => newColumnNames({ header: ['a\u001b[2J'], fieldCount: 1, sample: [] })).toThrow(/no usable name/);
  });
});

describe('the multipart body', () => {
  it('is sent as it is read: text parts, then the file, chunk by chunk, names quoted safely', async () => {
    async function* data() {
      yield new TextEncoder().encode('a,b\n');
      yield new TextEncoder().encode('1,2\n');
    }
    const { body, type } = multipartBody([
      { name: 'request', value: '{"x":1}', type: 'application/json' },
      { name: 'file', filename: 'we"ird\nname.csv', type: 'text/csv', data: data() },
    ]);
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(type).toMatch(/^multipart\/form-data; boundary=dgw-[0-9a-f]{32}$/);
    const parts = multipartParts(text)!;
    expect(parts.get('request')!.content).toBe('{"x":1}');
    expect(parts.get('file')).toMatchObject({ filename: 'we%22ird%0Aname.csv', content: 'a,b\n1,2\n' });
    // What a real multipart reader makes of it.
    const form = await new Response(text, { headers: { 'content-type': type } }).formData();
    expect(await (form.get('file') as File).text()).toBe('a,b\n1,2\n');
    expect(form.get('request')).toBe('{"x":1}');
  });
});
