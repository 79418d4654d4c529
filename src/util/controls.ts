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

/** `text` on one line for a table or a message: controls removed and white space runs made one space. */
export function printableLine(text: string): string {
  return printable(text.replace(/\s+/g, ' '));
}
