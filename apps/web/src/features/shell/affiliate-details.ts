import type { UserProfile } from '@portal/contracts';

/** Staff looking at an affiliate's profile (`/profile?user=…&id=…`): headed Affiliate Details with Go back. */
export function isAffiliateDetails(user: Pick<UserProfile, 'is_client'>, pathname: string, search: string): boolean {
  const params = new URLSearchParams(search);
  return pathname === '/profile' && !user.is_client && params.has('user') && params.has('id');
}

const LIST_KEY = 'portal.affiliates_list';

/** The layout notes each visit of the affiliates list, with its filters (the query), for Go back. */
export function rememberAffiliatesList(pathname: string, search: string): void {
  if (pathname !== '/affiliates') return;
  try {
    sessionStorage.setItem(LIST_KEY, search);
  } catch {
    // Storage may be off (private mode): Go back then opens the list unfiltered.
  }
}

/** Where Affiliate Details' Go back leads: the list as it was last seen in this tab. */
export function affiliatesListAddress(): string {
  let search = '';
  try {
    search = sessionStorage.getItem(LIST_KEY) ?? '';
  } catch {
    search = '';
  }
  return `/affiliates${search.startsWith('?') ? search : ''}`;
}
