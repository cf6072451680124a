import { apiModule } from '../../lib/module.ts';
import { provideCredentialCheck } from '../../plugins/auth.ts';
import { authRoutes } from './routes.ts';
import { touchSession } from './sessions.ts';
import { socialRoutes } from './social.ts';

/** The auth module: sign-in, sessions, sign-up (and whether it waits for approval), social sign-in. */
export const authModule = apiModule('auth', async (app) => {
  provideCredentialCheck(app, 'touchSession', touchSession);
  await app.register(authRoutes);
  await app.register(socialRoutes);
});

export { authDeps } from './deps.ts';
export { issueToken } from './one-time-tokens.ts';
export { createLoginAsCode } from './login-codes.ts';
export { listSessions, revokeAllSessions, revokeOtherSessions, revokeOwnSession } from './sessions.ts';
export { setSignupApprovalRequired, signupApprovalRequired } from './signup-approval.ts';
