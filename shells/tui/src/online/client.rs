//! The server's HTTP side as the terminal client uses it: games, the
//! lobby's tables, creating and joining a table, signing in, quick
//! pairing. Blocking calls (ureq), each bounded by a timeout; every
//! refusal comes back as the server's own sentence.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use stackyard_server::accounts::wire::SessionStarted;
use stackyard_server::pairing::wire::PairingStatus;
use stackyard_server::protocol::{Joined, TableSummary};
use std::time::Duration;

/// Why a call to the server failed, in words for the player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OnlineError(pub String);

impl OnlineError {
    fn new(text: impl Into<String>) -> Self {
        OnlineError(text.into())
    }
}

/// How long one request may take before the client gives up on it.
const TIMEOUT: Duration = Duration::from_secs(10);

/// The most of an answer the client reads: a lobby of 500 tables fits.
const MAX_BODY: u64 = 4 << 20;

/// A game as the server lists it (`GET /api/v1/games`): what the client
/// needs to offer it.
#[derive(Debug, Clone, Deserialize)]
pub struct ListedGame {
    /// Its name in URLs.
    pub name: String,
    /// Its title.
    pub title: String,
    /// Whether seats act without turns.
    pub turnless: bool,
    /// The bot levels it offers.
    pub bot_levels: Vec<ListedLevel>,
    /// What it says of itself (its first bot, its seats).
    pub about: ListedAbout,
}

/// One bot level of a listed game.
#[derive(Debug, Clone, Deserialize)]
pub struct ListedLevel {
    /// The level as a seat names it.
    pub name: String,
}

/// The part of a game's `about` the client reads.
#[derive(Debug, Clone, Deserialize)]
pub struct ListedAbout {
    /// The bot a newcomer meets first.
    #[serde(default)]
    pub first_bot: Option<String>,
}

/// A signed-in account: its name and bearer token.
#[derive(Debug, Clone)]
struct Account {
    name: String,
    token: String,
}

/// One server, reached over plain HTTP.
pub struct Server {
    base: String,
    agent: ureq::Agent,
    account: Option<Account>,
}

/// The server's error body: `{"error": {"kind", "message"}}`.
#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    message: String,
}

impl Server {
    /// A server at `url` (`http://host:port`, a trailing slash or not).
    /// Nothing is sent yet.
    pub fn new(url: &str) -> Result<Server, OnlineError> {
        let trimmed = url.trim().trim_end_matches('/');
        let shown: String = trimmed.chars().take(80).collect();
        let Some(rest) = trimmed.strip_prefix("http://") else {
            return Err(OnlineError::new(if trimmed.starts_with("https://") {
                format!(
                    "{shown}: this terminal client speaks plain http only; give the server's \
                     http:// address (or play in the browser)"
                )
            } else {
                format!("{shown} is not a server address: give one like http://localhost:8080")
            }));
        };
        if rest.is_empty() || rest.contains(['/', '?', '#', ' ']) {
            return Err(OnlineError::new(format!(
                "{shown} is not a server address: give only the host and port, like \
                 http://localhost:8080"
            )));
        }
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(TIMEOUT))
            .http_status_as_error(false)
            .build()
            .new_agent();
        Ok(Server {
            base: trimmed.to_string(),
            agent,
            account: None,
        })
    }

    /// The address, as given.
    pub fn url(&self) -> &str {
        &self.base
    }

    /// The signed-in account's name, if any.
    pub fn account(&self) -> Option<&str> {
        self.account.as_ref().map(|a| a.name.as_str())
    }

    /// The WebSocket address of table `id`.
    pub fn socket_url(&self, id: &str) -> String {
        format!(
            "ws://{}/api/v1/tables/{id}/ws",
            self.base.trim_start_matches("http://")
        )
    }

    fn answer<T: DeserializeOwned>(
        &self,
        what: &str,
        result: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<T, OnlineError> {
        let mut response = result.map_err(|e| {
            OnlineError::new(format!("could not reach {} ({what}): {e}", self.base))
        })?;
        let status = response.status();
        let text = response
            .body_mut()
            .with_config()
            .limit(MAX_BODY)
            .read_to_string()
            .map_err(|e| OnlineError::new(format!("{what}: the answer could not be read: {e}")))?;
        if !status.is_success() {
            let said = serde_json::from_str::<ErrorBody>(&text)
                .map(|b| b.error.message)
                .unwrap_or_else(|_| format!("the server answered {status}"));
            return Err(OnlineError::new(said));
        }
        let body = if text.trim().is_empty() {
            "null"
        } else {
            &text
        };
        serde_json::from_str(body).map_err(|e| {
            OnlineError::new(format!(
                "{what}: {} did not answer as a Stackyard server does ({e})",
                self.base
            ))
        })
    }

    fn get<T: DeserializeOwned>(&self, path: &str, what: &str) -> Result<T, OnlineError> {
        let mut request = self.agent.get(format!("{}{path}", self.base));
        if let Some(a) = &self.account {
            request = request.header("Authorization", format!("Bearer {}", a.token));
        }
        self.answer(what, request.call())
    }

    fn send<T: DeserializeOwned>(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        what: &str,
    ) -> Result<T, OnlineError> {
        let url = format!("{}{path}", self.base);
        let auth = self.account.as_ref().map(|a| format!("Bearer {}", a.token));
        let result = match method {
            "DELETE" => {
                let mut r = self.agent.delete(url);
                if let Some(auth) = &auth {
                    r = r.header("Authorization", auth);
                }
                r.call()
            }
            _ => {
                let mut r = self.agent.post(url);
                if let Some(auth) = &auth {
                    r = r.header("Authorization", auth);
                }
                r.header("Content-Type", "application/json")
                    .send(body.unwrap_or_else(|| json!({})).to_string())
            }
        };
        self.answer(what, result)
    }

    /// The games the server hosts.
    pub fn games(&self) -> Result<Vec<ListedGame>, OnlineError> {
        self.get("/api/v1/games", "listing the games")
    }

    /// The tables with `status` (`open`, `playing`), newest first.
    pub fn tables(&self, status: &str) -> Result<Vec<TableSummary>, OnlineError> {
        self.get(
            &format!("/api/v1/tables?status={status}"),
            "listing the tables",
        )
    }

    /// One table.
    pub fn table(&self, id: &str) -> Result<TableSummary, OnlineError> {
        self.get(&format!("/api/v1/tables/{id}"), "reading the table")
    }

    /// Opens a table of `game` with the game's own settings: against the
    /// bot `level` when given (seat 0 the person), else with every seat
    /// free for people.
    pub fn create(
        &self,
        game: &ListedGame,
        level: Option<&str>,
    ) -> Result<TableSummary, OnlineError> {
        let mut body = json!({ "game": game.name });
        if let Some(level) = level {
            body["seats"] = json!([{"kind": "person"}, {"kind": "bot", "level": level}]);
        }
        self.send("POST", "/api/v1/tables", Some(body), "opening a table")
    }

    /// Takes the first free seat of table `id` (under `name` as a guest;
    /// a signed-in account plays under its own).
    pub fn join(&self, id: &str, name: Option<&str>) -> Result<Joined, OnlineError> {
        let body = match name {
            Some(n) if self.account.is_none() => json!({ "name": n }),
            _ => json!({}),
        };
        self.send(
            "POST",
            &format!("/api/v1/tables/{id}/join"),
            Some(body),
            "joining the table",
        )
    }

    /// Signs in; later calls carry the account's token.
    pub fn sign_in(&mut self, name: &str, password: &str) -> Result<(), OnlineError> {
        let started: SessionStarted = self.send(
            "POST",
            "/api/v1/session",
            Some(json!({ "name": name, "password": password })),
            "signing in",
        )?;
        self.account = Some(Account {
            name: started.name,
            token: started.token,
        });
        Ok(())
    }

    /// Asks quick pairing for an opponent in `game` (signed in only).
    pub fn pair(&self, game: &str) -> Result<PairingStatus, OnlineError> {
        self.send(
            "POST",
            "/api/v1/pairing",
            Some(json!({ "game": game })),
            "asking for an opponent",
        )
    }

    /// Where quick pairing stands (ask every second or two while waiting).
    pub fn pairing(&self) -> Result<PairingStatus, OnlineError> {
        self.get("/api/v1/pairing", "asking about the pairing")
    }

    /// Stops waiting for an opponent.
    pub fn unpair(&self) -> Result<(), OnlineError> {
        self.send::<Value>("DELETE", "/api/v1/pairing", None, "leaving the pairing")
            .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_address_is_checked_before_anything_is_sent() {
        assert_eq!(
            Server::new("http://localhost:8080/").unwrap().url(),
            "http://localhost:8080"
        );
        let s = Server::new("http://127.0.0.1:9").unwrap();
        assert_eq!(s.socket_url("t1"), "ws://127.0.0.1:9/api/v1/tables/t1/ws");
        for (bad, says) in [
            ("localhost:8080", "not a server address"),
            ("https://example.org", "plain http only"),
            ("http://", "not a server address"),
            ("http://host/path", "only the host and port"),
        ] {
            let e = Server::new(bad).err().expect(bad);
            assert!(e.0.contains(says), "{bad}: {e}");
        }
        let long = format!("ftp://{}", "x".repeat(10_000));
        assert!(Server::new(&long).err().unwrap().0.len() < 200);
    }

    #[test]
    fn an_unreachable_server_is_said_in_words() {
        // Port 9 (discard) is closed on a test machine.
        let s = Server::new("http://127.0.0.1:9").unwrap();
        let e = s.games().expect_err("nothing listens there");
        assert!(e.0.starts_with("could not reach http://127.0.0.1:9"), "{e}");
    }
}
