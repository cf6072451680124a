import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../provider.tsx';
import { Component as NotFound } from './not-found.tsx';

describe('404 page', () => {
  it('says the page is missing and links back home', () => {
    const router = createMemoryRouter([{ path: '*', Component: NotFound }], { initialEntries: ['/nowhere'] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});
