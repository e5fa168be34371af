// A game's rules page, as the server serves it (docs/rules/<name>.md): it
// opens with "How to play", then the full rules with their ids. A rule or
// a section can be linked (#/rules/towers/T8, #/rules/speedy/decisions);
// links inside a page scroll to their place and stay on the page. Without
// a name: the index of every game's rules. The markdown renderer is loaded
// only when a rules page is opened, so it costs nothing on first paint.

import { api } from '../api';
import { h, replace } from '../ui/dom';
import { factsOf } from '../words/games';
import type { Screen } from './screen';

/** A heading's id, as GitHub makes them, so the docs' own #links work. */
function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function findTarget(body: HTMLElement, target: string): HTMLElement | null {
  return body.querySelector<HTMLElement>(`[id="rule-${CSS.escape(target)}"]`) ?? body.querySelector<HTMLElement>(`[id="${CSS.escape(target.toLowerCase())}"]`);
}

function rulesIndex(): Screen {
  const list = h('ul', { class: 'rules-index' }, h('li', { class: 'muted' }, 'Loading…'));
  const root = h('section', { class: 'rules-page' }, h('p', {}, h('a', { href: '#/' }, '← Games')), h('h2', {}, 'The rules of every game'), list);
  api
    .games()
    .then((gs) =>
      replace(
        list,
        gs.map((g) => h('li', { 'data-rules-link': g.name }, h('a', { href: `#/rules/${g.name}` }, g.title), ` — ${factsOf(g).players}, ${factsOf(g).pace.toLowerCase()}. ${factsOf(g).sentence}`)),
      ),
    )
    .catch((e: unknown) => replace(list, h('li', { class: 'error' }, `The games could not be listed: ${e instanceof Error ? e.message : String(e)}`)));
  return { root, title: 'Rules', destroy() {} };
}

export function rulesScreen(name: string | null, target: string | null = null): Screen {
  if (name === null) return rulesIndex();
  const body = h('article', { class: 'rules', 'data-rules': name }, h('p', { class: 'muted' }, 'Loading the rules…'));
  const root = h('section', { class: 'rules-page' }, h('p', {}, h('a', { href: '#/' }, '← Games'), ' · ', h('a', { href: '#/rules' }, 'All the rules')), body);
  const scrollTo = (to: string) => {
    const el = findTarget(body, to);
    if (!el) return false;
    body.querySelectorAll('.target').forEach((t) => t.classList.remove('target'));
    el.classList.add('target');
    el.scrollIntoView({ block: 'start' });
    // The address names the place, without a new screen (no hashchange).
    history.replaceState(null, '', `#/rules/${name}/${encodeURIComponent(to)}`);
    return true;
  };
  Promise.all([api.rules(name), import('marked')])
    .then(([md, { marked }]) => {
      body.innerHTML = marked.parse(md, { async: false });
      body.querySelectorAll<HTMLElement>('h1, h2, h3, h4').forEach((el) => (el.id ||= slug(el.textContent ?? '')));
      // Each rule's list item starts with its id in bold: make it a target.
      body.querySelectorAll<HTMLElement>('li').forEach((li) => {
        const first = li.firstElementChild;
        const m = first?.tagName === 'STRONG' && li.firstChild === first ? /^([A-Z]-?\d+)$/.exec(first.textContent ?? '') : null;
        if (m && !li.id) li.id = `rule-${m[1]}`;
      });
      // The docs link to each other as "babel.md" / "README.md" and inside a
      // page as "#decisions": keep all of them inside the client.
      body.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((a) => {
        const href = a.getAttribute('href') ?? '';
        const file = /^([a-z-]+)\.md(?:#(.+))?$/i.exec(href);
        if (file) {
          const page = file[1].toLowerCase();
          a.href = page === 'readme' ? '#/rules' : `#/rules/${page}${file[2] ? `/${file[2]}` : ''}`;
        } else if (href.startsWith('#') && !href.startsWith('#/')) {
          const to = decodeURIComponent(href.slice(1));
          a.href = `#/rules/${name}/${encodeURIComponent(to)}`;
          a.addEventListener('click', (e) => {
            if (scrollTo(to)) e.preventDefault();
          });
        } else if (/^\.\.\//.test(href)) {
          // Files outside the rules folder are not served to the browser.
          a.removeAttribute('href');
        }
      });
      if (target) scrollTo(target);
    })
    .catch((e: unknown) => replace(body, h('p', { class: 'error' }, `No rules page: ${e instanceof Error ? e.message : String(e)}`)));
  return { root, title: `Rules: ${name}`, destroy() {} };
}
