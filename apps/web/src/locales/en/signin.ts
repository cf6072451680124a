/**
 * Texts of Log In and of the shared password input (components/forms/password-input.tsx): the
 * first paint of Log In draws them before the rest of the app's texts load (en-public.ts).
 */
export const passwordInput = {
  show: 'Show password',
  hide: 'Hide password',
};

export const signin = {
  title: 'Log In',
  subtitle: 'Welcome back. Sign in to your affiliate account.',
  email: 'Email',
  password: 'Password',
  submit: 'Log In',
  forgot: 'Forgot password?',
  noAccount: 'No account yet?',
  toSignup: 'Sign Up',
};
