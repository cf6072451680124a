export { authDeps } from './deps.ts';
export { issueToken } from './one-time-tokens.ts';
export { createLoginAsCode } from './login-codes.ts';
export { listSessions, revokeAllSessions, revokeOtherSessions, revokeOwnSession } from './sessions.ts';
export { setSignupApprovalRequired, signupApprovalRequired } from './signup-approval.ts';
