//! The tests' PostgreSQL (`BATTLELINE_TEST_POSTGRES`, a postgres:// URL; the test command starts one with
//! scripts/postgres.sh): its URL, and fresh databases on it.

/// One test at a time on the test's PostgreSQL, across the modules of a test program: one test restarts
/// it, and tests cut the servers' listening connections (every database's, for some).
pub static EXCLUSIVE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The database's URL, or None when none is given: then the test says it skipped (`what`), past the
/// harness's capture so that a run's output shows it, and fails instead where the test command requires
/// its services (`BATTLELINE_REQUIRE_SERVICES=1`, set by scripts/test.sh, which starts a PostgreSQL).
pub fn database(what: &str) -> Option<String> {
    let url = std::env::var("BATTLELINE_TEST_POSTGRES").ok().filter(|u| !u.is_empty());
    if url.is_none() {
        let why = "BATTLELINE_TEST_POSTGRES is not set";
        assert!(
            std::env::var("BATTLELINE_REQUIRE_SERVICES").as_deref() != Ok("1"),
            "{why}, and BATTLELINE_REQUIRE_SERVICES=1 forbids skipping (scripts/test.sh server starts one)"
        );
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipped: {what} ({why})");
    }
    url
}

/// A fresh, empty database on the test's PostgreSQL: its URL.
pub async fn fresh_database(url: &str, name: &str) -> String {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    client.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).await.unwrap();
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.unwrap();
    let (base, _) = url.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}
