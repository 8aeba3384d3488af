-- House balances as deltas. Every posting of a withdrawal commit, a payout, a deposit or an invoice
-- moves a house account too (clearing:withdrawals, custody:<network>, fees:network, revenue, …):
-- one row per account and currency that every such transaction updated in place, so under load a
-- SERIALIZABLE commit almost always found it changed since its snapshot and failed (40001) after
-- all its retries. The ledger now appends a house account's moves to ledger_balance_deltas instead
-- (insert-only: no row another transaction updates, so nothing to conflict on), and the worker
-- folds them into ledger_balances in small batches (modules/ledger/fold.ts), one statement that
-- deletes them and adds them up, as lib/db/counts.ts does for list counts.
--
-- Merchant and customer-credit balances stay updated in place: their CHECKs refuse a negative
-- balance, and commits read them under lock before they debit.

CREATE TABLE ledger_balance_deltas (
  id bigserial PRIMARY KEY,
  ledger_account text NOT NULL,
  currency_code text NOT NULL,
  -- Signed atomic units, in the balance's own sign (ledger_balances.balance).
  delta numeric(78, 0) NOT NULL,
  CONSTRAINT ledger_balance_deltas_house_only CHECK (ledger_account NOT LIKE 'merchant:%' AND ledger_account NOT LIKE 'customer-credit:%')
);
CREATE INDEX ledger_balance_deltas_account ON ledger_balance_deltas (ledger_account, currency_code);

-- Every balance as it stands: its folded balance and its pending deltas, read in one snapshot, so
-- a fold (which moves deltas into balances in one statement) never changes what it reads. A filter
-- on the account and currency reaches both tables' indexes.
CREATE VIEW ledger_balances_now AS
SELECT ledger_account, currency_code, sum(balance) AS balance
FROM (
  SELECT ledger_account, currency_code, balance FROM ledger_balances
  UNION ALL
  SELECT ledger_account, currency_code, delta FROM ledger_balance_deltas
) b
GROUP BY ledger_account, currency_code;
