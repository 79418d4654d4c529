import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs } from '../../../src/browser/launch.js';
import { CHROMIUM } from '../chromium.js';

export { CHROMIUM, haveChromium } from '../chromium.js';

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs() });
}
