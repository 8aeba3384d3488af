-- Issue 44: a removed user can be invited again. Within their tenant (or among the operators) the
-- invitation takes up their row again (modules/users/service.ts: inviteUser); elsewhere it is a row
-- of its own, and a removed user's password must not keep their email from signing in there: one
-- account per email counts only the users not removed.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE password_hash IS NOT NULL AND disabled_at IS NULL;
