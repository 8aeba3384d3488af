// Files by operation (point 4): no source file over 300 lines, no function over 60.
// A newcomer reads one operation at a time; a file or function that outgrows this is split before
// it lands. `node scripts/sizes.mjs src` prints the same findings while working.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findOversized } from '../../scripts/sizes.mjs';

const FILE_MAX_LINES = 300;
const FUNCTION_MAX_LINES = 60;

it(`src/ has no file over ${FILE_MAX_LINES} lines and no function over ${FUNCTION_MAX_LINES}`, () => {
  assert.deepEqual(findOversized('src', FILE_MAX_LINES, FUNCTION_MAX_LINES), []);
});
