-- Inviting an email that signs in to another tenant must answer as for a new email. So an
-- email is unique among the users who can sign in (a password set: one account per email, sign-in
-- finds one user) and within one tenant (or among the operators), but an invitation to an email
-- that another tenant knows is a row of its own. Accepting it can never claim that email: its
-- password would break the first index.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE password_hash IS NOT NULL;
CREATE UNIQUE INDEX users_tenant_email_key ON users (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(email));
-- Every user of an email, whatever their tenant (the operator's invitations check it).
CREATE INDEX users_email_idx ON users (lower(email));
