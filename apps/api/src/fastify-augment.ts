import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { ClickCapCounter, FullCaps } from './modules/caps/index.ts';
import type { ClickWriter, OfferEpc } from './modules/clicks/index.ts';
import type { ClickScreen } from './modules/fraud/index.ts';
import type { BillerIntake } from './modules/billers/index.ts';
import type { ConversionWriter } from './modules/conversions/index.ts';
import type { Mailer } from './modules/email/index.ts';
import type { ConversionMaximum, RateArrivals } from './modules/exchange-rates/index.ts';
import type { JobWorker } from './modules/jobs/index.ts';
import type { LinkCache } from './modules/links/index.ts';
import type { MaintenanceFlag } from './modules/settings/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    /** Whether a primary is known right now (db/client.ts `Database.available`). */
    dbAvailable: () => boolean;
    /**
     * Where reports, dashboards, lists and exports read: the read replica while it is fresh, else
     * the primary (`db`); `db` itself without DATABASE_REPLICA_URL (plugins/read-replica.ts).
     * Routes use `request.readDb`, which also waits for the caller's own latest write.
     */
    readDb: Db;
    mailer: Mailer;
    limiter: RateLimiter;
    maintenance: MaintenanceFlag;
    jobs: JobWorker;
    /**
     * Settled when the demo network is in (at once without DEMO_DATA). Awaited inside `buildApp`
     * unless it was built with `demoAfterListen`, when the demo fills in behind the listening server.
     */
    demoReady: Promise<void>;
    clickWriter: ClickWriter;
    conversionWriter: ConversionWriter;
    /** Biller posts' account and subscription reads and event-log rows, in group commits (modules/billers/intake.ts). */
    billerIntake: BillerIntake;
    /** The maximum per conversion and the hook told when exchange rates arrive (modules/exchange-rates). */
    exchangeRates: { maximum: ConversionMaximum; arrivals: RateArrivals };
    linkCache: LinkCache;
    /** Click caps as the redirect counts them (modules/caps/click-caps.ts). */
    clickCaps: ClickCapCounter;
    /** Offers a full hard conversion or payout cap closed, read every second (caps/full-caps.ts). */
    fullCaps: FullCaps;
    /** Click screening on the redirect (modules/fraud, started by modules/clicks): its settings and the data-centre ranges in use. */
    clickScreen: ClickScreen;
    /** Offers' earnings per click over 24 hours, for smart links choosing by EPC (modules/clicks). */
    offerEpc: OfferEpc;
  }
  interface FastifyRequest {
    /** `app.readDb`, or the primary while the replica has not replayed this caller's own latest write. */
    readDb: Db;
  }
  interface FastifyContextConfig {
    /** What to do with text the database cannot store (NUL): refused with 422 unless a route strips it. */
    unstorableText?: 'strip';
  }
}
