import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type SettingsSectionEntry, SettingsShell } from './settings-shell.tsx';

const sections: SettingsSectionEntry[] = [
  { id: 'dashboard', label: 'Dashboard', render: () => <h2>Dashboard form</h2> },
  { id: 'seo', label: 'SEO', render: () => <h2>SEO form</h2> },
];

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsShell sections={sections} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('SettingsShell', () => {
  it('shows the first section without a deep link, and an unknown one falls back to it', () => {
    renderAt('/settings?section=nope');
    expect(screen.getByRole('heading', { name: 'Dashboard form' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'SEO form' })).toBeNull();
  });

  it('opens the deep-linked section and marks it in the list', () => {
    renderAt('/settings?section=seo');
    expect(screen.getByRole('heading', { name: 'SEO form' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('SEO');
  });

  it('a click in the list changes the section and the address', () => {
    const router = renderAt('/settings');
    fireEvent.click(screen.getByRole('link', { name: 'SEO' }));
    expect(screen.getByRole('heading', { name: 'SEO form' })).toBeTruthy();
    expect(router.state.location.search).toBe('?section=seo');
  });
});
