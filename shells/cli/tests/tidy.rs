//! Conventions, checked: every Rust file opens with a `//!` module doc,
//! every path `ARCHITECTURE.md` names in backticks exists and so does
//! every item of code it names, no crate
//! depends on a higher floor, a game is named only where it is registered,
//! no shell reads a game's settings by key,
//! no file of any crate names a file that names it back (module folders
//! followed), and the files of `shells/server` stay short.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | "node_modules" | ".git")
                && !name.starts_with('.')
            {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_has_a_module_doc() {
    let root = root();
    let mut files = Vec::new();
    for top in ["foundation", "games", "shells"] {
        rust_files(&root.join(top), &mut files);
    }
    assert!(files.len() > 5, "found too few Rust files: {files:?}");
    let missing: Vec<_> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            !text
                .lines()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|l| l.starts_with("//!"))
        })
        .map(|f| f.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "files without a leading //! doc: {missing:?}"
    );
}

#[test]
fn architecture_names_only_paths_that_exist() {
    let root = root();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut checked = 0;
    for (i, chunk) in text.split('`').enumerate() {
        // Odd chunks are inside backticks; keep the ones that look like paths.
        let looks_like_path = chunk.contains('/')
            && !chunk.contains(' ')
            && !chunk.starts_with("..")
            && !chunk.contains('*')
            && !chunk.contains("::");
        if i % 2 == 1 && looks_like_path {
            let path = chunk.trim_end_matches('/');
            assert!(
                root.join(path).exists(),
                "ARCHITECTURE.md names {path}, which does not exist"
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 5,
        "expected ARCHITECTURE.md to name paths; checked {checked}"
    );
}

/// The crates of one floor (`foundation`, `games`, `shells`): package name
/// and the names of the workspace crates it depends on (normal, dev and
/// build dependencies alike).
fn floor(root: &Path, name: &str) -> Vec<(String, Vec<String>)> {
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(root.join(name)).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let package = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap()
            .to_string();
        let deps = text
            .lines()
            .filter_map(|l| l.split(['.', ' ']).next())
            .filter(|l| l.starts_with("stackyard") && *l != package)
            .map(str::to_string)
            .collect();
        crates.push((package, deps));
    }
    crates
}

#[test]
fn no_crate_depends_on_a_higher_floor() {
    let root = root();
    let floors = ["foundation", "games", "shells"];
    let names: Vec<Vec<String>> = floors
        .iter()
        .map(|f| floor(&root, f).into_iter().map(|(n, _)| n).collect())
        .collect();
    assert!(names.iter().all(|n| !n.is_empty()), "{names:?}");
    for (level, f) in floors.iter().enumerate() {
        for (package, deps) in floor(&root, f) {
            for dep in deps {
                let dep_level = names.iter().position(|n| n.contains(&dep));
                assert!(
                    dep_level.is_some_and(|l| l <= level),
                    "{package} ({f}) depends on {dep}, which is on a higher floor or unknown"
                );
                // Within the games floor only the registry lists siblings.
                if *f == "games" && dep_level == Some(level) {
                    assert_eq!(package, "stackyard-registry", "{package} depends on {dep}");
                }
            }
        }
    }
}

/// Every file the repository holds (tracked or new), from the root.
fn repository_files(root: &Path) -> Vec<String> {
    let out = std::process::Command::new("git")
        .args(["ls-files", "--cached", "--others", "--exclude-standard"])
        .current_dir(root)
        .output()
        .expect("git runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A file's code: comments (documentation) and Rust test modules left out,
/// and in a manifest the dev-dependencies (for tests).
fn code_of(path: &str, text: &str) -> String {
    let text = if path.ends_with(".rs") {
        text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text)
    } else if path.ends_with("Cargo.toml") {
        text.split("[dev-dependencies]").next().unwrap_or(text)
    } else {
        text
    };
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with("//")
                || t.starts_with("/*")
                || t.starts_with('*')
                || t.starts_with('#'))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `code` names the game `name`: its name as a string (not an
/// object key), its crate, a module path ending in it, or a `mod` of it.
fn names_game(code: &str, name: &str) -> Option<String> {
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find(name).map(|i| i + from) {
        from = i + name.len();
        let before = if i > 0 { bytes[i - 1] } else { b' ' };
        let after = bytes.get(from).copied().unwrap_or(b' ');
        let after2 = code[from..]
            .trim_start_matches(['"', '\'', '`'])
            .chars()
            .next();
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        if word(after) && after != b'.' {
            continue;
        }
        let quoted = matches!(before, b'"' | b'\'' | b'`') && matches!(after, b'"' | b'\'' | b'`');
        let crate_name = code[..i].ends_with("stackyard_") || code[..i].ends_with("stackyard-");
        let path =
            before == b'/' && (matches!(after, b'"' | b'\'') || code[from..].starts_with(".ts"));
        let module = code[..i].ends_with("mod ") && after == b';';
        if (quoted && after2 != Some(':')) || crate_name || path || module {
            let line = code[..i].rfind('\n').map_or(0, |n| n + 1);
            let end = code[i..].find('\n').map_or(code.len(), |n| i + n);
            return Some(code[line..end].trim().to_string());
        }
    }
    None
}

#[test]
fn a_game_is_named_in_one_place() {
    // For each registered game, every file outside its own that names it
    // (documentation, comments, tests and generated files aside): only
    // where it is registered. Its own: its crate, its web module
    // (`web/src/games/` but the shared files, its `words` and `wire`
    // files), its command-line extras (`shells/cli/src/extras/<game>*`) and
    // its terminal screens (`shells/tui/src/<game>*`).
    // Registered: the registry's line (and the workspace manifests that
    // make its crate a dependency there and for the extras), the web's
    // registration and the command line's extras list.
    let root = root();
    let registered = [
        "games/registry/src/lib.rs",
        "web/src/games/registry.ts",
        "shells/cli/src/extras.rs",
        "Cargo.toml",
        "games/registry/Cargo.toml",
        "shells/cli/Cargo.toml",
        // The terminal client's list of its games, and its manifest.
        "shells/tui/src/games.rs",
        "shells/tui/Cargo.toml",
    ];
    let shared_web = ["registry.ts", "types.ts", "generic.ts", "pictures.ts"];
    let files = repository_files(&root);
    assert!(files.len() > 100, "git listed too few files");
    let games = stackyard_registry::registry().names();
    assert!(games.len() >= 3);
    let mut found = Vec::new();
    for path in &files {
        let code_file = [
            ".rs", ".ts", ".toml", ".mjs", ".js", ".json", ".html", ".sh",
        ]
        .iter()
        .any(|e| path.ends_with(e))
            || path.starts_with("scripts/");
        let aside = path.ends_with(".md")
            || path.starts_with("docs/")
            || path.contains("/generated/")
            || path.contains("/tests/")
            || path.ends_with("_tests.rs")
            || path.starts_with("web/tests/")
            || path.starts_with("web/unit/")
            || path.starts_with("fuzz/")
            || path.ends_with(".lock")
            || path.ends_with("package.json")
            || path.ends_with("package-lock.json");
        if !code_file || aside || registered.contains(&path.as_str()) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(root.join(path)) else {
            continue;
        };
        let code = code_of(path, &text);
        let file = path.rsplit('/').next().unwrap_or(path);
        for game in &games {
            let own = path.starts_with(&format!("games/{game}/"))
                || (path.starts_with("shells/cli/src/extras/") && file.starts_with(game))
                || (path.starts_with("shells/tui/src/") && file.starts_with(game))
                || (path.starts_with("web/src/games/") && !shared_web.contains(&file))
                || *path == format!("web/src/words/{game}.ts")
                || *path == format!("web/src/wire/{game}.ts");
            if own {
                continue;
            }
            if let Some(line) = names_game(&code, game) {
                found.push(format!("{path} names {game}: {line}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a game is named outside its own files and its registration:\n{}",
        found.join("\n")
    );
}

/// Every key of a game's settings that is a word of its own (one with an
/// underscore: `settle_cap_s`, `physics.sim.step_hz`'s `step_hz`; plain
/// words like `players` are every shell's vocabulary), at any depth.
fn settings_keys(value: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                if key.contains('_') {
                    out.insert(key.clone());
                }
                settings_keys(inner, out);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| settings_keys(v, out)),
        _ => {}
    }
}

/// Where `code` reads the setting `key`: as a quoted string (`"key"`,
/// `'key'`, a JSON index), or in TypeScript as a property (`.key`).
fn reads_key(code: &str, key: &str, typescript: bool) -> Option<String> {
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find(key).map(|i| i + from) {
        from = i + key.len();
        let before = if i > 0 { bytes[i - 1] } else { b' ' };
        let after = bytes.get(from).copied().unwrap_or(b' ');
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let quoted = matches!(before, b'"' | b'\'') && before == after;
        let property = typescript && before == b'.' && !word(after);
        if quoted || property {
            let line = code[..i].rfind('\n').map_or(0, |n| n + 1);
            let end = code[i..].find('\n').map_or(code.len(), |n| i + n);
            return Some(code[line..end].trim().to_string());
        }
    }
    None
}

#[test]
fn no_shell_reads_a_games_settings_by_key() {
    // Issue #43: what a host needs of a game's settings (a physics game's
    // online cost) comes from the game's crate through `Listed`; a shell
    // that reads `settle_cap_s` itself knows the game's settings. The
    // game's own files (its crate, its web module, its command-line extras
    // and terminal screens) are where its settings are read.
    let root = root();
    let registry = stackyard_registry::registry();
    let mut keys = std::collections::BTreeSet::new();
    for kind in registry.kinds() {
        settings_keys(&kind.default_settings(), &mut keys);
    }
    assert!(
        keys.contains("settle_cap_s"),
        "the settings' keys were not read: {keys:?}"
    );
    let shared_web = ["registry.ts", "types.ts", "generic.ts", "pictures.ts"];
    let mut found = Vec::new();
    for path in repository_files(&root) {
        let file = path.rsplit('/').next().unwrap_or(&path);
        let shell_rust = path.starts_with("shells/")
            && path.contains("/src/")
            && path.ends_with(".rs")
            && !path.ends_with("_tests.rs")
            && !path.starts_with("shells/cli/src/extras/")
            && !path.starts_with("shells/tui/src/games/");
        let shell_web = path.starts_with("web/src/")
            && path.ends_with(".ts")
            && !path.contains("/generated/")
            && (!path.starts_with("web/src/games/") || shared_web.contains(&file))
            && !path.starts_with("web/src/wire/")
            && !path.starts_with("web/src/words/");
        if !(shell_rust || shell_web) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(root.join(&path)) else {
            continue;
        };
        let code = code_of(&path, &text);
        for key in &keys {
            if let Some(line) = reads_key(&code, key, shell_web) {
                found.push(format!("{path} reads {key}: {line}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a shell reads a game's settings by key (ask the game through Listed):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_settings_key_check_sees_a_read_and_not_a_mention() {
    assert!(reads_key(r#"settings.get("settle_cap_s")"#, "settle_cap_s", false).is_some());
    assert!(reads_key(r#"sim["step_hz"].as_f64()"#, "step_hz", false).is_some());
    assert!(
        reads_key(
            "const cap = view.settings.settle_cap_s;",
            "settle_cap_s",
            true
        )
        .is_some()
    );
    // A field of the host's own type, and a sentence naming it.
    assert!(reads_key("cost.step_hz.value", "step_hz", false).is_none());
    assert!(reads_key(r#""step_hz × substeps""#, "step_hz", false).is_none());
}

/// Files of `shells/server` still over the length cap, each to be split
/// (issue #26): the list may only shrink.
const SERVER_LONG_FILES: &[&str] = &[];
/// About how long a file of `shells/server` may be.
const SERVER_FILE_LINES: usize = 600;

/// One module of a crate, which is one file: its path from the crate's
/// top (`tables::core`; `""` for `lib.rs` or `main.rs`), the file from the
/// repository's root, and its code (comments and test code left out).
struct Module {
    path: String,
    file: String,
    code: String,
}

/// `text` without its `//` comment lines and without the items behind
/// `#[cfg(test)]` (a `mod tests { ... }` block, a `mod core_tests;` line):
/// tests may reach anywhere.
fn without_tests(text: &str) -> String {
    let mut code: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    while let Some(at) = code.find("#[cfg(test)]") {
        let bytes = code.as_bytes();
        let (mut end, mut depth) = (at, 0usize);
        while end < bytes.len() {
            match bytes[end] {
                b';' if depth == 0 => break,
                b'{' => depth += 1,
                b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            end += 1;
        }
        code.replace_range(at..(end + 1).min(code.len()), "");
    }
    code
}

/// The modules (files) of the crate whose sources are in `src` (from the
/// repository's root). A library's `main.rs` is a crate of its own that
/// uses the library by name, so it is left out.
fn crate_modules(root: &Path, src: &str) -> Vec<Module> {
    let dir = root.join(src);
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    files.sort();
    let has_lib = dir.join("lib.rs").exists();
    files
        .into_iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(&dir).unwrap().with_extension("");
            let rel = rel.to_string_lossy().into_owned();
            if (has_lib && rel == "main") || rel.starts_with("bin/") {
                return None;
            }
            let module = if rel == "lib" || rel == "main" {
                String::new()
            } else {
                rel.trim_end_matches("/mod").replace('/', "::")
            };
            let text = std::fs::read_to_string(&path).unwrap();
            Some(Module {
                path: module,
                file: path.strip_prefix(root).unwrap().display().to_string(),
                code: without_tests(&text),
            })
        })
        .collect()
}

/// The parent of module `me` (`""` above the top).
fn parent_of(me: &str) -> &str {
    me.rsplit_once("::").map_or("", |(p, _)| p)
}

/// Module `name` inside module `base`.
fn child_of(base: &str, name: &str) -> String {
    if base.is_empty() {
        name.to_string()
    } else {
        format!("{base}::{name}")
    }
}

/// A `use` tree (`a::{b, c::d as e, self}`) as its paths, each with the
/// name it is used under.
fn use_paths(tree: &str) -> Vec<(Vec<String>, String)> {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let prefix: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let (mut depth, mut from, mut pieces) = (0, 0, Vec::new());
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    pieces.push(&inner[from..i]);
                    from = i + 1;
                }
                _ => {}
            }
        }
        pieces.push(&inner[from..]);
        let mut out = Vec::new();
        for piece in pieces.into_iter().filter(|p| !p.trim().is_empty()) {
            for (rest, name) in use_paths(piece) {
                let mut path = prefix.clone();
                path.extend(rest);
                out.push((path, name));
            }
        }
        return out;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p, Some(a.trim().to_string())),
        None => (tree, None),
    };
    let mut segments: Vec<String> = path
        .split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    if segments.last().is_some_and(|s| s == "self") {
        segments.pop();
    }
    let name = alias.unwrap_or_else(|| segments.last().cloned().unwrap_or_default());
    vec![(segments, name)]
}

/// A name a module brings in with `use`: the module, the name, and the
/// path from the crate's top it stands for.
struct Import {
    module: String,
    name: String,
    path: Vec<String>,
}

/// The `use` statements of `code` (each tree, and whether it is public),
/// and the code without them.
fn split_uses(code: &str) -> (Vec<(String, bool)>, String) {
    let mut uses = Vec::new();
    let mut rest = String::with_capacity(code.len());
    let mut from = 0;
    let mut search = 0;
    while let Some(at) = code[search..].find("use ").map(|n| n + search) {
        search = at + 4;
        let before = code[..at].trim_end();
        let word_start = code[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        // A statement: after `;`, a brace, an attribute or a visibility.
        let statement = before.is_empty()
            || before.ends_with([';', '{', '}', ']'])
            || before.ends_with("pub")
            || (before.ends_with(')')
                && before
                    .rsplit_once("pub(")
                    .is_some_and(|(_, v)| !v.contains(' ') || v.starts_with("in ")));
        if !word_start || !statement {
            continue;
        }
        let public = before.ends_with("pub") || before.ends_with(')');
        let end = code[at..].find(';').map_or(code.len(), |n| at + n);
        uses.push((code[at + 4..end].to_string(), public));
        rest.push_str(&code[from..at]);
        from = (end + 1).min(code.len());
        search = from;
    }
    rest.push_str(&code[from..]);
    (uses, rest)
}

/// A path used in module `me` as a path from the crate's top: one that
/// starts with `crate`, `super`, `self`, a child module of `me` or (given
/// `imports`) a name `me` brings in with `use`; `None` for another
/// crate's path or a name of `me`'s own.
fn absolute(
    me: &str,
    path: &[String],
    modules: &[String],
    imports: &[Import],
) -> Option<Vec<String>> {
    let first = path.first()?.as_str();
    let mut base = me.to_string();
    let mut skip = 0;
    match first {
        "crate" => {
            base.clear();
            skip = 1;
        }
        "self" => skip = 1,
        "super" => {
            while path.get(skip).is_some_and(|s| s == "super") {
                base = parent_of(&base).to_string();
                skip += 1;
            }
        }
        _ if modules.contains(&child_of(me, first)) => {}
        _ => {
            let import = imports.iter().find(|i| i.module == me && i.name == first)?;
            let mut full = import.path.clone();
            full.extend(path[1..].iter().cloned());
            return Some(full);
        }
    }
    let mut full: Vec<String> = base
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    full.extend(path[skip..].iter().cloned());
    Some(full)
}

/// The `use` imports of every module, each path from the crate's top;
/// and a `#[macro_export]` macro, which stands at the crate's top, as
/// the top's import of it from its file.
fn imports_of(modules: &[Module]) -> Vec<Import> {
    let names: Vec<String> = modules.iter().map(|m| m.path.clone()).collect();
    let mut out = Vec::new();
    for m in modules {
        for (at, _) in m.code.match_indices("#[macro_export]") {
            let Some(name) = m.code[at + "#[macro_export]".len()..]
                .trim_start()
                .strip_prefix("macro_rules!")
                .and_then(|r| {
                    r.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .find(|w| !w.is_empty())
                })
            else {
                continue;
            };
            let mut path: Vec<String> = m
                .path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            path.push(name.to_string());
            out.push(Import {
                module: String::new(),
                name: name.to_string(),
                path,
            });
        }
        for (tree, _) in split_uses(&m.code).0 {
            for (path, name) in use_paths(&tree) {
                if let Some(full) = absolute(&m.path, &path, &names, &[]) {
                    out.push(Import {
                        module: m.path.clone(),
                        name,
                        path: full,
                    });
                }
            }
        }
    }
    out
}

/// The module (file) that defines what the crate path `path` names: the
/// longest module path that exists, followed through the `use` imports
/// of that module (re-exports or not) to the file the item is written
/// in; with whether `path` names an item there (not a module itself).
fn defining_module(
    path: &[String],
    modules: &[String],
    imports: &[Import],
) -> Option<(String, bool)> {
    let mut path = path.to_vec();
    for _ in 0..16 {
        let mut n = path.len();
        while n > 0 && !modules.contains(&path[..n].join("::")) {
            n -= 1;
        }
        let module = path[..n].join("::");
        let Some(item) = path.get(n) else {
            return Some((module, false));
        };
        match imports
            .iter()
            .find(|i| i.module == module && i.name == *item && i.path != path[..=n])
        {
            Some(i) => {
                let mut next = i.path.clone();
                next.extend(path[n + 1..].iter().cloned());
                path = next;
            }
            None => return Some((module, true)),
        }
    }
    None
}

/// Whether `name` stands in `code` as a whole word.
fn has_word(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name).any(|(i, _)| {
        !code[..i].chars().next_back().is_some_and(ident)
            && !code[i + name.len()..].chars().next().is_some_and(ident)
    })
}

/// The arrows out of module `me`: each module (file) whose items `me`
/// uses, with a path that shows it. An arrow is a use of an item, resolved
/// to the file that defines it: a `use` of it, or a path to it (`crate::`,
/// `super::`, `self::`, a child module's name, or a name brought in).
/// Declaring a child (`mod writer;`) is no arrow; re-exporting a child's
/// item (`pub use writer::Writer;`) is none either unless the module uses
/// the name itself; a child's `use super::X` is an arrow to the parent's
/// file only if `X` is written there, not re-exported from a sibling.
fn arrows(me: &Module, modules: &[String], imports: &[Import]) -> Vec<(String, String)> {
    let (uses, code) = split_uses(&me.code);
    let mut out = Vec::new();
    let point = |path: &[String], shown: String, out: &mut Vec<(String, String)>| {
        if let Some((module, true)) = defining_module(path, modules, imports)
            && module != me.path
        {
            out.push((module, shown));
        }
    };
    for (tree, public) in uses {
        for (path, name) in use_paths(&tree) {
            if public && !has_word(&code, &name) {
                continue;
            }
            if let Some(full) = absolute(&me.path, &path, modules, &[]) {
                point(&full, format!("use {}", path.join("::")), &mut out);
            }
        }
    }
    let bytes = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while let Some(at) = code[i..].find("::").map(|n| n + i) {
        i = at + 2;
        // The start of the path this `::` is in.
        let mut start = at;
        while start > 0 && (ident(bytes[start - 1]) || bytes[start - 1] == b':') {
            start -= 1;
        }
        // `$crate::` is a macro's crate; only a path's first `::` counts.
        if (start > 0 && bytes[start - 1] == b'$') || code[start..at].contains("::") {
            continue;
        }
        // The path, its `{...}` groups included.
        let (mut end, mut depth) = (at + 2, 0);
        while end < bytes.len() {
            let c = bytes[end];
            if c == b'{' {
                depth += 1;
            } else if c == b'}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && !(ident(c) || c == b':') {
                break;
            }
            end += 1;
            if depth == 0 && c == b'}' {
                break;
            }
        }
        for (path, _) in use_paths(&code[start..end]) {
            if let Some(full) = absolute(&me.path, &path, modules, imports) {
                point(&full, path.join("::"), &mut out);
            }
        }
        i = end.max(i);
    }
    out.sort();
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// The file cycles of a crate: each group of files that reach each other
/// through arrows (a strongly connected set of two or more), as the
/// arrows inside it (`a.rs → b.rs (path)`).
fn file_cycles(modules: &[Module]) -> Vec<Vec<String>> {
    let names: Vec<String> = modules.iter().map(|m| m.path.clone()).collect();
    let imports = imports_of(modules);
    let edges: Vec<Vec<(usize, String)>> = modules
        .iter()
        .map(|m| {
            arrows(m, &names, &imports)
                .into_iter()
                .filter_map(|(to, shown)| Some((names.iter().position(|n| *n == to)?, shown)))
                .collect()
        })
        .collect();
    // Which modules each reaches (a few dozen files: a search from each).
    let reach: Vec<Vec<bool>> = (0..modules.len())
        .map(|from| {
            let mut seen = vec![false; modules.len()];
            let mut stack = vec![from];
            while let Some(m) = stack.pop() {
                for (n, _) in &edges[m] {
                    if !seen[*n] {
                        seen[*n] = true;
                        stack.push(*n);
                    }
                }
            }
            seen
        })
        .collect();
    let mut placed = vec![false; modules.len()];
    let mut cycles = Vec::new();
    for a in 0..modules.len() {
        if placed[a] || !reach[a][a] {
            continue;
        }
        let group: Vec<usize> = (0..modules.len())
            .filter(|&b| reach[a][b] && reach[b][a])
            .collect();
        let mut shown = Vec::new();
        for &m in &group {
            placed[m] = true;
            for (n, path) in &edges[m] {
                if group.contains(n) {
                    shown.push(format!(
                        "{} → {} ({path})",
                        modules[m].file, modules[*n].file
                    ));
                }
            }
        }
        cycles.push(shown);
    }
    cycles
}

/// Every crate's source folder (`shells/server/src`), from the root.
fn crate_sources(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for floor in ["foundation", "games", "shells"] {
        for entry in std::fs::read_dir(root.join(floor)).unwrap() {
            let path = entry.unwrap().path();
            if path.join("Cargo.toml").exists() && path.join("src").is_dir() {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                out.push(format!("{floor}/{name}/src"));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn no_crate_has_a_file_cycle() {
    // A file names no file that names it back, through any chain, in any
    // crate: concepts stack, and each shared type is imported from the
    // file that defines it (issue #26).
    let root = root();
    let sources = crate_sources(&root);
    assert!(sources.len() >= 10, "found too few crates: {sources:?}");
    let mut found = Vec::new();
    for src in &sources {
        let modules = crate_modules(&root, src);
        for cycle in file_cycles(&modules) {
            found.push(format!("{src}:\n  {}", cycle.join("\n  ")));
        }
    }
    assert!(
        found.is_empty(),
        "files in a cycle of references (cut each by moving what both use to the file of its concept):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_cycle_check_follows_module_folders() {
    // The check sees a cycle through a `mod.rs` and its children, and
    // through `foo.rs` and `foo/`, and only a real one.
    let module = |path: &str, code: &str| Module {
        path: path.to_string(),
        file: format!("{}.rs", if path.is_empty() { "lib" } else { path }),
        code: without_tests(code),
    };
    // A parent that uses its child, and a child that uses the parent's own type.
    let cycle = [
        module("", "mod store;"),
        module(
            "store",
            "mod writer;\nuse writer::Writer;\npub struct Store;\nfn f(_: Writer) {}",
        ),
        module(
            "store::writer",
            "use super::Store;\npub struct Writer(Store);",
        ),
    ];
    let found = file_cycles(&cycle);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .iter()
            .any(|a| a.starts_with("store.rs → store::writer.rs")),
        "{found:?}"
    );
    assert!(
        found[0]
            .iter()
            .any(|a| a.starts_with("store::writer.rs → store.rs")),
        "{found:?}"
    );
    // The same through a path in the code, not a `use`.
    let cycle = [
        module(
            "tables",
            "mod hub;\npub struct Command;\nfn f() { hub::Hub::run(); }",
        ),
        module(
            "tables::hub",
            "pub struct Hub;\nfn g(_: crate::tables::Command) {}",
        ),
    ];
    assert_eq!(file_cycles(&cycle).len(), 1);
    // A parent that only declares and re-exports its children, children
    // that use each other's types through the parent's re-export, and
    // test code that reaches back: no cycle.
    let fine = [
        module(
            "",
            "mod store;\nuse store::Store;\nfn main() { Store::open(); }",
        ),
        module(
            "store",
            "mod rows;\nmod writer;\npub use rows::Row;\npub use writer::Store;\n#[cfg(test)]\nmod tests {\n    use super::writer::Store;\n}",
        ),
        module("store::rows", "pub struct Row;"),
        module(
            "store::writer",
            "use super::Row;\npub struct Store(Row);\n#[cfg(test)]\nmod tests { use crate::Store; }",
        ),
    ];
    assert_eq!(file_cycles(&fine), Vec::<Vec<String>>::new());
    // A `#[macro_export]` macro stands at the crate's top but is written
    // in its own file: using it names that file, not the top.
    let fine = [
        module("", "mod io;\nmod games;\nfn main() { games::run(); }"),
        module(
            "io",
            "#[macro_export]\nmacro_rules! outln { () => {} }\npub fn out() {}",
        ),
        module("games", "use crate::outln;\npub fn run() { outln!(); }"),
    ];
    assert_eq!(file_cycles(&fine), Vec::<Vec<String>>::new());
    // A parent that uses a name it re-exports is using its child.
    let cycle = [
        module(
            "store",
            "mod writer;\npub use writer::Writer;\npub struct Store;\nfn f(_: Writer) {}",
        ),
        module("store::writer", "pub struct Writer(super::Store);"),
    ];
    assert_eq!(file_cycles(&cycle).len(), 1);
}

#[test]
fn the_server_has_no_long_file() {
    let src = root().join("shells/server/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 20, "found too few server files");
    let mut long = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let lines = std::fs::read_to_string(&path).unwrap().lines().count();
        if lines > SERVER_FILE_LINES && !SERVER_LONG_FILES.contains(&rel.as_str()) {
            long.push(format!("{rel} ({lines} lines)"));
        }
    }
    assert!(
        long.is_empty(),
        "shells/server files over {SERVER_FILE_LINES} lines (one concept a file): {long:?}"
    );
}

/// The words of `text` that could be names in code: runs of letters,
/// digits and underscores.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

/// Every name the workspace's Rust and TypeScript sources use, and the
/// names they define: an item after `fn`, `const`, `struct`, `enum`,
/// `trait`, `mod`, `type`, `static`, `interface`, `class` or `function`,
/// a line's first word followed by `(`, `{` or `,` (an enum's variant),
/// or by `: ` after an optional `pub` (a field).
fn code_names(
    root: &Path,
) -> (
    std::collections::HashSet<String>,
    std::collections::HashSet<String>,
) {
    let mut files = Vec::new();
    for top in ["foundation", "games", "shells"] {
        rust_files(&root.join(top), &mut files);
    }
    let mut web = vec![root.join("web/src")];
    while let Some(dir) = web.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                web.push(path);
            } else if path.extension().is_some_and(|e| e == "ts") {
                files.push(path);
            }
        }
    }
    let mut used = std::collections::HashSet::new();
    let mut defined = std::collections::HashSet::new();
    const KEYWORDS: [&str; 11] = [
        "fn",
        "const",
        "struct",
        "enum",
        "trait",
        "mod",
        "type",
        "static",
        "interface",
        "class",
        "function",
    ];
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines() {
            let mut prev = "";
            for w in words(line) {
                used.insert(w.to_string());
                if KEYWORDS.contains(&prev) {
                    defined.insert(w.to_string());
                }
                prev = w;
            }
            let trimmed = line.trim_start();
            let field = trimmed.strip_prefix("pub ").unwrap_or(trimmed);
            if let Some(first) = words(field).next()
                && field.starts_with(first)
                && field[first.len()..].starts_with(": ")
            {
                defined.insert(first.to_string());
            }
            if let Some(first) = words(trimmed).next()
                && trimmed.starts_with(first)
                && trimmed[first.len()..].starts_with(['(', '{', ',', ' '])
                && first.starts_with(|c: char| c.is_ascii_uppercase())
            {
                defined.insert(first.to_string());
            }
        }
    }
    (used, defined)
}

/// Crates from crates.io (in `Cargo.lock`, not ours), as Rust names them.
fn outside_crates(root: &Path) -> std::collections::HashSet<String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap();
    lock.lines()
        .filter_map(|l| l.strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|n| !n.starts_with("stackyard"))
        .map(|n| n.replace('-', "_"))
        .collect()
}

/// Beyond its paths, what `ARCHITECTURE.md` says of the code by name is
/// checked (issue #43: of ten claims sampled, six were stale): every
/// `Type::item` it names in backticks is an item the sources define under
/// a type, module or crate they define, and every other name of code
/// (`snake_case` with an underscore, or `CamelCase`) is one they use.
#[test]
fn architecture_names_only_code_that_exists() {
    let root = root();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let (used, defined) = code_names(&root);
    let outside = outside_crates(&root);
    let mut stale = Vec::new();
    let mut checked = 0;
    for chunk in text.split('`').skip(1).step_by(2) {
        // A call's arguments are not names: `Driver::act(seat, action, now)`.
        let name = chunk.split('(').next().unwrap_or("");
        if name.contains([
            '/', '.', ' ', '<', '*', '-', '=', '"', '\'', '#', '&', '[', '{',
        ]) {
            continue;
        }
        let segments: Vec<&str> = name.split("::").filter(|s| !s.is_empty()).collect();
        if segments.len() >= 2 {
            let (first, last) = (segments[0], segments[segments.len() - 1]);
            if outside.contains(first) || matches!(first, "crate" | "super" | "self" | "std") {
                continue;
            }
            let owner = defined.contains(first) || first.starts_with("stackyard_");
            if !owner || !defined.contains(last) {
                stale.push(chunk.to_string());
            }
            checked += 1;
        } else if let [word] = segments[..] {
            let camel = word.starts_with(|c: char| c.is_ascii_uppercase())
                && word.chars().skip(1).any(|c| c.is_ascii_lowercase())
                && word.chars().skip(1).any(|c| c.is_ascii_uppercase());
            let snake = word.contains('_')
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit());
            if camel || snake {
                if !used.contains(word) {
                    stale.push(chunk.to_string());
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 50,
        "expected ARCHITECTURE.md to name code; checked {checked}"
    );
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md names code that is not there: {stale:?}"
    );
}
