//! A connection's part in the lobby (lobby.rs): posting a game (a room created under the same limits as
//! `create`, then listed), withdrawing it, and taking a listed game's seat. A connection's posted game is
//! withdrawn as soon as it enters another room, leaves its room or closes: a listed game always has its
//! poster there, waiting.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use crate::codes::Code;
use crate::entering::{enter, join, leave, may_create};
use crate::hub::{refusal, Hub, Outbox, RoomCmd};
use crate::lobby::check_name;
use crate::protocol::{ClockSetting, OpenGame, ServerMessage, Unlisted};
use crate::room::Refusal;

/// What a `post` asks for.
pub struct Post {
    pub name: String,
    pub options: serde_json::Value,
    pub clock: Option<ClockSetting>,
    pub coach: bool,
}

/// What a connection holds in the lobby.
#[derive(Default)]
pub struct LobbyPart {
    /// The id of the game it posted, while listed.
    posted: Option<String>,
    /// It follows the list.
    pub following: bool,
}

impl LobbyPart {
    /// The connection enters or leaves a room, or closes: its posted game is withdrawn, and it stops
    /// following the list (a player in a game needs no lobby traffic).
    pub fn leave(&mut self, hub: &Hub, conn: u64) {
        self.unpost(hub, conn);
        if std::mem::take(&mut self.following) {
            hub.lobby.unfollow(conn, &hub.metrics);
        }
    }

    /// Withdraws the connection's posted game, if it is still listed.
    pub fn unpost(&mut self, hub: &Hub, conn: u64) {
        if let Some(id) = self.posted.take() {
            hub.lobby.withdraw(&id, Some(conn), Unlisted::Withdrawn, &hub.metrics);
        }
    }

    /// Creates a room as `create` does and lists it: the poster gets `welcome` and `state` for seat 0,
    /// then `posted`. Refused (nothing created, nothing listed) for a bad name, a full lobby, an address
    /// with its games listed, or any refusal of `create`.
    #[allow(clippy::too_many_arguments)]
    pub async fn post(
        &mut self,
        hub: &Arc<Hub>,
        client: IpAddr,
        conn: u64,
        out: &Outbox,
        room: &mut Option<mpsc::Sender<RoomCmd>>,
        created: &mut u32,
        post: Post,
    ) -> Result<(), Refusal> {
        let name = check_name(&post.name)?;
        let reservation = hub.lobby.reserve(client, &hub.limits)?;
        if let Err(e) = may_create(hub, client, created) {
            hub.lobby.release(reservation);
            return Err(e);
        }
        self.leave(hub, conn);
        leave(room, conn).await;
        let made = match hub.create(&post.options, post.clock, post.coach).await {
            Ok(made) => made,
            Err(e) => {
                hub.lobby.release(reservation);
                return Err(e);
            }
        };
        if let Err(e) = enter(&made.tx, conn, Some(made.token), false, out).await {
            hub.lobby.release(reservation);
            return Err(e);
        }
        *room = Some(made.tx);
        let game = OpenGame {
            id: String::new(),
            name,
            options: made.options,
            clock: post.clock,
            coach: post.coach,
            free: made.options.players.saturating_sub(1),
        };
        let secs = hub.limits.open_game_secs;
        let game = hub.lobby.list(reservation, &made.room, conn, out, game, secs, &hub.metrics);
        out.send(crate::hub::Out::Text(ServerMessage::Posted { game: game.clone() }.to_text()));
        self.posted = Some(game.id.clone());
        // Listed for a while only: then withdrawn (the room stays, for its invite link).
        let (hub, id) = (hub.clone(), game.id);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(hub.limits.open_game_secs)).await;
            hub.lobby.withdraw(&id, None, Unlisted::Expired, &hub.metrics);
        });
        Ok(())
    }

    /// Takes a seat of listed game `game`: answered as a `join` that takes a free seat. A game no longer
    /// listed (or this connection's own) is `game_gone`; the id of a room or a watch id is never a game's.
    pub async fn take(
        &mut self,
        hub: &Arc<Hub>,
        client: IpAddr,
        conn: u64,
        out: &Outbox,
        room: &mut Option<mpsc::Sender<RoomCmd>>,
        game: &str,
    ) -> Result<(), Refusal> {
        if self.posted.as_deref() == Some(game) {
            return Err(refusal(Code::GameGone, "this is the game you posted: wait for someone to take it"));
        }
        let room_id = hub.lobby.take(game, client, &hub.limits, &hub.metrics)?;
        self.leave(hub, conn);
        leave(room, conn).await;
        match join(hub, &room_id, conn, None, false, out).await {
            Ok(tx) => {
                *room = Some(tx);
                Ok(())
            }
            // Its last seat went through the invite link meanwhile.
            Err(e) if e.code == Code::RoomFull => Err(refusal(Code::GameGone, "that game's seats are all taken")),
            Err(e) => Err(e),
        }
    }
}
