import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
  }
}
