-- An API key carries the name the merchant gives it, so the keys list says what each is
-- for ("Shop checkout", "Accounting export"). Keys made before, and the operator's, have none.
ALTER TABLE api_keys ADD COLUMN name text CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 100);
