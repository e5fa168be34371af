// Launching Debian's Chromium through playwright-core, and saving
// screenshots under web/test-results/ (git-ignored) for a person to look at.

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const RESULTS = join(here, '..', '..', 'test-results');
mkdirSync(RESULTS, { recursive: true });

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** A page that fails the test on any uncaught page error. Other options
 *  go to the browser context (`hasTouch`, `isMobile` for a phone). */
export async function newPage(browser, { width = 1200, height = 900, ...contextOptions } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, ...contextOptions });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text())) page.errors.push(new Error(m.text()));
  });
  return page;
}

export async function shot(page, name) {
  const path = join(RESULTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Opens a lobby card's "More options" fold (issue 23), where its settings
 *  form lives, and the "Advanced" fold inside it (the game's own settings text). */
export async function openOptions(page, game) {
  const summary = `[data-game="${game}"] details.more > summary`;
  await page.waitForSelector(summary);
  if (!(await page.$eval(`[data-game="${game}"] details.more`, (d) => d.open))) await page.click(summary);
  await page.waitForSelector(`[data-create="${game}"]`);
  await page.$$eval(`[data-create="${game}"] details.advanced`, (ds) => ds.forEach((d) => (d.open = true)));
}
