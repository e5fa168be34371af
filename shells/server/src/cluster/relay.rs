//! Relaying a table's routes to the node that owns it (issue #28): the
//! request goes on as it came, and a WebSocket upgrade is then copied
//! byte for byte both ways, so the owner's table serves the client as one
//! of its own (welcome, steps, acks, closes).

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

/// The table id of `/api/v1/tables/{id}` and the routes under it.
fn table_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/v1/tables/")?;
    let id = rest.split('/').next()?;
    (!id.is_empty()).then_some(id)
}

/// Middleware: a table another node owns is served through it.
pub async fn relay(State(hub): State<Arc<Hub>>, req: Request, next: Next) -> Response {
    if hub.cluster.get().is_none() || req.headers().contains_key(RELAYED) {
        return next.run(req).await;
    }
    let Some(id) = table_of(req.uri().path()).map(str::to_string) else {
        return next.run(req).await;
    };
    match super::locate(&hub, &id).await {
        Ok(Located::There(addr)) => match forward(req, &addr).await {
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
async fn forward(mut req: Request, addr: &str) -> Result<Response, String> {
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
    let (mut parts, body) = req.into_parts();
    parts
        .headers
        .insert(RELAYED, axum::http::HeaderValue::from_static("1"));
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

#[cfg(test)]
mod tests {
    use super::table_of;

    #[test]
    fn a_table_route_names_its_table() {
        assert_eq!(table_of("/api/v1/tables/ab12"), Some("ab12"));
        assert_eq!(table_of("/api/v1/tables/ab12/ws"), Some("ab12"));
        assert_eq!(table_of("/api/v1/tables"), None);
        assert_eq!(table_of("/api/v1/tables/"), None);
        assert_eq!(table_of("/api/v1/games"), None);
    }
}
