import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../src/lib/net.ts';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb + pg_ctl from the machine's binaries)
 * on its own port, so a test may restart, stop and start it without disturbing anyone else.
 */
export interface PgCluster {
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is terminated (57P01), the server back at once. */
  restart(): Promise<void>;
  /** `pg_ctl stop` (`fast`, or `immediate` as a crash would) — connections refused until start(). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its data directory. */
  destroy(): Promise<void>;
}

/** The directory of the machine's PostgreSQL server binaries, or undefined when there are none. */
export function postgresBinaries(): string | undefined {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : undefined;
}

/** Why a throwaway cluster cannot be made here, or false when it can. */
export function clusterUnavailable(): string | false {
  if (!postgresBinaries()) return 'no PostgreSQL server binaries (initdb, pg_ctl) on this machine';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
    return 'running as root without runuser';
  return false;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server binaries');
  // PostgreSQL refuses to run as root: as root, run its programs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  const pgUser = asRoot ? Number((await run('id', ['-u', 'postgres'])).stdout.trim()) : undefined;
  const pgGroup = asRoot ? Number((await run('id', ['-g', 'postgres'])).stdout.trim()) : undefined;
  const exec = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);

  const dir = mkdtempSync(join(tmpdir(), 'cg-pgcluster-'));
  if (asRoot) chownSync(dir, pgUser!, pgGroup!);
  const data = join(dir, 'data');
  const port = await freePort();
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=127.0.0.1`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const ctl = (args: string[]) => exec('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', ...args]);
  const start = async () => void (await ctl(['-o', options, 'start']));
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Wait until it answers queries (pg_ctl -w waits for the socket, not always for recovery).
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: url });
    const ok = await c.connect().then(
      () => c.end().then(() => true),
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error('throwaway cluster did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  let up = true;
  return {
    url,
    port,
    async restart() {
      await ctl(['-m', 'fast', '-o', options, 'restart']);
      up = true;
    },
    async stop(mode = 'fast') {
      await ctl(['-m', mode, 'stop']);
      up = false;
    },
    async start() {
      await start();
      up = true;
    },
    async destroy() {
      if (up) await ctl(['-m', 'immediate', 'stop']).catch(() => {});
      up = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
