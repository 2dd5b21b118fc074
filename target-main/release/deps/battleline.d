/work/wt-23t/target-main/release/deps/battleline.d: src/lib.rs src/action.rs src/bot/mod.rs src/bot/determinize.rs src/bot/eval.rs src/bot/heuristic.rs src/bot/ismcts.rs src/bot/random.rs src/bot/rollout.rs src/bot/tactics_guard.rs src/bot/trees.rs src/card.rs src/card_set.rs src/claim_memo.rs src/deck.rs src/error.rs src/flag.rs src/formation.rs src/game.rs src/options.rs src/outcome.rs src/phase.rs src/position/mod.rs src/position/inspect.rs src/position/legal.rs src/position/perform.rs src/position/setup.rs src/position/turn.rs src/position/validate.rs src/position/view.rs src/proof.rs src/random_play.rs src/record.rs src/record_parse.rs src/refusal.rs

/work/wt-23t/target-main/release/deps/libbattleline.so: src/lib.rs src/action.rs src/bot/mod.rs src/bot/determinize.rs src/bot/eval.rs src/bot/heuristic.rs src/bot/ismcts.rs src/bot/random.rs src/bot/rollout.rs src/bot/tactics_guard.rs src/bot/trees.rs src/card.rs src/card_set.rs src/claim_memo.rs src/deck.rs src/error.rs src/flag.rs src/formation.rs src/game.rs src/options.rs src/outcome.rs src/phase.rs src/position/mod.rs src/position/inspect.rs src/position/legal.rs src/position/perform.rs src/position/setup.rs src/position/turn.rs src/position/validate.rs src/position/view.rs src/proof.rs src/random_play.rs src/record.rs src/record_parse.rs src/refusal.rs

/work/wt-23t/target-main/release/deps/libbattleline.rlib: src/lib.rs src/action.rs src/bot/mod.rs src/bot/determinize.rs src/bot/eval.rs src/bot/heuristic.rs src/bot/ismcts.rs src/bot/random.rs src/bot/rollout.rs src/bot/tactics_guard.rs src/bot/trees.rs src/card.rs src/card_set.rs src/claim_memo.rs src/deck.rs src/error.rs src/flag.rs src/formation.rs src/game.rs src/options.rs src/outcome.rs src/phase.rs src/position/mod.rs src/position/inspect.rs src/position/legal.rs src/position/perform.rs src/position/setup.rs src/position/turn.rs src/position/validate.rs src/position/view.rs src/proof.rs src/random_play.rs src/record.rs src/record_parse.rs src/refusal.rs

src/lib.rs:
src/action.rs:
src/bot/mod.rs:
src/bot/determinize.rs:
src/bot/eval.rs:
src/bot/heuristic.rs:
src/bot/ismcts.rs:
src/bot/random.rs:
src/bot/rollout.rs:
src/bot/tactics_guard.rs:
src/bot/trees.rs:
src/card.rs:
src/card_set.rs:
src/claim_memo.rs:
src/deck.rs:
src/error.rs:
src/flag.rs:
src/formation.rs:
src/game.rs:
src/options.rs:
src/outcome.rs:
src/phase.rs:
src/position/mod.rs:
src/position/inspect.rs:
src/position/legal.rs:
src/position/perform.rs:
src/position/setup.rs:
src/position/turn.rs:
src/position/validate.rs:
src/position/view.rs:
src/proof.rs:
src/random_play.rs:
src/record.rs:
src/record_parse.rs:
src/refusal.rs:
