// Speedy Towers played by clicks, as a person on the page would: one
// pass of the play loop that the whole-game tests share.

/** Turns up a tile when nothing fits (R), puts an unfitting one back (H),
 *  or picks a piece (the page aims it at a tower it fits) and lets go.
 *  Returns true when a piece was let go. A click that lost a race with a
 *  redraw (every step redraws the pile) is not an error: the next pass
 *  tries again. */
export async function speedyClickTurn(page) {
  try {
    if (await page.$('[data-action="reveal"]:not([hidden]):not([disabled])')) {
      await page.click('[data-action="reveal"]', { timeout: 1000 });
    } else if (await page.$('[data-action="hide"]:not([hidden])')) {
      await page.click('[data-action="hide"]', { timeout: 1000 });
    } else if (await page.$('[data-pick]:not([disabled])')) {
      await page.click('[data-pick]:not([disabled])', { timeout: 1000 });
      await page.waitForSelector('[data-testid="main-action"][data-action="place"]:not([disabled])', { timeout: 1500 });
      await page.click('[data-testid="main-action"]', { timeout: 1000 });
      return true;
    }
  } catch (e) {
    if (e.name !== 'TimeoutError' && !/detached|not attached/.test(String(e))) throw e;
  }
  return false;
}
