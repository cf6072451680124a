import type { AppConfig } from '../config.ts';
import { authMessages } from '@portal/contracts';
import { AppError } from './errors.ts';

/**
 * Verifies a bot-check token (Cloudflare Turnstile or hCaptcha: both use the same siteverify
 * form post). Off when no key is configured.
 */
export async function verifyCaptcha(config: AppConfig['captcha'], token: string | undefined, ip: string): Promise<void> {
  if (!config) return;
  if (!token) throw new AppError('captcha_failed', authMessages.captchaFailed, { captcha_token: [authMessages.captchaFailed] });
  let ok = false;
  try {
    const res = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as { success?: boolean };
    ok = res.ok && body.success === true;
  } catch {
    ok = false;
  }
  if (!ok) throw new AppError('captcha_failed', authMessages.captchaFailed, { captcha_token: [authMessages.captchaFailed] });
}
