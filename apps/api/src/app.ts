import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, LoadedConfig } from './config.ts';
import { batchesInFlight, type Database, openDatabase } from './db/client.ts';
import './fastify-augment.ts';
import { redactLogLine } from './lib/log-redaction.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { sharedSigningSecret } from './lib/shared-secret.ts';
import { affiliateRoutes } from './modules/affiliates/routes.ts';
import { ledgerRoutes } from './modules/ledger/index.ts';
import { referralRoutes } from './modules/referrals/index.ts';
import { bonusRoutes } from './modules/bonus/index.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { moneySettingsRoutes } from './modules/money-settings/routes.ts';
import { announcementRoutes } from './modules/announcements/routes.ts';
import { registerUploadFiles } from './modules/uploads/routes.ts';
import formbody from '@fastify/formbody';
import { campaignRoutes } from './modules/campaigns/routes.ts';
import { tierRoutes } from './modules/tiers/routes.ts';
import { eventRoutes, registerLoginAsTrail } from './modules/events/routes.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { landingPageRoutes } from './modules/landing-pages/routes.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { registerClickRoutes } from './modules/clicks/routes.ts';
import { ConversionWriter } from './modules/conversions/batch.ts';
import { conversionRoutes } from './modules/conversions/routes.ts';
import { linkRoutes } from './modules/links/routes.ts';
import { creativeRoutes } from './modules/creatives/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { ensureClickPartitions, scheduleClickPartitions } from './modules/tracking/partitions.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { socialRoutes } from './modules/auth/social.ts';
import { createMailer } from './modules/email/mailer.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { JobWorker } from './modules/jobs/queue.ts';
import { payoutRoutes } from './modules/payouts/routes.ts';
import { taxFormRoutes } from './modules/tax-forms/routes.ts';
import { postbackRoutes } from './modules/postbacks/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { securityRoutes } from './modules/profile/security-routes.ts';
import { emailPreferenceRoutes } from './modules/profile/email-routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { settingsSectionRoutes } from './modules/settings/section-routes.ts';
import { emailTemplateRoutes } from './modules/email/routes.ts';
import { publicSiteRoutes } from './modules/public-site/routes.ts';
import { MaintenanceFlag } from './modules/settings/service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerMaintenance } from './plugins/maintenance.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { seedDemoData } from './seed/demo.ts';
import { seedDemoCreatives } from './seed/demo-creatives.ts';
import { demoCatalogueRoutes, seedDemoCatalogue } from './seed/demo-catalogue.ts';
import { seedFirstStart } from './seed/owner.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from the config and closed with the app. */
  database?: Database;
  /** Where log lines go (standard output by default). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application: used by the server and by the tests. */
export async function buildApp(loaded: LoadedConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Clicks are served straight from the HTTP server once their route is registered (clicks/routes.ts).
  let rawClick: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  const app = Fastify({
    serverFactory: (handler) => createServer((req, res) => rawClick?.(req, res) || handler(req, res)),
    logger: { level: loaded.logLevel, hooks: { streamWrite: redactLogLine }, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    trustProxy: loaded.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerStorableInput(app);

  const database = options.database ?? (await openDatabase(loaded.database));
  if (!options.database) app.addHook('onClose', () => database.close());
  // Without JWT_SECRET every instance on the database shares the one kept there (docs/deploy.md).
  let jwtSecret = loaded.jwtSecret;
  if (jwtSecret === undefined) {
    const shared = await sharedSigningSecret(database.db, loaded.dataDir);
    jwtSecret = shared.secret;
    if (shared.source === 'data-dir') app.log.info('The signing secret of DATA_DIR/secret.key now lives in the database, shared by every instance');
  }
  const config: AppConfig = { ...loaded, jwtSecret };
  app.decorate('db', database.db);
  app.decorate('config', config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  app.decorate('limiter', new RateLimiter(database.db));
  app.decorate('maintenance', new MaintenanceFlag(database.db));
  // Registered after the database's onClose hook, so it runs before it: running jobs finish first.
  const jobs = new JobWorker(database.db, { enabled: config.jobs.worker, pollMs: config.jobs.pollMs, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  registerAuth(app);
  registerLoginAsTrail(app);

  // The bot-check widget is the one third-party script, and only when it is configured.
  const captchaOrigins =
    config.captcha?.provider === 'turnstile'
      ? ['https://challenges.cloudflare.com']
      : config.captcha?.provider === 'hcaptcha'
        ? ['https://hcaptcha.com', 'https://*.hcaptcha.com']
        : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...captchaOrigins],
        // blob: the staff's tax form review shows the form's PDF (fetched with the session's token) in a frame.
        frameSrc: ["'self'", 'blob:', ...captchaOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...captchaOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    // The SPA is served from the same origin; nothing is embedded cross-origin yet.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await registerMultipart(app);
  await app.register(formbody);
  await registerOpenApi(app);

  registerMaintenance(app);
  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(settingsSectionRoutes);
  await app.register(emailTemplateRoutes);
  await app.register(authRoutes);
  await app.register(socialRoutes);
  await app.register(profileRoutes);
  await app.register(securityRoutes);
  await app.register(emailPreferenceRoutes);
  await app.register(affiliateRoutes);
  await app.register(announcementRoutes);
  await app.register(publicSiteRoutes);
  await app.register(postbackRoutes);
  await app.register(siteRoutes);
  await app.register(offerRoutes);
  await app.register(landingPageRoutes);
  await app.register(linkRoutes);
  await app.register(creativeRoutes);
  await app.register(catalogueRoutes);
  // Group commits of conversions; those handed in before shutdown are written before the database closes.
  const conversionWriter = new ConversionWriter(database.db, app.log, batchesInFlight(database.kind));
  app.decorate('conversionWriter', conversionWriter);
  app.addHook('preClose', async () => conversionWriter.drain());
  await app.register(conversionRoutes);
  await app.register(statisticsRoutes);
  await app.register(campaignRoutes);
  await app.register(tierRoutes);
  await app.register(eventRoutes);
  await app.register(roleRoutes);
  await app.register(referralRoutes);
  await app.register(bonusRoutes);
  await app.register(ledgerRoutes);
  await app.register(payoutRoutes);
  await app.register(billingRoutes);
  await app.register(moneySettingsRoutes);
  await app.register(taxFormRoutes);
  rawClick = await registerClickRoutes(app);
  await registerUploadFiles(app);

  if (config.demoData) await app.register(demoCatalogueRoutes);

  await registerWebApp(app, config.webDist);

  await ensureClickPartitions(database.db, app.log);
  const stopPartitions = scheduleClickPartitions(database.db, app.log);
  app.addHook('onClose', async () => stopPartitions());
  // Instances starting together on an empty database: one writes the owner and the demo, the others then find them.
  await database.exclusive(async () => {
    await seedFirstStart(database.db, config, app.log);
    if (config.demoData) {
      await seedDemoData(database.db, app.log, { taxFormKey: config.taxFormKey });
      await seedDemoCreatives(database.db, config, app.log);
      await seedDemoCatalogue(database.db, config.publicUrl);
    }
  });
  app.addHook('onReady', async () => jobs.start());

  return app;
}
