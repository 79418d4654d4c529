/** The attribute whitelist of clean HTML, and HTML escaping. */
import type { SnapshotNode } from '../snapshot/types.js';

/** `lang` and `dir` when present and well-formed. */
export function langAttrs(node: SnapshotNode): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const lang = node.attrs?.lang?.trim();
  if (lang !== undefined && /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(lang)) out.push(['lang', lang]);
  const dir = node.attrs?.dir?.trim().toLowerCase();
  if (dir === 'ltr' || dir === 'rtl' || dir === 'auto') out.push(['dir', dir]);
  return out;
}

/** colspan/rowspan (2..1000) plus lang/dir for table cells. */
export function cellAttrs(node: SnapshotNode): Array<[string, string]> {
  const out = langAttrs(node);
  for (const name of ['colspan', 'rowspan']) {
    const v = node.attrs?.[name]?.trim();
    if (v !== undefined && /^\d{1,4}$/.test(v) && Number(v) > 1 && Number(v) <= 1000) out.push([name, String(Number(v))]);
  }
  return out;
}

/** Whitelisted attributes of a kept tag. */
export function keptAttrs(tag: string, node: SnapshotNode): Array<[string, string]> {
  const out = langAttrs(node);
  const attrs = node.attrs ?? {};
  if (tag === 'time' && attrs.datetime !== undefined && attrs.datetime.trim() !== '') out.push(['datetime', attrs.datetime.trim()]);
  if (tag === 'ol' && attrs.start !== undefined && /^-?\d{1,9}$/.test(attrs.start.trim())) out.push(['start', attrs.start.trim()]);
  if (tag === 'code' || tag === 'pre') {
    const language = languageOf(attrs.class) ?? dataLanguage(node);
    if (language !== null) out.push(['class', `language-${language}`]);
  }
  return out;
}

const LANGUAGE_NAME = /^[A-Za-z0-9_+#.-]{1,40}$/;

/** The language in a `data-lang` or `data-language` attribute, or null. */
export function dataLanguage(node: SnapshotNode): string | null {
  const v = (node.attrs?.['data-lang'] ?? node.attrs?.['data-language'])?.trim();
  return v !== undefined && LANGUAGE_NAME.test(v) ? v.toLowerCase() : null;
}

/**
 * The language a class attribute names, or null: `language-x` and `lang-x` (highlight.js,
 * Prism, Prettify), `highlight-source-x` (GitHub), `highlight-x` (Sphinx), `brush: x`
 * (SyntaxHighlighter), `sourceCode x` (Pandoc).
 */
export function languageOf(className: string | undefined): string | null {
  if (className === undefined) return null;
  const tokens = className.trim().split(/\s+/);
  for (const token of tokens) {
    const m = /^(?:language|lang|highlight-source|highlight)-([A-Za-z0-9_+#.-]{1,40})$/.exec(token);
    if (m && m[1] !== 'source') return (m[1] as string).toLowerCase();
  }
  const brush = /(?:^|[\s;])brush:\s*([A-Za-z0-9_+#.-]{1,40})/.exec(className);
  if (brush) return (brush[1] as string).toLowerCase();
  if (tokens.includes('sourceCode')) {
    const other = tokens.find((t) => t !== 'sourceCode' && LANGUAGE_NAME.test(t));
    if (other) return other.toLowerCase();
  }
  return null;
}

/** Escapes text for an HTML text node. */
export function escapeText(text: string): string {
  if (!/[&<>]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes text for a double-quoted HTML attribute value. */
export function escapeAttr(value: string): string {
  if (!/[&"'<>]/.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
