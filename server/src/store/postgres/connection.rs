//! PostgreSQL connections: where the database is, plain or TLS (rustls, the server's certificate always
//! verified), a connection driven in its own task with its notifications passed on, and errors told
//! with their causes.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tokio_postgres::config::SslMode;
use tokio_postgres::{AsyncMessage, Client, Connection, NoTls, Statement};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::super::{redact, StoreError};
use crate::log;

/// The longest wait between two attempts to reach the database.
pub(super) const MOST_BACKOFF: Duration = Duration::from_secs(2);

/// One connection, opened again after it is lost.
pub(super) struct Slot {
    pub(super) conn: Option<Conn>,
    pub(super) backoff: Duration,
    pub(super) retry_at: Instant,
}

/// A connection and the statements prepared on it. A statement given as text is prepared again on every
/// call, a round trip of its own before the one that runs it; these are prepared once per connection.
pub(super) struct Conn {
    client: Client,
    statements: HashMap<String, Statement>,
}

impl Conn {
    pub(super) fn new(client: Client) -> Conn {
        Conn { client, statements: HashMap::new() }
    }

    /// `sql` prepared on this connection (the first time only).
    pub(super) async fn statement(&mut self, sql: &str) -> Result<Statement, tokio_postgres::Error> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql).await?;
        self.statements.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }
}

impl std::ops::Deref for Conn {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl std::ops::DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut Client {
        &mut self.client
    }
}

/// Where the database is and how to reach it.
#[derive(Clone)]
pub(super) struct Db {
    url: String,
    /// The TLS connector when the URL asks for TLS (`sslmode=require`).
    tls: Option<MakeRustlsConnect>,
}

impl Db {
    pub(super) fn new(url: &str, ca_file: Option<&std::path::Path>) -> Result<Db, String> {
        let config: tokio_postgres::Config = url.parse().map_err(|e| format!("{}: {e}", redact(url)))?;
        let tls = match config.get_ssl_mode() {
            SslMode::Require => Some(MakeRustlsConnect::new(tls_config(ca_file)?)),
            _ => None,
        };
        Ok(Db { url: url.to_string(), tls })
    }

    /// A connection, its notifications (the payloads) and the reason it ended, once it has.
    pub(super) async fn open(&self) -> Result<(Client, Notifications), String> {
        let fail = |e: tokio_postgres::Error| format!("{}: {}", redact(&self.url), describe(&e));
        match &self.tls {
            None => tokio_postgres::connect(&self.url, NoTls).await.map(|(c, conn)| (c, drive(conn))).map_err(fail),
            Some(tls) => {
                tokio_postgres::connect(&self.url, tls.clone()).await.map(|(c, conn)| (c, drive(conn))).map_err(fail)
            }
        }
    }
}

/// A connection's notifications (channel, payload), and the task that drives it (its result: why it ended).
pub(super) type Notifications = (mpsc::UnboundedReceiver<(String, String)>, tokio::task::JoinHandle<String>);

/// Drives a connection, passing its notifications on, until it ends.
fn drive<S, T>(mut connection: Connection<S, T>) -> Notifications
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    T: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (tx, rx) = mpsc::unbounded_channel();
    let task = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(n)) => {
                    let _ = tx.send((n.channel().to_string(), n.payload().to_string()));
                }
                Ok(_) => {}
                Err(e) => {
                    let why = describe(&e);
                    log::error("postgres_connection_ended", &[("error", &why)]);
                    return why;
                }
            }
        }
        "the connection ended".to_string()
    });
    (rx, task)
}

/// rustls with the ring provider, trusting the certificates of `ca_file` (PEM) or else the system's.
fn tls_config(ca_file: Option<&std::path::Path>) -> Result<rustls::ClientConfig, String> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::CertificateDer;
    let mut roots = rustls::RootCertStore::empty();
    match ca_file {
        Some(path) => {
            let certs = CertificateDer::pem_file_iter(path).map_err(|e| format!("{}: {e}", path.display()))?;
            for cert in certs {
                let cert = cert.map_err(|e| format!("{}: {e}", path.display()))?;
                roots.add(cert).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
        None => {
            for cert in rustls_native_certs::load_native_certs().certs {
                let _ = roots.add(cert);
            }
        }
    }
    if roots.is_empty() {
        return Err("sslmode=require: no certificate to trust (give --db-ca-file)".into());
    }
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth())
}

pub(super) fn failed(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> StoreError {
    StoreError::Failed(describe(&*e.into()))
}

/// An error with its causes ("db error" alone says nothing): `db error: ERROR: …`.
pub(super) fn describe(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

pub(super) async fn connect(db: &Db) -> Result<Client, String> {
    db.open().await.map(|(client, _)| client)
}
