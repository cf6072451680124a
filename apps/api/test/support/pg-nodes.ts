/**
 * PostgreSQL nodes of their own for the failover and replica tests: a primary, a streaming standby
 * (synchronous when asked), each with its data directory and port, killed, stopped, promoted and
 * started again by the test. PostgreSQL refuses to run as root, so as root (CI) every command runs
 * as the `postgres` user (`runuser`); otherwise as the caller.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.ts';

/** Where the server's programs are: PG_BIN, else Debian's newest under /usr/lib/postgresql, else the PATH. */
export function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin/pg_ctl'))) return join(root, v, 'bin');
  }
  return '';
}

/** Whether nodes can be started here (the server's programs exist). */
export const canStartNodes = (): boolean => existsSync(join(pgBin(), 'pg_ctl'));

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs, as `postgres` when we are root. */
function run(program: string, args: string[], opts: { allowFail?: boolean } = {}): string {
  const bin = join(pgBin(), program);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0 && !opts.allowFail) throw new Error(`${program} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A directory the `postgres` user owns. */
function ownedDir(parent: string, name: string): string {
  const dir = join(parent, name);
  execFileSync('mkdir', ['-p', dir]);
  chmodSync(dir, 0o700);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
}

export class PgNode {
  readonly name: string;
  readonly port: number;
  readonly dataDir: string;
  constructor(name: string, port: number, dataDir: string) {
    this.name = name;
    this.port = port;
    this.dataDir = dataDir;
  }

  /** `host:port` as a connection string names it. */
  get hostPort(): string {
    return `127.0.0.1:${this.port}`;
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@${this.hostPort}/${database}`;
  }

  private get pid(): number | undefined {
    const file = join(this.dataDir, 'postmaster.pid');
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  }

  start(): void {
    run('pg_ctl', ['-D', this.dataDir, '-l', join(this.dataDir, 'server.log'), '-w', '-t', '60', 'start']);
  }

  /** A clean, fast stop (connections are closed). */
  stop(): void {
    run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop'], { allowFail: true });
  }

  /** SIGKILL to the postmaster and every backend: the node is gone at once, as a machine that dies. */
  kill(): void {
    const pid = this.pid;
    if (!pid) return;
    // The backends are the postmaster's children; kill them too so no connection lingers.
    spawnSync('pkill', ['-KILL', '-P', String(pid)]);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    rmSync(join(this.dataDir, 'postmaster.pid'), { force: true });
  }

  /** Makes a standby the primary (it accepts writes once this returns). */
  promote(): void {
    run('pg_ctl', ['-D', this.dataDir, '-w', '-t', '60', 'promote']);
  }

  psql(sqlText: string, database = 'postgres'): string {
    return run('psql', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-d', database, '-Atc', sqlText]);
  }
}

export interface PgPair {
  primary: PgNode;
  standby: PgNode;
  /** `postgres://postgres@primary,standby/db?target_session_attrs=read-write` */
  url(database: string): string;
  close(): void;
}

/** Settings that make a node quick to start and stop for tests, still crash-safe. */
const testSettings = `
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
max_connections = 200
shared_buffers = 64MB
wal_level = replica
max_wal_senders = 10
hot_standby = on
wal_keep_size = 256MB
logging_collector = off
# A standby whose primary restarted asks again after this long (5 s by default); with synchronous
# commit, writes wait for it.
wal_retrieve_retry_interval = 500ms
`;

/** A primary with a database `database`, and a streaming standby of it (synchronous: a commit waits for it). */
export async function startPair(opts: { database: string; synchronous?: boolean }): Promise<PgPair> {
  const root = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  chmodSync(root, 0o755);
  const [p1, p2] = [await freePort(), await freePort()];
  const primary = new PgNode('primary', p1, ownedDir(root, 'primary'));
  run('initdb', ['-D', primary.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const conf = join(primary.dataDir, 'postgresql.conf');
  appendAs(conf, `${testSettings}port = ${p1}\n`);
  appendAs(join(primary.dataDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  primary.start();
  primary.psql(`create database ${opts.database}`);
  const standby = new PgNode('standby', p2, ownedDir(root, 'standby'));
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(p1), '-U', 'postgres', '-D', standby.dataDir, '-X', 'stream', '-R', '--no-sync', '--checkpoint=fast']);
  appendAs(join(standby.dataDir, 'postgresql.conf'), `port = ${p2}\napplication_name = 'standby'\n`);
  standby.start();
  // The standby has caught up and (when synchronous) is the one commits wait for.
  const until = Date.now() + 30_000;
  while (primary.psql("select count(*) from pg_stat_replication where state = 'streaming'").trim() !== '1') {
    if (Date.now() > until) throw new Error('the standby did not start streaming');
    spawnSync('sleep', ['0.2']);
  }
  // Synchronous only once the standby streams: until then every commit would wait for it.
  if (opts.synchronous) {
    appendAs(conf, "synchronous_standby_names = '*'\nsynchronous_commit = on\n");
    primary.psql('select pg_reload_conf()');
  }
  return {
    primary,
    standby,
    url: (database) => `postgres://postgres@${primary.hostPort},${standby.hostPort}/${database}?target_session_attrs=read-write`,
    close: () => {
      primary.kill();
      standby.kill();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Appends to a file the `postgres` user owns (as that user when we are root). */
function appendAs(file: string, text: string): void {
  if (!asRoot) return appendFileSync(file, text);
  const tmp = join(tmpdir(), `pg-append-${process.pid}-${Date.now()}`);
  writeFileSync(tmp, text);
  chmodSync(tmp, 0o644);
  execFileSync('runuser', ['-u', 'postgres', '--', 'sh', '-c', `cat '${tmp}' >> '${file}'`]);
  rmSync(tmp);
}
