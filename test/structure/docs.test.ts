import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// The README is the front door over docs/: every link in them leads to a file that exists and, with
// a #fragment, to a heading that exists in it.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = [
  'README.md',
  'SECURITY.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));
}

function linksOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const md = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  const img = [...text.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
  return [...md, ...img].filter((l) => !/^[a-z]+:/i.test(l));
}

describe('README and docs', () => {
  it('the README stays a short front door', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length;
    assert.ok(lines <= 200, `README.md has ${lines} lines; details belong in docs/`);
  });

  for (const file of FILES) {
    it(`every link of ${file} resolves`, () => {
      for (const link of linksOf(file)) {
        const [path, fragment] = link.split('#') as [string, string | undefined];
        const target = path === '' ? file : relative(ROOT, join(ROOT, dirname(file), path));
        assert.ok(existsSync(join(ROOT, target)), `${file} links to ${link}, which does not exist`);
        if (fragment && target.endsWith('.md'))
          assert.ok(anchorsOf(target).has(fragment), `${file} links to ${link}: no such heading in ${target}`);
      }
    });
  }
});
