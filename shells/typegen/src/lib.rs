//! The web client's TypeScript wire types, generated from the Rust types so
//! that server and client cannot drift (`web/src/generated/`, one file per
//! crate).
//!
//! [`files`] starts from the roots that go over the wire — each game's
//! `Game` associated types (settings, action, event, view), the core's
//! shared types, and the server's protocol messages and HTTP bodies — and
//! declares every type they reach, each in the file of the crate that
//! defines it, with `import type` lines between files. The rules crates
//! derive `ts_rs::TS` only behind their optional `ts` feature, which only
//! this crate turns on. `u64` and `i64` are declared `number` (see
//! [`config`]): JSON numbers reach the browser as plain numbers.
//!
//! `cargo run -p stackyard-typegen` ([`COMMAND`]) rewrites the files;
//! `tests/generated_types.rs` fails, naming the file and the command, when
//! the checked-in files differ from what the Rust types produce.

use stackyard_core::Listed;
use std::any::type_name;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::Path;
use ts_rs::{Config, Dummy, TS, TypeVisitor};

/// Where the generated files live, from the repository root.
pub const DIR: &str = "web/src/generated";

/// The command that regenerates them.
pub const COMMAND: &str = "cargo run -p stackyard-typegen";

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Path from the repository root, e.g. `web/src/generated/towers.ts`.
    pub path: String,
    /// Its whole text.
    pub text: String,
}

/// How ts-rs renders the types: 64-bit integers as `number`, because the
/// server writes them as JSON numbers and `JSON.parse` reads them as such
/// (every value on this wire is far below 2^53, except a `Seed`, which the
/// client only displays and sends back as given).
pub fn config() -> Config {
    Config::new().with_large_int("number")
}

/// The prefix of every Stackyard crate's Rust name; a type's file is its
/// crate's name without it (`stackyard_towers` → `towers.ts`).
const PREFIX: &str = "stackyard_";

/// Every generated file, in a fixed order.
pub fn files() -> Vec<File> {
    let mut c = Collector::default();
    // The core's shared types (also reached from the games and the server;
    // listed so the core file is complete on its own).
    c.visit::<stackyard_core::Seat>();
    c.visit::<stackyard_core::Seed>();
    c.visit::<stackyard_core::GameTime>();
    c.visit::<stackyard_core::Viewer>();
    c.visit::<stackyard_core::ToAct>();
    c.visit::<stackyard_core::Outcome>();
    c.visit::<stackyard_core::Ending>();
    c.visit::<stackyard_core::frames::Frame>();
    c.visit::<stackyard_core::Record<Dummy, Dummy>>();
    // Each registered game's wire types (settings, action, event, view).
    stackyard_registry::each_game(&mut c);
    c.visit::<stackyard_core::About>();
    // The server's protocol v1: WebSocket messages and HTTP bodies.
    {
        use stackyard_server::protocol;
        c.visit::<protocol::ClientMessage>();
        c.visit::<protocol::ServerMessage>();
        c.visit::<protocol::ClockState>();
        c.visit::<protocol::PastStep>();
        c.visit::<protocol::ErrorKind>();
        c.visit::<protocol::ErrorBody>();
        c.visit::<protocol::CreateTable>();
        c.visit::<protocol::JoinTable>();
        c.visit::<protocol::Joined>();
        c.visit::<protocol::TableSummary>();
        c.visit::<protocol::GameInfo>();
        c.visit::<protocol::RatingEntry>();
        c.visit::<protocol::RecordSummary>();
        c.visit::<protocol::ReplayAnswer>();
        c.visit::<protocol::DailyInfo>();
        c.visit::<protocol::DailyRequest>();
        c.visit::<protocol::DailyStart>();
        c.visit::<protocol::DailyEntry>();
        c.visit::<protocol::DailyBoard>();
        // Accounts (issue #27).
        use stackyard_server::accounts::wire;
        c.visit::<wire::Credentials>();
        c.visit::<wire::AccountCreated>();
        c.visit::<wire::SessionStarted>();
        c.visit::<wire::Me>();
        c.visit::<wire::SessionState>();
        c.visit::<wire::ChangePassword>();
        c.visit::<wire::DeleteAccount>();
        c.visit::<wire::Profile>();
        c.visit::<wire::RatingChange>();
        c.visit::<wire::RecentGame>();
        // Finding an opponent (issue #27).
        use stackyard_server::pairing::wire as pairing;
        c.visit::<pairing::PairingRequest>();
        c.visit::<pairing::PairingStatus>();
        c.visit::<pairing::ChallengeRequest>();
        c.visit::<pairing::Challenge>();
        c.visit::<pairing::Challenges>();
        c.visit::<pairing::PlayerEvent>();
        c.constants
            .insert("server".to_string(), protocol::wire_constants());
    }
    // The rules module's own answers in the browser (`games`, `replay`;
    // each game's questions are declared with the game, above).
    c.visit::<stackyard_wasm::RulesGame>();
    c.visit::<stackyard_wasm::OfflineReplay>();
    // Which games the small module (built without physics) holds, so the
    // browser loads the one module a game needs.
    let lite = stackyard_registry::names_without_physics();
    c.constants
        .entry(module_of(&rust_path::<stackyard_wasm::RulesGame>()))
        .or_default()
        .push(("LITE_GAMES", serde_json::json!(lite)));
    // A step's events in words (`narrate`), each game's own.
    c.visit::<stackyard_core::words::Tell>();
    c.visit::<stackyard_core::words::Line>();
    c.into_files()
}

/// Declares a game's settings, action, event and view, and what they reach.
impl stackyard_registry::EachGame for Collector {
    fn game<G: Listed>(&mut self) {
        G::visit_wire_types(self);
        G::visit_query_types(self);
        let constants = G::wire_constants();
        if !constants.is_empty() {
            self.constants
                .insert(module_of(&rust_path::<G>()), constants);
        }
    }
}

/// A Rust type's path without its generic arguments
/// (`stackyard_core::record::Record`).
fn rust_path<T: ?Sized>() -> String {
    let name = type_name::<T>();
    name.split('<').next().unwrap_or(name).to_string()
}

/// The file a Rust path's type goes to: its crate's name without
/// [`PREFIX`].
fn module_of(path: &str) -> String {
    let krate = path.split("::").next().unwrap_or(path);
    match krate.strip_prefix(PREFIX) {
        Some(module) if !module.is_empty() => module.to_string(),
        _ => panic!(
            "{path} is reached from a wire type but is not in a Stackyard crate \
             (give the field #[ts(type = \"...\")])"
        ),
    }
}

/// A declared type.
struct Decl {
    module: String,
    ident: String,
    text: String,
    /// Rust paths of the declared types it names.
    deps: BTreeSet<String>,
}

/// Walks the types reachable from the roots and declares each once.
struct Collector {
    cfg: Config,
    /// Full type names already walked (generic instances included).
    seen: HashSet<&'static str>,
    /// By Rust path.
    decls: BTreeMap<String, Decl>,
    /// Each game's wire constants (`Listed::wire_constants`), by file.
    constants: BTreeMap<String, Vec<(&'static str, serde_json::Value)>>,
}

impl Default for Collector {
    fn default() -> Self {
        Collector {
            cfg: config(),
            seen: HashSet::new(),
            decls: BTreeMap::new(),
            constants: BTreeMap::new(),
        }
    }
}

/// Collects the Rust paths of the declarable types a type names directly.
struct Direct(BTreeSet<String>);

impl TypeVisitor for Direct {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_some() {
            self.0.insert(rust_path::<T>());
        }
    }
}

impl TypeVisitor for Collector {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(type_name::<T>()) {
            return;
        }
        // Wrappers and primitives (Vec, Option, numbers) are not declared,
        // but what they carry may be.
        if T::output_path().is_some() {
            let path = rust_path::<T>();
            if !self.decls.contains_key(&path) {
                let mut direct = Direct(BTreeSet::new());
                T::visit_dependencies(&mut direct);
                direct.0.remove(&path);
                let mut text = String::new();
                if let Some(docs) = T::docs() {
                    text.push_str(&docs);
                }
                let _ = write!(text, "export {}", T::decl(&self.cfg));
                let decl = Decl {
                    module: module_of(&path),
                    ident: T::ident(&self.cfg),
                    text,
                    deps: direct.0,
                };
                self.decls.insert(path, decl);
            }
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

impl Collector {
    fn into_files(self) -> Vec<File> {
        let mut files = Vec::new();
        let modules: BTreeSet<&str> = self.decls.values().map(|d| d.module.as_str()).collect();
        for module in modules {
            let krate = format!("{PREFIX}{module}");
            let mine: Vec<(&String, &Decl)> = self
                .decls
                .iter()
                .filter(|(_, d)| d.module == module)
                .collect();
            if mine.is_empty() {
                continue;
            }
            // One name per file, so no two Rust types may share one.
            let mut names: BTreeMap<&str, &str> = BTreeMap::new();
            for (path, d) in &mine {
                if let Some(other) = names.insert(&d.ident, path) {
                    panic!(
                        "{other} and {path} are both `{}` in {module}.ts: \
                         rename one with #[ts(rename = \"...\")]",
                        d.ident
                    );
                }
            }
            // Imports: what other files declare, by file then name.
            let mut imports: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
            for (_, d) in &mine {
                for dep in &d.deps {
                    let target = &self.decls[dep];
                    if target.module != module {
                        imports
                            .entry(target.module.as_str())
                            .or_default()
                            .insert(&target.ident);
                    }
                }
            }
            for (from, idents) in &imports {
                for ident in idents {
                    if names.contains_key(ident) {
                        panic!(
                            "{module}.ts declares `{ident}` and imports another `{ident}` from \
                             {from}.ts: rename one with #[ts(rename = \"...\")]"
                        );
                    }
                }
            }
            let mut text = format!(
                "// Generated from the Rust types of the `{}` crate by `{COMMAND}`.\n\
                 // Do not edit: change the Rust types and regenerate; a test\n\
                 // (shells/typegen/tests/generated_types.rs) fails while this file is stale.\n\n",
                krate.replace('_', "-"),
            );
            for (from, idents) in &imports {
                let list: Vec<&str> = idents.iter().copied().collect();
                let _ = writeln!(
                    text,
                    "import type {{ {} }} from './{from}';",
                    list.join(", ")
                );
            }
            if !imports.is_empty() {
                text.push('\n');
            }
            let mut sorted = mine;
            sorted.sort_by(|a, b| a.1.ident.cmp(&b.1.ident));
            for (i, (_, d)) in sorted.iter().enumerate() {
                if i > 0 {
                    text.push('\n');
                }
                text.push_str(&d.text);
                text.push('\n');
            }
            for (name, value) in self.constants.get(module).into_iter().flatten() {
                let _ = write!(text, "\nexport const {name} = {value};\n");
            }
            files.push(File {
                path: format!("{DIR}/{module}.ts"),
                text,
            });
        }
        files
    }
}

/// The differences between the generated files and those under `root`:
/// one sentence per stale, missing or unexpected file.
pub fn stale(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let files = files();
    for f in &files {
        match std::fs::read_to_string(root.join(&f.path)) {
            Ok(text) if text == f.text => {}
            Ok(text) => problems.push(format!(
                "{} is stale: the Rust types it is generated from changed ({})",
                f.path,
                first_difference(&text, &f.text)
            )),
            Err(e) => problems.push(format!("{} cannot be read ({e})", f.path)),
        }
    }
    for extra in unexpected(root, &files) {
        problems.push(format!("{extra} is not generated any more"));
    }
    problems
}

/// Where two texts first differ, as "line N: checked in `...`, generated
/// `...`".
fn first_difference(checked_in: &str, generated: &str) -> String {
    let old: Vec<&str> = checked_in.lines().collect();
    let new: Vec<&str> = generated.lines().collect();
    let n = (0..old.len().max(new.len()))
        .find(|&i| old.get(i) != new.get(i))
        .unwrap_or(old.len());
    fn line<'a>(lines: &[&'a str], n: usize) -> &'a str {
        lines.get(n).map_or("(end of file)", |l| l.trim())
    }
    format!(
        "line {}: checked in `{}`, generated `{}`",
        n + 1,
        line(&old, n),
        line(&new, n)
    )
}

/// Files under [`DIR`] that [`files`] does not produce.
fn unexpected(root: &Path, files: &[File]) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(root.join(DIR)) else {
        return Vec::new();
    };
    let mut extra: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| format!("{DIR}/{}", e.file_name().to_string_lossy()))
        .filter(|p| !files.iter().any(|f| &f.path == p))
        .collect();
    extra.sort();
    extra
}

/// Writes the generated files under `root`, removes files under [`DIR`]
/// that are no longer generated, and answers the paths it changed.
pub fn write(root: &Path) -> std::io::Result<Vec<String>> {
    let files = files();
    std::fs::create_dir_all(root.join(DIR))?;
    let mut changed = Vec::new();
    for f in &files {
        let path = root.join(&f.path);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(f.text.as_str()) {
            std::fs::write(&path, &f.text)?;
            changed.push(f.path.clone());
        }
    }
    for extra in unexpected(root, &files) {
        std::fs::remove_file(root.join(&extra))?;
        changed.push(format!("{extra} (removed)"));
    }
    Ok(changed)
}
