/**
 * Reading JSON-LD: flattening `@graph`s, arrays and nested objects, resolving `{"@id": ...}`
 * references, and picking the object that describes the article.
 */

export type JsonObject = Record<string, unknown>;

/** Every typed or identified object found in the JSON-LD blocks, breadth first. */
export interface JsonLdIndex {
  objects: JsonObject[];
  byId: Map<string, JsonObject>;
}

/** Article-like schema.org types (lower-case); any type ending in "article" also counts. */
const ARTICLE_TYPES: ReadonlySet<string> = new Set([
  'article', 'newsarticle', 'blogposting', 'reportagenews', 'analysisnewsarticle', 'opinionnewsarticle',
  'reviewnewsarticle', 'backgroundnewsarticle', 'askpublicnewsarticle', 'satiricalarticle',
  'scholarlyarticle', 'medicalscholarlyarticle', 'techarticle', 'report', 'socialmediaposting',
  'liveblogposting', 'discussionforumposting', 'recipe', 'howto', 'apireference', 'legislation',
]);

/** Page-level schema.org types, used when there is no article object. */
const PAGE_TYPES: ReadonlySet<string> = new Set([
  'webpage', 'itempage', 'aboutpage', 'collectionpage', 'profilepage', 'qapage', 'faqpage',
  'medicalwebpage', 'contactpage', 'searchresultspage', 'checkoutpage',
]);

const MAX_OBJECTS = 1000;
const MAX_DEPTH = 8;

/** Flattens the parsed JSON-LD blocks into an index of objects. */
export function indexJsonLd(blocks: unknown[]): JsonLdIndex {
  const objects: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  let queue: unknown[] = [...blocks];
  for (let depth = 0; depth < MAX_DEPTH && queue.length > 0 && objects.length < MAX_OBJECTS; depth++) {
    const next: unknown[] = [];
    for (const value of queue) {
      if (Array.isArray(value)) {
        next.push(...value);
        continue;
      }
      if (!isObject(value)) continue;
      const id = value['@id'];
      const hasType = value['@type'] !== undefined;
      if (hasType || Object.keys(value).some((k) => !k.startsWith('@'))) {
        if (hasType) objects.push(value);
        if (typeof id === 'string' && (!byId.has(id) || Object.keys(value).length > 1)) byId.set(id, value);
      }
      for (const [key, child] of Object.entries(value)) {
        if (key === '@context') continue;
        if (typeof child === 'object' && child !== null) next.push(child);
      }
    }
    queue = next;
  }
  return { objects, byId };
}

/** True for a plain (non-array) object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The lower-cased schema.org type names of an object (`http://schema.org/NewsArticle` → `newsarticle`). */
export function typesOf(obj: JsonObject): string[] {
  const raw = obj['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => (t.split(/[/#:]/).pop() ?? t).toLowerCase());
}

/** True when the object has an article-like type. */
export function isArticle(obj: JsonObject): boolean {
  return typesOf(obj).some((t) => ARTICLE_TYPES.has(t) || t.endsWith('article'));
}

/** True when the object has a web-page type. */
export function isPage(obj: JsonObject): boolean {
  return typesOf(obj).some((t) => PAGE_TYPES.has(t));
}

/** Replaces a bare `{"@id": ...}` reference with the object it names, when the index has it. */
export function deref(value: unknown, index: JsonLdIndex): unknown {
  if (isObject(value) && typeof value['@id'] === 'string') {
    const target = index.byId.get(value['@id']);
    if (target && Object.keys(value).every((k) => k.startsWith('@'))) return target;
  }
  return value;
}

/**
 * The object describing the article: among article-typed objects, the one whose url/@id or
 * mainEntityOfPage matches one of `pageUrls`, else the first with a headline, else the first.
 * Falls back to page-typed objects the same way.
 */
export function pickMain(index: JsonLdIndex, pageUrls: string[], kind: 'article' | 'page'): JsonObject | undefined {
  const test = kind === 'article' ? isArticle : isPage;
  const candidates = index.objects.filter(test);
  if (candidates.length === 0) return undefined;
  const wanted = new Set(pageUrls.filter((u) => u !== '').map(normalizeUrl));
  const matches = (obj: JsonObject): boolean => {
    const urls = [obj.url, obj['@id'], deref(obj.mainEntityOfPage, index)].flatMap((v) =>
      isObject(v) ? [v['@id'], v.url] : [v],
    );
    return urls.some((u) => typeof u === 'string' && wanted.has(normalizeUrl(u)));
  };
  return (
    candidates.find(matches) ??
    candidates.find((c) => typeof c.headline === 'string') ??
    candidates[0]
  );
}

/** A URL without fragment and trailing slash, for comparison. */
function normalizeUrl(url: string): string {
  return url.trim().replace(/#.*$/, '').replace(/\/+$/, '').toLowerCase();
}

/** A non-empty string value (numbers accepted), entities decoded; null otherwise. */
export function stringOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const s = decodeEntities(value).replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

/**
 * Names from a person/organisation value: a string, an object with `name` (references resolved),
 * or an array of those. Strings that look like URLs are ignored.
 */
export function namesOf(value: unknown, index: JsonLdIndex): string[] {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of list) {
    const v = deref(item, index);
    const name = isObject(v) ? stringOf(v.name) ?? joinName(v) : stringOf(v);
    if (name !== null && !looksLikeUrl(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** `givenName familyName` of a Person without `name`. */
function joinName(obj: JsonObject): string | null {
  const parts = [stringOf(obj.givenName), stringOf(obj.familyName)].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The first URL of an image value: a string, an ImageObject (`url`/`contentUrl`) or an array. */
export function imageUrlOf(value: unknown, index: JsonLdIndex): string | null {
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    const v = deref(item, index);
    const url = isObject(v) ? stringOf(v.url) ?? stringOf(v.contentUrl) : stringOf(v);
    if (url !== null) return url;
  }
  return null;
}

/** True for strings that are URLs rather than names. */
export function looksLikeUrl(s: string): boolean {
  return /^(?:https?:)?\/\//i.test(s) || /^www\./i.test(s);
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', rsquo: '\u2019', lsquo: '\u2018',
  rdquo: '\u201d', ldquo: '\u201c', ndash: '\u2013', mdash: '\u2014', hellip: '\u2026', laquo: '\u00ab',
  raquo: '\u00bb', middot: '\u00b7', bull: '\u2022', copy: '\u00a9', reg: '\u00ae', trade: '\u2122',
};

/** A numeric or common named HTML entity. */
const ENTITY = /&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi;

function decodeOnce(s: string): string {
  return s.replace(ENTITY, (m, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : m;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? m;
  });
}

/**
 * Decodes numeric and common named HTML entities. JSON-LD and meta values are often escaped
 * twice: a CMS escapes "…" as `&#8230;`, then its JSON-LD writer escapes the `&` again
 * (`&amp;#8230;`), so an entity that decoding `&amp;` brings out is decoded too. Twice at most:
 * a third layer is no one's markup.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  const once = decodeOnce(s);
  return /&amp;/i.test(s) && once.includes('&') ? decodeOnce(once) : once;
}
