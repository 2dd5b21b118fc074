/work/wt-23t/target-main/release/deps/cfg_if-a43fb38512f74c04.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs

/work/wt-23t/target-main/release/deps/libcfg_if-a43fb38512f74c04.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs

/work/wt-23t/target-main/release/deps/libcfg_if-a43fb38512f74c04.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs:
