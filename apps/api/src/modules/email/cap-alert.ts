import type { FastifyInstance } from 'fastify';
import { CAP_ALERT_JOB, type CapAlertPayload, capAlertVars } from '../caps/index.ts';
import { sendEmail } from './send.ts';

/** Sends staff the alert of a cap that crossed its threshold (once per cap period: caps/take.ts `alertOnce`). */
export function registerCapAlertJob(app: FastifyInstance): void {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };
  app.jobs.register<CapAlertPayload>(CAP_ALERT_JOB, {
    async handle(payload) {
      const vars = await capAlertVars(app.db, payload, app.config.publicUrl);
      if (vars) await sendEmail(deps, 'cap_alert', { vars });
    },
  });
}
