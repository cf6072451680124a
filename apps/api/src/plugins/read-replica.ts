import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReadReplica } from '../db/replica.ts';

/**
 * The cookie a signed-in caller's write answer carries: the primary's WAL position just after the
 * write. Their next reads (on any instance) use the replica only once it has replayed that far,
 * so a list reloaded right after an action shows the action.
 */
export const READ_AFTER_COOKIE = 'portal_read_after';
/** Past this, the replica's own freshness rule (0.6 s at most) covers the write anyway. */
const READ_AFTER_SECONDS = 10;

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readAfter(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    // `16/B374D848` with its slash escaped; anything else is not a position and reads the primary.
    if (name === READ_AFTER_COOKIE && value) return value.replace(/%2F/gi, '/');
  }
  return undefined;
}

function appendCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  reply.header('set-cookie', existing === undefined ? cookie : [...(Array.isArray(existing) ? existing : [String(existing)]), cookie]);
}

/**
 * `app.readDb` and `request.readDb`: where reports, dashboards, lists and exports read. The primary
 * itself without a replica (`app.db`, nothing else changes); with one, the replica while it is fresh
 * (db/replica.ts), and for a request also only once the replica holds the caller's own latest write.
 */
export function registerReadReplica(app: FastifyInstance, replica: ReadReplica | undefined): void {
  if (!replica) {
    app.decorate('readDb', app.db);
    app.decorateRequest('readDb', {
      getter() {
        return app.db;
      },
    });
    return;
  }
  app.decorate('readDb', {
    getter() {
      return replica.db;
    },
  });
  app.decorateRequest('readDb', {
    getter(this: FastifyRequest) {
      return replica.dbAfter(readAfter(this));
    },
  });
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  app.addHook('onSend', async (request, reply, payload) => {
    // People signed in (their browser keeps the cookie); sites' and billers' posts and API tokens are left alone.
    if (!writes.has(request.method) || !request.auth || request.auth.token || reply.statusCode >= 400) return payload;
    try {
      const lsn = await replica.primaryLsn();
      appendCookie(reply, `${READ_AFTER_COOKIE}=${encodeURIComponent(lsn)}; Path=/; Max-Age=${READ_AFTER_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
    } catch (err) {
      request.log.warn({ err }, 'Read replica: the write position for the caller could not be read');
    }
    return payload;
  });
}
