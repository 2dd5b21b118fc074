/work/wt-23t/target-main/release/deps/colorchoice-3b80a384a9e105dd.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs

/work/wt-23t/target-main/release/deps/libcolorchoice-3b80a384a9e105dd.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs

/work/wt-23t/target-main/release/deps/libcolorchoice-3b80a384a9e105dd.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs:
