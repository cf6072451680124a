/** The routes the one auth screen serves (SPEC.md section 2). */
export const authPaths = ['/signin', '/signup', '/forgot-password', '/password-reset', '/activate-account', '/two-step-signin'] as const;
export type AuthPath = (typeof authPaths)[number];
