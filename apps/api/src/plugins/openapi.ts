import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { finishDocument, transformRoute } from './openapi-document.ts';

const description = `The API behind the affiliate portal.

- **Authentication**: people sign in (\`POST /v2/authentication/login\`) and send the access token as \`Authorization: Bearer <token>\`. Sites report conversions with their API key, in the same header or as \`?key=\` on the URL form.
- **Affiliate API**: an affiliate's scripts call it with a personal API token (Profile > Security > API tokens) instead of signing in: \`Authorization: Bearer pat_…\`. A token carries scopes: \`statistics:read\` (statistics and dashboard), \`offers:read\` (offers, sites, landing pages, tracking links), \`payouts:read\` (balance, payouts and their documents), \`postbacks:write\` (postbacks). Operations that take one list the \`apiToken\` scheme with the scope they need; a token with another scope gets 403, and every other operation (staff, password, tokens) refuses tokens with 403. For example:

  \`\`\`
  curl -H "Authorization: Bearer pat_XXXX" "https://portal.example.com/v1/statistics/daily?from=2026-11-01&to=2026-11-30"
  \`\`\`
- **Replies**: \`{data}\`; lists \`{data, meta: {total, page, per_page}}\`.
- **Lists** page, filter and sort alike (offers, campaigns, sites, landing pages, payouts): \`page\` (from 1), \`per_page\` (up to 1000, or \`all\`; default 20), \`sort\` (one of the list's fields) and \`order\` (\`asc\` or \`desc\`; without \`sort\` each list keeps its own order), \`search\` and the list's own filters; \`meta.total\` counts every row that matches. A bad parameter is a 422 naming it.
- **Errors** always have the shape \`{error_code, message, errors}\`; \`errors\` maps each invalid field to its messages (422).
- **Money** is in US dollars with two decimals.`;

/** The OpenAPI 3 document generated from the route schemas, at /api/openapi.json and browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Affiliate Portal API',
        version: '1.0.0',
        description,
        license: { name: 'Terms of Service', url: `${app.config.publicUrl}/terms-and-conditions` },
      },
      // Relative: the portal that serves this document answers its calls, whatever its address.
      servers: [{ url: '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from sign-in.' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: "An affiliate's personal API token (`pat_…`), created in Profile > Security. It works only on operations that list this scheme, with the scope they name.",
          },
          siteKey: { type: 'http', scheme: 'bearer', description: "A site's API key (staff see it once, when the site is created or its key replaced)." },
          siteKeyQuery: { type: 'apiKey', in: 'query', name: 'key', description: "A site's API key in the URL, for billers that can only fire a URL." },
        },
      },
    },
    transform: transformRoute as never,
    transformObject: (document) => finishDocument((document as { openapiObject: Record<string, unknown> }).openapiObject) as never,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Some 200 operations: the browser draws only the operations in view (Swagger UI's virtual
    // list), and a filter box narrows the groups by name.
    uiConfig: { filter: true, deepLinking: true, displayOperationId: true },
    staticCSP: true,
    // Swagger UI renders parts of the document as HTML with style attributes; scripts stay locked
    // down, and styles get the same allowance as the rest of the app.
    transformStaticCSP: (header: string) => header.replace(/style-src ([^;]*);/, (_, sources: string) => `style-src ${sources.trim()} 'unsafe-inline';`),
  });
}
