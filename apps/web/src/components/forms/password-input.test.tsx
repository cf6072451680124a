import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input.tsx';

describe('PasswordInput', () => {
  it('is masked, toggles to shown and back, and takes at most 32 characters', () => {
    render(<PasswordInput label="Password" />);
    const input = screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.maxLength).toBe(32);
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });
});
