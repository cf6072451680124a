import { fireEvent, render, screen } from '@testing-library/react';
import { PASSWORD_MAX } from '@portal/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { takeSigninDraft } from '../lib/signin-draft.ts';
import { AppFirstPaint } from './signin-first-paint.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: AppFirstPaint }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

afterEach(() => {
  takeSigninDraft();
  localStorage.clear();
  session.reload();
});

describe('first paint of Log In', () => {
  it('draws the sign-in screen with the fields, links and button of the real one', () => {
    renderAt('/signin');
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.name, email.type, email.autocomplete]).toEqual(['email', 'email', 'email']);
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect([password.type, password.maxLength]).toEqual(['password', PASSWORD_MAX]);
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
  });

  it('draws nothing on other addresses, for a signed-in visitor, or when the real screen starts differently', () => {
    const paths = ['/dashboard', '/signup', '/signin?social_error=Denied', '/signin?lac=abc'];
    const drawn = paths.map((path) => {
      const { container, unmount } = renderAt(path);
      const html = container.innerHTML;
      unmount();
      return [path, html];
    });
    expect(Object.fromEntries(drawn)).toEqual(Object.fromEntries(paths.map((path) => [path, ''])));
    localStorage.setItem('portal.access_token', 'token');
    session.reload();
    expect(renderAt('/signin').container.innerHTML).toBe('');
  });

  it('keeps what is typed, the focused field and a press of Log In for the real form, once', () => {
    renderAt('/signin');
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'casey@example.com' } });
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    fireEvent.input(password, { target: { value: 'secret-pass' } });
    password.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(takeSigninDraft()).toEqual({ values: { email: 'casey@example.com', password: 'secret-pass' }, focus: 'password', submit: true });
    expect(takeSigninDraft()).toBeUndefined();
  });
});
