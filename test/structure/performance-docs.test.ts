import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { PERFORMANCE_DOC, performanceDoc } from '../../bench/docs.ts';

describe('docs/performance.md', () => {
  it('is what bench/results gives (npm run perf:docs), no figure typed by hand', () => {
    assert.equal(readFileSync(PERFORMANCE_DOC, 'utf8'), performanceDoc(), 'docs/performance.md is stale: run npm run perf:docs');
  });
});
