/**
 * Word lists and patterns behind the text features. They describe text; they decide nothing on
 * their own (the fitted model weighs them).
 */

/**
 * Function words of the languages most common on the web (English, German, French, Spanish,
 * Italian, Portuguese, Dutch, Swedish, Polish). Prose is full of them; menus, buttons, product
 * names and link lists are not (the stop-word share of jusText, Pomikálek 2011).
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    // English
    'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those ' +
    'he she they we you i me my our your his her their them us not no so than then there here which who whom what when where ' +
    'why how all any some can could will would should may might must do does did has have had about into over after before ' +
    'also just more most other such only own same very too out up down again further once because while during until ' +
    // German
    'der die das den dem des ein eine einer eines einem einen und oder aber wenn ist sind war waren sein nicht mit von zu ' +
    'im auf für auch sich es sie er wir ihr ich noch nach bei aus wie als um so dass über nur vor durch ' +
    // French
    'le la les un une des du et ou mais est sont était été être pas avec pour dans sur par ce cette ces il elle ils elles ' +
    'nous vous je ne se qui que quoi au aux son sa ses leur plus comme tout ' +
    // Spanish, Portuguese, Italian
    'el los las y o pero es son era fue ser no con para en por este esta estos estas lo su sus una unos unas del al como más ' +
    'o os as e mas é são foi em com por para um uma uns umas do da dos das no na nos nas que se seu sua ' +
    'il lo gli le e ma è sono era con per in su di da un una uno del della dei delle che non si come più ' +
    // Dutch, Swedish, Polish
    'de het een en of maar is zijn was waren niet met van te op voor ook dat die er ze we je ik ' +
    'och att det som en ett är var inte med av till på för den jag han hon ' +
    'i w z na do nie się to jest że o jak po co ale od za przez'
  ).split(/\s+/),
);

/** Word tokens, lower-cased (letters, digits, underscore; the scorers' `\w+`). */
const TOKEN = /[\p{L}\p{N}_]+/gu;

export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

/** Share of the tokens that are function words. */
export function stopWordShare(tokens: readonly string[]): number {
  if (tokens.length === 0) return 0;
  let n = 0;
  for (const t of tokens) if (STOP_WORDS.has(t)) n++;
  return n / tokens.length;
}

/**
 * Words of page chrome: account, cart, sharing, navigation, consent and forum-post furniture.
 * Short blocks made of them are interface, not content.
 */
const UI_WORDS: ReadonlySet<string> = new Set(
  ('login log logout sign signin signup register account cart basket checkout wishlist menu search home share shares tweet ' +
    'pin email print subscribe subscribed newsletter follow followers like likes reply replies quote report permalink edit ' +
    'delete posted views comment comments previous next prev back top skip toggle navigation close open more less show hide ' +
    'cookie cookies accept reject consent privacy terms policy copyright rights reserved contact about help faq sitemap ' +
    'download app store apps facebook twitter instagram linkedin youtube pinterest tiktok whatsapp reddit telegram ' +
    'anmelden registrieren suche teilen warenkorb connexion inscription rechercher partager panier buscar compartir carrito')
    .split(/\s+/),
);

export function uiWordShare(tokens: readonly string[]): number {
  if (tokens.length === 0) return 0;
  let n = 0;
  for (const t of tokens) if (UI_WORDS.has(t)) n++;
  return n / tokens.length;
}

/** A price: a currency sign next to a number, or a number followed by a currency code. */
export const PRICE = /[$€£¥₹₽₩]\s?\d|\d\s?(€|\$|£|usd|eur|gbp|chf|sek|nok|dkk|pln|kr\b)/i;

/** A date or a relative time ("3 days ago", "12 Mar 2024", "2024-03-12", "12.03.2024"). */
export const DATE =
  /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b\d+\s+(second|minute|hour|day|week|month|year)s?\s+ago\b/i;

/** Copyright lines. */
export const COPYRIGHT = /©|\(c\)\s*\d{4}|all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos/i;

/** Sentence-final punctuation at the end of a block (closing quotes and brackets allowed after it). */
export const ENDS_SENTENCE = /[.!?。！？؟।][\s"'”’»)\]]*$/u;

/**
 * Han, Kana and Hangul characters: the scripts of Chinese, Japanese and Korean, where one
 * character stands for a syllable or a morpheme, so a text says in few characters what an
 * alphabetic one says in many (and Chinese and Japanese put no spaces between words).
 */
export const CJK_CHARS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
