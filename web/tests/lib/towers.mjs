// Playing Towers through the page as a person would: the table's version
// (bumped by every step the page shows) and one turn by the first legal
// move the board marks.

export const version = (page) => page.$eval('.table-screen', (el) => Number(el.dataset.version ?? -1));

export const waitNewer = (page, old, timeout = 30_000) =>
  page.waitForFunction((v) => Number(document.querySelector('.table-screen')?.dataset.version ?? -1) > v, old, { timeout });

export const over = async (page) => Boolean(await page.$('[data-testid="result"]'));

/** Whether the board offers this page's seat a move now. */
export const mayMove = async (page) => Boolean(await page.$('[data-movable], [data-placeable], [data-action="pass"]'));

/** Plays the first legal move the board marks: a pass when it is the only
 *  move, else a placement, else the first movable tower to its first target. */
async function clickFirstMove(page) {
  if (await page.$('[data-action="pass"]')) await page.click('[data-action="pass"]');
  else if (await page.$('[data-placeable]')) await page.click('[data-placeable]');
  else {
    await page.click('[data-movable]');
    await page.click('[data-target]');
  }
}

/** One Towers turn of this page's seat: the first legal move the board marks. */
export async function towersTurn(page) {
  await page.waitForSelector('[data-movable], [data-placeable], [data-action="pass"], [data-testid="result"]', { timeout: 60_000 });
  if (await over(page)) return;
  const v = await version(page);
  await clickFirstMove(page);
  await waitNewer(page, v);
}

/** One Towers move of this page's seat, the first legal one the board
 *  marks, in a game that is not over (it fails rather than waits for an end). */
export async function towersMove(page) {
  await page.waitForSelector('[data-movable], [data-placeable], [data-action="pass"]', { timeout: 30_000 });
  const v = await version(page);
  await clickFirstMove(page);
  await page.waitForFunction((old) => Number(document.querySelector('.table-screen')?.dataset.version ?? -1) > old, v);
}
