-- Sign-in failures are counted per (email, address) pair and per address, in the database
-- every instance shares (modules/users/throttle.ts), so spreading guesses over instances gains
-- nothing. A pair's key holds the SHA-256 of the email, never the email. `next_attempt_at` is when
-- the key may try again (a delay that grows with its failures); `refused` says whether the attempt
-- that last wrote the row was refused, read back by that same statement. Rows past their window
-- are pruned by the worker's retention round.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_ends_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  refused boolean NOT NULL DEFAULT false
);
CREATE INDEX login_throttle_window ON login_throttle (window_ends_at);
