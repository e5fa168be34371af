-- Hints asked per seat, timer steps (so a resumed table keeps its version
-- numbers), and the daily deals' attempts and results (PostgreSQL).
ALTER TABLE seat_holders ADD COLUMN hints BIGINT NOT NULL DEFAULT 0;
CREATE TABLE timer_steps (
    table_id TEXT NOT NULL,
    version BIGINT NOT NULL,
    after_actions BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (table_id, version)
);
CREATE TABLE daily_entries (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    name TEXT NOT NULL,
    table_id TEXT NOT NULL UNIQUE,
    started_at BIGINT NOT NULL,
    finished BIGINT NOT NULL DEFAULT 0,
    score BIGINT,
    won BIGINT,
    time_ms BIGINT,
    hints BIGINT NOT NULL DEFAULT 0,
    ending TEXT,
    finished_at BIGINT,
    PRIMARY KEY (game, day, name)
);
CREATE INDEX daily_entries_board ON daily_entries (game, day, finished);
