import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs } from '../../../src/browser/launch.js';

export const CHROMIUM = process.env.VISEG_TEST_BROWSER ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs() });
}
