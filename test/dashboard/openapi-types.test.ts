import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  committedApiTypes,
  committedPayTypes,
  committedPortalTypes,
  currentApiTypes,
  currentPayTypes,
  currentPortalTypes,
} from '../../scripts/openapi-types.mjs';

/** The first line where two texts differ, for a short failure message. */
function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const i = left.findIndex((line, n) => line !== right[n]);
  const at = i === -1 ? left.length : i;
  return `line ${at + 1}: committed ${JSON.stringify(left[at] ?? '<end>')}, generated ${JSON.stringify(right[at] ?? '<end>')}`;
}

describe('dashboard and console: API types generated from the OpenAPI document', () => {
  it('ui/dashboard/src/api-types.ts is what `npm run openapi:types` writes today', async () => {
    const committed = committedApiTypes();
    const current = await currentApiTypes();
    assert.ok(
      committed === current,
      `ui/dashboard/src/api-types.ts is stale (run npm run openapi:types): ${firstDifference(committed, current)}`,
    );
    assert.match(current, /"\/v1\/invoice\/list": \{/);
    assert.match(current, /"\/auth\/me": \{/);
    assert.match(current, /"\/admin\/tenants": \{/, 'the operator console’s routes are typed too');
    assert.doesNotMatch(current, /"\/admin\/backup"/, 'hidden routes are not');
    assert.doesNotMatch(current, /"POST \/admin\/api-keys",/, 'operator calls name their own account');
    assert.match(current, /"GET \/v1\/invoice\/list",/, 'account operations are listed');
    assert.doesNotMatch(current, /"GET \/v1\/api-keys",/, 'tenant-level operations are not');
  });

  it('ui/pay/src/api-types.ts, the payment page’s own calls, is what `npm run openapi:types` writes today', async () => {
    const committed = committedPayTypes();
    const current = await currentPayTypes();
    assert.ok(
      committed === current,
      `ui/pay/src/api-types.ts is stale (run npm run openapi:types): ${firstDifference(committed, current)}`,
    );
    assert.match(current, /"\/pay\/\{id\}\/state": \{/);
    assert.match(current, /"\/pay\/\{id\}\/select": \{/);
    assert.doesNotMatch(current, /"\/v1\//, 'nothing but the page’s calls');
  });

  it('ui/portal/src/api-types.ts, the customer portal’s own calls, is what `npm run openapi:types` writes today', async () => {
    const committed = committedPortalTypes();
    const current = await currentPortalTypes();
    assert.ok(
      committed === current,
      `ui/portal/src/api-types.ts is stale (run npm run openapi:types): ${firstDifference(committed, current)}`,
    );
    assert.match(current, /"\/portal\/\{token\}\/subscriptions": \{/);
    assert.doesNotMatch(current, /"\/v1\//, 'nothing but the portal’s calls');
  });

  it('the dashboard type-checks against them (tsc -p ui/dashboard)', () => {
    const tsc = spawnSync(process.execPath, ['node_modules/typescript-7/bin/tsc', '--noEmit', '--checkers', '1', '-p', 'ui/dashboard'], {
      encoding: 'utf8',
    });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });
});
