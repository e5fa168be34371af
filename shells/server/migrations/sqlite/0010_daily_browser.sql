-- Daily attempts are one per account, and a guest's one per browser too
-- (issue #49): a guest who typed a new name was dealt the deal again. The
-- browser is known by a cookie the server sets on its first attempt; the
-- column holds a hash of it. Rows from before this have none.
ALTER TABLE daily_entries ADD COLUMN browser_key TEXT;
CREATE INDEX daily_entries_browser ON daily_entries (game, day, browser_key);
