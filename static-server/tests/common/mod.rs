//! Test helpers: a throwaway dist directory and database per test, and requests through the
//! real router with `oneshot` (zero2prod's `spawn_app`, without the socket).

#![allow(dead_code)] // each test binary uses a different subset

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Request, StatusCode};
use static_server::{Config, Site, app};
use tower::ServiceExt;

/// A directory removed when dropped.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(label: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
        let path = std::env::temp_dir().join(format!(
            "static-server-{label}-{}-{}-{nanos}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).expect("create temp dir");
        TempDir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The app shell: long enough that compression pays.
pub fn index_html() -> String {
    let mut html = String::from(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"UTF-8\">\n\
         <title>Bus and launch tickets</title>\n\
         <script type=\"module\" crossorigin src=\"/assets/app-abc123.js\"></script>\n</head>\n<body>\n",
    );
    for i in 0..40 {
        html.push_str(&format!("<noscript>Please enable JavaScript to buy tickets ({i}).</noscript>\n"));
    }
    html.push_str("<div id=\"root\"></div>\n</body>\n</html>\n");
    html
}

/// A hashed asset as Vite emits it.
pub fn app_js() -> String {
    (0..200).map(|i| format!("export function route{i}(path) {{ return path.startsWith('/bus/{i}'); }}\n")).collect()
}

/// Not valid WebAssembly, but its bytes and its path are what matter to a static server.
pub fn core_wasm() -> Vec<u8> {
    let mut bytes = b"\0asm\x01\0\0\0".to_vec();
    bytes.extend((0..4096u32).map(|i| (i % 7) as u8));
    bytes
}

/// A dist directory with index.html, a hashed JS asset, a wasm file and a public file.
pub fn make_dist(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).expect("assets dir");
    std::fs::write(dir.join("index.html"), index_html()).expect("index");
    std::fs::write(dir.join("assets/app-abc123.js"), app_js()).expect("js");
    std::fs::write(dir.join("assets/core_bg-9f8e7d.wasm"), core_wasm()).expect("wasm");
    std::fs::write(dir.join("robots.txt"), "User-agent: *\nAllow: /\n").expect("robots");
    std::fs::write(dir.join("staff.html"), "<!doctype html><title>Back office</title><div id=\"root\"></div>")
        .expect("staff");
}

/// One test's world: its dist directory and database file.
#[derive(Debug)]
pub struct World {
    pub dir: TempDir,
}

impl World {
    pub fn new(label: &str) -> World {
        let dir = TempDir::new(label);
        make_dist(&dir.path().join("dist"));
        World { dir }
    }

    pub fn dist(&self) -> PathBuf {
        self.dir.path().join("dist")
    }

    /// In a directory that does not exist yet: the server must create it.
    pub fn database_url(&self) -> String {
        format!("sqlite://{}", self.dir.path().join("data/tickets.db").display())
    }

    /// Settings for this world plus `extra` (which wins).
    pub fn config(&self, extra: &[(&str, &str)]) -> Config {
        let mut vars: HashMap<String, String> = HashMap::new();
        vars.insert("DIST_DIR".into(), self.dist().display().to_string());
        vars.insert("DATABASE_URL".into(), self.database_url());
        for (k, v) in extra {
            vars.insert((*k).into(), (*v).into());
        }
        Config::from_lookup(|name| vars.get(name).cloned()).expect("valid test settings")
    }

    /// The whole app for these settings, as the binary would build it.
    pub async fn app(&self, extra: &[(&str, &str)]) -> (Router, Site) {
        let config = self.config(extra);
        let site = Site::load(&config).await.expect("site loads");
        (app(config, site.clone(), None), site)
    }
}

/// A response, collected.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}): {:?}", String::from_utf8_lossy(&self.body)))
    }
}

pub async fn send(router: &Router, request: Request<Body>) -> Reply {
    let response = router.clone().oneshot(request).await.expect("router is infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("body");
    Reply { status, headers, body }
}

pub async fn get(router: &Router, path: &str, headers: &[(&str, &str)]) -> Reply {
    let mut request = Request::get(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    send(router, request.body(Body::empty()).expect("request")).await
}

pub async fn post_json(router: &Router, path: &str, body: impl Into<Body>) -> Reply {
    let request = Request::post(path).header("content-type", "application/json").body(body.into()).expect("request");
    send(router, request).await
}
