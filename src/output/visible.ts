/**
 * Control characters shown as visible escapes (`\x1b`), so text that came from a server or a file
 * (a query's name, an error message, a cell) can never move the cursor, retitle the window or
 * clear the screen of whoever reads it. C0 (U+0000-U+001F), DEL and C1 (U+0080-U+009F, where
 * U+009B starts a control sequence on some terminals) are escaped; `keep` names characters left
 * as they are (a newline inside a table cell, which the table lays out itself).
 */
export function visible(text: string, keep = ''): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (keep.includes(c) ? c : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/**
 * JSON text with DEL and C1 written as `\u` escapes: JSON.stringify leaves them raw, though they
 * are control characters too. The JSON means exactly the same.
 */
export function jsonWithoutControls(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
