/work/wt-23t/target-main/release/deps/is_terminal_polyfill-fef8486cc03feb69.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs

/work/wt-23t/target-main/release/deps/libis_terminal_polyfill-fef8486cc03feb69.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs

/work/wt-23t/target-main/release/deps/libis_terminal_polyfill-fef8486cc03feb69.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs:
