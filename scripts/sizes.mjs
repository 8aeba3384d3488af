import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
const root = process.argv[2] ?? 'src';
const max = Number(process.argv[3] ?? 60);
function list(d, out = []) { for (const n of readdirSync(d)) { const p = join(d, n); statSync(p).isDirectory() ? list(p, out) : p.endsWith('.ts') && out.push(p); } return out; }
for (const f of list(root)) {
  const text = readFileSync(f, 'utf8');
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n').length;
  if (lines > 300) console.log(`FILE ${f} ${lines} lines`);
  const visit = (n) => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isConstructorDeclaration(n)) {
      const a = sf.getLineAndCharacterOfPosition(n.getStart()).line, b = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      if (b - a + 1 > max) console.log(`FN ${f}:${a + 1} ${b - a + 1} lines ${n.name?.getText?.() ?? ''}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
