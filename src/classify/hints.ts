/**
 * Class/id/role hints: words that authors put in attribute names. Used as one signal among many,
 * never alone (Readability's "unlikely candidates" and html-declutter's "poison words").
 */
import type { SnapshotNode } from '../snapshot/types.js';
import type { Role } from './types.js';
import { own } from '../util/at.js';
import { CONSENT_MAX_CHARS } from './params.js';

/** Boilerplate roles that attribute names reveal, most specific first. */
const ROLE_PATTERNS: Array<[Exclude<Role, 'main' | 'content' | 'other'>, RegExp]> = [
  ['overlay', /(^|[-_ ])(cookie|consent|gdpr|modal|pop-?up|overlay|lightbox|interstitial|paywall|newsletter-?(modal|popup|signup))|popup|cookie-?(bar|banner|notice|law)/i],
  ['comments', /(^|[-_ ])(comments?|disqus|replies|reply-?list|discussion|responses)([-_ ]|$)/i],
  ['advertisement', /(^|[-_ ])(ad|ads|advert|advertisement|adslot|ad-?unit|ad-?container|dfp|gpt|sponsor(ed)?|promo(ted)?|taboola|outbrain|banner-?ad|commercial)([-_ ]|\d|$)/i],
  ['related', /(^|[-_ ])(related|recommend(ed|ations)?|more-?(stories|articles|news)|read-?(more|next)|also-?read|trending|most-?(read|popular|viewed)|popular|you-?may|suggested|further-?reading|recirc)/i],
  ['navigation', /(^|[-_ ])(nav|navbar|navigation|menu|breadcrumbs?|pagination|pager|skip-?link|toc|table-?of-?contents)([-_ ]|$)/i],
  ['sidebar', /(^|[-_ ])(sidebar|side-?bar|aside|rail|right-?col|widget)([-_ ]|$)/i],
  ['footer', /(^|[-_ ])(footer|colophon|copyright|site-?info)([-_ ]|$)/i],
  ['header', /(^|[-_ ])(masthead|site-?header|top-?bar|header)([-_ ]|$)/i],
];

/** Small pieces inside an article that are not article text. */
const NOISE = /(^|[-_ ])(share|sharing|social|sharebar|share-?tools|tags?|tag-?list|keywords|byline|author|authors|author-?(bio|info|box|card|details)|about-?the-?author|caption|credit|newsletter|subscribe|signup|sign-?up|print|donate|meta|timestamp|dateline|disclaimer|correction-?link)([-_ ]|$)/i;

/**
 * Embedded posts the article quotes (a tweet, an Instagram post): content, even in a wrapper
 * named `social-media-embed`, unlike a share bar.
 */
const EMBED = /(^|[-_ ])(twitter-tweet|instagram-media|tiktok-embed|fb-post|bluesky-embed|social-(media-)?embed|embed-(tweet|twitter|instagram|social))([-_ ]|$)/i;

/** Words that suggest the article body. */
const POSITIVE = /(^|[-_ ])(articlebody|article-?(body|content|text)|post-?(body|content|text)|entry-?content|story-?(body|content|text)|main-?content|content-?body|body-?text|blog-?post|rich-?text|prose)([-_ ]|$)/i;

/**
 * A node's attribute text and what it says, worked out once per node: whether it names the article
 * body, the boilerplate role its words name (`undefined` until asked), and whether it names a small
 * non-article piece. Feature extraction asks every element these questions for each role.
 */
interface HintText {
  text: string;
  positive: boolean;
  classRole?: Role | null;
  noise?: boolean;
}

const hintTexts = new WeakMap<SnapshotNode, HintText>();
/** The node asked about last and its answer: the questions about one node come one after another. */
let lastNode: SnapshotNode | null = null;
let lastHint: HintText | null = null;

/**
 * id, class and itemprop, with camelCase split at the case change ("bottomByline" ->
 * "bottom-byline"). Classification asks for every element several times; the answer is kept
 * with the node.
 */
function hintText(node: SnapshotNode): HintText {
  if (node === lastNode && lastHint) return lastHint;
  let h = hintTexts.get(node);
  if (!h) {
    const a = node.attrs;
    const text = a ? `${a.id ?? ''} ${a.class ?? ''} ${a.itemprop ?? ''}`.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase() : '';
    h = { text, positive: text.trim() !== '' && POSITIVE.test(text) };
    hintTexts.set(node, h);
  }
  lastNode = node;
  lastHint = h;
  return h;
}

const LANDMARK_ROLES: Record<string, Role> = {
  navigation: 'navigation',
  banner: 'header',
  contentinfo: 'footer',
  complementary: 'sidebar',
  dialog: 'overlay',
  alertdialog: 'overlay',
  search: 'navigation',
  menu: 'navigation',
  menubar: 'navigation',
};

const TAG_ROLES: Record<string, Role> = { nav: 'navigation', footer: 'footer', aside: 'sidebar', dialog: 'overlay' };

/** The boilerplate role an element's own tag/role/class/id suggests, or null. */
export function roleHint(node: SnapshotNode): Role | null {
  if (node.kind !== 'element') return null;
  const ariaRole = node.attrs?.role?.toLowerCase();
  const landmark = ariaRole ? own(LANDMARK_ROLES, ariaRole) : undefined;
  if (landmark) return landmark;
  if (node.attrs?.['aria-modal'] === 'true') return 'overlay';
  const t = own(TAG_ROLES, node.tag);
  if (t) return t;
  const h = hintText(node);
  if (h.classRole === undefined) h.classRole = h.text.trim() && !h.positive ? (ROLE_PATTERNS.find(([, re]) => re.test(h.text))?.[0] ?? null) : null;
  return h.classRole;
}

/** The element's attributes name small non-article pieces (share bars, captions, bylines). */
export function isNoiseHint(node: SnapshotNode): boolean {
  if (node.kind !== 'element') return false;
  const h = hintText(node);
  h.noise ??= !h.positive && NOISE.test(h.text) && !EMBED.test(h.text);
  return h.noise;
}

/**
 * A poster's signature: forum software marks the sign-off it prints under every post of its
 * author (`signature`, `message-signature`, `post-signature`, `signaturecontainer`). The name
 * must end the word, so `signature-dish` and Sphinx's `sig` (a function's signature) are not one.
 */
const SIGNATURE = /(^|[-_ ])(signatures?|signaturecontainer)( |$)/;

/** The element's attributes name a poster's signature. */
export function isSignatureHint(node: SnapshotNode): boolean {
  return node.kind === 'element' && SIGNATURE.test(hintText(node).text.trim());
}

/**
 * A reader comment section, named the way comment systems name their container: an id or class
 * attribute that starts with the word `comment`/`comments` (`comments`, `comment-list`,
 * `commentsContainer`; not `commentary` nor `commentarea`), the class `article-comments` or
 * `post-comments`, or Disqus's `disqus_thread`/`dsq-comments` (trafilatura's
 * REMOVE_COMMENTS_XPATH names the same ones). Only the attribute's start counts, so a docs
 * section `#respond-to-review-comments`, arXiv's `list-comments` field or a
 * `testimonials-comments` strip is not one; nor is a `<li>` (one comment, or a forum post).
 */
const COMMENTS_START = /^\s*(?:[Cc]omments?(?![a-z])|disqus_thread|dsq-comments)/;
const COMMENTS_CLASS = /(^|\s)(article|post)-comments(\s|$)/;
const COMMENTS_TAGS = new Set(['div', 'section', 'ul', 'ol', 'aside']);

/** The element is a container of reader comments (see COMMENTS_START). */
export function isCommentsHint(node: SnapshotNode): boolean {
  if (node.kind !== 'element' || !COMMENTS_TAGS.has(node.tag)) return false;
  const id = node.attrs?.id ?? '';
  const cls = node.attrs?.class ?? '';
  return COMMENTS_START.test(id) || COMMENTS_START.test(cls) || COMMENTS_CLASS.test(cls);
}

/** The element's attributes name an embedded post the article quotes (a tweet, an Instagram post). */
export function isEmbedHint(node: SnapshotNode): boolean {
  return node.kind === 'element' && EMBED.test(hintText(node).text);
}

/** Customer reviews of a product (`reviews`, `customer-reviews`, `product-review`). */
const REVIEWS = /(^|[-_ ])(reviews?|customer-reviews?|product-reviews?)( |$)/;

/** The element's attributes name customer reviews. */
export function isReviewsHint(node: SnapshotNode): boolean {
  return node.kind === 'element' && REVIEWS.test(hintText(node).text.trim());
}

/**
 * Text for screen readers only, named the way CSS frameworks name the class that clips it to a
 * pixel (Bootstrap and Tailwind `sr-only`, Bootstrap 5, Drupal and Shopify `visually-hidden`,
 * WordPress `screen-reader-text`, Drupal 7 `element-invisible`): "Regular price" before a price,
 * "Opens in a new window" after a link, a rating's "4.5 out of 5 stars". A whole class token, so
 * `visually-hidden-focusable` (a skip link shown on focus) and `sr-only-text-wrapper` are not one.
 */
const SCREEN_READER = /(^|\s)(sr-only|visually-?hidden|screen-reader-text|screenreader-only|element-invisible)(\s|$)/i;

/** The element's class names it text for screen readers only (see SCREEN_READER). */
export function isScreenReaderHint(node: SnapshotNode): boolean {
  return node.kind === 'element' && SCREEN_READER.test(node.attrs?.class ?? '');
}

/**
 * A filter panel: an id or class token that names filters, facets or refinements (`filters`,
 * `filter-box`, `facet-list`, `refinement-bar`, `ArgyleFilterBtn`). The shop's or catalogue's
 * controls for narrowing its grid ("Color: Grey", "Under $50"), not what the grid holds. Tailwind's
 * bare `filter` utility (it enables CSS filters on an image) is not one.
 */
const FILTER_TOKEN = /^(?:.*[-_])?(?:filters?|facets?|refinements?|refine)(?:[-_].*)?$/;

/** Whether one of the element's attribute tokens (hintText's, split at spaces) passes `test`. */
function someHintToken(node: SnapshotNode, test: (token: string) => boolean): boolean {
  return node.kind === 'element' && hintText(node).text.split(/\s+/).some(test);
}

/** The element's attributes name a filter panel (see FILTER_TOKEN). */
export function isFilterPanelHint(node: SnapshotNode): boolean {
  return someHintToken(node, (t) => t !== 'filter' && FILTER_TOKEN.test(t));
}

/**
 * A site-wide announcement bar: an id or class token that names one (`announcement-bar`,
 * Shopify's `announcement-bar__message`, `promo-bar`, `promo-message-banner`), or ARIA's
 * `marquee` role (scrolling promotions). The shop's offer of the week ("Free shipping on orders
 * $75+"), printed above every page. Not `promo-banner` nor a `marquee` class: service pages name
 * their call-to-action sections and their scrolling testimonials so.
 */
const ANNOUNCEMENT_TOKEN = /^(?:.*[-_])?(?:announcements?|announcement-?bar|announce-?bar|promo-?bar|promo-?messages?)(?:[-_].*)?$/;

/** The element is a site-wide announcement bar (see ANNOUNCEMENT_TOKEN). */
export function isAnnouncementHint(node: SnapshotNode): boolean {
  if (node.kind !== 'element') return false;
  return node.attrs?.role === 'marquee' || someHintToken(node, (t) => ANNOUNCEMENT_TOKEN.test(t));
}

/**
 * An ad slot: an id or class token that is an ad word, alone or with a word for its box (`ad`,
 * `ads`, `ad-row`, `ad-slot`, `advertisement`, `adsbygoogle`, `sponsored-container`, Taboola's
 * and Outbrain's widgets), or an `aria-label` that says so ("Advertisement", "Sponsored"). Its
 * text is the advertiser's, not the page's, even in a row of a thread or a card of a grid. Whole
 * tokens only: a CSS module's hashed `item__adF2E`, an FAQ's `ask-ads` or a shop's
 * `ad-listing-title-993944520` (a promoted card of its own grid) are not one.
 */
const AD_TOKEN = /^(?:ad|ads|adverts?|advertisement|advertising|adslot|adunit|adsbygoogle|sponsored|taboola|outbrain)(?:[-_]+(?:row|slot|unit|container|wrapper|wrap|box|block|banner|label|placeholder|zone|space|holder))?$/;
const AD_LABEL = /^\s*(advertisement|advertising|advert|ad|ads|sponsored( content| post| links?)?|anzeige|werbung|publicit[ée]|publicidad|pubblicit[àa])\s*$/i;

/**
 * The words a page prints over an ad slot and nowhere else: "Advertisement" and its translations.
 * Narrower than AD_LABEL, which reads an `aria-label`: a line "Advertising" heads a privacy
 * policy's section, "Sponsored" a shop's own promoted cards, "Ad" is a name.
 */
const AD_SLOT_LABEL = /^\s*(advertisement|anzeige|werbung|publicit[ée]|publicidad|pubblicit[àa])\s*$/i;

/** The text is an ad slot's printed label alone (see AD_SLOT_LABEL). */
export function isAdSlotLabel(text: string): boolean {
  return AD_SLOT_LABEL.test(text);
}

/** The element is an ad slot (see AD_TOKEN, AD_LABEL). */
export function isAdSlotHint(node: SnapshotNode): boolean {
  if (node.kind !== 'element') return false;
  return AD_LABEL.test(node.attrs?.['aria-label'] ?? '') || someHintToken(node, (t) => AD_TOKEN.test(t));
}

/** The element's attributes name the article body (`articleBody`, `post-content`, `<article>`). */
export function isPositiveHint(node: SnapshotNode): boolean {
  if (node.kind !== 'element') return false;
  if (node.tag === 'article' || node.tag === 'main' || node.attrs?.role === 'main') return true;
  return hintText(node).positive;
}

/** Text of a cookie or consent notice ("This website uses cookies ... accept"). */
export function isConsentText(text: string): boolean {
  return text.length < CONSENT_MAX_CHARS && /\bcookies?\b/i.test(text) && /\b(accept|consent|agree|opt[- ]?out|privacy|experience|continu)/i.test(text);
}
