/**
 * Whose data a service reads: one affiliate, or (for staff whose permission the route checked)
 * the whole network. Always given, never optional, so a forgotten condition cannot widen a
 * query to every affiliate.
 */
export type Scope = { readonly kind: 'affiliate'; readonly affiliateId: number } | { readonly kind: 'network' };

export const affiliateScope = (affiliateId: number): Scope => ({ kind: 'affiliate', affiliateId });
export const networkScope: Scope = { kind: 'network' };

/** The scope of a signed-in caller: affiliates only ever see themselves. */
export function scopeOf(caller: { id: number; isClient: boolean }): Scope {
  return caller.isClient ? affiliateScope(caller.id) : networkScope;
}
