import { useForm } from 'react-hook-form';
import { renderHook, act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerError, sortServerError } from './server-errors.ts';

const drawn = (name: string) => ['email', 'password'].includes(name);

describe('sortServerError', () => {
  it('puts field errors on drawn fields and says nothing more', () => {
    const error = new ApiError(422, 'unique', 'This email is already registered.', { email: ['This email is already registered.'] });
    expect(sortServerError(error, drawn)).toEqual({ fields: { email: 'This email is already registered.' }, message: undefined });
  });

  it('makes messages for names the form does not draw the form message', () => {
    const error = new ApiError(422, 'captcha_failed', 'The bot check failed. Please try again.', { captcha_token: ['The bot check failed. Please try again.'], email: ['Taken'] });
    expect(sortServerError(error, drawn)).toEqual({ fields: { email: 'Taken' }, message: 'The bot check failed. Please try again.' });
  });

  it("says the error's own message when no field got one", () => {
    expect(sortServerError(new ApiError(401, 'invalid_credentials', 'These credentials do not match our records.'), drawn).message).toBe('These credentials do not match our records.');
    expect(sortServerError(new Error('Network down'), drawn).message).toBe('Network down');
  });

  it('stays silent for code 1 and says when to try again after a 429', () => {
    expect(sortServerError(new ApiError(400, '1', 'quiet', { email: ['x'] }), drawn)).toEqual({ fields: {}, message: undefined });
    expect(sortServerError(new ApiError(429, 'too_many_requests', 'Slow down', undefined, 30), drawn).message).toBe('Too many attempts. Please try again in 30 seconds.');
  });
});

describe('applyServerError', () => {
  it('sets the errors of the named fields and returns the rest', () => {
    const { result } = renderHook(() => useForm<{ current_password: string; password: string }>({ defaultValues: { current_password: '', password: '' } }));
    let message: string | undefined;
    act(() => {
      message = applyServerError(new ApiError(422, 'validation_failed', 'The given data was invalid.', { current_password: ['The current password is wrong.'], other: ['Elsewhere'] }), result.current.setError, ['current_password', 'password']);
    });
    expect(result.current.getFieldState('current_password').error?.message).toBe('The current password is wrong.');
    expect(message).toBe('Elsewhere');
  });
});
