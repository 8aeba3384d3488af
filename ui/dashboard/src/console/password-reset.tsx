// A password reset link for a merchant user, made by the operator and handed over by them (the
// gateway sends no email yet): it works once, for an hour, and signs the user out everywhere.
import { api, type Data } from '../api.ts';
import { Confirm, ShownOnce } from './parts.tsx';

type User = Data<'get', '/admin/users'>[number];
/** A link just made, as the API answered it. */
export type IssuedReset = Data<'post', '/admin/tenants/{tenantId}/users/{id}/password-reset'>;

/** The button that makes a link, for an active user of a tenant (the others are invited instead). */
export function ResetPassword({ user, onIssued }: { user: User; onIssued(issued: IssuedReset): void }) {
  if (!user.tenantId || user.status !== 'active') return null;
  const tenantId = user.tenantId;
  return (
    <Confirm
      label="Reset password"
      ariaLabel={`Password reset link for ${user.email}`}
      question={
        <p>
          Make a password reset link for {user.email}? Whoever holds it can set their password, once, within an hour; their sessions then
          end. An earlier link stops working.
        </p>
      }
      confirm="Make the link"
      danger={false}
      onConfirm={async () =>
        onIssued((await api.post('/admin/tenants/{tenantId}/users/{id}/password-reset', { params: { tenantId, id: user.id } })).data)
      }
    />
  );
}

/** The link, shown once, with whom to give it to. */
export function ShownReset({ issued }: { issued: IssuedReset | undefined }) {
  if (!issued) return null;
  return (
    <ShownOnce label="Password reset link" value={issued.resetUrl}>
      <strong>Give this link to {issued.email} yourself:</strong> it is shown only once, works once, and expires in an hour.
    </ShownOnce>
  );
}
