/work/wt-23t/target-main/release/deps/clap-afcb901f8bf91408.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.md

/work/wt-23t/target-main/release/deps/libclap-afcb901f8bf91408.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.md

/work/wt-23t/target-main/release/deps/libclap-afcb901f8bf91408.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.md

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/lib.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.7/src/../examples/demo.md:
