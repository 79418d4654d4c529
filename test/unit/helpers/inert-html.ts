/**
 * Is rendered Markdown inert? The HTML is parsed with an HTML5 parser (domino, the one turndown
 * uses) and may hold only the elements and attributes Markdown itself produces, with safe URLs.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const domino = require('@mixmark-io/domino') as { createDocument(html: string): Document };

/** What Markdown renders to: the elements, and per element the attributes it may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  html: [], head: [], body: [], p: [], br: [], hr: [], h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'],
  em: [], strong: [], del: [], s: [], code: ['class'], pre: [], blockquote: [], ul: [], ol: ['start'], li: [],
  a: ['href'], img: ['src', 'alt'], table: [], thead: [], tbody: [], tr: [], th: ['align', 'style'], td: ['align', 'style'],
};

function schemeOf(value: string): string | null {
  try {
    const u = new URL(value, 'https://relative.invalid/dir/');
    return u.origin === 'https://relative.invalid' ? 'relative' : u.protocol;
  } catch {
    return 'invalid';
  }
}

/** Every problem in rendered HTML: unexpected elements or attributes, unsafe URLs. */
export function liveHtml(html: string): string[] {
  const doc = domino.createDocument(`<!doctype html><html><body>${html}</body></html>`);
  const out: string[] = [];
  const walk = (el: Element): void => {
    const tag = el.nodeName.toLowerCase();
    const allowed = ALLOWED[tag];
    if (!allowed) out.push(`element <${tag}>`);
    for (const a of Array.from(el.attributes)) {
      if (!allowed?.includes(a.name)) out.push(`attribute ${a.name} on <${tag}>`);
      if (a.name === 'class' && !/^language-[\w#+.-]+$/.test(a.value)) out.push(`class="${a.value}"`);
      if (a.name === 'style' && !/^text-align:\s*(left|right|center)$/.test(a.value)) out.push(`style="${a.value}"`);
      if (a.name === 'href' || a.name === 'src') {
        const scheme = schemeOf(a.value);
        const ok = a.name === 'href'
          ? ['relative', 'http:', 'https:', 'mailto:', 'tel:', 'ftp:'].includes(scheme ?? '')
          : ['relative', 'http:', 'https:'].includes(scheme ?? '') || /^data:image\/(png|jpe?g|gif|webp)[;,]/i.test(a.value);
        if (!ok) out.push(`${a.name}="${a.value}"`);
      }
    }
    for (const c of Array.from(el.children)) walk(c);
  };
  walk(doc.documentElement);
  return out;
}


/** The text of rendered HTML, as a browser shows it. */
export function textOf(html: string): string {
  return domino.createDocument(`<!doctype html><html><body>${html}</body></html>`).body.textContent ?? '';
}
