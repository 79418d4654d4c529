/** Small text helpers shared by the stages. */

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;

/** Words, where each CJK character (Han, Hiragana, Katakana, Hangul) counts as one word. */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.replace(CJK, ' ').split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return cjk + rest;
}

/** Collapse white space runs to one space and trim. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Sentence-ending punctuation marks in the text (Latin, CJK and Arabic full stops). */
export function countSentenceEnds(text: string): number {
  return text.match(/[.!?。！？؟۔](?=\s|$|["'”’)\]])/gu)?.length ?? 0;
}
