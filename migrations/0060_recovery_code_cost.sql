-- The work factor each recovery code was hashed with (log2 of scrypt's N), so that the installation's
-- PASSWORD_HASH_COST can change without ending the codes users already hold.
ALTER TABLE user_recovery_codes ADD COLUMN log2n smallint NOT NULL DEFAULT 14;
