-- Finished tables in the order they finished (issue #47): `stackyard
-- export` pages through them by (finished_at, id), and the records list
-- reads them newest first; without it every page sorted the whole table.
CREATE INDEX game_tables_finished ON game_tables (finished_at, id);
