import { indentCompactJson } from '../../output/indent-json.js';

// `dgw query list --json` prints 10,000 queries as fast as they arrive: when the answer is the
// local gateway's compact array and every query in it is already in the form readQuery gives
// (each field present, in its order, of its type, the schedule as readSchedule writes it), reading
// it into objects and writing them out again changes nothing but the layout, which
// indentCompactJson gives straight from the text.

/**
 * A JSON string JSON.stringify writes back byte for byte and jsonWithoutControls leaves alone:
 * no DEL or C1 character (U+007F-U+009F), no lone surrogate, and no escape but those
 * JSON.stringify writes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00xx` in lower case for
 * the other characters below U+0020). Written as "plain*(special plain*)*": no character can
 * start both, so a text that does not match fails in linear time (no nested loops to backtrack).
 */
const STRING = (() => {
  const plain = String.raw`[^"\\\u0000-\u001f\u007f-\u009f\ud800-\udfff]`;
  const special = String.raw`(?:[\ud800-\udbff][\udc00-\udfff]|\\["\\bfnrt]|\\u00(?:0[0-7bef]|1[0-9a-f]))`;
  return `"${plain}*(?:${special}${plain}*)*"`;
})();
const NON_EMPTY = `(?!"")${STRING}`;
/** A schedule readSchedule gives back as it is (`{"type":"none"}`, which it reads as null, is not one). */
const SCHEDULE = String.raw`\{"type":(?:"interval","repeatDuration":${NON_EMPTY}|"cron","cronExpression":${NON_EMPTY}(?:,"timezone":${NON_EMPTY})?)\}`;
/** One query as readQuery writes it, and what follows it (`,` or the array's `]`). */
const QUERY = new RegExp(
  String.raw`\{"id":${STRING},"displayName":${STRING},"name":${STRING},"inputQuery":${STRING},"queryType":"(?:PLAIN|MATERIALIZED)","schedule":(?:null|${SCHEDULE}),"path":(?:${STRING}|null),"folderId":(?:${STRING}|null)\}([,\]])`,
  'y',
);

/**
 * What `query list --json` prints for the Get Queries answer `text` (its whole list, no field
 * picked, no jq): JSON.stringify(readQueries(JSON.parse(text)), null, 2), its DEL and C1
 * characters escaped, and a newline, made straight from the text. Undefined when the text is not
 * a non-empty compact array of queries in readQuery's form: the caller then reads it as usual.
 */
export function printedQueryList(text: string): Buffer | undefined {
  if (text.length < 2 || text[0] !== '[') return undefined;
  QUERY.lastIndex = 1;
  for (;;) {
    let match: RegExpExecArray | null;
    try {
      match = QUERY.exec(text);
    } catch {
      // A string so long and so full of escapes that the pattern runs out of stack: the usual way reads it.
      return undefined;
    }
    if (match === null) return undefined;
    if (match[1] === ']') return QUERY.lastIndex === text.length ? indentCompactJson(Buffer.from(text)) : undefined;
  }
}
