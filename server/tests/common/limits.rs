//! The server's per-address limits relaxed for tests and the load example that play many games from one
//! loopback address (their subject is not the limits: tests/abuse/ is).

/// Arguments that let one address send, connect and create as much as a load test needs.
pub fn relaxed_limits() -> &'static [&'static str] {
    &[
        "--rate-per-second",
        "1000",
        "--rate-burst",
        "1000",
        "--max-connections-per-address",
        "100000",
        "--create-burst",
        "100000",
        "--global-creates-per-minute",
        "100000",
    ]
}
