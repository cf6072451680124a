import { errorReplySchema } from '@portal/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeRequirement } from './auth.ts';

/**
 * Completes the OpenAPI document from facts the routes already state, so a route file only
 * describes itself: who may call it (its auth hook), its parameters and its replies. Every operation
 * gets an operationId, declared security, described replies, and the one error shape on every
 * error reply.
 */

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  'x-security'?: Operation['security'];
  'x-auth'?: 'signed-in' | 'restricted';
};

/** Top-level tags in the order a reader meets them. */
const tagDescriptions: Record<string, string> = {
  authentication: 'Sign-up, sign-in, sessions and passwords. Sign-in answers the bearer token every other call sends.',
  profile: "The signed-in user's details and the choices of the sign-up and profile forms.",
  offers: "Offers with the caller's payout, their custom payouts, and tracking links.",
  'landing-pages': 'Landing pages of the sites, which offers and campaigns send visitors to.',
  campaigns: "An affiliate's campaigns: a tracking link with its destination and geo targeting.",
  statistics: 'Reports of clicks, conversions and earnings, and the dashboard.',
  postbacks: "An affiliate's postbacks (our server calling theirs on each conversion) and their delivery log.",
  conversions: 'Sites report conversions server to server with their API key.',
  billers: "Sites' biller accounts (CCBill, Epoch, Segpay, Verotel), the postback each biller sends to, and the log of every post received.",
  sites: 'The network sites, their API keys and their catalogue sync.',
  creatives: 'Banners, site logos, landing pages with preview images and offer logos, and the models and scenes synced from each site with deep links from their cards: read by affiliates, managed by staff; affiliates\' feed keys.',
  feeds: 'Public feeds of the newest models and scenes (JSON, XML, RSS), addressed by an affiliate\'s feed key.',
  affiliates: 'Staff work with affiliates and their tiers.',
  'tax-forms': 'W-9 and W-8 tax forms: affiliates send them (filled in or uploaded), staff review them.',
  announcements: 'News from the network to its affiliates.',
  settings: 'Network settings, and what the web app needs before anyone signs in.',
  site: 'The public pages: home page content and Contact Us.',
  system: 'Health of the service.',
};

const statusDescriptions: Record<string, string> = {
  '200': 'Success: `{data}`, or `{data, meta}` for a list',
  '201': 'Created: `{data}` holds the new item',
  '204': 'Done, no content',
  '302': 'Redirect to the address in `Location`',
  '400': 'Malformed request: the body is not valid JSON or form data',
  '401': 'Not signed in, or the token or key is not valid (any longer)',
  '403': 'Signed in, without the role or permission this needs',
  '404': 'No such item, or not one the caller may see',
  '409': 'Conflict with the current state of the item',
  '413': 'Body or upload too large',
  '415': 'Content type not accepted',
  '422': 'Validation failed: `errors` lists the messages of each field',
  '429': 'Too many attempts: wait and try again (see `Retry-After`)',
  '500': 'Unexpected error; the details are in the server log',
  '503': 'Maintenance, or the service is not ready',
  '4XX': 'A client error, for example headers or an address too long',
};

const errorRef = { $ref: '#/components/schemas/Error' };

/**
 * The swagger `transform`: converts the zod schemas, then notes who may call the route. Security
 * travels as an extension until the document is finished: the swagger plugin would otherwise drop
 * a query parameter that a security scheme also names (`key` on the conversion URL).
 */
export function transformRoute(input: { schema: FastifySchema; url: string; route: RouteOptions; openapiObject: Json }) {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema: Json; url: string };
  if (!out.schema || out.schema.hide) return out;
  const requirement = routeRequirement(input.route.onRequest);
  const declared = out.schema.security as Operation['security'];
  delete out.schema.security;
  out.schema['x-security'] = declared ?? (requirement ? [{ bearer: [] }] : []);
  // The affiliate API: a personal API token with the route's one scope is an alternative to signing in.
  if (requirement?.tokenScope) out.schema['x-security'] = [...(out.schema['x-security'] as Array<Record<string, string[]>>), { apiToken: [requirement.tokenScope] }];
  if (requirement) out.schema['x-auth'] = requirement.role || requirement.permission || requirement.owner ? 'restricted' : 'signed-in';
  return out;
}

function pascal(word: string): string {
  return word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** `GET /v1/offers/{id}` -> `getOffersById`; the version is kept only when two versions would clash. */
function operationIdOf(method: string, path: string, taken: Set<string>): string {
  const segments = path.split('/').filter(Boolean);
  const version = segments[0] && /^v\d+$/.test(segments[0]) ? segments.shift()! : '';
  const words = segments.map((s) => (s.startsWith('{') ? `by-${s.slice(1, -1)}` : s)).map(pascal).join('');
  let id = method + words;
  if (taken.has(id)) id = method + pascal(version) + words;
  taken.add(id);
  return id;
}

function addResponse(op: Operation, status: string): void {
  op.responses[status] ??= { description: statusDescriptions[status]!, content: { 'application/json': { schema: errorRef } } };
}

function finishOperation(method: string, path: string, op: Operation, taken: Set<string>): void {
  op.operationId ??= operationIdOf(method, path, taken);
  op.security = op['x-security'] ?? [];
  const auth = op['x-auth'];
  delete op['x-security'];
  delete op['x-auth'];

  for (const [status, reply] of Object.entries(op.responses)) {
    const isError = /^[45]/.test(status);
    if (reply.description === 'Default Response') reply.description = statusDescriptions[status] ?? (isError ? 'Error' : 'Success');
    if (isError) reply.content = { 'application/json': { schema: errorRef } };
  }
  if (op.security.length > 0) addResponse(op, '401');
  if (auth === 'restricted') addResponse(op, '403');
  if (op.requestBody || op.parameters?.some((p) => p.in === 'query' || p.in === 'path')) addResponse(op, '422');
  if (op.requestBody?.content?.['application/json']) addResponse(op, '400');
  if (path.includes('{')) addResponse(op, '404');
  if (!Object.keys(op.responses).some((s) => s.startsWith('4'))) addResponse(op, '4XX');
}

/** The swagger `transformObject`: the parts of the document no single route knows. */
export function finishDocument(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const taken = new Set<string>();
  const used = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      finishOperation(method, path, op, taken);
      for (const tag of op.tags ?? []) used.add(tag);
    }
  }
  const known = Object.keys(tagDescriptions).filter((t) => used.has(t));
  const others = [...used].filter((t) => !(t in tagDescriptions)).sort();
  const { $schema: _, ...errorSchema } = z.toJSONSchema(errorReplySchema) as Json;
  const components = (doc.components ?? {}) as Json;
  return {
    ...doc,
    tags: [...known, ...others].map((name) => ({ name, description: tagDescriptions[name] ?? `Operations on ${name.replace(/-/g, ' ')}.` })),
    components: {
      ...components,
      schemas: {
        ...(components.schemas as Json),
        Error: { ...errorSchema, description: 'The one shape of every error reply. `errors` only for field validation (422).' },
      },
    },
  };
}
