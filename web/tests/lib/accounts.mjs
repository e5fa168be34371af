// Accounts in end-to-end tests (issue #27): a person signs up through the
// account screen, with a name unique to this run, and waits until the
// header shows them signed in.

/** A password the server accepts (the tests of a weak one use their own). */
export const PASSWORD = 'plank-otter-91';

/** Four letters or digits, fresh per test file, so names from another run
 *  against the same database never collide. */
export const suffix = Math.random().toString(36).slice(2, 6);

/** Signs `name` up on `page` through `${url}/#/account` and waits until the
 *  screen and the header show them signed in. */
export async function signUp(page, url, name) {
  await page.goto(`${url}/#/account`);
  await page.waitForSelector('[data-testid="signup"]');
  await page.fill('[data-testid="signup"] [data-testid="account-name"]', name);
  await page.fill('[data-testid="signup"] [data-testid="account-password"]', PASSWORD);
  await page.click('[data-testid="signup-submit"]');
  await page.waitForSelector('[data-testid="signed-in-name"]');
  await page.waitForFunction((n) => document.querySelector('[data-testid="header-account"]')?.textContent === n, name);
}

/** The id of the table `page` shows (`#/table/<id>`), or '' elsewhere. */
export const tableOf = (page) => decodeURIComponent(page.url().split('#/table/')[1] ?? '');
