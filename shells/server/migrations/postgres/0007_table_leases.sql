-- Several nodes over one database (issue #28): each live table is owned by
-- one node at a time, for a lease, under an epoch that every write of the
-- table checks in its own transaction (a stale owner's write is refused).
CREATE TABLE table_leases (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    owner_addr TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX table_leases_owner ON table_leases (owner);
