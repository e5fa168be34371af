// Hash routes, so any server that serves index.html at "/" serves the
// whole client: #/ lobby, #/table/ID, #/replay/ID, #/rules/NAME.

import './style.css';
import { lobbyScreen } from './screens/lobby';
import { replayScreen } from './screens/replay';
import { rulesScreen } from './screens/rules';
import type { Screen } from './screens/screen';
import { tableScreen } from './screens/table';

const main = document.getElementById('main')!;
let current: Screen | null = null;

function route(): Screen {
  const [, kind, arg] = location.hash.replace(/^#\/?/, '/').split('/');
  const id = decodeURIComponent(arg ?? '');
  if (kind === 'table' && id) return tableScreen(id);
  if (kind === 'replay' && id) return replayScreen(id);
  if (kind === 'rules' && id) return rulesScreen(id);
  return lobbyScreen();
}

function render(): void {
  current?.destroy();
  current = route();
  document.title = `${current.title} · Stackyard`;
  main.replaceChildren(current.root);
}

window.addEventListener('hashchange', render);
render();
