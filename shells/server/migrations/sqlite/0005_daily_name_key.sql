-- Daily attempts are one per person, and a person is known by the key of
-- their name (crate::names: NFKC, case folded, spaces collapsed, confusable
-- skeleton), not its bytes. Rows from before this have no key; they are
-- compared by name as before.
ALTER TABLE daily_entries ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX daily_entries_name_key ON daily_entries (game, day, name_key);
