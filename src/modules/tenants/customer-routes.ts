/** The operator's blocked customers: the list across tenants, block, unblock (each audited). */
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { Type } from '@sinclair/typebox';
import { DataEnvelope, DateTime, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { operatorBy } from '../audit/service.ts';
import { blockCustomer, listBlocks, unblockCustomer } from './customers.ts';

const ADMIN = { admin: true } as const;
const TAGS = ['operator'];
const CustomerId = Type.String({ minLength: 1, maxLength: 52 });
const Body = Type.Object({ tenantId: Uuid, customerId: CustomerId });
const Blocked = DataEnvelope(Type.Object({ tenantId: Type.String(), customerId: Type.String(), blocked: Type.Boolean() }));

const BlockItem = Type.Object(
  { tenantId: Uuid, tenantName: Type.String(), customerId: Type.String(), blockedAt: DateTime },
  { title: 'BlockedCustomer' },
);

/** GET /customers/blocks, POST /customers/block, POST /customers/unblock. */
export function customerBlockRoutes(app: TypedApp): void {
  const { db } = app.ctx;
  app.get(
    '/customers/blocks',
    {
      config: ADMIN,
      schema: {
        operationId: 'adminListCustomerBlocks',
        tags: TAGS,
        summary: 'Blocked customers of every tenant (or of `tenantId`), newest first',
        querystring: Type.Object({ tenantId: Type.Optional(Uuid), ...PageQuery }),
        response: adminResponses({ 200: PagedList(BlockItem) }),
      },
    },
    async (request) => listBlocks(db, request.query),
  );
  app.post(
    '/customers/block',
    {
      config: { ...ADMIN, operatorRoles: OPERATIONS },
      schema: {
        tags: TAGS,
        summary: 'Block a customer of a tenant from new invoices (blocking twice is a no-op)',
        body: Body,
        response: adminResponses({ 200: Blocked }, [404]),
      },
    },
    async (request) => {
      await blockCustomer(db, request.body.tenantId, request.body.customerId, operatorBy(request));
      return { data: { ...request.body, blocked: true } };
    },
  );
  app.post(
    '/customers/unblock',
    {
      config: { ...ADMIN, operatorRoles: OPERATIONS },
      schema: {
        operationId: 'adminUnblockCustomer',
        tags: TAGS,
        summary: 'Let a blocked customer of a tenant create invoices again (404 tenant.notFound, customer.notBlocked)',
        body: Body,
        response: adminResponses({ 200: Blocked }, [404]),
      },
    },
    async (request) => {
      await unblockCustomer(db, request.body.tenantId, request.body.customerId, operatorBy(request));
      return { data: { ...request.body, blocked: false } };
    },
  );
}
