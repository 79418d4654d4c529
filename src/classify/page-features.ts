/**
 * Page-level facts that tell what kind of page this is (an article, a thread, a shop grid...):
 * structured-data types, Open Graph type, URL shape and the make-up of the text. They feed the
 * page-type model and are appended to every text block's features, so that what counts as main
 * content can depend on the kind of page.
 */
import type { PageSnapshot } from '../snapshot/types.js';
import { wordTokens } from './lexicon.js';

/** schema.org types, grouped by the kind of page they announce. */
const SCHEMA_GROUPS: ReadonlyArray<[string, RegExp]> = [
  ['article', /^(article|newsarticle|blogposting|reportagenewsarticle|analysisnewsarticle|opinionnewsarticle|scholarlyarticle|socialmediaposting|liveblogposting|report)$/],
  ['product', /^(product|productgroup|offer|aggregateoffer|individualproduct|productmodel|vehicle|car|book|softwareapplication|mobileapplication|webapplication)$/],
  ['discussion', /^(qapage|question|answer|discussionforumposting|comment)$/],
  ['list', /^(itemlist|collectionpage|searchresultspage|offercatalog|listitem)$/],
  ['faq', /^(faqpage)$/],
  ['tech', /^(techarticle|apireference|howto|course|learningresource)$/],
  ['organization', /^(organization|corporation|localbusiness|professionalservice|service|store|restaurant|medicalbusiness|legalservice|financialservice|homeandconstructionbusiness|brand)$/],
  ['webpage', /^(webpage|website|aboutpage|contactpage|itempage|medicalwebpage)$/],
  ['breadcrumb', /^(breadcrumblist)$/],
  ['event', /^(event|musicevent|sportsevent|businessevent|educationevent)$/],
  ['recipe', /^(recipe)$/],
  ['review', /^(review|aggregaterating|employerreview|criticreview)$/],
  ['person', /^(person|profilepage)$/],
];

/** Words in a URL path that announce a kind of page (generic, not any site's scheme). */
const URL_GROUPS: ReadonlyArray<[string, RegExp]> = [
  ['forum', /(^|[/_.-])(forum|forums|thread|threads|topic|topics|t|questions?|community|discussions?|board|boards|viewtopic|showthread|answers)([/_.-]|$)/],
  ['product', /(^|[/_.-])(product|products|p|item|items|dp|shop|store|buy|sku)([/_.-]|$)/],
  ['docs', /(^|[/_.-])(docs?|documentation|api|reference|manual|guide|guides|tutorial|tutorials|learn|wiki|kb|help|support)([/_.-]|$)/],
  ['collection', /(^|[/_.-])(category|categories|collections?|c|catalog|catalogue|browse|search|tag|tags|list|lists|directory)([/_.-]|$)/],
  ['article', /(^|[/_.-])(blog|news|article|articles|story|stories|posts?|\d{4}[/_-]\d{2})([/_.-]|$)/],
  ['service', /(^|[/_.-])(services?|solutions?|pricing|features|about|company|contact|plans|platform)([/_.-]|$)/],
];

const OG_TYPES = ['article', 'product', 'website'] as const;

export interface PageFacts {
  /** Every schema.org @type on the page, lower-cased. */
  schemaTypes: Set<string>;
  /** Lower-cased og:type, '' when missing. */
  ogType: string;
  /** Path of the page's own URL (canonical, og:url, else the URL it was loaded from), lower-cased. */
  path: string;
}

function collectTypes(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectTypes(v, out, depth + 1);
    return;
  }
  const obj = value as Record<string, unknown>;
  const t = obj['@type'];
  for (const s of Array.isArray(t) ? t : [t]) if (typeof s === 'string') out.add(s.toLowerCase().replace(/^.*[/#:]/, ''));
  for (const [k, v] of Object.entries(obj)) if (k !== '@context' && typeof v === 'object') collectTypes(v, out, depth + 1);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * schema.org types by which a page declares itself a discussion thread (a forum topic, a Q&A
 * page). Forum software writes them for the thread itself; the page-type model can read a
 * thread with few replies and long posts as an article, the declaration cannot be misread.
 */
const THREAD_TYPES = ['discussionforumposting', 'qapage'] as const;

/** The schema.org type that declares the page a thread, or null. */
export function declaredThread(facts: PageFacts): string | null {
  return THREAD_TYPES.find((t) => facts.schemaTypes.has(t)) ?? null;
}

export function pageFacts(snapshot: PageSnapshot): PageFacts {
  const schemaTypes = new Set<string>();
  collectTypes(snapshot.metadata.jsonLd, schemaTypes);
  for (const node of snapshot.nodes) {
    const it = node.attrs?.itemtype;
    if (it) for (const t of it.split(/\s+/)) if (t) schemaTypes.add(t.toLowerCase().replace(/^.*[/#:]/, ''));
  }
  const meta = snapshot.metadata.meta;
  const own = snapshot.metadata.canonical || meta['og:url'] || snapshot.finalUrl || snapshot.url;
  return { schemaTypes, ogType: (meta['og:type'] ?? '').toLowerCase(), path: pathOf(own) };
}

/** Named page-level feature values from the facts (1/0 flags). */
export function pageFlags(facts: PageFacts): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const [name, re] of SCHEMA_GROUPS) {
    let hit = 0;
    for (const t of facts.schemaTypes) if (re.test(t)) hit = 1;
    out.push([`schema.${name}`, hit]);
  }
  for (const t of OG_TYPES) out.push([`og.${t}`, facts.ogType === t || facts.ogType.startsWith(`${t}.`) ? 1 : 0]);
  out.push(['og.other', facts.ogType !== '' && !OG_TYPES.some((t) => facts.ogType === t || facts.ogType.startsWith(`${t}.`)) ? 1 : 0]);
  for (const [name, re] of URL_GROUPS) out.push([`url.${name}`, re.test(facts.path) ? 1 : 0]);
  const segments = facts.path.split('/').filter(Boolean);
  out.push(['url.depth', Math.min(8, segments.length)]);
  out.push(['url.number', /\d{3,}/.test(facts.path) ? 1 : 0]);
  out.push(['url.root', segments.length === 0 ? 1 : 0]);
  return out;
}

/** JSON-LD keys whose strings describe the page's main thing in a sentence or two. */
const DESCRIPTION_KEYS = new Set(['description', 'abstract', 'disambiguatingDescription']);
/**
 * schema.org types whose descriptions are not the main thing's: what others say of it (reviews,
 * comments, answers) and who publishes it (the site, its owner, a brand, an author).
 */
const OTHER_VOICES = /^(review|userreview|criticreview|employerreview|comment|answer|organization|corporation|brand|website|person)$/i;
/** `<meta>` keys that describe the page. */
const META_DESCRIPTIONS = ['description', 'og:description', 'twitter:description'] as const;
/** Characters of description read, and JSON-LD values visited: a hostile page's JSON-LD may be megabytes. */
const MAX_DESCRIPTION_CHARS = 100_000;
const MAX_JSON_LD_VALUES = 20_000;
/** How deep into JSON-LD to look (the main thing sits at the top, or in an @graph). */
const MAX_JSON_LD_DEPTH = 6;

/** The key of the word pair that ends at token `i` (`first second`). */
const pairAt = (tokens: readonly string[], i: number): string => `${tokens[i - 1] ?? ''} ${tokens[i] ?? ''}`;

/** The word pairs of a text, as pairAt's keys. */
function wordPairs(tokens: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i < tokens.length; i++) pairs.add(pairAt(tokens, i));
  return pairs;
}

/** How many of the text's word pairs (one per adjacent two tokens, repeats counted) are in `pairs` (describedPairs'). */
export function sharedPairs(tokens: readonly string[], pairs: ReadonlySet<string>): number {
  let n = 0;
  for (let i = 1; i < tokens.length; i++) if (pairs.has(pairAt(tokens, i))) n++;
  return n;
}

/**
 * The word pairs of what the page says its main thing is, in its meta descriptions and the
 * descriptions in its structured data: a block that repeats them is the thing's own description
 * (a product's, most often).
 */
export function describedPairs(snapshot: PageSnapshot): Set<string> {
  const texts: string[] = [];
  let room = MAX_DESCRIPTION_CHARS;
  const keep = (v: string): void => {
    if (room <= 0) return;
    const t = v.slice(0, room);
    room -= t.length;
    // JSON-LD strings often carry markup: its tags are not words
    texts.push(t.replace(/<[^>]*>/g, ' '));
  };
  const meta = snapshot.metadata.meta;
  for (const k of META_DESCRIPTIONS) {
    const v = meta[k];
    if (v) keep(v);
  }
  const stack: Array<[unknown, number]> = [[snapshot.metadata.jsonLd, 0]];
  for (let visited = 0; stack.length && visited < MAX_JSON_LD_VALUES; visited++) {
    const [value, depth] = stack.pop() ?? [null, 0];
    if (depth > MAX_JSON_LD_DEPTH || value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const v of value) stack.push([v, depth + 1]);
      continue;
    }
    const obj = value as Record<string, unknown>;
    const type = obj['@type'];
    if ((Array.isArray(type) ? type : [type]).some((t) => typeof t === 'string' && OTHER_VOICES.test(t.replace(/^.*[/#:]/, '')))) continue;
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v === 'string') {
        if (DESCRIPTION_KEYS.has(k)) keep(v);
      } else if (typeof v === 'object' && k !== '@context') stack.push([v, depth + 1]);
    }
  }
  return wordPairs(wordTokens(texts.join('\n')));
}
