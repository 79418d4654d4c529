/**
 * Article metadata (title, byline, date, site, image, language, excerpt, word count) from the
 * page's JSON-LD, meta tags and the DOM around the main content, in the spirit of Readability
 * and trafilatura.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import type { ArticleMetadata, ContentSelection } from './types.js';
import { normalizeDate } from './dates.js';
import {
  decodeEntities,
  deref,
  imageUrlOf,
  indexJsonLd,
  looksLikeUrl,
  namesOf,
  pickMain,
  stringOf,
  typesOf,
} from './jsonld.js';
import type { JsonLdIndex, JsonObject } from './jsonld.js';
import { effectiveRoots, forEachSelected } from './tree.js';
import { toText } from './text.js';
import { safeUrl } from './url.js';
import { cleanString, countWords, cutAtWord } from './words.js';

/** Everything the field finders share. */
interface Sources {
  snapshot: PageSnapshot;
  selection: ContentSelection;
  meta: Record<string, string>;
  ld: JsonLdIndex;
  article: JsonObject | undefined;
  page: JsonObject | undefined;
  base: string | undefined;
}

/** Meta keys for the publication date, in order of trust. */
const DATE_META_KEYS = [
  'article:published_time', 'og:published_time', 'published_time', 'datepublished', 'date', 'pubdate',
  'publishdate', 'publish-date', 'publish_date', 'dc.date', 'dc.date.issued', 'dc.date.created',
  'dcterms.date', 'dcterms.issued', 'dcterms.created', 'sailthru.date', 'parsely-pub-date',
  'article.published', 'citation_publication_date', 'citation_date',
];

/** Meta keys for the author. */
const AUTHOR_META_KEYS = ['author', 'article:author', 'dc.creator', 'dcterms.creator', 'parsely-author', 'sailthru.author', 'byl'];

/** Separators between a page title and the site name. */
const TITLE_SEPARATOR = /\s+[|\-–—·•:/»‹›]\s+|\s+::\s+/;

/**
 * Extracts article metadata. `text` is the extracted plain text (for the excerpt fallback and the
 * word count). Each field is null when no source has it; `publishedTime` is ISO 8601 when it
 * could be parsed, else the raw value.
 */
export function extractMetadata(snapshot: PageSnapshot, selection: ContentSelection, text: string): ArticleMetadata {
  const md = snapshot.metadata;
  const ld = indexJsonLd(Array.isArray(md?.jsonLd) ? md.jsonLd : []);
  const pageUrls = [md?.canonical ?? '', snapshot.finalUrl ?? '', snapshot.url ?? ''];
  const src: Sources = {
    snapshot,
    selection,
    meta: md?.meta ?? {},
    ld,
    article: pickMain(ld, pageUrls, 'article'),
    page: pickMain(ld, pageUrls, 'page'),
    base: snapshot.finalUrl || snapshot.url || undefined,
  };
  const siteName = findSiteName(src);
  return {
    title: findTitle(src, siteName),
    byline: findByline(src),
    publishedTime: findPublishedTime(src),
    siteName,
    leadImage: findLeadImage(src),
    lang: findLang(src),
    excerpt: findExcerpt(src, text),
    wordCount: countWords(text),
  };
}

/** A meta value by (lower-case) key, cleaned; null when absent or blank. */
function metaValue(src: Sources, key: string): string | null {
  const v = src.meta[key];
  return v === undefined ? null : cleanString(decodeEntities(v));
}

/** The first non-null result. */
function first<T>(...values: Array<T | null | undefined>): T | null {
  for (const v of values) if (v !== null && v !== undefined) return v;
  return null;
}

/**
 * Title: JSON-LD headline (or an article's name), og:title, twitter:title, the `<h1>` in or near
 * the content, then the document title. The site name is cut from the end when it is there.
 */
function findTitle(src: Sources, siteName: string | null): string | null {
  const ldTitle = first(
    stringOf(src.article?.headline),
    src.article ? stringOf(src.article.name) : null,
    stringOf(src.page?.headline),
  );
  const explicit = first(ldTitle, metaValue(src, 'og:title'), metaValue(src, 'twitter:title'));
  if (explicit !== null) return stripSiteName(explicit, siteName, false);
  const h1 = findHeading(src);
  if (h1 !== null) return h1;
  const docTitle = cleanString(src.snapshot.metadata?.title || src.snapshot.title);
  return docTitle === null ? null : stripSiteName(docTitle, siteName, true);
}

/**
 * Cuts a trailing (or leading) site name from a title: always when it equals `siteName`; with
 * `guess`, also a short last segment after a separator when the rest is at least two words.
 */
export function stripSiteName(title: string, siteName: string | null, guess: boolean): string {
  const parts = title.split(TITLE_SEPARATOR);
  if (parts.length < 2) return title;
  const norm = (s: string): string => s.trim().toLowerCase();
  if (siteName !== null) {
    const site = norm(siteName);
    const lastPart = parts[parts.length - 1] as string;
    const firstPart = parts[0] as string;
    if (norm(lastPart) === site) return cutLast(title, lastPart);
    if (norm(firstPart) === site) return title.slice(firstPart.length).replace(/^\s*(?:[|\-–—·•:/»‹›]|::)\s*/, '').trim();
  }
  if (!guess) return title;
  const lastPart = parts[parts.length - 1] as string;
  const head = cutLast(title, lastPart);
  if (countWords(lastPart) <= 4 && countWords(head) >= 2) return head;
  return title;
}

/** `title` without its last separator and `lastPart`. */
function cutLast(title: string, lastPart: string): string {
  const at = title.lastIndexOf(lastPart);
  return title.slice(0, at).replace(/\s*(?:[|\-–—·•:/»‹›]|::)\s*$/, '').trim();
}

/** Text of the first `<h1>` inside the content, else the visible `<h1>` closest above/at its top. */
function findHeading(src: Sources): string | null {
  let inside: string | null = null;
  forEachSelected(src.snapshot, src.selection, (node) => {
    if (inside === null && node.tag === 'h1') inside = cleanString(nodeText(src.snapshot, node));
  });
  if (inside !== null) return inside;
  const box = contentBox(src);
  if (box === null) return null;
  let best: { text: string; dist: number } | null = null;
  for (const node of src.snapshot.nodes) {
    if (node.tag !== 'h1') continue;
    const text = cleanString(nodeText(src.snapshot, node));
    if (text === null) continue;
    const dist = Math.abs(node.rect.y - box.top);
    if (node.rect.y <= box.top + 200 && dist <= 1000 && (best === null || dist < best.dist)) best = { text, dist };
  }
  return best?.text ?? null;
}

/**
 * Byline: JSON-LD author/creator names, meta author keys (URLs ignored), then a short element
 * marked rel=author or with "author"/"byline" in its class or itemprop near the top of the
 * content. A leading "By" is removed.
 */
function findByline(src: Sources): string | null {
  const ldNames = [src.article, src.page].flatMap((o) => (o ? namesOf(o.author ?? o.creator, src.ld) : []));
  if (ldNames.length > 0) return cleanByline(ldNames.join(', '));
  for (const key of AUTHOR_META_KEYS) {
    const v = metaValue(src, key);
    if (v !== null && !looksLikeUrl(v)) {
      const b = cleanByline(v);
      if (b !== null) return b;
    }
  }
  return findBylineElement(src);
}

/** Removes a leading "By", trailing separators and white space; null when empty or too long. */
export function cleanByline(raw: string): string | null {
  const s = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^by\b\s*:?\s*/i, '')
    .replace(/[\s|,·•–—-]+$/u, '')
    .trim();
  if (s === '' || s.length > 120 || !/\p{L}/u.test(s)) return null;
  return s;
}

/** True when the element is marked as an author/byline by rel, itemprop or class. */
function isBylineMarked(node: SnapshotNode): boolean {
  const a = node.attrs;
  if (!a) return false;
  if (/\bauthor\b/i.test(a.rel ?? '')) return true;
  if (/author|byline/i.test(a.itemprop ?? '')) return true;
  const cls = a.class ?? '';
  return /author|byline/i.test(cls) && !/avatar|photo|image|img|thumb|bio|about/i.test(cls);
}

/** The DOM byline near the top of the content (inside it first, else the closest one above). */
function findBylineElement(src: Sources): string | null {
  const box = contentBox(src);
  if (box === null) return null;
  const window = Math.max(400, (box.bottom - box.top) * 0.2);
  let inside: string | null = null;
  forEachSelected(src.snapshot, src.selection, (node) => {
    if (inside !== null || node.kind !== 'element' || !isBylineMarked(node)) return;
    if (node.rect.y > box.top + window) return;
    inside = cleanByline(nodeText(src.snapshot, node));
  });
  if (inside !== null) return inside;
  let best: { text: string; dist: number } | null = null;
  for (const node of src.snapshot.nodes) {
    if (node.kind !== 'element' || !isBylineMarked(node)) continue;
    if (node.rect.y > box.top + window || node.rect.y < box.top - 1200) continue;
    const text = cleanByline(nodeText(src.snapshot, node));
    const dist = Math.abs(node.rect.y - box.top);
    if (text !== null && (best === null || dist < best.dist)) best = { text, dist };
  }
  return best?.text ?? null;
}

/**
 * Publication time: JSON-LD datePublished (article, page, then any object), date meta tags, a
 * `<time datetime>` in the content, then the page's first `<time datetime>`. Normalised to ISO 8601.
 */
function findPublishedTime(src: Sources): string | null {
  const ldDate = first(
    stringOf(src.article?.datePublished),
    stringOf(src.page?.datePublished),
    stringOf(src.article?.dateCreated),
    ...src.ld.objects.map((o) => stringOf(o.datePublished)),
  );
  let raw = first(ldDate, ...DATE_META_KEYS.map((k) => metaValue(src, k)));
  if (raw === null) {
    forEachSelected(src.snapshot, src.selection, (node) => {
      if (raw === null && node.tag === 'time') raw = cleanString(node.attrs?.datetime);
    });
  }
  raw ??= cleanString((src.snapshot.metadata?.times ?? []).find((t) => cleanString(t) !== null));
  return raw === null ? null : normalizeDate(raw);
}

/** Site name: og:site_name, the JSON-LD publisher's name, a WebSite's name, application-name. */
function findSiteName(src: Sources): string | null {
  const publisher = [src.article, src.page].flatMap((o) => (o ? namesOf(deref(o.publisher, src.ld), src.ld) : []));
  const website = src.ld.objects.find((o) => typesOf(o).includes('website'));
  return first(
    metaValue(src, 'og:site_name'),
    publisher[0],
    website ? stringOf(website.name) : null,
    metaValue(src, 'application-name'),
  );
}

/** Lead image: og:image, twitter:image, JSON-LD image/thumbnailUrl, then the first image ≥ 300 px wide in the content. */
function findLeadImage(src: Sources): string | null {
  const candidates = [
    metaValue(src, 'og:image'),
    metaValue(src, 'og:image:url'),
    metaValue(src, 'og:image:secure_url'),
    metaValue(src, 'twitter:image'),
    metaValue(src, 'twitter:image:src'),
    ...[src.article, src.page].flatMap((o) => (o ? [imageUrlOf(o.image, src.ld), stringOf(o.thumbnailUrl)] : [])),
  ];
  for (const c of candidates) {
    const url = c === null ? null : safeUrl(c, src.base, 'image');
    if (url !== null && !url.startsWith('data:')) return url;
  }
  return firstLargeImage(src);
}

/** The first image in the content rendered at least 300 px wide. */
function firstLargeImage(src: Sources): string | null {
  const infos = new Map((src.snapshot.images ?? []).map((i) => [i.node, i]));
  let found: string | null = null;
  forEachSelected(src.snapshot, src.selection, (node) => {
    if (found !== null || node.tag !== 'img') return;
    const info = infos.get(node.id);
    const width = info?.w ?? node.rect.w;
    if (width < 300) return;
    for (const raw of [node.attrs?.src, info?.src]) {
      const url = safeUrl(raw, src.base, 'image');
      if (url !== null && !url.startsWith('data:')) {
        found = url;
        return;
      }
    }
  });
  return found;
}

/** Language: `<html lang>`, og:locale (`en_US` → `en-US`), JSON-LD inLanguage. */
function findLang(src: Sources): string | null {
  const raw = first(
    cleanString(src.snapshot.metadata?.lang),
    metaValue(src, 'og:locale'),
    stringOf(src.article?.inLanguage),
    stringOf(src.page?.inLanguage),
  );
  return raw === null ? null : raw.replace(/_/g, '-');
}

/** Excerpt: the page description (meta, og, twitter, JSON-LD), else the first paragraph of text; ≤ 300 chars. */
function findExcerpt(src: Sources, text: string): string | null {
  const description = first(
    cleanString(decodeEntities(src.snapshot.metadata?.description ?? '')),
    metaValue(src, 'description'),
    metaValue(src, 'og:description'),
    metaValue(src, 'twitter:description'),
    stringOf(src.article?.description),
  );
  if (description !== null) return cutAtWord(description, 300);
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p !== '');
  const para = paragraphs.find((p) => countWords(p) >= 5) ?? paragraphs[0];
  return para === undefined ? null : cutAtWord(para, 300);
}

/** Visible text of a subtree on one line (block boundaries become spaces). */
function nodeText(snapshot: PageSnapshot, node: SnapshotNode): string {
  return toText(snapshot, { roots: [node.id], exclude: [] }).replace(/\s+/g, ' ').trim();
}

/** Top and bottom (document y) of the selected roots, or null without roots. */
function contentBox(src: Sources): { top: number; bottom: number } | null {
  const roots = effectiveRoots(src.snapshot, src.selection)
    .map((id) => src.snapshot.nodes[id])
    .filter((n): n is SnapshotNode => n !== undefined);
  if (roots.length === 0) return null;
  return {
    top: Math.min(...roots.map((n) => n.rect.y)),
    bottom: Math.max(...roots.map((n) => n.rect.y + n.rect.h)),
  };
}
