import { describe, expect, it } from 'vitest';
import { canVisit, requirementFor } from './route-access.ts';

const affiliate = { is_client: true, assigned_permissions: ['dashboard', 'statistics', 'offers'] };
const manager = { is_client: false, assigned_permissions: ['dashboard', 'affiliates', 'offers'] };

describe('route access (SPEC.md sections 2 and 6)', () => {
  it('finds the requirement of static and parameterised routes', () => {
    expect(requirementFor('/affiliates')).toEqual({ permission: 'affiliates', role: 'admin' });
    expect(requirementFor('/offers/12')).toEqual({ permission: 'offers', role: 'admin' });
    expect(requirementFor('/profile')).toEqual({});
    expect(requirementFor('/signin')).toBeUndefined();
  });

  it('lets clients into client routes only and staff into admin routes only, by permission', () => {
    expect(canVisit(affiliate, '/payments')).toBe(true);
    expect(canVisit(manager, '/payments')).toBe(false);
    expect(canVisit(affiliate, '/affiliates')).toBe(false);
    expect(canVisit(manager, '/affiliates')).toBe(true);
    expect(canVisit(affiliate, '/offers')).toBe(true);
    expect(canVisit(affiliate, '/offers/3')).toBe(false);
    expect(canVisit(manager, '/settings')).toBe(false);
    expect(canVisit({ is_client: true, assigned_permissions: [] }, '/profile')).toBe(true);
  });

  it('opens the biller event log to staff with offers or payouts, not to affiliates', () => {
    expect(canVisit(manager, '/biller-events')).toBe(true);
    expect(canVisit({ is_client: false, assigned_permissions: ['payouts'] }, '/biller-events')).toBe(true);
    expect(canVisit({ is_client: false, assigned_permissions: ['dashboard', 'statistics'] }, '/biller-events')).toBe(false);
    expect(canVisit(affiliate, '/biller-events')).toBe(false);
  });
});
