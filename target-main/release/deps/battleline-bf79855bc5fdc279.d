/work/wt-23t/target-main/release/deps/battleline-bf79855bc5fdc279.d: src/bin/battleline/main.rs src/bin/battleline/bench.rs src/bin/battleline/cli.rs src/bin/battleline/lines.rs src/bin/battleline/match_cmd.rs src/bin/battleline/prove.rs src/bin/battleline/random_play.rs src/bin/battleline/referee.rs src/bin/battleline/replay.rs src/bin/battleline/selfplay.rs src/bin/battleline/sprt.rs

/work/wt-23t/target-main/release/deps/battleline-bf79855bc5fdc279: src/bin/battleline/main.rs src/bin/battleline/bench.rs src/bin/battleline/cli.rs src/bin/battleline/lines.rs src/bin/battleline/match_cmd.rs src/bin/battleline/prove.rs src/bin/battleline/random_play.rs src/bin/battleline/referee.rs src/bin/battleline/replay.rs src/bin/battleline/selfplay.rs src/bin/battleline/sprt.rs

src/bin/battleline/main.rs:
src/bin/battleline/bench.rs:
src/bin/battleline/cli.rs:
src/bin/battleline/lines.rs:
src/bin/battleline/match_cmd.rs:
src/bin/battleline/prove.rs:
src/bin/battleline/random_play.rs:
src/bin/battleline/referee.rs:
src/bin/battleline/replay.rs:
src/bin/battleline/selfplay.rs:
src/bin/battleline/sprt.rs:

# env-dep:CARGO_PKG_VERSION=0.1.0
