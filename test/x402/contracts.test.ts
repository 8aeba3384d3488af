import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';

it('the committed test token is what contracts/TestUSDC.sol compiles to', () => {
  // Compile the sources with the pinned solc from npm into a scratch folder and compare.
  const out = mkdtempSync(join(tmpdir(), 'cg-contracts-'));
  try {
    execFileSync(process.execPath, ['scripts/build-contracts.mjs'], { stdio: 'pipe', env: { ...process.env, CONTRACTS_OUT: out } });
    const fresh = JSON.parse(readFileSync(join(out, 'TestUSDC.json'), 'utf8'));
    const committed = JSON.parse(readFileSync('contracts/TestUSDC.json', 'utf8'));
    assert.equal(fresh.bytecode, committed.bytecode);
    assert.deepEqual(fresh.abi, committed.abi);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
