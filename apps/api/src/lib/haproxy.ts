/**
 * HAProxy in front of several instances (docs/deploy.md): the configuration the cluster script
 * runs, and the test of two instances behind a load balancer runs the same one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = ['/usr/sbin/haproxy', '/usr/bin/haproxy'];

/** The haproxy binary, installed with apt-get (Debian's `haproxy`) when missing. */
export function ensureHaproxy(log: (line: string) => void = console.log): string {
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('haproxy is not installed: run `sudo apt-get install -y haproxy` (Debian package) and try again');
  }
  log('Installing haproxy with apt-get ...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = candidates.find((p) => existsSync(p));
  if (!installed) throw new Error('apt-get did not install haproxy');
  return installed;
}

/**
 * Round robin over the instances with no stickiness. `GET /health` every second decides who is
 * in; a connection an instance refuses or drops without an answer (a drain, a restart, a crash)
 * is tried again on another one, so a rolling restart drops nothing.
 */
export function haproxyConfig(opts: { port: number; instancePorts: number[]; host?: string }): string {
  const host = opts.host ?? '127.0.0.1';
  return `global
  # Within the default open-file limit (each connection takes two descriptors).
  maxconn 8000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # /health answers at once, but a check must not time out at the 1 s interval while an
  # instance looks for a new primary (docs/deploy.md, "Failover").
  timeout check 3s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  option forwardfor
frontend portal
  bind ${host}:${opts.port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /health
  default-server check inter 1s fall 2 rise 1
${opts.instancePorts.map((p, i) => `  server app${i + 1} ${host}:${p}`).join('\n')}
`;
}
