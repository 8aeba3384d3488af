/** Which operators may call an operator route that writes (config.operatorRoles); reads are open to every operator role. */
import type { FastifyRequest } from 'fastify';
import type { OperatorRole } from '../db/tables/people.ts';

/** The withdrawal queue, redeliveries and tenants' operational settings. */
export const OPERATIONS: readonly OperatorRole[] = ['operator', 'operatorOperations'];

/** Helping tenants' users (inviting them; never an operator). */
export const SUPPORT: readonly OperatorRole[] = ['operator', 'operatorSupport'];

/** Whether an operator of `role` may call this route: its own list, else reads for all and writes for admins. */
export function operatorMay(request: FastifyRequest, role: OperatorRole): boolean {
  if (role === 'operator') return true;
  const allowed = request.routeOptions.config.operatorRoles;
  if (allowed) return allowed.includes(role);
  return request.method === 'GET' || request.method === 'HEAD';
}
