-- A database as battleline-server wrote it before schema versions were kept (the schema of
-- server/src/store/sqlite.rs at commit b7617e6, verbatim): no schema_version table, no long seeds.
-- Tokens: room P seat 0 "a"x64, seat 1 "b"x64; room W seat 0 "c"x64. P is dealt from seed 4242
-- and holds the first six actions of `battleline selfplay --seed 4242 --dump`; W (seed 77) waits.
-- Plain SQL that SQLite and PostgreSQL both read (server/tests/upgrade.rs loads it into each).
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  options TEXT NOT NULL,
  generation BIGINT NOT NULL,
  seed BIGINT NOT NULL,
  meta TEXT NOT NULL,
  rev BIGINT NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
  room TEXT NOT NULL,
  seat BIGINT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS activity (
  room TEXT PRIMARY KEY,
  touched_ms BIGINT NOT NULL,
  waiting BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS watch_ids (
  watch TEXT PRIMARY KEY,
  room TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS match_seeds (
  room TEXT NOT NULL,
  generation BIGINT NOT NULL,
  seed BIGINT NOT NULL,
  PRIMARY KEY (room, generation)
);
CREATE TABLE IF NOT EXISTS probe (
  k BIGINT PRIMARY KEY,
  ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
  room TEXT NOT NULL,
  generation BIGINT NOT NULL,
  idx BIGINT NOT NULL,
  seat BIGINT NOT NULL,
  action TEXT NOT NULL,
  action_id TEXT NOT NULL,
  PRIMARY KEY (room, generation, idx)
);
INSERT INTO rooms (id, options, generation, seed, meta, rev, created_ms) VALUES ('5e1ec7ed0000000000000000000000a1', '{"players":2,"tactics":true,"claimTiming":"afterPlay","games":1}', 0, 4242, '{"ended":null,"drawOffers":[],"rematch":[],"clock":null,"remainingMs":[0,0],"sinceMs":1764230000000,"coach":false}', 7, 1764229990000);
INSERT INTO rooms (id, options, generation, seed, meta, rev, created_ms) VALUES ('5e1ec7ed0000000000000000000000b2', '{"players":2,"tactics":true,"claimTiming":"afterPlay","games":1}', 0, 77, '{"ended":null,"drawOffers":[],"rematch":[],"clock":null,"remainingMs":[0,0],"sinceMs":null,"coach":false}', 0, 1764229995000);
INSERT INTO seats (room, seat, token_hash) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
INSERT INTO seats (room, seat, token_hash) VALUES ('5e1ec7ed0000000000000000000000a1', 1, 'a0fab1377f49a759b57f63318262ebe89fabfc990e8e93ceac2984561482b9d4');
INSERT INTO seats (room, seat, token_hash) VALUES ('5e1ec7ed0000000000000000000000b2', 0, '52b6419d27bd7f547cee3b92f8c17a908b8a49601ecbec161e5030de1dfe9e0a');
INSERT INTO match_seeds (room, generation, seed) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 4242);
INSERT INTO match_seeds (room, generation, seed) VALUES ('5e1ec7ed0000000000000000000000b2', 0, 77);
INSERT INTO watch_ids (watch, room) VALUES ('5215935d27468271ebde5c556e2c3b28', '5e1ec7ed0000000000000000000000a1');
INSERT INTO watch_ids (watch, room) VALUES ('cf194b834bbd385c75fa72d966770ab2', '5e1ec7ed0000000000000000000000b2');
INSERT INTO activity (room, touched_ms, waiting) VALUES ('5e1ec7ed0000000000000000000000a1', 1764230100000, 0);
INSERT INTO activity (room, touched_ms, waiting) VALUES ('5e1ec7ed0000000000000000000000b2', 1764229995000, 1);
INSERT INTO probe (k, ms) VALUES (1, 1764230100000);
INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 0, 1, '{"type":"play","card":"r1","flag":3}', 'snap-0');
INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 1, 1, '{"type":"draw","deck":"tactics"}', 'snap-1');
INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 2, 0, '{"type":"play","card":"y4","flag":4}', 'snap-2');
INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 3, 0, '{"type":"draw","deck":"tactics"}', 'snap-3');
INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 4, 1, '{"type":"play","card":"y7","flag":5}', 'snap-4');
INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES ('5e1ec7ed0000000000000000000000a1', 0, 5, 1, '{"type":"draw","deck":"tactics"}', 'snap-5');
