/**
 * `toHaveMainContent`: a Playwright Test matcher on a live page.
 *
 *   import { expect as baseExpect } from '@playwright/test';
 *   import { visegMatchers } from 'viseg/testing';
 *   const expect = baseExpect.extend(visegMatchers);
 *   await expect(page).toHaveMainContent({ contains: ['…'], excludes: ['Related'], minWords: 200 });
 *
 * It runs viseg's `extract(page)` on the page as it is (the document is read, never changed) and
 * checks the extracted main-content text with the rules of `viseg check`: white space is collapsed
 * on both sides, snippets are case-sensitive. Like Playwright's web-first
 * assertions it retries until it holds (or, with `.not`, until it no longer holds) or the expect
 * timeout runs out, so a page that is still rendering gets time to finish.
 *
 * This module never loads @playwright/test: the matcher only needs the `this` object Playwright
 * passes in (typed structurally below).
 */
import type { Page } from 'playwright-core';
import { normalizeWs } from '../check/compare.js';
import { PAGE_TYPES, type PageType } from '../classify/types.js';
import { extract } from '../index.js';
import { at } from '../util/at.js';
import { sleep } from '../util/async.js';

export interface MainContentExpectation {
  /** Snippets that must occur in the main content's text. */
  contains?: string[];
  /** Snippets that must not occur in it. */
  excludes?: string[];
  /** At least this many words of main content. */
  minWords?: number;
  /** The page type viseg must decide on. */
  pageType?: PageType;
  /** Keep retrying this long (ms). Default: the expect timeout (`expect.configure({ timeout })`, 5 s by default). */
  timeout?: number;
}

/** The part of Playwright's `ExpectMatcherState` the matcher uses. */
export interface MatcherStateLike {
  isNot: boolean;
  timeout?: number;
  utils?: {
    matcherHint?: (matcherName: string, received: unknown, expected: unknown, options?: { isNot?: boolean; promise?: string }) => string;
  };
  promise?: string;
}

/** What was found, as the matcher reports it (`actual`). */
export interface MainContentActual {
  url: string;
  pageType: string | null;
  wordCount: number;
  mainBlock: string | null;
  missed: string[];
  leaked: string[];
  problems: string[];
  /** The start of the extracted text. */
  excerpt: string;
}

export interface MainContentResult {
  pass: boolean;
  message: () => string;
  name: 'toHaveMainContent';
  expected: MainContentExpectation;
  actual: MainContentActual;
}

const NAME = 'toHaveMainContent';
const POLL_MS = [100, 250, 500, 1000];

function isPage(x: unknown): x is Page {
  return typeof x === 'object' && x !== null && typeof (x as Page).evaluate === 'function' && typeof (x as Page).mainFrame === 'function';
}

function validate(expected: MainContentExpectation): void {
  if (typeof expected !== 'object' || expected === null) throw new TypeError(`${NAME}: expected an object like { contains: [...] }`);
  for (const k of ['contains', 'excludes'] as const) {
    const v = expected[k];
    if (v !== undefined && (!Array.isArray(v) || !v.every((s) => typeof s === 'string'))) throw new TypeError(`${NAME}: "${k}" must be an array of strings`);
  }
  if (expected.minWords !== undefined && (typeof expected.minWords !== 'number' || !(expected.minWords >= 0))) {
    throw new TypeError(`${NAME}: "minWords" must be a number ≥ 0`);
  }
  if (expected.pageType !== undefined && !(PAGE_TYPES as readonly string[]).includes(expected.pageType)) {
    throw new TypeError(`${NAME}: "pageType" must be one of ${PAGE_TYPES.map((t) => JSON.stringify(t)).join(', ')}`);
  }
}

/** One extraction and its verdict. */
export async function checkMainContent(page: Page, expected: MainContentExpectation): Promise<{ pass: boolean; actual: MainContentActual }> {
  const r = await extract(page, { keepArtifacts: true });
  const rec = r.record;
  const text = normalizeWs(rec.text);
  const hay = text;
  const missed = (expected.contains ?? []).filter((s) => !hay.includes(normalizeWs(s)));
  const leaked = (expected.excludes ?? []).filter((s) => text.includes(normalizeWs(s)));
  const problems: string[] = [];
  if (!rec.ok) problems.push(`extraction failed: ${rec.error?.code}: ${rec.error?.message}`);
  for (const s of missed) problems.push(`missed: ${JSON.stringify(s)}`);
  for (const s of leaked) problems.push(`leaked: ${JSON.stringify(s)}`);
  if (expected.minWords !== undefined && rec.wordCount < expected.minWords) problems.push(`words: ${rec.wordCount} < minWords ${expected.minWords}`);
  if (expected.pageType !== undefined && rec.pageType !== expected.pageType) {
    problems.push(`pageType: expected ${JSON.stringify(expected.pageType)}, got ${JSON.stringify(rec.pageType)}`);
  }
  const excerpt = Array.from(text).slice(0, 300).join('');
  return {
    pass: problems.length === 0,
    actual: { url: rec.finalUrl ?? rec.url ?? page.url(), pageType: rec.pageType, wordCount: rec.wordCount, mainBlock: rec.mainBlock?.id ?? null, missed, leaked, problems, excerpt },
  };
}

function describe(expected: MainContentExpectation): string {
  const parts: string[] = [];
  if (expected.contains?.length) parts.push(`contains ${expected.contains.length} snippet(s)`);
  if (expected.excludes?.length) parts.push(`excludes ${expected.excludes.length} snippet(s)`);
  if (expected.minWords !== undefined) parts.push(`at least ${expected.minWords} words`);
  if (expected.pageType !== undefined) parts.push(`page type ${expected.pageType}`);
  return parts.length ? parts.join(', ') : 'any main content';
}

/**
 * `expect(page).toHaveMainContent({ contains, excludes, minWords, pageType })`. Honours `.not`:
 * then it passes when at least one of the conditions does not hold.
 */
export async function toHaveMainContent(this: MatcherStateLike, page: Page, expected: MainContentExpectation = {}): Promise<MainContentResult> {
  if (!isPage(page)) throw new TypeError(`${NAME}: the received value must be a Playwright Page`);
  validate(expected);
  const isNot = !!this?.isNot;
  const timeout = Math.max(0, expected.timeout ?? this?.timeout ?? 0);
  const deadline = Date.now() + timeout;
  let outcome = await checkMainContent(page, expected);
  for (let i = 0; outcome.pass === isNot && Date.now() < deadline; i++) {
    await sleep(Math.min(at(POLL_MS, Math.min(i, POLL_MS.length - 1)), Math.max(0, deadline - Date.now())));
    outcome = await checkMainContent(page, expected);
  }
  const { pass, actual } = outcome;
  const hint = this?.utils?.matcherHint
    ? this.utils.matcherHint(NAME, 'page', 'expected', { isNot, promise: this.promise })
    : `expect(page)${isNot ? '.not' : ''}.${NAME}(expected)`;
  const message = (): string => {
    const lines = [hint, ''];
    if (isNot) {
      lines.push(`Expected the main content of ${actual.url} not to match (${describe(expected)}), but it did.`);
    } else {
      lines.push(`Main content of ${actual.url} does not match (${describe(expected)}):`);
      for (const p of actual.problems) lines.push(`  ${p}`);
    }
    lines.push('', `Page type: ${actual.pageType ?? 'none'}; main block: ${actual.mainBlock ?? 'none'}; ${actual.wordCount} words.`);
    lines.push(actual.excerpt ? `Extracted text: ${actual.excerpt}${actual.excerpt.length >= 300 ? '…' : ''}` : 'Extracted text: (empty)');
    if (timeout > 0) lines.push(`(retried for ${timeout} ms)`);
    return lines.join('\n');
  };
  return { pass, message, name: NAME, expected, actual };
}

/** The matchers for `expect.extend(visegMatchers)` (@playwright/test). */
export const visegMatchers = { toHaveMainContent };

export type VisegMatchers = typeof visegMatchers;
