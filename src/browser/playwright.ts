/**
 * playwright-core, loaded when a browser is first needed: `--help`, usage errors, and `eval`,
 * `check` or `segment` of recorded snapshots start no browser.
 */
import type * as Playwright from 'playwright-core';
import { lazyRequire } from '../util/lazy.js';

export const playwright = lazyRequire<typeof Playwright>('playwright-core');
