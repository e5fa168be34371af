-- A seat's standing draw offer survives a restart (sqlite).
ALTER TABLE game_tables ADD COLUMN draw_offer BIGINT;
