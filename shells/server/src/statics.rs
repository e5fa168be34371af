//! The web client's files (`web/dist`), served light (issue #49): each
//! file's brotli or gzip copy (`.br`, `.gz`, written beside it by the web
//! build, `web/vite.config.ts`) goes to a browser that accepts it, so
//! nothing is compressed per request; Vite's hashed files under `assets/`
//! are cached for a year (a new build gives them new names), everything
//! else (`index.html`, the rules pages, unhashed files) is revalidated on
//! every load so a new build shows at once.

use axum::http::{HeaderValue, header};
use axum::response::Response;
use std::path::Path;

/// Cache-Control of a file whose name carries its content's hash.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache-Control of every other file: keep it, but ask before using it.
pub const REVALIDATE: &str = "no-cache";

/// What serves `dir`: its files, precompressed where a copy is there,
/// and `index.html` for any other path (the client's routes).
pub fn router(dir: &Path) -> axum::Router {
    let index = tower_http::services::ServeFile::new(dir.join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    let files = tower_http::services::ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(index);
    axum::Router::new()
        .fallback_service(files)
        .layer(axum::middleware::from_fn(cached))
}

/// Sets how long a browser may keep what was served.
async fn cached(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    // The index.html fallback answers paths under assets/ too (a file of
    // an older build): only a real asset may be kept for a year.
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let ok = response.status().is_success() || response.status().as_u16() == 304;
    let policy = if hashed && ok && !html {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    response
}
