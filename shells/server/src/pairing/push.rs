//! Push instead of polling (issue #27): one WebSocket per open tab,
//! `GET /api/v1/me/ws`, on which the server tells a signed-in player
//! "paired, here is your table" and "challenge received / accepted /
//! declined / cancelled" as it happens ([`PlayerEvent`]).
//!
//! Across nodes: an event is published on the cluster's [`Bus`] and
//! every node (this one included) hands it to its own sockets of that
//! account, so a player connected to node B hears of a challenge sent
//! through node A. A single node delivers directly.
//!
//! Bounded: at most [`SOCKETS_PER_ACCOUNT`] sockets per account (the
//! oldest is dropped for a new one), each with a queue of
//! [`QUEUE`] events; a socket that does not keep up loses events (the
//! client re-reads its challenges on every event and on reconnecting, so
//! an event lost is a refresh missed, never a state lost). The HTTP routes
//! stay as they were: the web client polls only while its socket is down.

use super::wire::PlayerEvent;
use crate::cluster::bus::{Bus, BusMessage};
use axum::extract::ws::{Message, WebSocket};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use tokio::sync::mpsc;

/// The most sockets one account keeps open at once (tabs, devices).
pub const SOCKETS_PER_ACCOUNT: usize = 8;
/// Events queued per socket before newer ones are dropped.
pub const QUEUE: usize = 32;
/// How often an idle socket is pinged (proxies drop silent connections).
const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(25);

type Sockets = HashMap<String, Vec<(u64, mpsc::Sender<PlayerEvent>)>>;

/// The open sockets of this node, by account id, and the bus to the others.
#[derive(Default)]
pub struct Notices {
    sockets: Mutex<Sockets>,
    next: AtomicU64,
    bus: OnceLock<Arc<dyn Bus>>,
}

impl Notices {
    fn lock(&self) -> std::sync::MutexGuard<'_, Sockets> {
        self.sockets.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Carries events over `bus` from now on (several nodes), and hands
    /// the events heard there to this node's sockets.
    pub fn over_bus(self: &Arc<Self>, bus: Arc<dyn Bus>) {
        let mut heard = bus.subscribe();
        if self.bus.set(bus).is_err() {
            return;
        }
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let message = match heard.recv().await {
                    Ok(m) => m,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(_) => break,
                };
                let Some(notices) = weak.upgrade() else { break };
                if let BusMessage::Player { account, event } = message
                    && let Ok(event) = serde_json::from_value::<PlayerEvent>(event)
                {
                    notices.deliver(&account, &event);
                }
            }
        });
    }

    /// Tells an account, wherever its sockets are.
    pub fn tell(&self, account: &str, event: PlayerEvent) {
        match self.bus.get() {
            Some(bus) => {
                if let Ok(event) = serde_json::to_value(&event) {
                    bus.publish(BusMessage::Player {
                        account: account.to_string(),
                        event,
                    });
                }
            }
            None => self.deliver(account, &event),
        }
    }

    /// Hands an event to this node's sockets of an account.
    fn deliver(&self, account: &str, event: &PlayerEvent) {
        let mut sockets = self.lock();
        if let Some(list) = sockets.get_mut(account) {
            list.retain(|(_, tx)| match tx.try_send(event.clone()) {
                Ok(()) | Err(mpsc::error::TrySendError::Full(_)) => true,
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            });
            if list.is_empty() {
                sockets.remove(account);
            }
        }
    }

    /// A new socket for an account: its id and its queue.
    fn open(&self, account: &str) -> (u64, mpsc::Receiver<PlayerEvent>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let mut sockets = self.lock();
        let list = sockets.entry(account.to_string()).or_default();
        if list.len() >= SOCKETS_PER_ACCOUNT {
            // The oldest goes: its sender dropped, its socket closes.
            list.remove(0);
        }
        list.push((id, tx));
        (id, rx)
    }

    fn close(&self, account: &str, id: u64) {
        let mut sockets = self.lock();
        if let Some(list) = sockets.get_mut(account) {
            list.retain(|(i, _)| *i != id);
            if list.is_empty() {
                sockets.remove(account);
            }
        }
    }

    /// The accounts with a socket open on this node.
    pub fn accounts(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    /// How many sockets this node holds for an account.
    pub fn open_for(&self, account: &str) -> usize {
        self.lock().get(account).map_or(0, Vec::len)
    }
}

/// Serves one player's socket: a `hello`, then every event for the account
/// until either side closes. A guest (no account) gets its `hello` and
/// nothing more: there is nothing to pair or challenge a guest for.
pub async fn serve(
    mut socket: WebSocket,
    notices: Arc<Notices>,
    who: Option<crate::accounts::Account>,
) {
    let hello = PlayerEvent::Hello {
        name: who.as_ref().map(|w| w.1.clone()),
    };
    if send(&mut socket, &hello).await.is_err() {
        return;
    }
    let Some((account, _)) = who else {
        // Kept open (so the client does not fall back to polling), read
        // until it closes.
        while let Some(Ok(m)) = socket.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
        return;
    };
    let (id, mut events) = notices.open(&account);
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        tokio::select! {
            event = events.recv() => match event {
                Some(event) => {
                    if send(&mut socket, &event).await.is_err() {
                        break;
                    }
                }
                None => break, // replaced by a newer socket
            },
            incoming = socket.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {} // the client has nothing to say here
            },
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    notices.close(&account, id);
}

async fn send(socket: &mut WebSocket, event: &PlayerEvent) -> Result<(), ()> {
    let text = serde_json::to_string(event).map_err(|_| ())?;
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        socket.send(Message::Text(text.into())),
    )
    .await
    .map_err(|_| ())?
    .map_err(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn events_reach_every_socket_of_the_account_and_no_other() {
        let notices = Notices::default();
        let (_, mut a1) = notices.open("a");
        let (_, mut a2) = notices.open("a");
        let (_, mut b) = notices.open("b");
        notices.tell("a", PlayerEvent::Hello { name: None });
        assert!(matches!(a1.try_recv(), Ok(PlayerEvent::Hello { .. })));
        assert!(matches!(a2.try_recv(), Ok(PlayerEvent::Hello { .. })));
        assert!(b.try_recv().is_err(), "b hears nothing of a's");
    }

    #[tokio::test]
    async fn sockets_per_account_are_bounded_and_closed_ones_forgotten() {
        let notices = Notices::default();
        let mut kept = Vec::new();
        for _ in 0..SOCKETS_PER_ACCOUNT + 3 {
            kept.push(notices.open("a"));
        }
        assert_eq!(notices.open_for("a"), SOCKETS_PER_ACCOUNT);
        // The oldest were dropped: their queues end.
        assert!(kept[0].1.recv().await.is_none());
        let (id, _) = kept.pop().unwrap();
        notices.close("a", id);
        assert_eq!(notices.open_for("a"), SOCKETS_PER_ACCOUNT - 1);
        drop(kept);
        notices.tell("a", PlayerEvent::Hello { name: None });
        assert_eq!(notices.open_for("a"), 0, "closed queues are swept");
    }

    #[tokio::test]
    async fn a_slow_socket_loses_events_but_memory_stays_bounded() {
        let notices = Notices::default();
        let (_, mut rx) = notices.open("a");
        for _ in 0..QUEUE * 4 {
            notices.tell("a", PlayerEvent::Hello { name: None });
        }
        let mut n = 0;
        while rx.try_recv().is_ok() {
            n += 1;
        }
        assert_eq!(n, QUEUE);
    }
}
