//! The web client's files as a browser receives them (issue #49, page
//! weight): the build's brotli or gzip copy when the browser accepts it,
//! Vite's hashed assets cached for a year, `index.html` and every unhashed
//! file revalidated on each load.

mod common;

use common::*;
use stackyard_server::{Background, Config};
use std::path::Path;

/// A built client as `vite build` leaves it (web/vite.config.ts writes the
/// `.br` and `.gz` copies): the copies have sizes of their own, so the
/// length of an answer says which file was sent.
fn dist(dir: &Path) {
    let assets = dir.join("assets");
    std::fs::create_dir_all(&assets).unwrap();
    let files: [(&Path, &str, usize); 4] = [
        (dir, "index.html", 2000),
        (&assets, "index-Cx3fA9bQ.js", 30_000),
        (&assets, "stackyard_rules_lite_bg-D4kq1ZzW.wasm", 960_000),
        (dir, "favicon.svg", 3000),
    ];
    for (at, name, raw) in files {
        std::fs::write(at.join(name), vec![b'a'; raw]).unwrap();
        std::fs::write(at.join(format!("{name}.br")), vec![b'b'; raw / 4]).unwrap();
        std::fs::write(at.join(format!("{name}.gz")), vec![b'g'; raw / 3]).unwrap();
    }
}

fn header<'a>(reply: &'a Reply, name: &str) -> Option<&'a str> {
    reply
        .headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

fn serve(dir: &Path) -> Background {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db_url(dir));
    config.web = Some(dir.join("dist"));
    Background::start(config).expect("the server starts")
}

#[test]
fn assets_go_compressed_when_accepted_and_hashed_ones_are_kept_a_year() {
    let dir = temp_dir("statics");
    dist(&dir.join("dist"));
    let server = serve(&dir);
    let addr = server.addr;
    client_runtime().block_on(async move {
        for (path, raw, kind) in [
            ("/assets/index-Cx3fA9bQ.js", 30_000, "text/javascript"),
            (
                "/assets/stackyard_rules_lite_bg-D4kq1ZzW.wasm",
                960_000,
                "application/wasm",
            ),
        ] {
            for (accept, encoding, length) in [
                ("br, gzip, deflate", Some("br"), raw / 4),
                ("gzip", Some("gzip"), raw / 3),
                ("identity", None, raw),
            ] {
                let reply =
                    request_raw(addr, "GET", path, &[("Accept-Encoding", accept)], "").await;
                let what = format!("{path} accepting {accept}: {:?}", reply.headers);
                assert_eq!(reply.status, 200, "{what}");
                assert_eq!(header(&reply, "content-encoding"), encoding, "{what}");
                assert_eq!(
                    header(&reply, "content-length"),
                    Some(length.to_string().as_str()),
                    "{what}"
                );
                assert!(
                    header(&reply, "content-type").is_some_and(|t| t.starts_with(kind)),
                    "{what}"
                );
                assert_eq!(
                    header(&reply, "cache-control"),
                    Some("public, max-age=31536000, immutable"),
                    "{what}"
                );
                // A cache must keep the copies apart.
                assert!(
                    header(&reply, "vary").is_some_and(|v| v.contains("accept-encoding")),
                    "{what}"
                );
            }
        }
        // The page and every unhashed file: asked again on each load, so a
        // new build shows at once; compressed all the same.
        for path in ["/", "/index.html", "/favicon.svg"] {
            let reply = request_raw(addr, "GET", path, &[("Accept-Encoding", "br")], "").await;
            let what = format!("{path}: {:?}", reply.headers);
            assert_eq!(reply.status, 200, "{what}");
            assert_eq!(header(&reply, "cache-control"), Some("no-cache"), "{what}");
            assert_eq!(header(&reply, "content-encoding"), Some("br"), "{what}");
        }
        // A hashed name this build does not have (an older build's) gets
        // the page, which must not be kept a year under that name.
        let reply = request_raw(addr, "GET", "/assets/index-OLD.js", &[], "").await;
        assert!(
            header(&reply, "content-type").is_some_and(|t| t.starts_with("text/html")),
            "{:?}",
            reply.headers
        );
        assert_eq!(header(&reply, "cache-control"), Some("no-cache"));
        // The API is not the web client's: its answers are not cached as files.
        let reply = request_raw(addr, "GET", "/api/v1/games", &[], "").await;
        assert_eq!(reply.status, 200);
        assert_ne!(
            header(&reply, "cache-control"),
            Some("public, max-age=31536000, immutable")
        );
    });
}
