// `npm run backup | restore | move-to-postgres | migrate -- ARGS`: the operator's command
// (src/cli/<name>.ts) run from its compiled bundle, built with the gateway's (scripts/gateway-bundle.mjs)
// by `npm ci` or on the first start or command after the sources change. Plain Node starts it in a
// fraction of the CPU that compiling its TypeScript through tsx took (about 2 s of CPU a command).
// Should the bundle not build for want of a writable cache, the sources run through tsx as before.
// `backup` and `restore` run with V8's baseline WebAssembly compiler alone (package.json,
// `--liftoff-only`): they open the embedded database for seconds and run little SQL, and tiering
// PostgreSQL's hot functions up with TurboFan cost an offline backup 1.3 s of its 6.9-7.2 s of CPU
// (5.3-5.7 s without; two runs each). `migrate` and `move-to-postgres`, which may run SQL over a
// whole database, keep the optimizing compiler.
import { pathToFileURL } from 'node:url';
import { COMMANDS, commandOf, gatewayBundle } from './gateway-bundle.mjs';

const command = process.argv[2];
if (!COMMANDS.includes(command)) {
  console.error(`usage: node scripts/cli.mjs ${COMMANDS.join('|')} [ARGS]`);
  process.exit(2);
}
// The command reads its own arguments from process.argv[2] on, as when run as a file.
process.argv.splice(2, 1);

let entry;
try {
  entry = pathToFileURL(commandOf(await gatewayBundle(), command)).href;
} catch (err) {
  if (err && Array.isArray(err.errors)) {
    console.error(String(err.message ?? err));
    process.exit(1);
  }
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL(`../src/cli/${command}.ts`, import.meta.url).href;
}
await import(entry);
