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
        "waiting_room",
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

/// The module a file belongs to for the circle check: `domain`'s parts each on their own (they
/// are features), every other top-level module whole.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    match parts.as_slice() {
        [domain, feature, ..] if domain == "domain" => format!("domain::{feature}"),
        [first, ..] => first.clone(),
        [] => String::new(),
    }
}

/// What a file's code (its tests and comments left out) names through `crate::`.
fn named_modules(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut named = Vec::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or_default();
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            let mut words =
                rest.split("::").map(|w| w.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or(""));
            match (words.next(), words.next()) {
                (Some("domain"), Some(feature)) if !feature.is_empty() => named.push(format!("domain::{feature}")),
                (Some(module), _) if !module.is_empty() => named.push(module.to_owned()),
                _ => {}
            }
        }
    }
    named
}

#[test]
fn no_module_imports_in_a_circle() {
    use std::collections::{BTreeMap, BTreeSet};
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(&src) {
        let from = module_of(&src, &file);
        for to in named_modules(&std::fs::read_to_string(&file).unwrap()) {
            if to != from {
                edges.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    // A circle is a module that reaches itself.
    let reaches = |start: &str| {
        let mut seen = BTreeSet::new();
        let mut next: Vec<String> = edges.get(start).into_iter().flatten().cloned().collect();
        while let Some(module) = next.pop() {
            if seen.insert(module.clone()) {
                next.extend(edges.get(&module).into_iter().flatten().cloned());
            }
        }
        seen
    };
    let circles: Vec<String> = edges
        .keys()
        .filter(|m| reaches(m).contains(*m))
        .map(|m| format!("{m} -> {:?}", edges[m].iter().filter(|n| reaches(n).contains(m)).collect::<Vec<_>>()))
        .collect();
    assert!(circles.is_empty(), "modules that import themselves through others:\n{}", circles.join("\n"));
}
