/**
 * Control characters in text for people. Page text is hostile: an ESC, BEL or OSC sequence that
 * reaches a terminal can retitle the window, clear the screen, fake a hyperlink or set the
 * clipboard (OSC 52). Text outputs lose every C0 and C1 control except tab and newline.
 */

/** C0 controls but tab and newline, DEL, and the C1 controls (U+0080-U+009F). */
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** `text` without control characters (tab and newline kept). */
export function printable(text: string): string {
  return text.replace(CONTROLS, '');
}

/**
 * `value` as JSON with DEL, the C1 controls and U+2028/2029 written as `\u` escapes (JSON.stringify
 * already escapes C0): JSON that is safe to print and to embed, whatever the page's text held.
 */
export function escapedJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` on one line for a table or a message: controls removed and white space runs made one space. */
export function printableLine(text: string): string {
  return printable(text.replace(/\s+/g, ' '));
}
