// What the signed-in operator's role may do: the operator roles each operator call allows, as the
// API's own document says (x-operator-roles). The server refuses the rest; the console does not
// offer it.
import { operatorRoles } from '../api-types.ts';
import { useSession, type Me } from '../session.tsx';

/** An operator call as the document names it: `POST /admin/withdrawals/{id}/approve`. */
export type OperatorCall = keyof typeof operatorRoles;

/** Whether an operator of `role` may make the call. */
export function mayCall(role: string, call: OperatorCall): boolean {
  return (operatorRoles[call] as readonly string[]).includes(role);
}

/** The check for the signed-in operator. */
export function useMay(): (call: OperatorCall) => boolean {
  const { me } = useSession();
  return (call) => mayCall(me.user.role, call);
}

/**
 * Whether the operator has the Sandbox page: a sandbox installation (the API answers 404 in live
 * mode), and a role that may use its tools (every one of them writes).
 */
export function hasSandbox(me: Me): boolean {
  return me.mode === 'sandbox' && mayCall(me.user.role, 'POST /admin/sandbox/transfers');
}
