/** Which operators may call an operator route that writes (config.operatorRoles); reads are open to every operator role. */
import type { FastifyRequest } from 'fastify';
import { OPERATOR_ROLES, type OperatorRole } from '../db/tables/people.ts';

/** The withdrawal queue, redeliveries and tenants' operational settings. */
export const OPERATIONS: readonly OperatorRole[] = ['operator', 'operatorOperations'];

/** Helping tenants' users (inviting them; never an operator). */
export const SUPPORT: readonly OperatorRole[] = ['operator', 'operatorSupport'];

/**
 * The operator roles that may call a route: its own list, else every role for a read and admins
 * alone for a write. The OpenAPI document carries it (`x-operator-roles`), so the console shows
 * each role only what it may do.
 */
export function operatorRolesOf(method: string, allowed: readonly OperatorRole[] | undefined): readonly OperatorRole[] {
  if (allowed) return allowed.includes('operator') ? allowed : ['operator', ...allowed];
  return method === 'GET' || method === 'HEAD' ? OPERATOR_ROLES : ['operator'];
}

/** Whether an operator of `role` may call this route. */
export function operatorMay(request: FastifyRequest, role: OperatorRole): boolean {
  return operatorRolesOf(request.method, request.routeOptions.config.operatorRoles).includes(role);
}
