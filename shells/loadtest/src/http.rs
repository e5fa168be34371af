//! HTTP/1.1 to a server: one kept-alive connection per table slot.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// How long a kept connection may sit idle and still be used. The server
/// closes a connection that sends no request for its header timeout (10 s
/// by default); a request sent just as that happens is lost with the
/// connection ("connection closed before message completed"), and a POST
/// that may have been received cannot be sent again. So a connection idle
/// for half that long is dropped and a fresh one opened instead.
const KEEP_IDLE: Duration = Duration::from_secs(5);

/// One HTTP/1.1 request on a connection of its own; returns the status
/// and body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> anyhow::Result<(u16, String)> {
    HttpClient::new(addr).request(method, path, body).await
}

/// HTTP/1.1 to the server over one kept-alive connection (as a browser
/// keeps its own), opened when first needed and again if the server closed
/// it: creating and joining a table then costs no TCP handshake each.
pub struct HttpClient {
    addr: SocketAddr,
    /// The kept connection, and when it last answered.
    sender: Option<(SendRequest<Full<Bytes>>, Instant)>,
}

impl HttpClient {
    /// A client of the server at `addr` (connects on the first request).
    pub fn new(addr: SocketAddr) -> Self {
        HttpClient { addr, sender: None }
    }

    async fn connect(&self) -> anyhow::Result<SendRequest<Full<Bytes>>> {
        let stream = tokio::net::TcpStream::connect(self.addr).await?;
        stream.set_nodelay(true)?;
        let (sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        // The connection is driven by its own task until either side closes.
        tokio::spawn(connection);
        Ok(sender)
    }

    /// One request; returns the status and body.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<(u16, String)> {
        let method = hyper::Method::from_bytes(method.as_bytes())?;
        let body = body.unwrap_or("").to_string();
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(path)
            .header(hyper::header::HOST, self.addr.to_string())
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(body)))?;
        // A kept connection the server closed meanwhile gives the request
        // back unsent: then it goes once more, on a fresh connection. (One
        // that was sent is never repeated: a POST creates a table.)
        for _ in 0..2 {
            let kept = match self.sender.take() {
                Some((mut s, last)) if !s.is_closed() && last.elapsed() < KEEP_IDLE => {
                    s.ready().await.is_ok().then_some(s)
                }
                _ => None,
            };
            let mut sender = match kept {
                Some(s) => s,
                None => self.connect().await?,
            };
            let response = match sender.try_send_request(request).await {
                Ok(r) => r,
                Err(mut e) => match e.take_message() {
                    Some(unsent) => {
                        request = unsent;
                        continue;
                    }
                    None => return Err(e.into_error().into()),
                },
            };
            let status = response.status().as_u16();
            let bytes = response.into_body().collect().await?.to_bytes();
            self.sender = Some((sender, Instant::now()));
            return Ok((status, String::from_utf8_lossy(&bytes).into_owned()));
        }
        anyhow::bail!("{path}: the server closed two connections before the request went")
    }

    /// A request expecting 200 and a body of type `T`.
    pub async fn typed<T: DeserializeOwned>(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<T> {
        let (status, reply) = self.request(method, path, body).await?;
        if status != 200 {
            anyhow::bail!("{method} {path}: {status} {reply}");
        }
        serde_json::from_str(&reply)
            .map_err(|e| anyhow::anyhow!("{method} {path}: not the answer expected ({e})"))
    }
}
