// The baselines the benchmarks compare the app with: a bare node:http server that answers like
// the app but records nothing.
//   node bench/support/bare-server.ts redirect <port>     GET /t/{code} -> the same 302 as the app
//   node bench/support/bare-server.ts conversion <port>   POST /v1/conversions -> parses the JSON, answers the app's reply shape
//   node bench/support/bare-server.ts biller <port>       GET or POST /billers/{biller}/{key} -> parses the query and the form body, answers OK
//   node bench/support/bare-server.ts postback <port> <url>  as `conversion`, then GETs <url>?tx={transaction_id} at once, one
//                                                        connection a request as the app's postbacks do (bench/postbacks.ts)
// Listens on 127.0.0.1 only; GET /ready and GET /health (the load balancer's check) answer 200.
import { createServer, request } from 'node:http';
import { newClickIdAt } from '../../apps/api/src/modules/clicks/click-id.ts';

const [mode, portArg, postbackUrl] = process.argv.slice(2);
const port = Number(portArg);
if ((mode !== 'redirect' && mode !== 'conversion' && mode !== 'biller' && mode !== 'postback') || !Number.isInteger(port) || (mode === 'postback' && !postbackUrl?.startsWith('http://127.0.0.1:'))) {
  console.error('usage: bare-server.ts redirect|conversion|biller <port> | postback <port> http://127.0.0.1:<port>/<path>');
  process.exit(2);
}

/** The postback of a conversion, sent as the app sends one: a new connection, closed after the answer. */
function firePostback(transactionId: string): void {
  const url = new URL(postbackUrl!);
  url.searchParams.set('tx', transactionId);
  const req = request(url, { method: 'GET', agent: false, headers: { connection: 'close', 'user-agent': 'bare' } }, (res) => {
    res.resume();
  });
  req.on('error', () => {});
  req.end();
}

const LANDING = 'https://bench-site.example/tour?ref=';
let seq = 0;

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (url === '/ready' || url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (mode === 'redirect' && req.method === 'GET' && url.startsWith('/t/')) {
    // A click id made as the app makes it.
    const cid = newClickIdAt(Date.now());
    res.writeHead(302, { location: `${LANDING}${cid}`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'content-length': '0' }).end();
    return;
  }
  if ((mode === 'conversion' || mode === 'postback') && req.method === 'POST' && url === '/v1/conversions') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error_code":"bad_request","message":"Malformed JSON"}');
        return;
      }
      if (!String(req.headers.authorization ?? '').startsWith('Bearer ') || typeof body.transaction_id !== 'string') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error_code":"unauthenticated","message":"Invalid key"}');
        return;
      }
      const reply = JSON.stringify({ data: { status: 'accepted', conversion_id: ++seq, earning: 35, reason: null } });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(reply) }).end(reply);
      if (mode === 'postback') firePostback(body.transaction_id);
    });
    return;
  }
  if (mode === 'biller' && url.startsWith('/billers/')) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fields = Object.fromEntries(new URL(url, 'http://bare').searchParams);
      for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) fields[k] = v;
      const known = ['transactionId', 'transaction_id', 'ets_transaction_id', 'tranid', 'transactionID'].some((k) => fields[k]);
      if (!known) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error_code":"bad_request","message":"No transaction"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': 2 }).end('OK');
    });
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});

server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
// Never outlives a benchmark that died without stopping it.
setTimeout(() => process.exit(0), 30 * 60_000).unref();
