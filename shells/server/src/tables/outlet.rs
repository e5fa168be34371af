//! A connection's way out (issue #43): the table hands a message straight
//! to the connection's socket when the socket takes it at once, with no
//! task woken, and queues it for the connection's task only when the
//! socket is busy (its kernel buffer full, a write half done, or the
//! reading half polling it that instant).
//!
//! Before this every message went through a channel to the connection's
//! task: one wake-up per message and viewer, half of what the bare
//! traffic cost the server (docs/benchmarks.md, "the floor under the
//! goal"). The queue keeps its bound, and [`super::commands::deliver`]
//! its slow-reader rules on top: a reader that stops reading fills the
//! queue (the socket takes nothing) and is cut off as before.

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Wake, Waker};
use tokio::sync::Notify;

/// Most queued messages written before one flush: an ack and its step, or
/// a burst of steps, leave in one system call.
const WRITE_BATCH: usize = 32;

/// What became of a message offered to the outlet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// The socket took it (written, or being written by the socket).
    Taken,
    /// Queued behind others for the connection's task.
    Queued {
        /// Messages waiting now, this one included.
        queued: usize,
    },
    /// The queue is full: the reader is not keeping up.
    Full,
    /// The socket is gone or failed.
    Broken,
}

/// Wakes the connection's task: a message was queued, or the socket can
/// take more. Used as the waker of every write, so the socket's own
/// readiness wakes the task that finishes the write.
struct WakeTask(Notify);

impl Wake for WakeTask {
    fn wake(self: Arc<Self>) {
        self.0.notify_one();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.notify_one();
    }
}

struct State {
    /// None before it is given one, and once the connection's task took it
    /// back to close it; without one everything queues (a test reads it).
    socket: Option<WebSocket>,
    queue: VecDeque<Utf8Bytes>,
    /// The socket holds bytes of a message it accepted but has not
    /// finished writing: nothing may jump ahead of them.
    unflushed: bool,
    broken: bool,
    /// Until the connection is admitted everything queues: a refused
    /// connection (past its seat's cap) gets its refusal, not the welcome
    /// the table already sent it.
    held: bool,
    /// The table is telling this connection several messages at once (an
    /// ack and its step): what the socket takes stays in its buffer until
    /// [`Outlet::uncork`], so they leave in one system call.
    corked: bool,
    /// Messages the socket took while corked and has not been asked to
    /// write yet. Unlike `unflushed`, later messages may follow them into
    /// the same buffer: they stay in order.
    buffered: bool,
}

/// One connection's outlet, shared by its table (writing) and its task
/// (reading, and writing what queued).
pub struct Outlet {
    state: Mutex<State>,
    capacity: usize,
    wake: Arc<WakeTask>,
    waker: Waker,
}

impl std::fmt::Debug for Outlet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outlet")
            .field("capacity", &self.capacity)
            .field("queued", &self.queued())
            .finish()
    }
}

/// What one turn of the connection's writing did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drive {
    /// Something moved to the socket, or a write finished.
    pub progressed: bool,
    /// Everything is written (the task may sleep until woken).
    pub done: bool,
    /// The socket failed.
    pub broken: bool,
}

impl Outlet {
    /// An outlet over `socket` (none: everything queues), queueing at most
    /// `capacity` messages.
    pub fn new(socket: Option<WebSocket>, capacity: usize) -> Arc<Outlet> {
        let wake = Arc::new(WakeTask(Notify::new()));
        Arc::new(Outlet {
            state: Mutex::new(State {
                socket,
                queue: VecDeque::new(),
                unflushed: false,
                broken: false,
                held: true,
                corked: false,
                buffered: false,
            }),
            capacity: capacity.max(1),
            waker: Waker::from(wake.clone()),
            wake,
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Most messages the queue holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Messages waiting for the connection's task.
    pub fn queued(&self) -> usize {
        self.lock().queue.len()
    }

    /// Hands `text` to the socket if it takes it now, else queues it (and
    /// wakes the connection's task) while there is room.
    pub fn offer(&self, text: Utf8Bytes) -> Offer {
        let mut state = self.lock();
        if state.broken {
            return Offer::Broken;
        }
        if state.queue.is_empty() && !state.unflushed && !state.held {
            let mut cx = Context::from_waker(&self.waker);
            let s = &mut *state;
            if let Some(socket) = s.socket.as_mut() {
                match socket.poll_ready_unpin(&mut cx) {
                    Poll::Ready(Ok(())) => {
                        if socket.start_send_unpin(Message::Text(text)).is_err() {
                            s.broken = true;
                            return Offer::Broken;
                        }
                        if s.corked {
                            s.buffered = true;
                            return Offer::Taken;
                        }
                        s.buffered = false;
                        return match socket.poll_flush_unpin(&mut cx) {
                            Poll::Ready(Ok(())) => Offer::Taken,
                            Poll::Ready(Err(_)) => {
                                s.broken = true;
                                Offer::Broken
                            }
                            // The socket's readiness wakes the task, which
                            // finishes the write.
                            Poll::Pending => {
                                s.unflushed = true;
                                Offer::Taken
                            }
                        };
                    }
                    Poll::Ready(Err(_)) => {
                        s.broken = true;
                        return Offer::Broken;
                    }
                    Poll::Pending => {}
                }
            }
        }
        if state.queue.len() >= self.capacity {
            return Offer::Full;
        }
        state.queue.push_back(text);
        let queued = state.queue.len();
        drop(state);
        self.wake.0.notify_one();
        Offer::Queued { queued }
    }

    /// Holds what the socket takes in its buffer until [`Outlet::uncork`]:
    /// the table is about to tell this connection several messages.
    pub fn cork(&self) {
        self.lock().corked = true;
    }

    /// Writes what the socket took since [`Outlet::cork`], in one go; what
    /// it cannot write at once its own readiness wakes the connection's
    /// task to finish.
    pub fn uncork(&self) {
        let mut state = self.lock();
        let s = &mut *state;
        s.corked = false;
        if !std::mem::take(&mut s.buffered) || s.broken {
            return;
        }
        let Some(socket) = s.socket.as_mut() else {
            return;
        };
        let mut cx = Context::from_waker(&self.waker);
        match socket.poll_flush_unpin(&mut cx) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(_)) => s.broken = true,
            Poll::Pending => s.unflushed = true,
        }
    }

    /// Lets the table write to the socket, once the connection is
    /// admitted; `keep` says whether what queued meanwhile goes out (the
    /// welcome) or is dropped (a refused connection's).
    pub fn open(&self, keep: bool) {
        let mut state = self.lock();
        state.held = false;
        if !keep {
            state.queue.clear();
        }
        drop(state);
        self.wake.0.notify_one();
    }

    /// Waits until there may be writing to do.
    pub async fn woken(&self) {
        self.wake.0.notified().await;
    }

    /// The connection's task writes what is queued and finishes what the
    /// socket holds, as far as the socket takes it without waiting.
    pub fn drive(&self) -> Drive {
        let mut state = self.lock();
        let s = &mut *state;
        let mut progressed = false;
        let mut cx = Context::from_waker(&self.waker);
        let (false, Some(socket)) = (s.held, s.socket.as_mut()) else {
            return Drive {
                progressed,
                done: s.queue.is_empty(),
                broken: s.broken,
            };
        };
        loop {
            if s.unflushed {
                match socket.poll_flush_unpin(&mut cx) {
                    Poll::Ready(Ok(())) => {
                        s.unflushed = false;
                        progressed = true;
                    }
                    Poll::Ready(Err(_)) => s.broken = true,
                    Poll::Pending => {}
                }
            }
            if s.broken || s.unflushed || s.queue.is_empty() {
                break;
            }
            for _ in 0..WRITE_BATCH {
                if s.queue.is_empty() {
                    break;
                }
                match socket.poll_ready_unpin(&mut cx) {
                    Poll::Ready(Ok(())) => {}
                    Poll::Ready(Err(_)) => {
                        s.broken = true;
                        break;
                    }
                    Poll::Pending => break,
                }
                let Some(text) = s.queue.pop_front() else {
                    break;
                };
                if socket.start_send_unpin(Message::Text(text)).is_err() {
                    s.broken = true;
                    break;
                }
                s.unflushed = true;
                progressed = true;
            }
            if s.broken || !s.unflushed {
                // Broken, or the socket took nothing: it wakes the task.
                break;
            }
        }
        Drive {
            progressed,
            done: !s.unflushed && s.queue.is_empty(),
            broken: s.broken,
        }
    }

    /// The socket's next message from the client, read through the outlet
    /// (the socket lives here, shared with the table's writes).
    pub async fn recv(&self) -> Option<Result<Message, axum::Error>> {
        std::future::poll_fn(|cx| {
            let mut state = self.lock();
            match state.socket.as_mut() {
                Some(socket) => socket.poll_next_unpin(cx),
                None => Poll::Ready(None),
            }
        })
        .await
    }

    /// Takes the socket back (to close it, or relay it); from now on every
    /// offer is refused.
    pub fn take_socket(&self) -> Option<WebSocket> {
        let mut state = self.lock();
        state.broken = true;
        state.queue.clear();
        state.socket.take()
    }

    /// The oldest queued message (a test reads the queue as the socket's
    /// writer would).
    #[cfg(test)]
    pub fn pop(&self) -> Option<Utf8Bytes> {
        self.lock().queue.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::extract::ws::WebSocketUpgrade;
    use std::time::Duration;
    use tokio::sync::oneshot;
    use tokio_tungstenite::tungstenite::Message as ClientMessage;

    /// A served WebSocket handed to the test, and a client connected to it.
    async fn pair() -> (
        WebSocket,
        tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
    ) {
        let (tx, rx) = oneshot::channel::<WebSocket>();
        let tx = Arc::new(Mutex::new(Some(tx)));
        let app = axum::Router::new().route(
            "/",
            axum::routing::get(move |ws: WebSocketUpgrade| {
                let tx = tx.clone();
                async move {
                    ws.on_upgrade(move |socket| async move {
                        if let Some(tx) = tx.lock().unwrap().take() {
                            let _ = tx.send(socket);
                        }
                    })
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let (client, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/"))
            .await
            .unwrap();
        (rx.await.unwrap(), client)
    }

    async fn next_text(
        client: &mut tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
        wait: Duration,
    ) -> Option<String> {
        match tokio::time::timeout(wait, client.next()).await {
            Ok(Some(Ok(ClientMessage::Text(t)))) => Some(t.to_string()),
            Ok(other) => panic!("not a text: {other:?}"),
            Err(_) => None,
        }
    }

    #[tokio::test]
    async fn corked_messages_wait_for_the_uncork_and_leave_in_order() {
        let (socket, mut client) = pair().await;
        let out = Outlet::new(Some(socket), 8);
        out.open(true);
        out.cork();
        assert_eq!(out.offer("ack".into()), Offer::Taken);
        assert_eq!(out.offer("step".into()), Offer::Taken);
        assert_eq!(out.queued(), 0, "the socket took both: nothing queued");
        // Over loopback a written message is readable at once: none came.
        assert_eq!(
            next_text(&mut client, Duration::from_millis(100)).await,
            None
        );
        out.uncork();
        let wait = Duration::from_secs(5);
        assert_eq!(next_text(&mut client, wait).await.as_deref(), Some("ack"));
        assert_eq!(next_text(&mut client, wait).await.as_deref(), Some("step"));
        // Uncorked, the next message leaves at once.
        assert_eq!(out.offer("later".into()), Offer::Taken);
        assert_eq!(next_text(&mut client, wait).await.as_deref(), Some("later"));
    }

    #[tokio::test]
    async fn an_uncorked_outlet_writes_each_message_at_once() {
        let (socket, mut client) = pair().await;
        let out = Outlet::new(Some(socket), 8);
        out.open(true);
        assert_eq!(out.offer("one".into()), Offer::Taken);
        let wait = Duration::from_secs(5);
        assert_eq!(next_text(&mut client, wait).await.as_deref(), Some("one"));
        // An uncork with nothing corked writes nothing and breaks nothing.
        out.uncork();
        assert_eq!(out.offer("two".into()), Offer::Taken);
        assert_eq!(next_text(&mut client, wait).await.as_deref(), Some("two"));
    }
}
