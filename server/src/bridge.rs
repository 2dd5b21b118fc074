//! `battleline-server bot --join LINK -- COMMAND`: seats a program that speaks the bot protocol
//! (docs/BOT_PROTOCOL.md, version 2) in a room. The bridge is a client like the page: it takes a free seat
//! (or rejoins one with `--token`), hands the bot `start`, `turn` and `end` messages built from what the
//! server sends that seat (its view and legal actions, nothing more), and plays the bot's answers with
//! action ids, so a reconnection never plays a move twice. It reconnects by itself until the match ends.

use std::process::Stdio;
use std::time::Duration;

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout};
use tokio_tungstenite::tungstenite::Message;

/// The bot protocol's version the bridge speaks.
const BOT_PROTOCOL: u32 = 2;

/// `battleline-server bot`'s options.
#[derive(Args, Debug)]
pub struct BridgeArgs {
    /// The invite link (`http://HOST:PORT/#room=ID`).
    #[arg(long)]
    pub join: String,
    /// A seat's token (printed by an earlier run), to rejoin that seat instead of taking a free one.
    #[arg(long)]
    pub token: Option<String>,
    /// Seconds the bot may take for a move.
    #[arg(long, default_value_t = 60)]
    pub move_timeout: u64,
    /// The longest line the bot may write, in bytes (a longer one ends the bridge and the bot).
    #[arg(long, default_value_t = 1 << 20)]
    pub max_line_bytes: usize,
    /// The bot's command line, run through `sh -c` (for example `battleline bot search:hard`).
    #[arg(trailing_var_arg = true, required = true)]
    pub command: Vec<String>,
}

/// The WebSocket URL and the room of an invite link.
pub fn parse_link(link: &str) -> Result<(String, String), String> {
    let (base, fragment) = link.split_once('#').ok_or("the link has no #room=… part")?;
    let room = fragment
        .split('&')
        .find_map(|kv| kv.strip_prefix("room="))
        .ok_or("the link has no room=… in its # part")?
        .to_string();
    let rest = base.strip_prefix("http://").ok_or("the link must start with http://")?;
    let authority = rest.split('/').next().unwrap_or(rest);
    Ok((format!("ws://{authority}/ws"), room))
}

/// The bot's process, in a process group of its own: everything it starts (a shell's children, a
/// looping helper) is killed with it when the bridge ends, by whatever path.
struct Bot {
    child: Child,
    /// None once closed (the match is over).
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    max_line: usize,
}

impl Drop for Bot {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(pid) = self.child.id().and_then(|pid| i32::try_from(pid).ok()) {
            // SAFETY: kill(2) with a negative pid signals the process group the child leads (it was
            // started with process_group(0)); it touches no memory of ours.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.start_kill();
    }
}

impl Bot {
    fn start(command: &str, max_line: usize) -> Result<Bot, String> {
        let mut child = tokio::process::Command::new("sh");
        child.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).kill_on_drop(true);
        #[cfg(unix)]
        child.process_group(0);
        let mut child = child.spawn().map_err(|e| format!("starting {command:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Bot { child, stdin: Some(stdin), stdout, max_line })
    }

    /// The match is over: the bot's input is closed and it has a moment to finish on its own (what it
    /// writes of the last game) before its group is killed.
    async fn finish(mut self) {
        drop(self.stdin.take());
        let _ = tokio::time::timeout(Duration::from_secs(2), self.child.wait()).await;
    }

    /// The bot's next line, without its end; an error for a line over the limit (read no further).
    async fn next_line(&mut self) -> Result<Option<String>, String> {
        let mut line = Vec::new();
        let limit = self.max_line as u64 + 1;
        let read = (&mut self.stdout).take(limit).read_until(b'\n', &mut line).await;
        read.map_err(|e| format!("the bot's output: {e}"))?;
        if line.is_empty() {
            return Ok(None);
        }
        if line.last() != Some(&b'\n') && line.len() as u64 >= limit {
            return Err(format!("the bot wrote a line longer than {} bytes", self.max_line));
        }
        String::from_utf8(line).map(|l| Some(l.trim_end().to_string())).map_err(|_| "the bot wrote non-UTF-8".into())
    }

    async fn send(&mut self, message: &Value) -> Result<(), String> {
        let line = format!("{message}\n");
        let stdin = self.stdin.as_mut().ok_or("the bot's input is closed")?;
        stdin.write_all(line.as_bytes()).await.map_err(|e| format!("the bot's input: {e}"))?;
        stdin.flush().await.map_err(|e| format!("the bot's input: {e}"))
    }

    async fn answer(&mut self, timeout: Duration) -> Result<Value, String> {
        loop {
            let line = tokio::time::timeout(timeout, self.next_line())
                .await
                .map_err(|_| "the bot did not answer in time".to_string())??
                .ok_or("the bot closed its output")?;
            if line.trim().is_empty() {
                continue;
            }
            let value: Value = serde_json::from_str(&line).map_err(|e| format!("the bot's answer is not JSON: {e}"))?;
            return Ok(match value {
                Value::Object(mut map) if map.contains_key("action") && !map.contains_key("type") => {
                    map.remove("action").unwrap_or(Value::Null)
                }
                other => other,
            });
        }
    }
}

/// What the bridge remembers across messages and reconnections.
#[derive(Default)]
struct Progress {
    token: Option<String>,
    seat: Option<u64>,
    /// (generation, game index) of the last `start` and `end` sent to the bot.
    started: Option<(u64, u64)>,
    ended: Option<(u64, u64)>,
    /// The last action sent and not yet seen applied: (generation, n, message).
    pending: Option<(u64, u64, Value)>,
}

/// Runs the bridge until the match is over, or until it is interrupted (SIGINT, SIGTERM); the bot's
/// process group ends with it either way.
pub async fn run(args: BridgeArgs) -> Result<(), String> {
    let (url, room) = parse_link(&args.join)?;
    let bot = Bot::start(&args.command.join(" "), args.max_line_bytes)?;
    tokio::select! {
        result = play(&args, &url, &room, bot) => result,
        () = crate::shutdown() => Err("interrupted".into()),
    }
}

async fn play(args: &BridgeArgs, url: &str, room: &str, mut bot: Bot) -> Result<(), String> {
    let mut progress = Progress { token: args.token.clone(), ..Progress::default() };
    let mut delay = Duration::from_millis(200);
    loop {
        match session(url, room, &mut bot, &mut progress, Duration::from_secs(args.move_timeout)).await {
            Ok(true) => {
                bot.finish().await;
                return Ok(());
            }
            Ok(false) => {}
            Err(e) if e.starts_with("fatal:") => return Err(e),
            Err(e) => eprintln!("[bot bridge] {e}; reconnecting"),
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(Duration::from_secs(5));
    }
}

/// One connection; Ok(true) once the match is over.
async fn session(
    url: &str,
    room: &str,
    bot: &mut Bot,
    progress: &mut Progress,
    timeout: Duration,
) -> Result<bool, String> {
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
        .await
        .map_err(|e| format!("connecting to {url}: {e}"))?;
    let join = json!({"type": "join", "room": room, "token": progress.token});
    socket.send(Message::Text(join.to_string().into())).await.map_err(|e| e.to_string())?;
    while let Some(frame) = socket.next().await {
        let text = match frame.map_err(|e| e.to_string())? {
            Message::Text(text) => text,
            Message::Close(_) => return Ok(false),
            _ => continue,
        };
        let message: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
        match message["type"].as_str() {
            Some("welcome") => {
                progress.seat = message["seat"].as_u64();
                if progress.token.is_none() {
                    progress.token = message["token"].as_str().map(String::from);
                    eprintln!(
                        "[bot bridge] seat {:?}; rejoin with --token {}",
                        progress.seat,
                        progress.token.as_deref().unwrap_or("")
                    );
                }
            }
            Some("error") => {
                let code = message["code"].as_str().unwrap_or("");
                if matches!(code, "unknown_room" | "bad_token" | "room_full") {
                    return Err(format!("fatal: {}", message["message"]));
                }
                // A next game someone else started first is no news.
                if code != "stale" {
                    eprintln!("[bot bridge] the server refused: {}", message["message"]);
                }
            }
            Some("state") => {
                if let Some(act) = on_state(&message, bot, progress, timeout).await? {
                    socket.send(Message::Text(act.to_string().into())).await.map_err(|e| e.to_string())?;
                }
                if message["room"]["status"] == "over" {
                    return Ok(true);
                }
            }
            _ => {}
        }
    }
    Ok(false)
}

/// The bot's messages for a state, and the action to send, if any.
async fn on_state(
    state: &Value,
    bot: &mut Bot,
    progress: &mut Progress,
    timeout: Duration,
) -> Result<Option<Value>, String> {
    let (Some(seat), Some(generation), Some(n)) =
        (progress.seat, state["room"]["generation"].as_u64(), state["n"].as_u64())
    else {
        return Ok(None);
    };
    let view = &state["view"];
    let game = (generation, view["gameIndex"].as_u64().unwrap_or(0));
    if progress.started != Some(game) {
        progress.started = Some(game);
        let bot_seed = crate::tokens::seed();
        let start = json!({"type": "start", "protocol": BOT_PROTOCOL, "game": game.1, "player": seat, "botSeed": bot_seed, "options": view["options"]});
        bot.send(&start).await?;
    }
    if !view["result"].is_null() && progress.ended != Some(game) {
        progress.ended = Some(game);
        bot.send(&json!({"type": "end", "result": view["result"], "view": view})).await?;
    }
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    if legal.is_empty() {
        return Ok(None);
    }
    if let Some((g, pending_n, act)) = &progress.pending {
        if *g == generation && *pending_n == n {
            return Ok(Some(act.clone())); // not applied yet: the same id again, applied at most once
        }
    }
    let action = if legal.len() == 1 && legal[0]["type"] == "nextGame" {
        legal[0].clone()
    } else {
        bot.send(&json!({"type": "turn", "view": view, "legal": legal})).await?;
        bot.answer(timeout).await.map_err(|e| format!("fatal: {e}"))?
    };
    let act = json!({"type": "act", "id": format!("bot-{generation}-{n}"), "action": action, "n": n});
    progress.pending = Some((generation, n, act.clone()));
    Ok(Some(act))
}

#[cfg(test)]
mod tests {
    use super::parse_link;

    #[test]
    fn invite_links_name_the_socket_and_the_room() {
        let (url, room) = parse_link("http://127.0.0.1:8080/#room=abc").unwrap();
        assert_eq!((url.as_str(), room.as_str()), ("ws://127.0.0.1:8080/ws", "abc"));
        assert!(parse_link("http://127.0.0.1:8080/").is_err());
    }
}
