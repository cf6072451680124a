// The session token of a two-step sign-in waits here between the two screens, so a reload keeps it.
const KEY = 'portal.two_step_session';

export function saveTwoStepSession(sessionToken: string): void {
  sessionStorage.setItem(KEY, sessionToken);
}

export function readTwoStepSession(): string | null {
  return sessionStorage.getItem(KEY);
}

export function clearTwoStepSession(): void {
  sessionStorage.removeItem(KEY);
}
