/** Escaping for everything the report takes from records (titles, text, URLs are attacker-controlled). */

/** Escape for HTML text and (quoted) attribute values. Drops characters HTML forbids. */
export function escapeHtml(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  return s
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON safe inside `<script type="application/json">`: `<`, `>`, `&` and the JS line separators
 * are written as `\uXXXX` escapes, so no `</script>` or `<!--` can ever appear in the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
