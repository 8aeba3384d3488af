// Files and functions that have grown too long: `node scripts/sizes.mjs [dir] [maxFileLines] [maxFunctionLines]`.
// test/structure/sizes.test.ts runs the same check over src/.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

function listTs(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listTs(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Every file over `maxFile` lines and every function (declaration, method, arrow) over `maxFunction`. */
export function findOversized(dir = 'src', maxFile = 300, maxFunction = 60) {
  const found = [];
  for (const file of listTs(join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    const name = relative(root, file).split('\\').join('/');
    const lines = text.split('\n').length;
    if (lines > maxFile) found.push(`${name}: ${lines} lines`);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const from = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const to = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (to - from + 1 > maxFunction)
          found.push(`${name}:${from + 1}: function ${node.name?.getText() ?? '(anonymous)'} of ${to - from + 1} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dir = 'src', file = '300', fn = '60'] = process.argv.slice(2);
  for (const line of findOversized(dir, Number(file), Number(fn))) console.log(line);
}
