// Preloaded into test processes by scripts/run-tests.mjs (`--import`), before Fastify loads.
//
// A test process builds an app per suite (hundreds in a shard), and each build compiles every
// route's schemas again: Ajv validators and fast-json-stringify serializers, about 60% of a
// build's CPU. Both compilers are pure functions of the schema and their options, so a compiled
// function is reused for an equal schema (same JSON) on the same compiler. What a test sees is
// what a fresh compile would give; production builds one app per process and never loads this.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../node_modules/fastify/package.json', import.meta.url));

/** `compile(schema, ...rest)` memoised by the JSON of its arguments, one cache per `owner`. */
function memoise(compile, keyOf) {
  const caches = new WeakMap();
  return function cached(...args) {
    let cache = caches.get(this ?? caches);
    if (!cache) caches.set(this ?? caches, (cache = new Map()));
    let key;
    try {
      key = keyOf(args);
    } catch {
      return compile.apply(this, args); // not JSON (a cycle, a bigint): compiled as before
    }
    let fn = cache.get(key);
    if (!fn) {
      fn = compile.apply(this, args);
      cache.set(key, fn);
    }
    return fn;
  };
}

// Ajv: the app's validators (src/lib/http/validation.ts) and the ones fast-json-stringify uses.
const { Ajv } = require('ajv');
Ajv.prototype.compile = memoise(Ajv.prototype.compile, ([schema, meta]) => JSON.stringify([schema, meta ?? null]));

// fast-json-stringify, as Fastify's serializer compiler requires it (it keeps the function it got).
const compilerEntry = require.resolve('@fastify/fast-json-stringify-compiler');
const fjsPath = createRequire(compilerEntry).resolve('fast-json-stringify');
const build = createRequire(compilerEntry)('fast-json-stringify');
const cachedBuild = Object.assign(memoise(build, (args) => JSON.stringify(args)), build);
require.cache[fjsPath].exports = cachedBuild;

// scrypt, the password KDF (src/modules/users/passwords.ts): 113 ms of CPU a derivation at the
// production cost, which the tests keep. A sign-in derives again what the password's hash derived
// (same password, same salt, same cost), and the suite signs the same users in many times: about
// 185 derivations in the browser and auth files alone. The key is a pure function of its inputs,
// so it is derived once per process and input; every new salt still costs a full derivation.
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';

const scrypt = crypto.scrypt;
const derived = new Map();
crypto.scrypt = function cachedScrypt(password, salt, keylen, options, callback) {
  if (typeof options === 'function') [options, callback] = [undefined, options];
  const key = JSON.stringify([Buffer.from(password).toString('base64'), Buffer.from(salt).toString('base64'), keylen, options ?? null]);
  const known = derived.get(key);
  if (known) return void process.nextTick(callback, null, Buffer.from(known));
  scrypt(password, salt, keylen, options ?? {}, (err, result) => {
    if (!err) derived.set(key, Buffer.from(result));
    callback(err, result);
  });
};
syncBuiltinESMExports();
