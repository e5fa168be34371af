// The setup every end-to-end file shares: one real `stackyard serve`
// (lib/server.mjs) and one Chromium (lib/browser.mjs) for the whole file,
// started before its first test and stopped after its last.
//
//   import { browser, server, useServerAndBrowser } from './lib/session.mjs';
//   useServerAndBrowser();
//
// `server` and `browser` are live bindings: set once the `before` hook has
// run, so read them inside tests, not at the top of the file.

import { after, before } from 'node:test';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';

/** The file's server (`url`, `log`, `stop()`), once started. */
export let server;
/** The file's Chromium, once launched. */
export let browser;

/** Registers the file's `before` and `after` hooks. */
export function useServerAndBrowser() {
  before(async () => {
    server = await startServer();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}
