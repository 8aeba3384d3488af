-- The language a subscription customer is mailed in and their portal opens in (one of the payment
-- page's languages, ISO 639-1). No CHECK of the list: the API holds it to the languages the
-- gateway speaks, so adding a language needs no migration. NULL: not chosen (English mails).
ALTER TABLE subscription_customers ADD COLUMN language text;
