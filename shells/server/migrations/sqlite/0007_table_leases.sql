-- Several nodes over one database (issue #28). SQLite serves one node (a
-- second one on the same file is refused), so nothing writes this table;
-- it keeps both schemas alike.
CREATE TABLE table_leases (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    owner_addr TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
