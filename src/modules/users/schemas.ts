/** What the user routes send and answer: the signed-in user (`Me`), users as owners see them. */
import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from '../../lib/http/schemas.ts';
import { OPERATOR_ROLES } from '../../lib/db/tables/people.ts';
import { MAX_PASSWORD_LENGTH } from './passwords.ts';

/** A role within a tenant. */
export const MerchantRoleSchema = Type.Union(
  [Type.Literal('owner'), Type.Literal('finance'), Type.Literal('developer'), Type.Literal('viewer')],
  {
    description: 'owner: everything; finance: reads, withdrawals and conversions; developer: reads, API keys and webhooks; viewer: reads',
  },
);
/** An operator's role (no tenant). */
export const OperatorRoleSchema = Type.Union(
  OPERATOR_ROLES.map((r) => Type.Literal(r)),
  {
    description:
      "operator: everything; operatorOperations: reads, the withdrawal queue, redeliveries and tenants' operational settings; operatorSupport: reads and inviting tenants' users; operatorAuditor: reads only",
  },
);
/** Any user's role: a merchant role, or an operator's (no tenant). */
export const UserRoleSchema = Type.Union([...MerchantRoleSchema.anyOf, ...OperatorRoleSchema.anyOf]);

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH });
/** A code of an authenticator app. */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$', description: 'The 6-digit code of the authenticator app' });

/** A recovery code of two-factor authentication (`xxxx-xxxx-xxxx`; case, spaces and dashes do not matter). */
export const RecoveryCode = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'One of the recovery codes shown when two-factor authentication was switched on; each works once',
});

/** The signed-in user, their tenant and its accounts, what they may do, and the CSRF token of their session. */
export const MeSchema = Type.Object(
  {
    user: Type.Object({
      id: Uuid,
      email: Type.String(),
      role: UserRoleSchema,
      tenantId: Nullable(Uuid),
      totpEnabled: Type.Boolean(),
      recoveryCodesLeft: Type.Integer({ description: 'Recovery codes not used yet (0 without two-factor authentication)' }),
    }),
    tenant: Nullable(
      Type.Object({
        id: Uuid,
        name: Type.String(),
        brandName: Nullable(
          Type.String({ description: "The merchant name of its branding settings, as customers see it (null: the tenant's name)" }),
        ),
      }),
    ),
    accounts: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
    scopes: Type.Array(Type.String(), { description: "The scopes of the user's role (`*`: all)" }),
    csrfToken: Type.String({ description: 'Send it as `x-csrf-token` on every request that changes something' }),
    mode: Type.Union([Type.Literal('sandbox'), Type.Literal('live')]),
  },
  { title: 'Me' },
);

/** A user as the tenant's owners see them. */
export const UserViewSchema = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    role: MerchantRoleSchema,
    status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled')]),
    totpEnabled: Type.Boolean(),
    createdAt: DateTime,
  },
  { title: 'User' },
);

/** A user just invited, with the link that lets them set a password (shown once). */
export const InvitedSchema = Type.Object({
  id: Uuid,
  email: Type.String(),
  role: UserRoleSchema,
  tenantId: Nullable(Uuid),
  inviteUrl: Type.String({ description: 'Valid 7 days, once; the token is in the fragment, so it never reaches a server log' }),
});

/** Success without a body (204). */
export const NoContent = Type.Null({ description: 'Done' });
