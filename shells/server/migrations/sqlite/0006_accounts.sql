-- Accounts and their sessions (issue #27, sqlite). A name is unique by its key
-- (crate::names: NFKC, case folded, confusable skeleton); the password is
-- kept only as an Argon2id PHC string; a session only as the SHA-256 of
-- its token. Seats and daily attempts may belong to an account.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
ALTER TABLE seat_holders ADD COLUMN account_id TEXT;
ALTER TABLE daily_entries ADD COLUMN account_id TEXT;
CREATE UNIQUE INDEX daily_entries_account ON daily_entries (game, day, account_id);
CREATE TABLE rating_history (
    game TEXT NOT NULL,
    account_id TEXT NOT NULL,
    table_id TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, account_id, table_id)
);
