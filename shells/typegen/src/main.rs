//! `cargo run -p stackyard-typegen`: rewrites `web/src/generated/` from the
//! Rust wire types (and removes files there that are no longer generated).

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match stackyard_typegen::write(&root) {
        Ok(changed) if changed.is_empty() => println!("web/src/generated/ is up to date"),
        Ok(changed) => {
            for path in changed {
                println!("wrote {path}");
            }
        }
        Err(e) => {
            eprintln!("stackyard-typegen: {e}");
            std::process::exit(1);
        }
    }
}
