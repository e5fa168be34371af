-- Challenges by name (issues #27, #28): kept in the database every node
-- shares, so a challenge sent through one node is listed, accepted,
-- declined or cancelled through any. `keep_until` is when the row stops
-- counting: sent + 15 minutes while open, answered + 10 minutes after
-- (every read filters on it; sending deletes what has lapsed). Accepting
-- is one conditional UPDATE (`WHERE state = 'open'`): two nodes cannot
-- both accept one challenge. `rated` is 0 or 1 (one code path for both
-- dialects).
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    from_id TEXT NOT NULL,
    from_name TEXT NOT NULL,
    to_id TEXT NOT NULL,
    to_name TEXT NOT NULL,
    game TEXT NOT NULL,
    clock_initial BIGINT,
    clock_increment BIGINT,
    rated BIGINT NOT NULL,
    state TEXT NOT NULL,
    table_id TEXT,
    from_seat BIGINT,
    to_seat BIGINT,
    created_at BIGINT NOT NULL,
    answered_at BIGINT NOT NULL,
    keep_until BIGINT NOT NULL
);
CREATE INDEX challenges_from ON challenges (from_id, keep_until);
CREATE INDEX challenges_to ON challenges (to_id, keep_until);
CREATE INDEX challenges_keep ON challenges (keep_until);
