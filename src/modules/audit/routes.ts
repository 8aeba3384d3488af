import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DateTime, Nullable, PageQuery, PagedList, Uuid, adminResponses, responses } from '../../lib/http/schemas.ts';
import { listAllAudit, listAudit } from './service.ts';

const AuditEntrySchema = Type.Object({
  id: Type.String(),
  actor: Type.String({ description: "Who: a user's email, `api key cgk_…` or `operator token`" }),
  action: Type.String({ description: 'What, as a dotted name: session.signedIn, user.invited, withdrawal.committed, …' }),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  detail: Type.Object({}, { additionalProperties: true }),
  ip: Nullable(Type.String()),
  createdAt: DateTime,
});

/** GET /audit-log: who did what to the tenant, newest first. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/audit-log',
    {
      config: { scope: 'audit.list', tenantLevel: true },
      schema: {
        operationId: 'listAuditLog',
        tags: ['audit'],
        summary: "The tenant's audit log (sign-ins, people, keys, webhook settings, withdrawals, conversions), newest first",
        querystring: Type.Object(PageQuery),
        response: responses({ 200: PagedList(AuditEntrySchema) }),
      },
    },
    async (request) => listAudit(db, request.principal.tenantId, request.query),
  );
};

const OperatorAuditEntry = Type.Object(
  {
    ...AuditEntrySchema.properties,
    tenantId: Nullable({ ...Uuid, description: "The tenant it concerns; null: an operator's own action (sign-in, operator invitation)" }),
  },
  { title: 'OperatorAuditEntry' },
);

/** GET /admin/audit-log: who did what across every tenant, and the operators' own actions, newest first. */
export const auditAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/audit-log',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminListAuditLog',
        tags: ['operator', 'audit'],
        summary: "The installation's audit log across tenants (or of `tenantId`), operators' actions included, newest first",
        querystring: Type.Object({ tenantId: Type.Optional(Uuid), ...PageQuery }),
        response: adminResponses({ 200: PagedList(OperatorAuditEntry) }),
      },
    },
    async (request) => listAllAudit(db, request.query),
  );
};
