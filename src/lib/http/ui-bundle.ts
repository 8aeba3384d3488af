/**
 * A browser bundle the gateway builds and serves itself (the dashboard, the payment page's script):
 * its TypeScript sources under ui/ bundled in memory by esbuild (nothing fetched), each output named
 * by a hash of its bytes so a browser may keep it for a year, and sent compressed as the browser
 * accepts. A build is kept in node_modules/.cache under a hash of its sources, so a restart serves
 * the same build without building.
 */
import { negotiate } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { BuildOptions } from 'esbuild';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings a built file is kept in besides its plain bytes, as Accept-Encoding names them. */
export type Encoding = 'br' | 'gzip';

/** One built file, as served. */
export interface BundleAsset {
  /**
   * Its name under its assets path, from a hash of its bytes (`app-1a2b3c4d5e6f.js`): a new build
   * has a new name, so a browser may keep one for a year without asking again.
   */
  name: string;
  body: Buffer;
  /** The same bytes compressed, made once per build (and kept with it in the cache). */
  encoded: Record<Encoding, Buffer>;
  /** Strong validator of the plain bytes: a hash of the body. */
  etag: string;
  contentType: string;
}

/** What to build: where the sources are and esbuild's entry points. */
export interface UiBundleSpec {
  /** The build's name in the cache. */
  name: string;
  /** The sources' folder (esbuild works there): every file under it is part of the build's key. */
  sourceDir: string;
  /** Files outside `sourceDir` that the sources import: a change to one builds anew. */
  sharedSources?: readonly string[];
  /** Each entry's `out` names its outputs: `app` gives `app.js` (and `app.css` from a style sheet). */
  entryPoints: Array<{ in: string; out: string }>;
  /** esbuild's options beyond the common ones (JSX, say). */
  options?: BuildOptions;
}

/** A built bundle: each output by its file name in the build (`app.js`), served under its hashed name. */
export type UiBundle = ReadonlyMap<string, BundleAsset>;

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * Built bundles are kept here, named by a hash of the sources and options: esbuild costs a second
 * of CPU and a process, brotli a third of one, and a changed source builds anew.
 */
const BUILD_CACHE = fileURLToPath(new URL('../../../node_modules/.cache/cryptogate/', import.meta.url));

/** Browser code every bundle may import (the exact JSON reader): part of every build's key. */
const UI_SHARED = fileURLToPath(new URL('../../../ui/shared/', import.meta.url));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `body` in `encoding`, at the best compression (made once per build, so its cost is paid once). */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(body, { level: constants.Z_BEST_COMPRESSION });
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** A built file as served: named by its hash, its compressed forms read from beside `file` in the cache or made now (and kept there). */
async function asset(out: string, contents: Uint8Array, file: string): Promise<BundleAsset> {
  const body = Buffer.from(contents);
  const hash = createHash('sha256').update(body).digest();
  const encoded = {} as Record<Encoding, Buffer>;
  for (const encoding of ['br', 'gzip'] as const) {
    try {
      encoded[encoding] = readFileSync(`${file}.${encoding}`);
    } catch {
      encoded[encoding] = await compress(body, encoding);
      keep(`${file}.${encoding}`, encoded[encoding]);
    }
  }
  const dot = out.lastIndexOf('.');
  const [stem, ext] = [out.slice(0, dot), out.slice(dot)];
  return {
    name: `${stem}-${hash.toString('hex').slice(0, 12)}${ext}`,
    body,
    encoded,
    contentType: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${hash.toString('base64url').slice(0, 27)}"`,
  };
}

/** Bundles the sources in memory with esbuild, or reads the same build from the cache. */
async function buildBundle(spec: UiBundleSpec): Promise<UiBundle> {
  const options = buildOptions(spec);
  const key = createHash('sha256').update(`esbuild ${esbuildVersion()}\n${JSON.stringify(options)}\n`);
  for (const file of [...filesUnder(spec.sourceDir), ...filesUnder(UI_SHARED), ...(spec.sharedSources ?? [])])
    key.update(`${file}\n`).update(readFileSync(file));
  const cached = join(BUILD_CACHE, `${spec.name}-${key.digest('hex').slice(0, 16)}`);
  const built = readBuild(cached) ?? (await compile(options, cached));
  const assets = new Map<string, BundleAsset>();
  for (const [out, contents] of built) assets.set(out, await asset(out, contents, `${cached}-${out}`));
  return assets;
}

/** A build kept in the cache (its list of outputs is written last), or undefined when there is none for these sources. */
function readBuild(cached: string): Map<string, Uint8Array> | undefined {
  try {
    const outs = JSON.parse(readFileSync(`${cached}.json`, 'utf8')) as string[];
    return new Map(outs.map((out) => [out, readFileSync(`${cached}-${out}`)]));
  } catch {
    return undefined;
  }
}

/** Builds with esbuild (its service process ended once built) and keeps the build in the cache. */
async function compile(options: BuildOptions & { write: false }, cached: string): Promise<Map<string, Uint8Array>> {
  const { build, stop } = await import('esbuild');
  const result = await build(options).finally(() => void stop());
  const built = new Map(result.outputFiles.map((f) => [basename(f.path), f.contents]));
  for (const [out, contents] of built) keep(`${cached}-${out}`, contents);
  keep(`${cached}.json`, Buffer.from(JSON.stringify([...built.keys()])));
  return built;
}

/** Every file under `dir`, sorted, but installed packages. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules')
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

/** Writes one file of a build to the cache (renamed into place whole); a cache that cannot be written is done without. */
function keep(path: string, body: Uint8Array): void {
  try {
    mkdirSync(BUILD_CACHE, { recursive: true });
    writeFileSync(`${path}.${process.pid}`, body);
    renameSync(`${path}.${process.pid}`, path);
  } catch {
    // read-only installation: built on every start
  }
}

function esbuildVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')) as { version: string }).version;
}

function buildOptions(spec: UiBundleSpec): BuildOptions & { write: false } {
  return {
    absWorkingDir: spec.sourceDir,
    entryPoints: spec.entryPoints,
    outdir: 'out',
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    charset: 'utf8',
    legalComments: 'none',
    ...spec.options,
    write: false,
    logLevel: 'silent',
  };
}

/**
 * The bundle, built once per process on first use and then served from memory. A failed build is
 * not kept: the next request tries again (and reports the same error while the source is broken).
 */
export function uiBundle(spec: UiBundleSpec): () => Promise<UiBundle> {
  let pending: Promise<UiBundle> | undefined;
  return () => {
    pending ??= buildBundle(spec).catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

/** One output of a built bundle by its file name in the build; a bundle without it is a broken build. */
export function bundleFile(bundle: UiBundle, out: string): BundleAsset {
  const file = bundle.get(out);
  if (!file) throw new Error(`the bundle lacks ${out}`);
  return file;
}

/** A year: the file's name changes with its bytes, so a kept copy is never stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What the files are kept in besides plain, best first. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Whether an If-None-Match header names `etag` (or is `*`). */
function matches(header: string | undefined, etag: string): boolean {
  return !!header && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
}

/** A built file by its hashed name, compressed as the browser accepts and kept for a year; 404 for any other name. */
export function sendAsset(request: FastifyRequest, reply: FastifyReply, assets: Iterable<BundleAsset>, name: string): FastifyReply {
  const asset = [...assets].find((a) => a.name === name);
  if (!asset) {
    reply.callNotFound();
    return reply;
  }
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as Encoding | null;
  // Each encoding is its own representation, with its own strong validator.
  const etag = encoding ? `${asset.etag.slice(0, -1)}-${encoding}"` : asset.etag;
  reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', IMMUTABLE)
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply.header('content-type', asset.contentType);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? asset.encoded[encoding] : asset.body);
}
