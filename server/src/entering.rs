//! A connection's way into a room: the allowance for creating one, joining one (loading it if needed),
//! and leaving it. Shared by the connection's own messages (ws.rs) and the lobby's (ws_lobby.rs).

use std::net::IpAddr;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use crate::codes::Code;
use crate::hub::{Hub, Outbox, RoomCmd};
use crate::room::Refusal;

/// Takes a room creation from the connection's, the address's and everyone's allowance (the caller logs
/// and counts a refusal).
pub(crate) fn may_create(hub: &Hub, client: IpAddr, created: &mut u32) -> Result<(), Refusal> {
    let limits = &hub.limits;
    let refuse = |code: Code, message: String| Err(Refusal { code, message });
    if *created >= limits.max_creates_per_connection {
        let most = limits.max_creates_per_connection;
        return refuse(Code::TooManyRooms, format!("a connection may create {most} rooms"));
    }
    *created += 1;
    let (per_minute, burst) = (limits.creates_per_minute, limits.create_burst);
    match hub.clients.create(client, per_minute, burst, limits.global_creates_per_minute) {
        Ok(()) => Ok(()),
        Err(true) => {
            let words = format!("an address may create {burst} rooms at once and {per_minute} a minute");
            refuse(Code::TooManyRooms, words)
        }
        Err(false) => {
            refuse(Code::ServerFull, "the server creates no more rooms just now; try again in a minute".into())
        }
    }
}

pub(crate) async fn leave(room: &mut Option<mpsc::Sender<RoomCmd>>, conn: u64) {
    if let Some(tx) = room.take() {
        let _ = tx.send(RoomCmd::Leave { conn, on_purpose: false }).await;
    }
}

pub(crate) async fn enter(
    tx: &mpsc::Sender<RoomCmd>,
    conn: u64,
    token: Option<String>,
    watch: bool,
    out: &Outbox,
) -> Result<(), Refusal> {
    let (reply, answer) = oneshot::channel();
    let join = RoomCmd::Join { conn, token, watch, out: out.clone(), reply };
    let gone = || Refusal { code: Code::Retry, message: "the room was being unloaded; join again".into() };
    tx.send(join).await.map_err(|_| gone())?;
    answer.await.map_err(|_| gone())?
}

/// Joins room `id`, loading it if needed (and again if it was being unloaded just then).
pub(crate) async fn join(
    hub: &Arc<Hub>,
    id: &str,
    conn: u64,
    token: Option<String>,
    watch: bool,
    out: &Outbox,
) -> Result<mpsc::Sender<RoomCmd>, Refusal> {
    for _ in 0..3 {
        // A room id (the invite: a seat, or watching), else a watch id (watching only, whatever was asked).
        let (tx, watch, token) = match hub.room(id).await? {
            Some(tx) => (tx, watch, token.clone()),
            None => match hub.watched(id).await? {
                Some(tx) => (tx, true, None),
                None => return Err(Refusal { code: Code::UnknownRoom, message: format!("there is no room {id:?}") }),
            },
        };
        match enter(&tx, conn, token, watch, out).await {
            Ok(()) => return Ok(tx),
            Err(e) if e.code == Code::Retry => continue,
            Err(e) => return Err(e),
        }
    }
    Err(Refusal { code: Code::Retry, message: "the room is busy; join again".into() })
}
