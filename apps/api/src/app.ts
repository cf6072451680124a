import { createServer } from 'node:http';
import formbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, LoadedConfig } from './config.ts';
import { batchesInFlight, type Database, openDatabase } from './db/client.ts';
import { openReplica } from './db/replica.ts';
import './fastify-augment.ts';
import { redactLogLine } from './lib/log-redaction.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { sharedSigningSecret } from './lib/shared-secret.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerLoginAsTrail } from './plugins/login-as-trail.ts';
import { registerMaintenance } from './plugins/maintenance.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerReadReplica } from './plugins/read-replica.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { affiliatesModule } from './modules/affiliates/plugin.ts';
import { announcementsModule } from './modules/announcements/plugin.ts';
import { authModule } from './modules/auth/plugin.ts';
import { billersModule } from './modules/billers/plugin.ts';
import { billingModule } from './modules/billing/plugin.ts';
import { backfillPayoutMarkers } from './modules/billing/index.ts';
import { bonusModule } from './modules/bonus/plugin.ts';
import { campaignsModule } from './modules/campaigns/plugin.ts';
import { catalogueModule } from './modules/catalogue/plugin.ts';
import { clicksModule, type RawClickHandler } from './modules/clicks/plugin.ts';
import { conversionLogModule } from './modules/conversion-log/plugin.ts';
import { conversionsModule } from './modules/conversions/plugin.ts';
import { payReleased } from './modules/conversions/index.ts';
import { creativesModule } from './modules/creatives/plugin.ts';
import { emailModule } from './modules/email/plugin.ts';
import { createMailer } from './modules/email/index.ts';
import { eventsModule } from './modules/events/plugin.ts';
import { exchangeRatesModule } from './modules/exchange-rates/plugin.ts';
import { fraudModule } from './modules/fraud/plugin.ts';
import { healthModule } from './modules/health/plugin.ts';
import { JobWorker } from './modules/jobs/index.ts';
import { landingPagesModule } from './modules/landing-pages/plugin.ts';
import { ledgerModule } from './modules/ledger/plugin.ts';
import { linksModule } from './modules/links/plugin.ts';
import { smartLinksModule } from './modules/smart-links/plugin.ts';
import { moneySettingsModule } from './modules/money-settings/plugin.ts';
import { notificationsModule } from './modules/notifications/plugin.ts';
import { offersModule } from './modules/offers/plugin.ts';
import { capsModule } from './modules/caps/plugin.ts';
import { paymentRunsModule } from './modules/payment-runs/plugin.ts';
import { taxYearModule } from './modules/tax-year/plugin.ts';
import { payoutsModule } from './modules/payouts/plugin.ts';
import { postbacksModule } from './modules/postbacks/plugin.ts';
import { profileModule } from './modules/profile/plugin.ts';
import { publicSiteModule } from './modules/public-site/plugin.ts';
import { publicPageData } from './modules/public-site/index.ts';
import { referralsModule } from './modules/referrals/plugin.ts';
import { rolesModule } from './modules/roles/plugin.ts';
import { settingsModule } from './modules/settings/plugin.ts';
import { MaintenanceFlag } from './modules/settings/index.ts';
import { sitesModule } from './modules/sites/plugin.ts';
import { statisticsModule } from './modules/statistics/plugin.ts';
import { taxFormsModule } from './modules/tax-forms/plugin.ts';
import { backfillTaxNumberMarkers } from './modules/tax-forms/index.ts';
import { termsModule } from './modules/terms/plugin.ts';
import { tiersModule } from './modules/tiers/plugin.ts';
import { trackingModule } from './modules/tracking/plugin.ts';
import { uploadsModule } from './modules/uploads/plugin.ts';
import { demoAccounts, seedDemoData } from './seed/demo.ts';
import { seedDemoBillers } from './seed/demo-billers.ts';
import { seedDemoCreatives } from './seed/demo-creatives.ts';
import { demoCatalogueAnswers, demoCatalogueRoutes, seedDemoCatalogue } from './seed/demo-catalogue.ts';
import { seedFirstStart } from './seed/owner.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from the config and closed with the app. */
  database?: Database;
  /** Where log lines go (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /**
   * `npm start`: the demo network is written once the server listens (it fills in behind it, and
   * screens show it as it arrives), and the job worker starts after it; the log then says
   * `Demo data complete.` Otherwise (tests, the browser tests' server) `buildApp` returns with it in.
   */
  demoAfterListen?: boolean;
}

/** Builds the whole application: used by the server and by the tests. */
export async function buildApp(loaded: LoadedConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Clicks are served straight from the HTTP server once their route is registered (clicks/routes.ts).
  let rawClick: RawClickHandler | undefined;
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

  const database = options.database ?? (await openDatabase(loaded.database, app.log));
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
  app.decorate('dbAvailable', () => database.available());
  app.decorate('config', config);
  // Reports, dashboards, lists and exports read from the replica while it is fresh (docs/deploy.md).
  const replicaUrl = loaded.database.kind === 'postgres' ? loaded.database.replicaUrl : undefined;
  const replica = replicaUrl ? openReplica(replicaUrl, database.db, { log: app.log }) : undefined;
  // Registered after the database's onClose hook, so it runs before it: the replica's check stops first.
  if (replica) app.addHook('onClose', () => replica.close());
  registerReadReplica(app, replica);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  app.decorate('limiter', new RateLimiter(database.db));
  app.decorate('maintenance', new MaintenanceFlag(database.db));
  // Registered after the database's onClose hook, so it runs before it: running jobs finish first.
  const jobs = new JobWorker(database.db, { enabled: config.jobs.worker, pollMs: config.jobs.pollMs, concurrency: config.jobs.concurrency, batchesInFlight: batchesInFlight(database.kind), log: app.log });
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
  const securityHeaders = {
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
  };
  // @fastify/helmet builds helmet's middleware (the policy parsed again) for every request; it is built
  // once here and applied to every route that does not opt out with `helmet: false` (read by the plugin,
  // which keeps that route option and `reply.helmet`): the same headers.
  await app.register(fastifyHelmet, { ...securityHeaders, global: false });
  const applySecurityHeaders = helmet(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { helmet?: { skipRoute?: boolean } }).helmet?.skipRoute) return done();
    applySecurityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  await app.register(rateLimit, { global: false });
  await registerMultipart(app);
  await app.register(formbody);
  await registerOpenApi(app);

  registerMaintenance(app);

  // The modules, in the order their routes appear in the API document; each one's index.ts
  // registers its routes, decorations and jobs (docs/architecture.md, "Modules and their doors").
  await app.register(healthModule);
  await app.register(settingsModule);
  await app.register(emailModule);
  await app.register(authModule);
  await app.register(profileModule);
  await app.register(termsModule);
  await app.register(affiliatesModule);
  await app.register(announcementsModule);
  await app.register(publicSiteModule);
  await app.register(postbacksModule);
  await app.register(sitesModule);
  await app.register(offersModule);
  await app.register(capsModule);
  await app.register(landingPagesModule);
  await app.register(linksModule);
  await app.register(smartLinksModule);
  await app.register(creativesModule);
  await app.register(catalogueModule, config.demoData ? { localAnswers: demoCatalogueAnswers(app) } : {});
  await app.register(exchangeRatesModule);
  await app.register(conversionsModule, { batchesInFlight: batchesInFlight(database.kind) });
  await app.register(conversionLogModule);
  // Approving a held conversion pays it through the conversions' writer, handed to the fraud module.
  await app.register(fraudModule, { payApproved: payReleased });
  await app.register(billersModule, { batchesInFlight: batchesInFlight(database.kind) });
  await app.register(statisticsModule);
  await app.register(notificationsModule);
  await app.register(campaignsModule);
  await app.register(tiersModule);
  await app.register(eventsModule);
  await app.register(rolesModule);
  await app.register(referralsModule);
  await app.register(bonusModule);
  await app.register(ledgerModule);
  await app.register(payoutsModule);
  await app.register(billingModule);
  await app.register(moneySettingsModule);
  await app.register(taxFormsModule);
  await app.register(paymentRunsModule);
  await app.register(taxYearModule);
  await app.register(clicksModule, { serveRaw: (handler) => (rawClick = handler) });
  await app.register(uploadsModule);
  await app.register(trackingModule);

  if (config.demoData) await app.register(demoCatalogueRoutes);

  await registerWebApp(app, config.webDist, publicPageData, config.webDistPending);

  // Instances starting together on an empty database: one writes the owner and the demo, the others then find them.
  const seedDemo = () =>
    database.exclusive(async () => {
      if (config.demoData) {
        await seedDemoData(database.db, app.log, { taxFormKey: config.taxFormKey });
        await seedDemoCreatives(database.db, config, app.log);
        await seedDemoCatalogue(database.db, config.publicUrl);
        await seedDemoBillers({ db: database.db, conversionWriter: app.conversionWriter, intake: app.billerIntake, fieldKey: config.taxFormKey, publicUrl: config.publicUrl }, demoAccounts.affiliate.email);
      }
      // Shared details' markers for billing details and tax forms saved before markers were written (and the demo's).
      const written = (await backfillPayoutMarkers(database.db, config.taxFormKey)) + (await backfillTaxNumberMarkers(database.db, config.taxFormKey, app.log));
      if (written) app.log.info(`Shared details: ${written} markers written for details saved before.`);
    });
  await database.exclusive(() => seedFirstStart(database.db, config, app.log));
  if (!options.demoAfterListen) {
    await seedDemo();
    app.decorate('demoReady', Promise.resolve());
    app.addHook('onReady', async () => jobs.start());
    return app;
  }
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  let settle: () => void = () => {};
  app.decorate('demoReady', new Promise<void>((resolve) => (settle = resolve)));
  const fillIn = async () => {
    const started = Date.now();
    try {
      await seedDemo();
      if (!closing && config.demoData) app.log.info({ seconds: Math.round((Date.now() - started) / 100) / 10 }, 'Demo data complete.');
    } catch (err) {
      if (!closing) app.log.error({ err }, 'The demo data could not be written');
    }
    if (!closing) jobs.start();
    settle();
  };
  app.addHook('onListen', async () => {
    void fillIn();
  });
  return app;
}
