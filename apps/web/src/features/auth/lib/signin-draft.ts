/**
 * What a visitor did on the first paint of Log In (features/auth/components/signin-first-paint.tsx)
 * before the real form was ready: the typed email and password, the focused field, a press of
 * Log In. The real form takes it over once (signin-form.tsx, through the form builder's
 * `takeOver`), so nothing typed is lost when the first paint gives way to it.
 */
export interface SigninDraft {
  values: { email?: string; password?: string };
  focus?: 'email' | 'password';
  submit: boolean;
}

let draft: SigninDraft | undefined;

export function updateSigninDraft(change: Partial<SigninDraft> & { values?: SigninDraft['values'] }): void {
  const current = draft ?? { values: {}, submit: false };
  draft = { ...current, ...change, values: { ...current.values, ...change.values } };
}

/** The draft, once: later calls get undefined until the first paint writes a new one. */
export function takeSigninDraft(): SigninDraft | undefined {
  const taken = draft;
  draft = undefined;
  return taken;
}
