-- Tables, their seats, their accepted actions, ratings (SQLite).
CREATE TABLE game_tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    clock TEXT,
    rated BIGINT NOT NULL,
    header TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    creator TEXT NOT NULL,
    status TEXT NOT NULL,
    end_ms BIGINT,
    record TEXT,
    outcome TEXT,
    ending TEXT,
    finished_at BIGINT
);
CREATE INDEX game_tables_status ON game_tables (status, game);
CREATE TABLE seat_holders (
    table_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    token_hash TEXT NOT NULL,
    name TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE actions (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE ratings (
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (game, name)
);
CREATE TABLE settings_kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
