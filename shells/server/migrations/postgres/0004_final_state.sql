-- A finished table's last state (its summary, its welcome's head, and each
-- viewer's view), so it is served from the store once it has left memory,
-- the same before and after a restart (postgres).
ALTER TABLE game_tables ADD COLUMN final_state TEXT;
