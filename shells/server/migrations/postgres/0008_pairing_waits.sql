-- Quick pairing across nodes (issue #27): who waits, kept in the database
-- every node shares, so two players waiting on different nodes are
-- paired. One node at a time matches (under a PostgreSQL advisory lock);
-- a pairing made is kept in `paired` (the player's answer, JSON; '{}'
-- while the table opens) until its player asks or it lapses. A single
-- SQLite node keeps its queue in memory and leaves this table empty.
CREATE TABLE pairing_waits (
    account_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    game TEXT NOT NULL,
    clock_initial BIGINT,
    clock_increment BIGINT,
    since_ms BIGINT NOT NULL,
    seen_ms BIGINT NOT NULL,
    paired TEXT,
    paired_at BIGINT
);
