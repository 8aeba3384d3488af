// Compiles contracts/*.sol with solc (from npm) into contracts/<Name>.json (abi and bytecode).
// `npm run build:contracts`; the JSON is committed so the service and tests need no compiler.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import solc from 'solc';

const require = createRequire(import.meta.url);
const dir = new URL('../contracts/', import.meta.url).pathname;
// CONTRACTS_OUT writes the artifacts elsewhere (the test that checks the committed ones uses it).
const out = process.env.CONTRACTS_OUT || dir;
const sources = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.sol'))
    .map((f) => [f, { content: readFileSync(join(dir, f), 'utf8') }]),
);
const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const findImports = (path) => {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
};
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(1);
}
for (const file of Object.keys(sources)) {
  for (const [name, c] of Object.entries(output.contracts[file])) {
    const artifact = { contractName: name, compiler: `solc ${solc.version()}`, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
    writeFileSync(join(out, `${name}.json`), JSON.stringify(artifact, null, 1) + '\n');
    console.log(`${join(out, name)}.json (${c.evm.bytecode.object.length / 2} bytes)`);
  }
}
