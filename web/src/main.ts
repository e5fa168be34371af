// Hash routes, so any server that serves index.html at "/" serves the
// whole client: #/ lobby, #/table/ID, #/replay/ID, #/replay (a record
// file, offline), #/friend/GAME (a new table for you and a friend),
// #/rules (the index), #/rules/NAME, #/rules/NAME/RULE-OR-SECTION,
// #/account (sign in and out, issue #27), #/player/NAME (a profile).

import './style.css';
import { accountScreen } from './screens/account';
import { friendScreen } from './screens/friend';
import { lobbyScreen } from './screens/lobby';
import { playerScreen } from './screens/player';
import { replayScreen } from './screens/replay';
import { rulesScreen } from './screens/rules';
import type { Screen } from './screens/screen';
import { tableScreen } from './screens/table';
import { refreshAccountBadge } from './ui/account';
import { watchChallenges } from './ui/pairing';

const main = document.getElementById('main')!;
let current: Screen | null = null;

function route(): Screen {
  const [, kind, arg, sub] = location.hash.replace(/^#\/?/, '/').split('/');
  const id = decodeURIComponent(arg ?? '');
  if (kind === 'table' && id) return tableScreen(id);
  if (kind === 'replay') return replayScreen(id || null);
  if (kind === 'friend' && id) return friendScreen(id);
  if (kind === 'account') return accountScreen();
  if (kind === 'player' && id) return playerScreen(id);
  if (kind === 'rules') return rulesScreen(id || null, sub ? decodeURIComponent(sub) : null);
  return lobbyScreen();
}

function render(): void {
  current?.destroy();
  current = route();
  document.title = `${current.title} · Stackyard`;
  main.replaceChildren(current.root);
}

// The rules compiled to WebAssembly (rules/wasm.ts), for the console and the
// end-to-end tests: `const rules = await stackyardRules()`. Loaded on call only.
declare global {
  interface Window {
    stackyardRules: () => Promise<typeof import('./rules/wasm')>;
  }
}
window.stackyardRules = () => import('./rules/wasm');

window.addEventListener('hashchange', render);
render();
// The offline viewer (#/replay with no table) makes no server call at all.
const offline = /^#\/replay\/?$/.test(location.hash);
if (!offline) {
  void refreshAccountBadge();
  // Challenges sent to the signed-in player show on every screen.
  watchChallenges();
}
