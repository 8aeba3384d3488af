// `npm start`: the gateway (src/main.ts) run from its compiled bundle (scripts/gateway-bundle.mjs),
// built on the first start after the sources change, or by `npm ci` (the `prepare` script).
// package.json starts it with a young generation of 4 MB semi-spaces (V8's default grows to 16):
// some 40 MB less resident memory for an idle gateway, for slightly more frequent minor GCs; and
// with one memory-reducing GC once the start-up's allocations stop, not up to three in a row
// (V8's default): the first gives back nearly all the memory, the other two cost an idle
// gateway about 0.2 s of CPU across its GC threads; and with two V8 helper threads instead of
// Node's four: each thread that compiles or marks keeps a malloc arena of its own, and an idle
// gateway's resident memory went from 215-273 MB to 190-218 MB (the heap is some 40 MB: two
// helpers mark it as fast as four on the machines this runs on).
// Should the bundle not build for want of a writable cache, the sources run through tsx as before.
import { pathToFileURL } from 'node:url';
import { gatewayBundle } from './gateway-bundle.mjs';

let entry;
try {
  entry = pathToFileURL(await gatewayBundle()).href;
} catch (err) {
  if (err && Array.isArray(err.errors)) {
    console.error(String(err.message ?? err));
    process.exit(1);
  }
  console.error(`note: running the TypeScript sources directly (no compiled bundle: ${err?.message ?? err})`);
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/main.ts', import.meta.url).href;
}
// Stack traces name the bundle's functions and lines; `NODE_OPTIONS=--enable-source-maps npm start`
// maps them to the TypeScript sources (off by default: the parsed map holds some 40 MB for good).
await import(entry);
