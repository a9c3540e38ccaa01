/** Control characters as visible escapes, so server or file text cannot drive the terminal; `keep` exempts some. */
export function visible(text: string, keep = ''): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (keep.includes(c) ? c : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/** JSON.stringify leaves DEL and C1 raw, though they are control characters too. */
export function jsonWithoutControls(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
