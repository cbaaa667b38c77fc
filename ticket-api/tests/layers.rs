//! The layers' boundaries (README "Layout"): everything below `http/` (the domain, the store,
//! the claims cache, the waiting room, the settings, the PDF) is called by the handlers and never
//! calls them, so none of it imports `http`.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

/// The Rust files under `path` (itself, if it is one).
fn rust_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_owned()];
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).unwrap() {
        files.extend(rust_files(&entry.unwrap().path()));
    }
    files.retain(|f| f.extension().is_some_and(|e| e == "rs"));
    files
}

#[test]
fn nothing_below_http_imports_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let below = [
        "domain",
        "store",
        "claims",
        "queue",
        "pdf",
        "seed",
        "config.rs",
        "settings.rs",
        "limits.rs",
        "clock.rs",
        "error.rs",
        "language.rs",
    ];
    let mut found = Vec::new();
    for part in below {
        let path = src.join(part);
        assert!(path.exists(), "{} is gone: update this list", path.display());
        for file in rust_files(&path) {
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                if ["crate::http", "super::http", "super::super::http"].iter().any(|p| code.contains(p)) {
                    found.push(format!("{}:{}: {}", file.strip_prefix(&src).unwrap().display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "below http/, these import it:\n{}", found.join("\n"));
}
