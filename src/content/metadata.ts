/**
 * Article metadata (title, byline, date, site, image, language, excerpt, word count) from the
 * page's JSON-LD, meta tags and the DOM around the main content, in the spirit of Readability
 * and trafilatura.
 */
import type { PageSnapshot } from '../snapshot/types.js';
import type { PageType } from '../classify/types.js';
import type { ArticleMetadata, ContentSelection } from './types.js';
import { cleanByline, givenNameFirst, joinAuthors } from './byline.js';
import { dateOrderOf, normalizeDate, parseDate } from './dates.js';
import type { DateOrder } from './dates.js';
import { decodeEntities, deref, imageUrlOf, indexJsonLd, looksLikeUrl, namesOf, pickMain, stringOf, typesOf } from './jsonld.js';
import type { JsonLdIndex, JsonObject } from './jsonld.js';
import { findAuthorBoxBelow, findBylineElement, findThreadStarter, findUnmarkedByline } from './byline-dom.js';
import { contentInFrame, findDatelineAtEnd, findDatelineText, findHeading, findTimeNearTop, firstLargeImage } from './metadata-dom.js';
import { safeUrl } from './url.js';
import { cleanString, countWords, cutAtWord } from './words.js';

/** Everything the field finders share. */
interface Sources {
  snapshot: PageSnapshot;
  selection: ContentSelection;
  meta: Record<string, string>;
  /** Every value of the meta keys the page repeats. */
  metaAll: Record<string, string[]>;
  ld: JsonLdIndex;
  article: JsonObject | undefined;
  page: JsonObject | undefined;
  base: string | undefined;
  /**
   * The content lives in a frame: the page's meta tags and JSON-LD describe the host page, so
   * evidence from the content itself (h1, time, paragraphs, images) goes first.
   */
  framed: boolean;
  /**
   * The page is one story (an article, a manual page, a thread): an author link or a date
   * written as text near its top is its own. On a listing, a shop or a home page such a line
   * belongs to a teaser, a review or the masthead, so only declared evidence counts there.
   */
  story: boolean;
  /**
   * The page is one author's text (an article, a manual page): an author box after its end names
   * that author. After a thread it names the last reply's.
   */
  signedAtEnd: boolean;
  /**
   * The page is an article: a dateline after its end ("Posted on …") is its date. On a manual
   * page it says when the page was last edited.
   */
  datedAtEnd: boolean;
  /** The page is a thread: its byline is the thread starter's user name. */
  thread: boolean;
}

/** Meta keys for the publication date, in order of trust. */
const DATE_META_KEYS = [
  'article:published_time', 'og:published_time', 'published_time', 'datepublished', 'date', 'pubdate',
  'publishdate', 'publish-date', 'publish_date', 'dc.date', 'dc.date.issued', 'dc.date.created',
  'dcterms.date', 'dcterms.issued', 'dcterms.created', 'sailthru.date', 'parsely-pub-date',
  'article.published', 'citation_publication_date', 'citation_date',
  // less common spellings, as htmldate (trafilatura's date finder) also reads them
  'og:publish_date', 'og:article:published_time', 'published', 'published-date', 'published_date',
  'date_published', 'date-pub', 'publication_date', 'publication-date', 'originalpublicationdate',
  'article_date_original', 'rnews:datepublished', 'cxenseparse:publishtime',
];

/** Page types whose page is one story (see Sources.story). */
const STORY_TYPES: ReadonlySet<PageType> = new Set(['article', 'documentation', 'forum']);

/** Page types whose page is one author's text (see Sources.signedAtEnd). */
const SIGNED_TYPES: ReadonlySet<PageType> = new Set(['article', 'documentation']);

/** Meta keys for the author. */
const AUTHOR_META_KEYS = ['author', 'article:author', 'dc.creator', 'dcterms.creator', 'parsely-author', 'sailthru.author', 'byl', 'citation_author'];

/**
 * Author keys that name one person per tag, repeated for each author, often surname first
 * (Highwire Press's citation_author, Dublin Core's creator): every tag counts.
 */
const ONE_AUTHOR_PER_TAG: ReadonlySet<string> = new Set(['dc.creator', 'dcterms.creator', 'citation_author']);

/** Characters that separate a page title from the site name ("⋆" as some WordPress themes write it). */
const SEPARATOR_CHARS = '|\\-–—·•:/»‹›⋆';

/** One separator: a character of SEPARATOR_CHARS or "::". */
const SEPARATOR = `(?:[${SEPARATOR_CHARS}]|::)`;

/** Separators between a page title and the site name. */
const TITLE_SEPARATOR = new RegExp(`\\s+${SEPARATOR}\\s+`);

/** A separator at the start or at the end of what is left of a title. */
const LEADING_SEPARATOR = new RegExp(`^\\s*${SEPARATOR}\\s*`);
const TRAILING_SEPARATOR = new RegExp(`\\s*${SEPARATOR}\\s*$`);

/**
 * Extracts article metadata. `text` is the extracted plain text (for the excerpt fallback and the
 * word count), `wordCount` its word count when the caller has counted it (buildContent does).
 * Each field is null when no source has it; `publishedTime` is ISO 8601 when it could be parsed,
 * else the raw value. `options.baseUrl` resolves a relative lead image (default: the snapshot's
 * `finalUrl`, then `url`), as buildContent's does the content's links. `options.pageType` is what
 * the page was read as: on pages that are not one story (a listing, a shop), bylines and dates
 * come only from what the page declares or marks.
 */
export function extractMetadata(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  text: string,
  wordCount = countWords(text),
  options: { baseUrl?: string; pageType?: PageType } = {},
): ArticleMetadata {
  const md = snapshot.metadata;
  const ld = indexJsonLd(Array.isArray(md?.jsonLd) ? md.jsonLd : []);
  const pageUrls = [md?.canonical ?? '', snapshot.finalUrl ?? '', snapshot.url ?? ''];
  const src: Sources = {
    snapshot,
    selection,
    meta: md?.meta ?? {},
    metaAll: md?.metaAll ?? {},
    ld,
    article: pickMain(ld, pageUrls, 'article'),
    page: pickMain(ld, pageUrls, 'page'),
    base: options.baseUrl ?? (snapshot.finalUrl || snapshot.url || undefined),
    framed: contentInFrame(snapshot, selection),
    story: options.pageType === undefined || STORY_TYPES.has(options.pageType),
    signedAtEnd: options.pageType === undefined || SIGNED_TYPES.has(options.pageType),
    datedAtEnd: options.pageType === undefined || options.pageType === 'article',
    thread: options.pageType === 'forum',
  };
  const siteName = findSiteName(src);
  const lang = findLang(src);
  return {
    title: tidyTitle(findTitle(src, siteName)),
    byline: findByline(src),
    publishedTime: findPublishedTime(src, dateOrderOf(lang)),
    siteName,
    leadImage: findLeadImage(src),
    lang,
    excerpt: findExcerpt(src, text),
    wordCount,
  };
}

/** A meta tag's value as text: entities decoded, white space collapsed; null when blank. */
const metaText = (value: string): string | null => cleanString(decodeEntities(value));

/** A meta value by (lower-case) key, cleaned; null when absent or blank. */
function metaValue(src: Sources, key: string): string | null {
  const v = src.meta[key];
  return v === undefined ? null : metaText(v);
}

/** Every value of a meta key (one when the page does not repeat it), cleaned, blanks left out. */
function metaValues(src: Sources, key: string): string[] {
  const v = Object.hasOwn(src.metaAll, key) ? src.metaAll[key] : undefined;
  const all = v ?? (Object.hasOwn(src.meta, key) ? [src.meta[key] as string] : []);
  return all.map(metaText).filter((x): x is string => x !== null);
}

/** The first non-null result. */
function first<T>(...values: Array<T | null | undefined>): T | null {
  for (const v of values) if (v !== null && v !== undefined) return v;
  return null;
}

/**
 * Title: JSON-LD headline (or an article's name), og:title, twitter:title, the `<h1>` in or near
 * the content, then the document title. The site name is cut off when it is there, else og:title's
 * short tail (withoutTail). For framed content the h1 comes first.
 */
function findTitle(src: Sources, siteName: string | null): string | null {
  const h1 = findHeading(src.snapshot, src.selection, siteName);
  if (src.framed && h1 !== null) return h1;
  // a JSON-LD headline names the article; og:title and twitter:title name the page, tail and all
  const headline = first(stringOf(src.article?.headline), src.article ? stringOf(src.article.name) : null, stringOf(src.page?.headline));
  const explicit = headline ?? first(metaValue(src, 'og:title'), metaValue(src, 'twitter:title'));
  if (explicit !== null) {
    const named = headlineOf(stripSiteName(explicit, siteName, false), h1, hostLabels(src));
    // one tail at most: a title that lost its site's name keeps the rest as it is
    return headline === null && named === explicit ? withoutTail(named, h1) : named;
  }
  if (h1 !== null) return h1;
  const docTitle = cleanString(src.snapshot.metadata?.title || src.snapshot.title);
  return docTitle === null ? null : stripSiteName(docTitle, siteName, true);
}

/** A separator before a title's tagline or site name: a pipe or a dash between spaces. */
const TAIL_SEPARATOR = / ([|\-–—]) /gu;

/** Most words in a tail that is cut: a site's name or a tagline ("Rust Blog", "Start for Free"). */
const MAX_TAIL_WORDS = 4;

/** Fewest words left once a tail is cut (after a pipe; after a dash, one more): "Fernleaf | Garden tools" stays whole. */
const MIN_HEAD_WORDS = 2;

/**
 * og:title without its short tail ("What do people love about Rust? | Rust Blog", "Small Business
 * Accounting Software - Start for Free"): sites append their name or a tagline to og:title as to
 * `<title>`, under a name og:site_name does not always give. A dash also joins a headline's parts
 * ("Minecraft 1.8 - The Bountiful Update", "Transitioning to a plant-based diet – tips and
 * tricks"), so after a dash only a capitalised tail goes, and only from a headline of three words
 * or more. A tail the page's `<h1>` holds is the headline's ("Star Wars Episode IV - A New Hope").
 */
function withoutTail(title: string, h1: string | null): string {
  let last: RegExpExecArray | null = null;
  for (const m of title.matchAll(TAIL_SEPARATOR)) last = m;
  if (last === null) return title;
  const head = title.slice(0, last.index).trim();
  const tail = title.slice(last.index + last[0].length).trim();
  if (countWords(tail) > MAX_TAIL_WORDS) return title;
  // the page's own headline says it: "Star Wars Episode IV - A New Hope" in the h1 too
  if (h1 !== null && squash(h1).includes(squash(tail))) return title;
  if (last[1] === '|') return countWords(head) >= MIN_HEAD_WORDS ? head : title;
  return countWords(head) > MIN_HEAD_WORDS && /^\p{Lu}/u.test(tail) ? head : title;
}

/** A separator left at the end of a title whose site name a template left empty ("Top picks ⋆"). */
const DANGLING_SEPARATOR = new RegExp(`\\s${SEPARATOR}$`);

/**
 * Markdown emphasis around words: `*A Treatise on Coffee* (1792)`, where the h1 shows an `<em>`.
 * The marks stand at word edges, so "M*A*S*H" and "5 * 3" keep theirs; underscores stay, for
 * "__init__" is a name. The emphasised run holds no star and is bounded, so that a hostile title of
 * stars is read in linear time.
 */
const EMPHASIS = /(^|[\s("'“‘])(\*{1,2})(?=[\p{L}\p{N}])([^*]{0,200}?[\p{L}\p{N}.!?)])\2(?=$|[\s)"'”’.,:;!?])/gu;

/**
 * A title without the marks around it: a Markdown heading's hashes ("## Regolith binding agents")
 * and emphasis, as some generators leave in og:title, and a dangling separator.
 */
function tidyTitle(title: string | null): string | null {
  const tidy =
    title === null
      ? null
      : cleanString(title.replace(/^#{1,6}\s+/, '').replace(EMPHASIS, '$1$3').replace(DANGLING_SEPARATOR, ''));
  // marks alone ("- | -", "##") are no title
  return tidy !== null && /[\p{L}\p{N}]/u.test(tidy) ? tidy : null;
}

/** A separator between a title's parts, at the start of a string. */
const HEAD_SEPARATOR = new RegExp(`^(?:${TITLE_SEPARATOR.source})`);

/** Letters and digits only, lower-cased: "Pest-R-Us" and "pestrus" compare equal. */
const squash = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The headline of a declared title whose other parts name the site: its first part(s) when they
 * are the page's `<h1>` ("Models" of "Models | Brindle documentation" under an h1 "Models"), else
 * the title without a last part that is the name of the site's host ("… | Fernleaf" on fernleaf.com).
 * og:title and JSON-LD headlines carry the site's name as often as `<title>` does, and no
 * og:site_name may be there to say so. A first part stays: on a home or product page it is the
 * brand, and part of the title ("Fernleaf | Garden tools that last").
 */
function headlineOf(title: string, h1: string | null, hosts: readonly string[]): string {
  if (h1 !== null && h1.length < title.length) {
    const head = title.slice(0, h1.length);
    if (head.toLowerCase() === h1.toLowerCase() && HEAD_SEPARATOR.test(title.slice(h1.length))) return head;
  }
  const parts = title.split(TITLE_SEPARATOR);
  const lastPart = parts[parts.length - 1] as string;
  return parts.length >= 2 && hosts.includes(squash(lastPart)) ? cutLast(title, lastPart) : title;
}

/** Labels of the page's host that can be its name ("fernleaf" of www.fernleaf.com; not "www", "co" or the TLD). */
function hostLabels(src: Sources): string[] {
  for (const raw of [src.snapshot.metadata?.canonical, src.meta['og:url'], src.snapshot.finalUrl, src.snapshot.url]) {
    let host: string;
    try {
      host = new URL(raw ?? '').hostname;
    } catch {
      continue;
    }
    const labels = host.split('.').slice(0, -1).filter((l) => l !== 'www' && l !== 'co' && l !== 'com' && l.length >= 2);
    if (labels.length > 0) return labels.map(squash);
  }
  return [];
}

/**
 * Cuts the site name from the end (or start) of a title: when a segment after (before) a
 * separator is the site name, or starts/ends with it as a word ("Tideflow docs" for "Tideflow").
 * With `guess`, also cuts a short last segment (≤ 4 words) when at least two words remain.
 */
export function stripSiteName(title: string, siteName: string | null, guess: boolean): string {
  const parts = title.split(TITLE_SEPARATOR);
  if (parts.length < 2) return title;
  const lastPart = parts[parts.length - 1] as string;
  const firstPart = parts[0] as string;
  if (siteName !== null) {
    if (isSiteSegment(lastPart, siteName)) return cutLast(title, lastPart);
    if (isSiteSegment(firstPart, siteName)) return title.slice(firstPart.length).replace(LEADING_SEPARATOR, '').trim();
  }
  if (!guess) return title;
  const head = cutLast(title, lastPart);
  return countWords(lastPart) <= MAX_TAIL_WORDS && countWords(head) >= MIN_HEAD_WORDS ? head : title;
}

/** True when a title segment is the site name, possibly with a word before or after it. */
function isSiteSegment(segment: string, siteName: string): boolean {
  const seg = segment.trim().toLowerCase();
  const site = siteName.trim().toLowerCase();
  if (site === '') return false;
  return seg === site || seg.startsWith(`${site} `) || seg.endsWith(` ${site}`);
}

/** `title` without its last separator and `lastPart`. */
function cutLast(title: string, lastPart: string): string {
  const at = title.lastIndexOf(lastPart);
  return title.slice(0, at).replace(TRAILING_SEPARATOR, '').trim();
}

/**
 * Byline: JSON-LD author/creator names, meta author keys (URLs ignored; citation_author for
 * scholarly pages), then a short element marked rel=author or with "author"/"byline" in its
 * class or itemprop near the top of the content (first for framed content); on a page of one
 * story, then a link to an author's page or a "By …" line there, and last, on an article or a
 * manual page, a marked element in an author box at the content's end, or on a thread, the first
 * post's user name.
 */
function findByline(src: Sources): string | null {
  const fromDom = (): string | null => findBylineElement(src.snapshot, src.selection);
  if (src.framed) {
    const dom = fromDom();
    if (dom !== null) return dom;
  }
  const ldNames = [src.article, src.page].flatMap((o) => (o ? namesOf(o.author ?? o.creator, src.ld) : []));
  if (ldNames.length > 0) {
    const b = cleanByline(ldNames.join(', '));
    if (b !== null) return b;
  }
  for (const key of AUTHOR_META_KEYS) {
    const names = metaValues(src, key).filter((v) => !looksLikeUrl(v));
    // a key given twice with other values: the first that reads as a byline (a template's blank
    // or placeholder tag may come first)
    const b = ONE_AUTHOR_PER_TAG.has(key) ? joinAuthors(names.map(givenNameFirst)) : first(...names.map(cleanByline));
    if (b !== null) return b;
  }
  const dom = src.framed ? null : fromDom();
  if (dom !== null || !src.story) return dom;
  const unmarked = findUnmarkedByline(src.snapshot, src.selection);
  if (unmarked !== null) return unmarked;
  if (src.signedAtEnd) return findAuthorBoxBelow(src.snapshot, src.selection);
  return src.thread ? findThreadStarter(src.snapshot, src.selection) : null;
}

/**
 * Publication time: JSON-LD datePublished (article or page), date meta tags, a `<time datetime>`
 * in or just above the content, then the page's `<time>` values when they all agree, then (on a
 * story page) a date written as text near the top, and last (on an article) a dateline such as
 * "Posted on …" at the content's end. For framed content the `<time>` near the content comes
 * first. Normalised to ISO 8601 when parseable; a numeric date such as 03/04/2025 is read in the
 * order of the page's language, and left as written without one.
 */
function findPublishedTime(src: Sources, order: DateOrder | undefined): string | null {
  const near = (): string | null => findTimeNearTop(src.snapshot, src.selection, order);
  let raw: string | null = src.framed ? near() : null;
  raw ??= first(
    stringOf(src.article?.datePublished),
    stringOf(src.page?.datePublished),
    stringOf(src.article?.dateCreated),
    ...DATE_META_KEYS.map((k) => metaValue(src, k)),
  );
  raw ??= near();
  raw ??= agreedPageTime(src.snapshot.metadata?.times ?? [], order);
  if (src.story) raw ??= findDatelineText(src.snapshot, src.selection, order);
  if (src.datedAtEnd) raw ??= findDatelineAtEnd(src.snapshot, src.selection, order);
  return raw === null ? null : normalizeDate(raw, order);
}

/**
 * The page's `<time>` value when every parseable one names the same day (a lone dateline), else
 * null; null too when a value could be read both ways round and the page gives no order.
 */
function agreedPageTime(times: string[], order: DateOrder | undefined): string | null {
  const parsed: Array<{ raw: string; iso: string }> = [];
  for (const t of times) {
    const iso = parseDate(t, order);
    // without the page's language, a time that reads both ways (03/04/2025) makes them all unsure
    if (iso === null && order === undefined && parseDate(t, 'month-first') !== null) return null;
    if (iso !== null) parsed.push({ raw: t.trim(), iso });
  }
  const day = parsed[0]?.iso.slice(0, 10);
  return day !== undefined && parsed.every((t) => t.iso.slice(0, 10) === day) ? (parsed[0]?.raw ?? null) : null;
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

/**
 * Lead image: og:image, twitter:image, JSON-LD image/thumbnailUrl, then the first image ≥ 300 px
 * wide in the content (first for framed content). http(s) URLs only.
 */
function findLeadImage(src: Sources): string | null {
  const inContent = (): string | null =>
    firstLargeImage(src.snapshot, src.selection, 300, (node) => {
      const info = src.snapshot.images?.find((i) => i.node === node.id);
      return first(httpImage(node.attrs?.src, src.base), httpImage(info?.src, src.base));
    });
  if (src.framed) {
    const own = inContent();
    if (own !== null) return own;
  }
  const declared = [
    metaValue(src, 'og:image'),
    metaValue(src, 'og:image:url'),
    metaValue(src, 'og:image:secure_url'),
    metaValue(src, 'twitter:image'),
    metaValue(src, 'twitter:image:src'),
    ...[src.article, src.page].flatMap((o) => (o ? [imageUrlOf(o.image, src.ld), stringOf(o.thumbnailUrl)] : [])),
  ];
  for (const c of declared) {
    const url = httpImage(c ?? undefined, src.base);
    if (url !== null) return url;
  }
  return src.framed ? null : inContent();
}

/** An absolute http(s) image URL, or null. */
function httpImage(raw: string | undefined, base: string | undefined): string | null {
  const url = safeUrl(raw, base, 'image');
  return url !== null && !url.startsWith('data:') ? url : null;
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

/**
 * Excerpt: the page description (meta, og, twitter, JSON-LD), else the first paragraph of text
 * with at least five words; at most 300 characters, cut at a word. Framed content skips the
 * (host page's) description.
 */
function findExcerpt(src: Sources, text: string): string | null {
  const description = src.framed
    ? null
    : first(
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
