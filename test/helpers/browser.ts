import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's chromium for the browser tests (`apt-get install chromium`; .ci/run installs it and sets
 * REQUIRE_BROWSER=1, so CI can never skip them). A newcomer's `npm test` without it skips those
 * tests and says why. Screenshots go to ARTIFACTS (gitignored).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = 'test-artifacts';

/** Whether the browser is there; without it (and outside CI) `what` is skipped with a warning. */
export function browserAvailable(what: string): boolean {
  const found = existsSync(CHROMIUM);
  if (!found && process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but there is no browser at ${CHROMIUM}`);
  if (!found) console.warn(`Skipping ${what}: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return found;
}

/** Headless Chromium with the flags this machine's closed network needs (no background connections). */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    timeout: 60_000,
  });
}

/**
 * One headless Chromium for a test file, launched before its tests and closed after; `describe`
 * skips whole blocks without a browser (their servers and data are not made for nothing).
 */
export function withBrowser(what: string): { describe: jest.Describe; browser: () => Browser } {
  const have = browserAvailable(what);
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (have) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { describe: have ? describe : describe.skip, browser: () => browser! };
}
