-- a removed user can be invited again. Within their tenant (or among the operators) the
-- invitation takes up their row again (modules/users/service.ts: inviteUser); elsewhere it is a row
-- of its own, and a removed user's password must not keep their email from signing in there: one
-- account per email counts only the users not removed.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE password_hash IS NOT NULL AND disabled_at IS NULL;

-- recovery codes of two-factor authentication, single use (modules/users/recovery.ts).
-- Made when two-factor is switched on and again on request, shown once, stored only as scrypt
-- keys (memory-hard) under one salt per set, so a sign-in derives one key and finds its code.
-- `used_at` spends a code; a new set replaces the old one, switching two-factor off ends it.
CREATE TABLE user_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  salt text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code_hash)
);
