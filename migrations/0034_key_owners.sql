-- An API key a merchant makes belongs to the user who made it (a key made by a key, to
-- that key's user), so the user's keys end with the user: revoked when the user is removed or
-- disabled, or handed to another user of the tenant by the operator in the same step. Keys an
-- operator issued belong to no user (null) and stay as they are.
ALTER TABLE api_keys ADD COLUMN user_id uuid REFERENCES users (id);
-- A user's live keys, found when the user goes or their role narrows.
CREATE INDEX api_keys_user_live_idx ON api_keys (user_id) WHERE user_id IS NOT NULL AND revoked_at IS NULL;
