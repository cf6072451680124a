import { errorMessages } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { resolveAuth } from './auth.ts';
import { sendError } from './errors.ts';
import { isApiPath } from './web-app.ts';

/** Reachable while maintenance is on: health, the web app's own config, and staff sign-in. */
const openDuringMaintenance = new Set([
  '/health',
  '/v1/config',
  '/v2/authentication/login',
  '/v2/authentication/confirm',
  '/v1/clients/web/admin/refresh',
  // Sites keep reporting conversions: none may be lost.
  '/v1/conversions',
]);

/**
 * While maintenance is on every API call answers 503 `system_is_under_maintenance`, except the
 * paths above and calls by signed-in staff (so they can turn it off). The web app itself still
 * loads: it shows the home page with the maintenance banner.
 */
export function registerMaintenance(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Tracking keeps working: affiliates' traffic, sites' conversions and billers' posts must not be lost.
    if (!isApiPath(path) || openDuringMaintenance.has(path) || path.startsWith('/api/') || path.startsWith('/t/') || path.startsWith('/billers/') || path.startsWith('/uploads/')) return;
    if (!(await app.maintenance.isOn())) return;
    const auth = await resolveAuth(app, request);
    if (auth && !auth.isClient) {
      request.auth = auth;
      return;
    }
    return sendError(reply, { error_code: 'system_is_under_maintenance', message: errorMessages.maintenance });
  });
}
