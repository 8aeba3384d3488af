import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// Comments and docs say why in the repository's own words: a reader has no issue tracker, contract
// or outside specification to follow a reference into.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CITATION = /\bissues? #?\d+|\bCONTRACT(\.md| §)|\bapi-spec\b|\bthe spec\b|\bspec's\b|DEVELOPERS\.md/i;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'fixtures') return [];
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.(ts|tsx|mjs|sql|md|css|yml)$/.test(name) ? [path] : [];
  });
}

describe('nothing cites what lies outside the repository', () => {
  it('source, migrations, tests, scripts, benches and docs', () => {
    const found: string[] = [];
    for (const file of ['src', 'ui', 'migrations', 'test', 'scripts', 'bench', 'docs', 'deploy']
      .flatMap(files)
      .concat(['README.md', 'CONTRIBUTING.md', 'SECURITY.md'])) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITATION.test(line) && !line.includes('CITATION')) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(found, []);
  });
});
