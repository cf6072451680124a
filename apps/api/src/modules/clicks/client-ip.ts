import type { IncomingMessage } from 'node:http';

/** The visitor's address: the first of X-Forwarded-For behind a trusted proxy (as Fastify's `request.ip`), else the socket's. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const socketIp = req.socket.remoteAddress ?? '';
  if (!trustProxy) return socketIp;
  const header = req.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header.join(',') : header)?.split(',')[0]?.trim();
  return first || socketIp;
}
