/work/wt-23t/target-main/release/deps/strsim-d4970ee8cf0cba12.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs

/work/wt-23t/target-main/release/deps/libstrsim-d4970ee8cf0cba12.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs

/work/wt-23t/target-main/release/deps/libstrsim-d4970ee8cf0cba12.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs:
