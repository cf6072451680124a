// Settings shared by playwright.config.ts, the global setup and the tests (one place, per E2E_PORT).
const port = Number(process.env.E2E_PORT ?? 3100);

/** The local SMTP server the browser tests start; the e2e API server sends its mail there. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
/** Received messages land here as JSON files, so every test worker can read them. */
export const mailDir = `.data-e2e-mail-${port}`;

/** Owner sign-in of the e2e database (staff: always two-step). */
export const owner = { email: 'owner@example.com', password: 'e2e-owner-pass-2026' } as const;

/** Extra environment of the e2e API server. */
export const e2eServerEnv: Record<string, string> = {
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Affiliate Portal <no-reply@example.com>',
  ADMIN_EMAIL: owner.email,
  ADMIN_PASSWORD: owner.password,
};
