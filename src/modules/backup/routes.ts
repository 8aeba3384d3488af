import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { snapshotGzip } from '../../lib/db/snapshot.ts';

/**
 * `POST /admin/backup`: a consistent snapshot of the embedded database, answered as a gzipped
 * tarball of its data directory (what `npm run backup` saves and `npm run restore` brings back).
 * The running service is the only process that may read its data directory, so a backup taken
 * while it runs is taken here; lib/db/snapshot.ts says why it is consistent. Only an installation on
 * the embedded database has the route: PostgreSQL is backed up with its own tools (pg_dump, base
 * backups and WAL archiving).
 */
export const backupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.ctx;
  if (database.engine !== 'pglite') return;
  app.post('/backup', { config: { admin: true }, schema: { hide: true } }, async (request, reply) => {
    const started = Date.now();
    const archive = await snapshotGzip(database);
    request.log.info({ operator: request.operator?.actor, bytes: archive.length, ms: Date.now() - started }, 'backup snapshot taken');
    const stamp = new Date(started).toISOString().replace(/[:.]/g, '-');
    reply.header('content-type', 'application/gzip');
    reply.header('content-disposition', `attachment; filename="cryptogate-backup-${stamp}.tar.gz"`);
    reply.header('cache-control', 'no-store');
    return reply.send(archive);
  });
};
