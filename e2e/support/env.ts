// Settings shared by playwright.config.ts, the global setup, scripts/e2e-all.ts and the tests (one place, per E2E_PORT).
const port = Number(process.env.E2E_PORT ?? 3100);

/** The local SMTP server of the browser tests against the server on `serverPort`. */
export const smtpPortOf = (serverPort: number) => serverPort + 1000;
/** Where that SMTP server writes the messages it receives, as JSON files every test worker can read. */
export const mailDirOf = (serverPort: number) => `.data-e2e-mail-${serverPort}`;

/** The local SMTP server the browser tests start; the e2e API server sends its mail there. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? smtpPortOf(port));
/** Received messages land here as JSON files, so every test worker can read them. */
export const mailDir = mailDirOf(port);

/** Owner sign-in of the e2e database (staff: always two-step). */
export const owner = { email: 'owner@example.com', password: 'e2e-owner-pass-2026' } as const;

/** Extra environment of an e2e API server whose mail goes to `smtp`. */
export const serverEnvWithSmtp = (smtp: number): Record<string, string> => ({
  SMTP_URL: `smtp://127.0.0.1:${smtp}`,
  MAIL_FROM: 'Affiliate Portal <no-reply@example.com>',
  ADMIN_EMAIL: owner.email,
  ADMIN_PASSWORD: owner.password,
});

/** Extra environment of the e2e API server. */
export const e2eServerEnv: Record<string, string> = serverEnvWithSmtp(smtpPort);
