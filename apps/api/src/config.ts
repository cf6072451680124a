import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseKey } from './lib/field-crypto.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const operatorMessages = z.locales.en();

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'expected a port number from 1 to 65535' })
      .int('expected a port number from 1 to 65535')
      .min(1, 'expected a port number from 1 to 65535')
      .max(65535, 'expected a port number from 1 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_REPLICA_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ error: 'expected an absolute http(s) URL' }).optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL').optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('no-reply@localhost')),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'expected an email address' }).default('admin@example.com')),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'expected at least 8 characters').max(32, 'expected at most 32 characters').optional(),
  ),
  DEMO_DATA: z.preprocess(emptyToUndefined, flag.default(false)),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'expected at least 32 characters').optional()),
  TAX_FORM_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => parseKey(v) !== undefined, 'expected a 32-byte key as 64 hex digits or base64')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, flag.default(false)),
  ACCESS_TOKEN_TTL: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'expected seconds' }).int().min(10).max(86400).default(900)),
  CAPTCHA_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['turnstile', 'hcaptcha']).default('turnstile')),
  CAPTCHA_SITE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  CAPTCHA_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  CAPTCHA_VERIFY_URL: z.preprocess(emptyToUndefined, z.url({ error: 'expected an absolute http(s) URL' }).optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url({ error: 'expected an absolute http(s) URL' }).default('https://accounts.google.com')),
  FACEBOOK_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  FACEBOOK_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  CDN_COUNTRY_HEADER: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]+$/, 'expected a header name').optional()),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'expected an email address' }).optional()),
  JOBS_WORKER: z.preprocess(emptyToUndefined, flag.default(true)),
  JOBS_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'expected milliseconds from 10 to 60000' }).int().min(10, 'expected milliseconds from 10 to 60000').max(60_000, 'expected milliseconds from 10 to 60000').default(500)),
  JOBS_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'expected a whole number from 1 to 1000' }).int().min(1, 'expected a whole number from 1 to 1000').max(1000, 'expected a whole number from 1 to 1000').default(128)),
  POSTBACK_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'expected milliseconds from 10 to 3600000' }).int().min(10, 'expected milliseconds from 10 to 3600000').max(3_600_000, 'expected milliseconds from 10 to 3600000').default(30_000)),
  CATALOGUE_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'expected milliseconds from 1 to 600000' }).int().min(1, 'expected milliseconds from 1 to 600000').max(600_000, 'expected milliseconds from 1 to 600000').default(2000)),
  ECB_RATES_URL: z.preprocess(emptyToUndefined, z.url({ error: 'expected an absolute http(s) URL' }).default('https://www.ecb.europa.eu/stats/eurofxref/')),
  DATACENTER_LIST_URL: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'expected an absolute http(s) URL' }).default('https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/datacenter/ipv4.txt'),
  ),
  CLICK_SPOOL: z.preprocess(emptyToUndefined, z.enum(['fallback', 'always']).default('fallback')),
  OUTBOUND_ALLOW: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}\s*(,\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}\s*)*$/, 'expected comma-separated host:port pairs')
      .optional(),
  ),
});

export type Env = z.input<typeof envSchema>;

export type DatabaseConfig =
  /** `loadDataDir`: a data directory dumped by PGlite's `dumpDataDir`, started from instead of an empty one (the tests' migrated copy). */
  | { kind: 'pglite'; dir: string; loadDataDir?: Blob }
  /**
   * `replicaUrl`: a streaming standby of that PostgreSQL that reports, dashboards, lists and exports
   * read from while it is fresh (db/replica.ts, docs/deploy.md "A read replica for reports").
   */
  | { kind: 'postgres'; url: string; replicaUrl?: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string | undefined;
  demoData: boolean;
  /**
   * Signs access tokens, keys unsubscribe links and salts visitor hashes. JWT_SECRET, or else the
   * secret kept in the database (lib/shared-secret.ts), which `buildApp` fills in: one for every instance.
   */
  jwtSecret: string;
  /** AES-256-GCM key of tax identification numbers and uploaded tax forms (lib/field-crypto.ts). */
  taxFormKey: Buffer;
  logLevel: string;
  /** Directory of the built web app; undefined when it has not been built. */
  webDist: string | undefined;
  /**
   * Where the web app is being built while the server starts (`npm start` after its sources changed,
   * scripts/start.ts): its pages are served from there once the build is in, and say so until then.
   */
  webDistPending?: string | undefined;
  trustProxy: boolean;
  accessTokenTtl: number;
  captcha: { provider: 'turnstile' | 'hcaptcha'; siteKey: string; secret: string; verifyUrl: string } | undefined;
  social: {
    google: { clientId: string; clientSecret: string; issuer: string } | undefined;
    facebook: { clientId: string; clientSecret: string } | undefined;
  };
  supportEmail: string;
  /** A header with the visitor's country set by a CDN (e.g. cf-ipcountry); else the bundled database decides. */
  cdnCountryHeader: string | undefined;
  /** The job queue worker of this instance. */
  jobs: { worker: boolean; pollMs: number; concurrency: number };
  /** First postback retry delay; doubles per attempt up to an hour. */
  postbackRetryBaseMs: number;
  /** Catalogue sync: first delay between tries of a page (doubles per try); a failed sync is retried after 30 times this, doubling. */
  catalogueRetryBaseMs: number;
  /** Where the daily exchange rate job reads the ECB's eurofxref-daily.xml and eurofxref-hist-90d.xml (a folder URL). */
  ecbRatesUrl: string;
  /** Where the daily job loads the data-centre address ranges (one IPv4 CIDR a line) that click screening flags. */
  datacenterListUrl: string;
  /** host:port pairs exempt from the outbound address rules: for tests on one machine only. */
  outboundAllow: string[];
  /**
   * When clicks go to the local spool (DATA_DIR/click-spool) before PostgreSQL: `fallback` only
   * while no primary answers; `always` for every click, loaded in large batches (clicks/spool.ts).
   */
  clickSpool: 'fallback' | 'always';
}

const captchaVerifyUrls = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

export class ConfigError extends Error {}

/** The configuration as the environment gives it: without JWT_SECRET, the signing secret comes from the database at start. */
export type LoadedConfig = Omit<AppConfig, 'jwtSecret'> & { jwtSecret: string | undefined };

/** Parses the environment once; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): LoadedConfig {
  // Operators read zod's own words ("expected one of ..."), not the form messages the contracts set.
  const parsed = envSchema.safeParse(env, { error: (issue) => operatorMessages.localeError(issue) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = env[name];
      return `  ${name}: ${issue.message}${given === undefined ? '' : ` (got ${JSON.stringify(given)})`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_URL: a read replica needs DATABASE_URL (its primary); the embedded database has no replica');
  }
  const dataDir = resolve(e.DATA_DIR);
  const webDist = resolve(e.WEB_DIST ?? join(repoRoot, 'apps/web/dist'));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_REPLICA_URL ? { replicaUrl: e.DATABASE_REPLICA_URL } : {}) }
      : { kind: 'pglite', dir: join(dataDir, 'pglite') },
    dataDir,
    clickSpool: e.CLICK_SPOOL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    jwtSecret: e.JWT_SECRET,
    taxFormKey: e.TAX_FORM_KEY ? parseKey(e.TAX_FORM_KEY)! : loadOrCreateTaxFormKey(dataDir),
    logLevel: e.LOG_LEVEL,
    ...(env.WEB_BUILD_PENDING === '1'
      ? { webDist: undefined, webDistPending: webDist }
      : { webDist: existsSync(join(webDist, 'index.html')) ? webDist : undefined }),
    trustProxy: e.TRUST_PROXY,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    captcha:
      e.CAPTCHA_SITE_KEY && e.CAPTCHA_SECRET
        ? {
            provider: e.CAPTCHA_PROVIDER,
            siteKey: e.CAPTCHA_SITE_KEY,
            secret: e.CAPTCHA_SECRET,
            verifyUrl: e.CAPTCHA_VERIFY_URL ?? captchaVerifyUrls[e.CAPTCHA_PROVIDER],
          }
        : undefined,
    social: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
          : undefined,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET }
          : undefined,
    },
    supportEmail: e.SUPPORT_EMAIL ?? e.ADMIN_EMAIL.toLowerCase(),
    cdnCountryHeader: e.CDN_COUNTRY_HEADER,
    jobs: { worker: e.JOBS_WORKER, pollMs: e.JOBS_POLL_MS, concurrency: e.JOBS_CONCURRENCY },
    postbackRetryBaseMs: e.POSTBACK_RETRY_BASE_MS,
    catalogueRetryBaseMs: e.CATALOGUE_RETRY_BASE_MS,
    ecbRatesUrl: e.ECB_RATES_URL.endsWith('/') ? e.ECB_RATES_URL : `${e.ECB_RATES_URL}/`,
    datacenterListUrl: e.DATACENTER_LIST_URL,
    outboundAllow: (e.OUTBOUND_ALLOW ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
  };
}

/**
 * The tax form key is generated on first start and kept in DATA_DIR (or given as
 * TAX_FORM_KEY): losing it makes stored TINs unreadable, so back it up with the database.
 */
function loadOrCreateTaxFormKey(dataDir: string): Buffer {
  const file = join(dataDir, 'tax-form.key');
  if (existsSync(file)) {
    const key = parseKey(readFileSync(file, 'utf8'));
    if (!key) throw new ConfigError(`Invalid configuration:\n  ${file}: expected a 32-byte key as 64 hex digits`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  return key;
}
