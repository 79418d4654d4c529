/**
 * Every threshold classification uses, named and explained in one place. The models' own
 * weights live in models/ (fitted by scripts/train, see docs/accuracy.md); what is here decides
 * how their scores become a selection. Values were chosen on cross-validated (out-of-fold)
 * scores of the training pages, never on single pages.
 */

/**
 * A text block whose final probability of being main content reaches this is kept, unless the
 * models come with a threshold for the page's predicted type (models/thresholds.json, chosen on
 * out-of-fold scores by scripts/train/thresholds.mjs).
 */
export const CONTENT_THRESHOLD = 0.5;

/**
 * When no block reaches CONTENT_THRESHOLD, the best block still counts as main content if its
 * probability reaches this: a page whose model scores are all lukewarm (a short notice, an odd
 * layout) gives its best text rather than nothing.
 */
export const FALLBACK_MIN_SCORE = 0.2;

/**
 * With the fallback, blocks next to the best one (in reading order, in the same element as it)
 * whose probability is at least this share of the best's come along.
 */
export const FALLBACK_NEIGHBOUR_SHARE = 0.6;

/**
 * A kept quotation of at least this many words that repeats kept text is left out (choose.ts,
 * dropQuotedRepeats); shorter quotes ("Thanks!", "+1") say little and cost little.
 */
export const REPEAT_MIN_WORDS = 5;

/** Main content of fewer words than this makes a page `other` (an error notice, an empty shell). */
export const MIN_CONTENT_WORDS = 1;

/** A VIPS leaf whose characters are at least this share main content is a main-content block. */
export const MAIN_LEAF_SHARE = 0.5;

/** At most this many excluded subtrees are listed in the decision record's trace. */
export const MAX_EXCLUDED_LISTED = 50;

/** At most this many dropped texts are listed in the decision record. */
export const MAX_DROPPED_LISTED = 200;

/** Characters of a block's text kept as its excerpt in the decision record. */
export const EXCERPT_CHARS = 160;

/** Characters of a dropped text listed in the decision record (`dropped[].text`). */
export const DROPPED_EXCERPT_CHARS = 120;

/**
 * A cookie or consent notice is short: text naming cookies and consent is read as one only under
 * this many characters, so an article about cookie law is not.
 */
export const CONSENT_MAX_CHARS = 700;

/**
 * A block made of one element takes a boilerplate role from its element's class/id/role, or from
 * its wrappers up to this many levels up (`<div class="footer"><div><p>`).
 */
export const HINT_WRAPPER_LEVELS = 2;
