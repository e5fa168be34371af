// A game's rules page, as the server serves it (docs/rules/<name>.md).
// The markdown renderer is loaded only when a rules page is opened, so it
// costs nothing on first paint.

import { api } from '../api';
import { h, replace } from '../ui/dom';
import type { Screen } from './screen';

export function rulesScreen(name: string): Screen {
  const body = h('article', { class: 'rules', 'data-rules': name }, h('p', { class: 'muted' }, 'Loading the rules…'));
  const root = h('section', {}, h('p', {}, h('a', { href: '#/' }, '← Lobby')), body);
  Promise.all([api.rules(name), import('marked')])
    .then(([md, { marked }]) => {
      // The docs link to each other as "babel.md" / "README.md": keep such
      // links inside the client. The docs are the project's own files.
      const html = marked.parse(md, { async: false });
      body.innerHTML = html;
      body.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((a) => {
        const m = /^([a-z]+)\.md$/i.exec(a.getAttribute('href') ?? '');
        if (m) a.href = m[1].toLowerCase() === 'readme' ? '#/' : `#/rules/${m[1]}`;
      });
    })
    .catch((e: unknown) => replace(body, h('p', { class: 'error' }, `No rules page: ${e instanceof Error ? e.message : String(e)}`)));
  return { root, title: `Rules: ${name}`, destroy() {} };
}
