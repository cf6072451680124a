import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The body a route with body schema S reads, resolved as Fastify resolves it: in a registration generic in S,
 * `request.body` is then this very type, so a handler passed in can take it without a cast.
 */
export type BodyOf<S extends z.ZodType> = FastifyRequest<RouteGenericInterface, RawServerDefault, IncomingMessage, { body: S }, ZodTypeProvider>['body'];
