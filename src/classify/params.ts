/**
 * Every threshold classification uses, named and explained in one place. The models' own
 * weights live in models/ (fitted by scripts/train, see docs/accuracy.md); what is here decides
 * how their scores become a selection. Values were chosen on cross-validated (out-of-fold)
 * scores of the training pages, never on single pages.
 */

/**
 * The calibration power of the expected-F1 selection (choose.ts, keptBlocks) for a page type the
 * models give none for (models/selection.json, chosen by scripts/train/selection.mjs on the text the
 * whole pipeline returns with out-of-fold models): scores are read as probabilities as they are.
 */
export const SELECTION_POWER = 1;

/**
 * A page whose best text block scores below this has no main content (an error notice, an empty
 * shell): the expected-F1 rule would otherwise always keep the best of a bad lot.
 */
export const MIN_BEST_SCORE = 0.2;

/**
 * A kept quotation of at least this many words that repeats kept text is left out (choose.ts,
 * dropQuotedRepeats); shorter quotes ("Thanks!", "+1") say little and cost little.
 */
export const REPEAT_MIN_WORDS = 5;

/**
 * A run of at least this many consecutive kept blocks that repeats, in order, a run kept earlier
 * is the same content laid out twice (a desktop and a mobile version, a tab repeating the summary)
 * and is left out (choose.ts, dropRepeatedRuns). Two, so a heading with its paragraph counts and a
 * lone repeated line ("Add to cart") does not.
 */
export const REPEAT_RUN_BLOCKS = 2;

/**
 * On a product page a lone repeated block is a copy of the layout too (choose.ts,
 * dropRepeatedRuns) when it has at least this many words: a sentence of the description, not a
 * label or a button's "Add to cart".
 */
export const REPEAT_LINE_MIN_WORDS = 5;

/**
 * Before the selection, each block in a slot of repeated units (the same element at the same
 * place in each card, post or quote) scores this much its slot's mean score and the rest its own
 * (rules/grid.ts, poolSlotScores): units laid out alike say alike whether they are content, and the
 * model's score for one of them is a noisy reading of that. An even mix: each block keeps a say,
 * so a card that differs clearly from its neighbours (an ad among the results) is still judged
 * on its own; the whole mean (1) would keep or drop a listing's unlike entries wholesale.
 */
export const SLOT_SCORE_MIX = 0.5;

/**
 * Among repeated units (cards, posts, rows), a slot (the same element at the same place in each
 * unit) kept in at least this share of its units is kept in all of them (rules/grid.ts,
 * completeRepeatedSlots): a majority, so one lukewarm headline in a column of kept ones comes back.
 */
export const SLOT_KEEP_SHARE = 0.5;

/**
 * A grid's template (choose.ts, dropTemplateSlots): on a collection or a listing, a slot of
 * repeated units kept in at least TEMPLATE_MIN_UNITS units whose texts are fewer than
 * TEMPLATE_MAX_DISTINCT of its kept copies (by distinct texts, up to case) says the same in every
 * card: a button ("Add to Compare", "Quick view"), a badge, a label ("Rating:"), not an entry.
 * A product's name, a price or a date differs from card to card; a slot that repeats a few values
 * (a category, "In stock") stays above the share.
 */
export const TEMPLATE_MIN_UNITS = 3;
export const TEMPLATE_MAX_DISTINCT = 0.3;

/**
 * A grid's card names (rules/card-titles.ts): in a group of at least CARD_MIN_UNITS repeated
 * units of which CARD_KEPT_SHARE or more hold kept text, the slot that names each card is kept in
 * every card. That slot is in CARD_TITLE_COVER of the units or more, at least
 * CARD_TITLE_LINK_SHARE of its text is link text (a card's name leads to its page), nearly every
 * copy says something else (CARD_TITLE_DISTINCT distinct texts; "Add to cart" is one text), and
 * it is the longest such slot, of CARD_TITLE_MIN_WORDS words or more on average (a name, not a
 * count of reviews).
 */
export const CARD_MIN_UNITS = 3;
export const CARD_KEPT_SHARE = 0.5;
export const CARD_TITLE_COVER = 0.5;
export const CARD_TITLE_LINK_SHARE = 0.5;
export const CARD_TITLE_DISTINCT = 0.9;
export const CARD_TITLE_MIN_WORDS = 2;
/**
 * On a collection or a listing, the slots that price each card of such a grid are kept too: a slot
 * in CARD_TITLE_COVER of the units or more (as a name must be), at least CARD_PRICE_SHARE of whose
 * copies hold a price, and short (CARD_PRICE_MAX_WORDS words on average: "$19.99", "Now $12, was
 * $15"), not a card's description that names a sum.
 */
export const CARD_PRICE_SHARE = 0.8;
export const CARD_PRICE_MAX_WORDS = 6;

/**
 * A table row is read whole (choose.ts, wholeRows): in a row of at least ROW_MIN_CELLS cells whose
 * kept text is at least ROW_KEEP_SHARE of the row's characters, the row's other cells of at most
 * ROW_CELL_MAX_WORDS words are kept too. A standings table's position, a spec sheet's unit: short
 * cells score as fragments on their own, yet a reader reads the record whole. Long cells are left
 * to their scores: a layout table's navigation cell beside the story is one of those.
 */
export const ROW_MIN_CELLS = 3;
export const ROW_KEEP_SHARE = 0.5;
export const ROW_CELL_MAX_WORDS = 3;

/**
 * A story among teaser cards: when one `<article>` element holds at least this many times the
 * kept words of any other `<article>`, it is the page's story, and kept text in other `<article>`s
 * that carry a linked headline (teaser cards of other stories) is left out (choose.ts,
 * dropTeaserArticles). Cards of a listing, or posts of a thread, are alike in size; a story's body
 * dwarfs a card's headline and standfirst.
 */
export const STORY_DOMINANCE = 3;

/**
 * A text block whose link text is at least this share of its text is a linked headline (choose.ts,
 * dropTeaserArticles); and text in an embedded post with a larger share is the embed's chrome
 * ("View this post on Instagram"), not what the post says (choose.ts, keepEmbeddedPosts).
 */
export const LINKED_SHARE = 0.5;

/**
 * A paragraph that continues the kept text after its container closes (choose.ts,
 * continueStory) is prose by Readability's sibling test: more than CONTINUATION_MIN_CHARS
 * characters with a link share below CONTINUATION_MAX_LINK_SHARE, or a shorter sentence without
 * links; and the model must not be confident it is boilerplate (score at least
 * CONTINUATION_MIN_SCORE).
 */
export const CONTINUATION_MIN_CHARS = 80;
export const CONTINUATION_MAX_LINK_SHARE = 0.25;
export const CONTINUATION_MIN_SCORE = 0.05;

/**
 * A story whose element closed early (choose.ts, keepSplitStory): its first part sits at least
 * SPLIT_MIN_DEPTH element levels below the wrapper its tail is a sibling of (a story nested in
 * page layout, not a standfirst `<p>` in a header `<div>` beside the body), and the blocks of
 * both parts are kept from SPLIT_MIN_SCORE up: the model scores both parts lower than the whole
 * story (on the client-rendered article-bench pages, the tail's short lines and table cells at
 * 0.1 to 0.6 where the static pages score them above 0.6), but text it is sure is boilerplate
 * stays out.
 */
export const SPLIT_MIN_DEPTH = 3;
export const SPLIT_MIN_SCORE = 0.1;

/**
 * A story's tail (rules/story.ts, keepSplitStory): the kept text that shows the tail continues the
 * story sits at most TAIL_TEXT_LEVELS element levels below the tail's parent (a bare paragraph 1,
 * a list's item or a quote's paragraph 2), and the tail's first element may open with at most
 * TAIL_WRAPPER_LEVELS levels of plain `<div>` wrappers (around a table, an embed).
 */
export const TAIL_TEXT_LEVELS = 2;
export const TAIL_WRAPPER_LEVELS = 2;

/**
 * A product page's description (choose.ts, keepDescribed): a block of DESCRIBED_MIN_WORDS words
 * or more (a sentence, not a name or a label) at least DESCRIBED_MIN_SHARE of whose word pairs the
 * page's own descriptions repeat (most of it, allowing for a description the meta tag cuts short
 * or words the block adds).
 */
export const DESCRIBED_MIN_WORDS = 8;
export const DESCRIBED_MIN_SHARE = 0.6;

/**
 * A line of at most this many words can head a shop page's recommendation rail
 * (rules/related.ts, dropRecommended: "Customers who viewed this item also viewed"); a longer one
 * is a sentence that happens to use the words.
 */
export const RECOMMENDS_MAX_WORDS = 10;

/**
 * A recommendation rail under a heading the model did not keep (rules/related.ts,
 * dropRecommended) holds less than this share of a page's kept words: what holds half of them is
 * the page's own content under a rail's heading (an empty "Recently viewed" strip above the
 * results), not a rail beside it.
 */
export const RAIL_MAX_SHARE = 0.5;

/**
 * A text block is a section heading's when its element, or one up to this many levels above it,
 * is one (rules/related.ts): `<h2><span>` and a flex heading's text in its own box.
 */
export const HEADING_LEVELS = 2;

/**
 * A kicker (choose.ts, dropKickers) is a paragraph between kept text whose link text is at least
 * KICKER_LINK_SHARE of its text (the whole paragraph is the link, give or take a "READ MORE:"
 * label), of at least KICKER_MIN_WORDS words (a headline or a call to act, not a constant's name
 * in a reference page's prose), whose letters are at least KICKER_CAPITALS_SHARE upper case (a
 * digit, a quoted name in mixed case allowed).
 */
export const KICKER_LINK_SHARE = 0.9;
export const KICKER_CAPITALS_SHARE = 0.8;
export const KICKER_MIN_WORDS = 3;

/**
 * Pointers to other pages inside a story (choose.ts, dropRelatedLinks): a line that opens with a
 * label ("Related:", "Also read:") and whose link text is at least RELATED_LINK_SHARE of its text
 * (the rest is the label), of at most RELATED_LINE_MAX_WORDS words (a headline, not a paragraph
 * that happens to start "Related"); and a section under a heading of at most
 * RELATED_HEADING_MAX_WORDS words ("Related articles", "More from the blog") whose lines are such
 * links, or a short lead-in of at most RELATED_LEAD_MAX_WORDS words ("You may also like:").
 */
export const RELATED_LINK_SHARE = 0.5;
export const RELATED_LINE_MAX_WORDS = 30;
export const RELATED_HEADING_MAX_WORDS = 8;
export const RELATED_LEAD_MAX_WORDS = 15;

/**
 * A line of page furniture in a story (choose.ts, dropFurnitureLines: "Advertisement", "Table of
 * Contents", "5 min read", "Last updated on May 2, 2024") has at most this many words; a longer
 * line that starts the same way is a sentence.
 */
export const FURNITURE_MAX_WORDS = 10;

/**
 * Kept text in a filter panel or an announcement bar (choose.ts, dropFilterPanels,
 * dropAnnouncements) is left out only while it is less than this share of the kept words: the
 * grid a page shows outweighs its filters, and a page whose kept text is mostly inside an element
 * so named (a results list in `facet-results`, a gallery of `filter-item`s) keeps it.
 */
export const PANEL_MAX_SHARE = 0.5;

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

/**
 * A product page's hidden spec sheet (product-specs.ts): a `<table>` of at least SPEC_MIN_ROWS rows
 * (or a `<dl>` of as many terms), at least SPEC_PAIR_SHARE of them label/value pairs (two cells),
 * and no cell longer than SPEC_CELL_MAX_WORDS words. Two rows tell a sheet from a lone layout row;
 * a table of long cells is a comparison or a text laid out in a table, not a sheet of values.
 */
export const SPEC_MIN_ROWS = 2;
export const SPEC_PAIR_SHARE = 0.8;
export const SPEC_CELL_MAX_WORDS = 40;
/** A shown spec sheet kept at least this share of its blocks by the model is kept whole (product-specs.ts). */
export const SPEC_KEPT_SHARE = 0.5;

/**
 * Kept text that is all hidden and this many words or fewer is no main content (hidden-scraps.ts):
 * a menu's placeholder or a dialog's prompt, a line or two; a hidden article body or spec sheet
 * runs to dozens of words.
 */
export const HIDDEN_SCRAP_MAX_WORDS = 8;

/**
 * A list or a table in a story's flow whose items the model left out (rules/story-lists.ts) is
 * kept whole when at most STORY_LIST_MAX_LINK_SHARE of its text is link text (more is a link rail
 * or a table of contents) and its left-out items average a final score of STORY_LIST_MIN_SCORE or
 * more (below, the model read them as page chrome: a product box's spec lines, a call to action).
 * A table's cells, shorter still (a figure, a name), score lower than list items for the same
 * kind of text: STORY_TABLE_MIN_SCORE. Both cuts were set on the WCXB dev set (articles).
 */
export const STORY_LIST_MAX_LINK_SHARE = 0.5;
export const STORY_LIST_MIN_SCORE = 0.4;
export const STORY_TABLE_MIN_SCORE = 0.2;

/**
 * A list or table that holds a kept block of more than this many words is not brought back whole
 * (rules/story-lists.ts): items and cells of a story's list are short, and a kept paragraph inside
 * the list's element means the element lays out the page (a layout table with the story in one
 * cell and a sidebar in the other). The same bound as a spec sheet's cell (SPEC_CELL_MAX_WORDS).
 */
export const STORY_LIST_MAX_KEPT_WORDS = SPEC_CELL_MAX_WORDS;

/*
 * Roles (roles.ts): where a block sits against the main region, once the role model has read it.
 */

/** A block is a list of links when at least ROLE_LINK_LIST_DENSITY of its text is link text and it holds ROLE_LINK_LIST_MIN_LINKS links or more. */
export const ROLE_LINK_LIST_DENSITY = 0.5;
export const ROLE_LINK_LIST_MIN_LINKS = 2;
/**
 * A region above the main one is the header when it starts in the top ROLE_HEADER_ZONE of the
 * page, one below it the footer when it ends in the bottom ROLE_FOOTER_ZONE; otherwise, or when
 * taller than ROLE_MAX_BAND px (about a screen: a header or footer is no taller), it is content.
 */
export const ROLE_HEADER_ZONE = 0.25;
export const ROLE_FOOTER_ZONE = 0.1;
export const ROLE_MAX_BAND = 1000;
/** A fine block whose characters are at least this share main content is `main`: a main-content leaf (MAIN_LEAF_SHARE). */
export const ROLE_MAIN_SHARE = MAIN_LEAF_SHARE;
/** Pixels of slack when comparing region edges: borders and rounding put touching boxes a few pixels apart. */
export const ROLE_EDGE_PX = 4;
/**
 * A fixed box is an overlay (a cookie wall, a modal) when it covers more than OVERLAY_AREA_SHARE
 * of the first screen: the page's width by its height, at most OVERLAY_SCREEN_PX (a tall
 * viewport's fixed box covers no more of what a reader sees).
 */
export const OVERLAY_AREA_SHARE = 0.25;
export const OVERLAY_SCREEN_PX = 900;
/**
 * An image-only block of a standard advertising size (IAB) is an advertisement: a banner (at least
 * AD_BANNER_MIN_WIDTH wide, at most AD_BANNER_MAX_HEIGHT tall, AD_BANNER_MIN_RATIO times wider than
 * tall: leaderboards, 728x90, 320x50) or an upright unit (at most AD_UPRIGHT_MAX_WIDTH wide and
 * AD_UPRIGHT_MIN_HEIGHT to AD_UPRIGHT_MAX_HEIGHT tall: 300x250, 336x280, 300x600, 160x600).
 */
export const AD_BANNER_MIN_WIDTH = 300;
export const AD_BANNER_MAX_HEIGHT = 120;
export const AD_BANNER_MIN_RATIO = 4;
export const AD_UPRIGHT_MAX_WIDTH = 336;
export const AD_UPRIGHT_MIN_HEIGHT = 250;
export const AD_UPRIGHT_MAX_HEIGHT = 620;

/**
 * A short box whose first line is an ad label ("Advertisement", "Anzeige") is an ad slot
 * (regions.ts, isLabelledAdSlot): a first line longer than AD_LABEL_MAX_CHARS characters is text,
 * not a label, and a box with more than AD_SLOT_MAX_CHARS characters of text (label included) is
 * more than an ad's copy.
 */
export const AD_LABEL_MAX_CHARS = 40;
export const AD_SLOT_MAX_CHARS = 400;
/**
 * Nodes read per character a label or a slot may hold: markup around short text is a few elements
 * deep, and a subtree with many more nodes than that is neither a label nor an ad's copy (and a
 * hostile one is not walked further).
 */
export const AD_NODES_PER_CHAR = 4;
