//! Conventions, checked: every Rust file opens with a `//!` module doc,
//! every path `ARCHITECTURE.md` names in backticks exists, and the files of
//! `shells/server` name no file that names them back and stay short.

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
    // files) and its command-line extras (`shells/cli/src/extras/<game>*`).
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

/// Files of `shells/server` still over the length cap, each to be split
/// (issue #26): the list may only shrink.
const SERVER_LONG_FILES: &[&str] = &[];
/// About how long a file of `shells/server` may be.
const SERVER_FILE_LINES: usize = 600;

/// The modules of `shells/server/src`, by path (`tables::core`), with the
/// text of each file up to its test module.
fn server_modules() -> Vec<(String, String)> {
    let src = root().join("shells/server/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(&src).unwrap().with_extension("");
            let module = rel.to_string_lossy().replace('/', "::");
            let module = module.trim_end_matches("::mod").to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (module, code)
        })
        .collect()
}

/// The parent of module `me` (`""` above the top).
fn parent_of(me: &str) -> &str {
    me.rsplit_once("::").map_or("", |(p, _)| p)
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

/// The module a path used in module `me` starts from (`crate`, `super`,
/// `self`, or with `children` a child module of `me`), with what follows
/// it; `None` for another crate's path.
fn anchor(
    me: &str,
    segments: &[String],
    modules: &[String],
    children: bool,
) -> Option<(String, usize)> {
    let child = |base: &str, name: &str| {
        if base.is_empty() || base == "lib" {
            name.to_string()
        } else {
            format!("{base}::{name}")
        }
    };
    let mut base = me.to_string();
    let mut i = 0;
    match segments.first().map(String::as_str) {
        Some("crate") => return Some((String::new(), 1)),
        Some("self") => i = 1,
        Some("super") => {
            while segments.get(i).is_some_and(|s| s == "super") {
                base = parent_of(&base).to_string();
                i += 1;
            }
        }
        Some(first) if children && modules.contains(&child(me, first)) => {}
        _ => return None,
    }
    if base == "lib" {
        base.clear();
    }
    Some((base, i))
}

/// A path used in module `me` as a path from the top of the crate
/// (see [`anchor`]).
fn absolute(me: &str, path: &[String], modules: &[String], children: bool) -> Option<Vec<String>> {
    let (base, skip) = anchor(me, path, modules, children)?;
    let mut full: Vec<String> = base
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    full.extend(path[skip..].iter().cloned());
    Some(full)
}

/// The `pub use` re-exports of every module: (module, name) to the path
/// it stands for, from the top of the crate.
fn reexports(modules: &[(String, String)]) -> Vec<((String, String), Vec<String>)> {
    let names: Vec<String> = modules.iter().map(|(m, _)| m.clone()).collect();
    let mut out = Vec::new();
    for (me, code) in modules {
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for statement in code.split(';') {
            let Some(tree) = ["pub use ", "pub(crate) use ", "pub(super) use "]
                .iter()
                .find_map(|p| statement.split_once(p).map(|(_, t)| t))
            else {
                continue;
            };
            for (path, name) in use_paths(tree) {
                let Some(full) = absolute(me, &path, &names, true) else {
                    continue;
                };
                let here = if me == "lib" {
                    String::new()
                } else {
                    me.clone()
                };
                out.push(((here, name), full));
            }
        }
    }
    out
}

/// The module (file) that defines what the crate path `path` names:
/// the longest module path that exists, followed through `pub use`
/// re-exports to the file the item is written in.
fn defining_module(
    path: &[String],
    modules: &[String],
    reexports: &[((String, String), Vec<String>)],
) -> Option<String> {
    let mut path = path.to_vec();
    for _ in 0..16 {
        let mut n = path.len();
        while n > 0 && !modules.contains(&path[..n].join("::")) {
            n -= 1;
        }
        let module = if n == 0 {
            String::new()
        } else {
            path[..n].join("::")
        };
        let Some(item) = path.get(n) else {
            return Some(module);
        };
        match reexports
            .iter()
            .find(|((m, name), _)| *m == module && name == item)
        {
            Some((_, to)) => {
                let mut next = to.clone();
                next.extend(path[n + 1..].iter().cloned());
                path = next;
            }
            None => return Some(module),
        }
    }
    None
}

/// The modules `code` (of module `me`) names through `crate::`,
/// `super::` or `self::`, each resolved to the file that defines the item
/// named (through `pub use` re-exports). A module's own `pub use` lines
/// are not its references: they pass names through. (A parent's paths
/// into its own children, `writer::...` in `store/mod.rs`, are not
/// followed yet: with them, `store`, `pairing` and `accounts` each make a
/// cycle of a `mod.rs` and its children.)
fn references(
    me: &str,
    code: &str,
    modules: &[String],
    reexports: &[((String, String), Vec<String>)],
) -> Vec<String> {
    // Comments name no file; a module's own re-exports pass names through.
    let mut code: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for opening in ["pub use ", "pub(crate) use ", "pub(super) use "] {
        while let Some(at) = code.find(opening) {
            let end = code[at..].find(';').map_or(code.len(), |n| at + n + 1);
            code.replace_range(at..end, "");
        }
    }
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(at) = code[i..].find("::").map(|n| n + i) {
        i = at + 2;
        // The start of the path this `::` is in.
        let mut start = at;
        while start > 0 && {
            let c = bytes[start - 1];
            c.is_ascii_alphanumeric() || c == b'_' || c == b':'
        } {
            start -= 1;
        }
        // `$crate::` is a macro's crate; only a path's first `::` counts.
        if (start > 0 && bytes[start - 1] == b'$') || code[start..at].contains("::") {
            continue;
        }
        // The path, its `{...}` groups included.
        let mut end = at + 2;
        let mut depth = 0;
        while end < bytes.len() {
            let c = bytes[end];
            if c == b'{' {
                depth += 1;
            } else if c == b'}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && !(c.is_ascii_alphanumeric() || c == b'_' || c == b':') {
                break;
            }
            end += 1;
            if depth == 0 && c == b'}' {
                break;
            }
        }
        for (path, _) in use_paths(&code[start..end]) {
            let Some(full) = absolute(me, &path, modules, false) else {
                continue;
            };
            if let Some(module) = defining_module(&full, modules, reexports) {
                out.push(if module.is_empty() {
                    "lib".to_string()
                } else {
                    module
                });
            }
        }
        i = end.max(i);
    }
    out.retain(|m| m != me);
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_server_has_no_file_cycle_and_no_long_file() {
    let modules = server_modules();
    let names: Vec<String> = modules.iter().map(|(m, _)| m.clone()).collect();
    let reexports = reexports(&modules);
    let edges: Vec<(String, Vec<String>)> = modules
        .iter()
        .map(|(m, code)| (m.clone(), references(m, code, &names, &reexports)))
        .collect();
    // A depth-first search for a way back to where it started.
    fn reaches(
        from: &str,
        to: &str,
        edges: &[(String, Vec<String>)],
        seen: &mut Vec<String>,
    ) -> bool {
        let Some((_, next)) = edges.iter().find(|(m, _)| m == from) else {
            return false;
        };
        for n in next {
            if n == to {
                return true;
            }
            if !seen.contains(n) {
                seen.push(n.clone());
                if reaches(n, to, edges, seen) {
                    return true;
                }
            }
        }
        false
    }
    let mut cycles = Vec::new();
    for (m, _) in &edges {
        if reaches(m, m, &edges, &mut Vec::new()) {
            cycles.push(m.clone());
        }
    }
    assert!(
        cycles.is_empty(),
        "shells/server files in a cycle of references: {cycles:?}"
    );
    let src = root().join("shells/server/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
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
