-- until the gateway sends email, an operator issues a password reset link for a tenant's
-- user (modules/users/password-reset.ts) and hands it over. The link's token (32 random bytes, in
-- its fragment) is stored only as its SHA-256; it works once, for an hour, and only the newest
-- link of a user works. Using it sets the password and ends every session of the user.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id) WHERE used_at IS NULL;
