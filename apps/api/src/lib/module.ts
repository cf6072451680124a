import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * A module's plugin, the one its `plugin.ts` exports (only app.ts imports it): registered in the app's own context (so what it
 * decorates, a writer or a cache, is the app's), while the route plugins it registers keep their own.
 * docs/architecture.md, "Modules and their doors".
 */
export function apiModule<Options extends object = Record<never, never>>(name: string, register: FastifyPluginAsyncZod<Options>): FastifyPluginAsyncZod<Options> {
  return fp(register, { name: `module:${name}` });
}
