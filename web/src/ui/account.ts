// The header's account link (issue #27): "Sign in", or the signed-in name.

import { accounts } from '../api';

export async function refreshAccountBadge(): Promise<void> {
  const link = document.querySelector<HTMLAnchorElement>('[data-testid="header-account"]');
  if (!link) return;
  try {
    const me = await accounts.me();
    link.textContent = me ? me.name : 'Sign in';
  } catch {
    link.textContent = 'Sign in';
  }
}
