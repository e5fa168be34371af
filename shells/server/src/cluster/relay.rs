//! Relaying a table's routes to the node that owns it (issue #28): the
//! request goes on as it came, so the owner's table serves the client as
//! one of its own.
//!
//! The WebSocket is not relayed at the upgrade: whether a client watches
//! or plays is said in its hello, after it. This node answers the upgrade
//! itself ([`Remote`] marks it) and reads the hello: a spectator is served
//! by this node's mirror of the table (`shells/server/src/tables/mirror.rs`),
//! a seat is relayed to the owner message by message ([`websocket`]),
//! the owner's closes (and their codes) passed on.

use super::Located;
use crate::protocol::{ApiError, ErrorKind};
use crate::tables::Hub;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::TokioIo;
use std::sync::Arc;
use std::time::Duration;

/// Marks a relayed request: it is never relayed again.
pub const RELAYED: &str = "x-stackyard-relayed";
/// The address of the client a node relays for (issue #28)...
pub const CLIENT: &str = "x-stackyard-client";
/// ...and the node's proof of it: the HMAC of the address and the path
/// under the secret the nodes share in the database
/// (`Store::cluster_secret`). A client cannot make one; a request whose
/// proof does not verify loses all three headers and is served as the
/// client it is, from the address it came from ([`trust`]).
pub const PROOF: &str = "x-stackyard-client-proof";

/// A WebSocket upgrade for a table another node owns: the WebSocket end
/// mirrors it for a spectator, relays a seat.
#[derive(Debug, Clone)]
pub struct Remote {
    /// The owner's address.
    pub owner: String,
    /// The client's address, as this node saw it.
    pub client: Option<std::net::IpAddr>,
}

fn peer(req: &Request) -> Option<std::net::IpAddr> {
    req.extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip())
}

/// Middleware, before any other: a request another node relayed for a
/// client, with a proof that verifies, counts as that client's (its
/// connection is counted against the client's per-address cap, its
/// `ConnectInfo` is the client's); any other request loses the relay
/// headers, so a client can neither pose as a relay nor as another
/// address.
pub async fn trust(State(hub): State<Arc<Hub>>, mut req: Request, next: Next) -> Response {
    let headers = req.headers();
    let claimed = match (
        hub.cluster.as_ref(),
        headers.get(CLIENT),
        headers.get(PROOF),
    ) {
        (Some(cluster), Some(client), Some(proof)) => {
            let client = client.to_str().unwrap_or("");
            let proof = proof.to_str().unwrap_or("");
            if cluster.proven(client, req.uri().path(), proof) {
                client.parse::<std::net::IpAddr>().ok()
            } else {
                None
            }
        }
        _ => None,
    };
    let headers = req.headers_mut();
    headers.remove(CLIENT);
    headers.remove(PROOF);
    let Some(client) = claimed else {
        if headers.remove(RELAYED).is_some() {
            tracing::debug!("a relay header without a node's proof is ignored");
        }
        return next.run(req).await;
    };
    if let Some(held) = req.extensions().get::<crate::connections::Held>()
        && held.count_for(client).is_err()
    {
        metrics::counter!("stackyard_connections_refused_total", "why" => "address").increment(1);
        return ApiError::new(
            ErrorKind::TooManyConnections,
            "you have too many connections open to this server; close some first",
        )
        .into_response();
    }
    let port = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map_or(0, |c| c.0.port());
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(std::net::SocketAddr::new(
            client, port,
        )));
    next.run(req).await
}

/// The relay headers for `path`, on behalf of `client`.
fn relay_headers(
    hub: &Hub,
    client: Option<std::net::IpAddr>,
    path: &str,
    headers: &mut axum::http::HeaderMap,
) {
    headers.insert(RELAYED, axum::http::HeaderValue::from_static("1"));
    if let (Some(cluster), Some(client)) = (hub.cluster.as_ref(), client) {
        let text = client.to_string();
        let proof = cluster.prove(&text, path);
        if let (Ok(c), Ok(p)) = (text.parse(), proof.parse()) {
            headers.insert(CLIENT, c);
            headers.insert(PROOF, p);
        }
    }
}

/// Whether `path` is a table's WebSocket.
fn is_websocket(path: &str) -> bool {
    table_of(path).is_some() && path.ends_with("/ws")
}

/// The table id of `/api/v1/tables/{id}` and the routes under it.
fn table_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/v1/tables/")?;
    let id = rest.split('/').next()?;
    (!id.is_empty()).then_some(id)
}

/// Middleware: a table another node owns is served through it.
pub async fn relay(State(hub): State<Arc<Hub>>, req: Request, next: Next) -> Response {
    if hub.cluster.as_ref().is_none() || req.headers().contains_key(RELAYED) {
        return next.run(req).await;
    }
    let Some(id) = table_of(req.uri().path()).map(str::to_string) else {
        return next.run(req).await;
    };
    match super::locate(&hub, &id).await {
        Ok(Located::There(owner)) if is_websocket(req.uri().path()) => {
            let mut req = req;
            let client = peer(&req);
            req.extensions_mut().insert(Remote { owner, client });
            next.run(req).await
        }
        Ok(Located::There(addr)) => match forward(&hub, req, &addr).await {
            Ok(response) => response,
            Err(e) => {
                tracing::warn!(table = %id, owner = %addr, error = %e, "cannot relay to the table's node");
                ApiError::new(
                    ErrorKind::Busy,
                    "the server holding this table is not answering; try again in a few seconds",
                )
                .into_response()
            }
        },
        Ok(_) => next.run(req).await,
        Err(e) => ApiError::new(ErrorKind::Storage, e.to_string()).into_response(),
    }
}

/// Sends `req` to `addr` and answers with its response; an upgrade on
/// both sides is joined.
async fn forward(hub: &Hub, mut req: Request, addr: &str) -> Result<Response, String> {
    let upgrade = req.extensions_mut().remove::<hyper::upgrade::OnUpgrade>();
    let stream = tokio::time::timeout(Duration::from_secs(2), tokio::net::TcpStream::connect(addr))
        .await
        .map_err(|_| "connecting timed out".to_string())?
        .map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| e.to_string())?;
    tokio::spawn(async move {
        let _ = connection.with_upgrades().await;
    });
    let client = peer(&req);
    let (mut parts, body) = req.into_parts();
    let path = parts.uri.path().to_string();
    relay_headers(hub, client, &path, &mut parts.headers);
    let mut response = sender
        .send_request(Request::from_parts(parts, body))
        .await
        .map_err(|e| e.to_string())?;
    if response.status() == axum::http::StatusCode::SWITCHING_PROTOCOLS
        && let Some(ours) = upgrade
    {
        let theirs = hyper::upgrade::on(&mut response);
        tokio::spawn(async move {
            if let (Ok(a), Ok(b)) = (ours.await, theirs.await) {
                let mut a = TokioIo::new(a);
                let mut b = TokioIo::new(b);
                let _ = tokio::io::copy_bidirectional(&mut a, &mut b).await;
            }
        });
    }
    Ok(response.map(Body::new))
}

/// Relays a seat's WebSocket (its `hello` already read, here as JSON
/// text) to the owner of `table` at `owner`, message by message, until
/// either side closes. Answers the close to send the client (the owner's
/// code), if any.
pub async fn websocket(
    socket: &mut axum::extract::ws::WebSocket,
    hub: &Hub,
    remote: &Remote,
    table: &str,
    hello: String,
) -> Option<(u16, &'static str)> {
    let owner = remote.owner.as_str();
    use axum::extract::ws::Message;
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message as Up;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    const AWAY: (u16, &str) = (1013, "the table's server is not answering");
    let connect = tokio::net::TcpStream::connect(owner);
    let Ok(Ok(stream)) = tokio::time::timeout(Duration::from_secs(2), connect).await else {
        return Some(AWAY);
    };
    let _ = stream.set_nodelay(true);
    let Ok(mut request) = format!("ws://{owner}/api/v1/tables/{table}/ws").into_client_request()
    else {
        return Some(AWAY);
    };
    let path = format!("/api/v1/tables/{table}/ws");
    relay_headers(hub, remote.client, &path, request.headers_mut());
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .max_message_size(Some(hub.limits.max_message_bytes * 4))
        .max_frame_size(Some(hub.limits.max_message_bytes * 4));
    let handshake = tokio_tungstenite::client_async_with_config(request, stream, Some(config));
    let mut upstream = match tokio::time::timeout(Duration::from_secs(5), handshake).await {
        Ok(Ok((upstream, _))) => upstream,
        Ok(Err(tokio_tungstenite::tungstenite::Error::Http(response)))
            if response.status() == axum::http::StatusCode::TOO_MANY_REQUESTS =>
        {
            // The owner counts this client's connections (through every
            // node): over its share, it is told so, in its words.
            let e = ApiError::new(
                ErrorKind::TooManyConnections,
                "you have too many connections open to this server; close some first",
            );
            let _ = socket
                .send(Message::Text(crate::tables::error_message(None, &e)))
                .await;
            return Some((1008, "too many connections from your address"));
        }
        _ => return Some(AWAY),
    };
    if upstream.send(Up::Text(hello.into())).await.is_err() {
        return Some(AWAY);
    }
    let write = hub.limits.write_timeout;
    loop {
        tokio::select! {
            from_client = socket.recv() => match from_client {
                Some(Ok(Message::Text(text))) => {
                    if upstream.send(Up::Text(text.as_str().into())).await.is_err() {
                        return Some(AWAY);
                    }
                }
                Some(Ok(Message::Binary(bytes))) => {
                    if upstream.send(Up::Binary(bytes)).await.is_err() {
                        return Some(AWAY);
                    }
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => {
                    let _ = upstream.close(None).await;
                    return None;
                }
            },
            from_owner = upstream.next() => match from_owner {
                Some(Ok(Up::Text(text))) => {
                    let sent = tokio::time::timeout(write, socket.send(Message::Text(text.as_str().into()))).await;
                    if !matches!(sent, Ok(Ok(()))) {
                        let _ = upstream.close(None).await;
                        return Some((1013, "slow reader"));
                    }
                }
                Some(Ok(Up::Close(frame))) => {
                    let code = frame.map_or(1000, |f| u16::from(f.code));
                    return Some((code, "closed by the table's server"));
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return Some((1012, "the table's server went away")),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{is_websocket, table_of};

    #[test]
    fn only_a_tables_websocket_is_answered_here() {
        assert!(is_websocket("/api/v1/tables/ab12/ws"));
        assert!(!is_websocket("/api/v1/tables/ab12"));
        assert!(!is_websocket("/api/v1/tables/ab12/record"));
        assert!(!is_websocket("/api/v1/ws"));
    }

    #[test]
    fn a_table_route_names_its_table() {
        assert_eq!(table_of("/api/v1/tables/ab12"), Some("ab12"));
        assert_eq!(table_of("/api/v1/tables/ab12/ws"), Some("ab12"));
        assert_eq!(table_of("/api/v1/tables"), None);
        assert_eq!(table_of("/api/v1/tables/"), None);
        assert_eq!(table_of("/api/v1/games"), None);
    }
}
