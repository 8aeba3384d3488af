import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { freePort } from '../../src/lib/net.ts';
import { createScratchDatabase, startGateway, type GatewayProcess } from '../helpers/processes.ts';

// No image can be built here (no registry for base images, no Docker daemon): these tests check
// what can be checked without one. The compose file's and the Dockerfile's own commands and
// settings are run against gateway processes started as the containers would start them.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(ROOT + file, 'utf8');

interface Service {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const dockerfile = read('Dockerfile');

/** The Dockerfile's JSON-form instruction (`CMD [...]`, `HEALTHCHECK … CMD [...]`) as its argv. */
function dockerArgv(instruction: RegExp): string[] {
  const joined = dockerfile.replace(/\\\n\s*/g, ' ');
  const m = instruction.exec(joined);
  assert.ok(m, `Dockerfile has ${instruction}`);
  return JSON.parse(m[1]!) as string[];
}

/** Runs a healthcheck's argv (a `node -e` one-liner) with the container's environment; its exit code. */
function runCheck(argv: string[], env: Record<string, string>, replace: [string, string]): number {
  assert.equal(argv[0] === 'CMD' ? argv[1] : argv[0], 'node', 'healthchecks run Node (the image has no curl)');
  const args = (argv[0] === 'CMD' ? argv.slice(2) : argv.slice(1)).map((a) => a.replaceAll(replace[0], replace[1]));
  return spawnSync(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 10_000 }).status ?? -1;
}

describe('container files', () => {
  it('runs the API and the worker as separate roles on the compose PostgreSQL and Redis', () => {
    const { api, worker, postgres, redis } = compose.services;
    assert.ok(api && worker && postgres && redis, 'api, worker, postgres and redis services');
    assert.equal(api.environment!.ROLE, 'api');
    assert.equal(worker.environment!.ROLE, 'worker');
    for (const s of [api, worker]) {
      assert.equal(new URL(s.environment!.DATABASE_URL!).hostname, 'postgres');
      assert.equal(new URL(s.environment!.REDIS_URL!).hostname, 'redis');
      assert.match(s.environment!.ADMIN_TOKEN!, /^\$\{ADMIN_TOKEN:\?/, 'the admin token comes from the operator, never from the file');
    }
    assert.deepEqual(worker.ports ?? [], [], 'a worker publishes no port');
  });

  it('sets only variables the gateway reads, as documented', () => {
    const documented = read('docs/configuration.md');
    for (const [name, s] of Object.entries(compose.services)) {
      if (name !== 'api' && name !== 'worker') continue;
      for (const key of Object.keys(s.environment!))
        assert.ok(documented.includes(`\`${key}\``), `${name} sets ${key}, which docs/configuration.md does not name`);
    }
  });

  it('starts the image with npm start, as an unprivileged user', () => {
    assert.deepEqual(dockerArgv(/^CMD (\[.*\])$/m), ['npm', 'start']);
    assert.ok(JSON.parse(read('package.json')).scripts.start, 'package.json has a start script');
    assert.match(dockerfile, /^USER node$/m);
    assert.match(dockerfile, /COPY package\.json package-lock\.json/, 'npm ci installs from the lock file');
  });
});

describe('container healthchecks against gateways started as the containers start them', {
  skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set',
}, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let api: GatewayProcess;
  let worker: GatewayProcess;
  let metricsPort: number;
  let env: Record<string, string>;
  before(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'cg_containers');
    metricsPort = await freePort();
    // The compose environment with its service names pointing at this machine's servers.
    env = {
      DATABASE_URL: scratch.url,
      ADMIN_TOKEN: 'containers-test-admin-token-0123456789abcdef',
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
    };
    api = await startGateway({ role: 'api', env: { ...env, METRICS_PORT: String(await freePort()) } });
    worker = await startGateway({ role: 'worker', env });
  });
  after(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await scratch?.drop();
  });

  it("the image's healthcheck passes on a ready API and fails where nothing listens", async () => {
    const argv = dockerArgv(/HEALTHCHECK .*?CMD (\[.*\])$/m);
    assert.equal(runCheck(argv, { PORT: String(api.port) }, ['', '']), 0);
    assert.notEqual(runCheck(argv, { PORT: String(await freePort()) }, ['', '']), 0);
  });

  it("the worker's healthcheck passes on a running worker and fails once it is gone", async () => {
    const argv = compose.services.worker!.healthcheck!.test;
    assert.equal(runCheck(argv, {}, ['9464', String(metricsPort)]), 0);
    await worker.stop();
    assert.notEqual(runCheck(argv, {}, ['9464', String(metricsPort)]), 0);
  });
});
