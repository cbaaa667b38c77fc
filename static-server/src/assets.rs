//! The built site, held in memory with every representation ready.
//!
//! At start-up every file of the dist directory is read and compressed once (brotli at the highest
//! quality, gzip at the best level). Serving is then a map lookup and a reference-counted clone of
//! bytes: no disk access and no compression CPU per request, which matters on a 2-core machine
//! under load. It also means a request path can never reach the file system (no traversal).

use std::collections::HashMap;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::encoding::{Encoding, negotiate};

/// Vite puts content-hashed files here: a changed file gets a new name, so they never go stale.
const IMMUTABLE_PREFIX: &str = "/assets/";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (index.html above all) must be revalidated, or a deploy would not show.
const NO_CACHE: &str = "no-cache";

/// A file that could not be loaded, or a dist directory that cannot serve the site.
#[derive(Debug)]
pub enum LoadError {
    Read { path: PathBuf, source: std::io::Error },
    NoIndex { dir: PathBuf },
    Compress { path: PathBuf, source: std::io::Error },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            LoadError::NoIndex { dir } => write!(
                f,
                "{} has no index.html: build the app first (make build), or point DIST_DIR at its dist directory",
                dir.display()
            ),
            LoadError::Compress { path, source } => {
                write!(f, "cannot compress {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// One stored representation of a file.
#[derive(Debug, Clone)]
struct Variant {
    body: Bytes,
    etag: HeaderValue,
}

/// A file of the site with its headers and encodings.
#[derive(Debug, Clone)]
pub struct Asset {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    identity: Variant,
    brotli: Option<Variant>,
    gzip: Option<Variant>,
}

impl Asset {
    fn variant(&self, encoding: Encoding) -> &Variant {
        match encoding {
            Encoding::Brotli => self.brotli.as_ref().unwrap_or(&self.identity),
            Encoding::Gzip => self.gzip.as_ref().unwrap_or(&self.identity),
            Encoding::Identity => &self.identity,
        }
    }

    fn etags(&self) -> impl Iterator<Item = &HeaderValue> {
        [Some(&self.identity), self.brotli.as_ref(), self.gzip.as_ref()].into_iter().flatten().map(|v| &v.etag)
    }

    /// The uncompressed bytes.
    pub fn bytes(&self) -> &Bytes {
        &self.identity.body
    }

    /// Answers with the best representation the request accepts, or 304 when the client's copy
    /// (`If-None-Match`) is current. `status` other than 200 (the app's 404 page) carries no ETag
    /// and is never a 304: a validator for an error page would let a cache keep the error.
    pub fn respond(&self, status: StatusCode, request: &HeaderMap) -> Response {
        let compressed = self.brotli.is_some() || self.gzip.is_some();
        let encoding = negotiate(request.get(header::ACCEPT_ENCODING), self.brotli.is_some(), self.gzip.is_some());
        let variant = self.variant(encoding);

        let mut headers = HeaderMap::with_capacity(6);
        headers.insert(header::CONTENT_TYPE, self.content_type.clone());
        headers.insert(header::CACHE_CONTROL, self.cache_control.clone());
        if compressed {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        if status == StatusCode::OK {
            headers.insert(header::ETAG, variant.etag.clone());
            if self.matches(request.get(header::IF_NONE_MATCH)) {
                return (StatusCode::NOT_MODIFIED, headers).into_response();
            }
        }
        if let Some(token) = encoding.token() {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(token));
        }
        (status, headers, Body::from(variant.body.clone())).into_response()
    }

    /// `If-None-Match` holds one of our ETags (weak comparison, RFC 9110 §13.1.2): any of the
    /// representations will do, they all have the same content.
    fn matches(&self, if_none_match: Option<&HeaderValue>) -> bool {
        let Some(list) = if_none_match.and_then(|v| v.to_str().ok()) else {
            return false;
        };
        list.split(',').map(str::trim).any(|tag| {
            let tag = tag.strip_prefix("W/").unwrap_or(tag);
            tag == "*" || self.etags().any(|etag| etag.as_bytes() == tag.as_bytes())
        })
    }
}

/// Every file of the site by URL path (`/index.html`, `/assets/app-abc123.js`).
#[derive(Debug)]
pub struct Assets {
    files: HashMap<String, Asset>,
    index: Asset,
}

impl Assets {
    /// Reads and compresses every file under `dir`, using every core (start-up only).
    pub fn load(dir: &Path) -> Result<Assets, LoadError> {
        let mut paths = Vec::new();
        collect_files(dir, dir, &mut paths)?;

        let next = AtomicUsize::new(0);
        let loaded = Mutex::new(Vec::with_capacity(paths.len()));
        let first_error = Mutex::new(None);
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(paths.len().max(1));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((url_path, file)) = paths.get(i) else {
                            break;
                        };
                        match load_asset(url_path, file) {
                            Ok(asset) => lock(&loaded).push((url_path.clone(), asset)),
                            Err(e) => {
                                lock(&first_error).get_or_insert(e);
                                break;
                            }
                        }
                    }
                });
            }
        });
        if let Some(error) = lock(&first_error).take() {
            return Err(error);
        }

        let files: HashMap<String, Asset> = lock(&loaded).drain(..).collect();
        let index = files.get("/index.html").cloned().ok_or_else(|| LoadError::NoIndex { dir: dir.to_path_buf() })?;
        Ok(Assets { files, index })
    }

    /// The file at this URL path, if the site has one. `path` is percent-decoded here.
    pub fn get(&self, path: &str) -> Option<&Asset> {
        if path.contains('%') {
            let decoded = percent_decode(path)?;
            self.files.get(&decoded)
        } else {
            self.files.get(path)
        }
    }

    /// `index.html`: the app's shell, answered for its routes and for unknown paths.
    pub fn index(&self) -> &Asset {
        &self.index
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Bytes held in memory, all representations together (logged at start-up).
    pub fn memory_bytes(&self) -> usize {
        self.files
            .values()
            .map(|a| {
                a.identity.body.len()
                    + a.brotli.as_ref().map_or(0, |v| v.body.len())
                    + a.gzip.as_ref().map_or(0, |v| v.body.len())
            })
            .sum()
    }
}

/// A poisoned lock only means another loader thread panicked; the data is still usable.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Walks `dir`, pairing each file's URL path with its location on disk.
fn collect_files(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<(), LoadError> {
    let read_error = |source| LoadError::Read { path: dir.to_path_buf(), source };
    for entry in std::fs::read_dir(dir).map_err(read_error)? {
        let entry = entry.map_err(read_error)?;
        let path = entry.path();
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            tracing::warn!(path = %path.display(), "skipping a file whose name is not UTF-8");
            continue;
        };
        // Dot files are build leftovers (.vite/manifest.json, .DS_Store), not part of the site;
        // .well-known is the one dot directory the web uses on purpose.
        if name.starts_with('.') && name != ".well-known" {
            continue;
        }
        // `metadata` follows symlinks, so a linked file or directory is served like a real one.
        let meta = std::fs::metadata(&path).map_err(|source| LoadError::Read { path: path.clone(), source })?;
        if meta.is_dir() {
            collect_files(root, &path, out)?;
        } else if meta.is_file() {
            let relative = path.strip_prefix(root).unwrap_or(&path);
            let url_path: String =
                relative.components().map(|c| c.as_os_str().to_string_lossy()).fold(String::new(), |mut url, part| {
                    url.push('/');
                    url.push_str(&part);
                    url
                });
            out.push((url_path, path));
        }
    }
    Ok(())
}

fn load_asset(url_path: &str, file: &Path) -> Result<Asset, LoadError> {
    let body = std::fs::read(file).map_err(|source| LoadError::Read { path: file.to_path_buf(), source })?;
    let content_type = content_type(url_path);
    let tag = content_tag(&body);
    let (brotli, gzip) = if is_compressible(content_type) {
        let compress_error = |source| LoadError::Compress { path: file.to_path_buf(), source };
        let brotli = compress_brotli(&body).map_err(compress_error)?;
        let gzip = compress_gzip(&body).map_err(compress_error)?;
        // A compressed body no smaller than the original only costs the client a decode.
        let keep = |compressed: Vec<u8>, suffix: &str| {
            (compressed.len() < body.len()).then(|| Variant { body: Bytes::from(compressed), etag: etag(&tag, suffix) })
        };
        (keep(brotli, "-br"), keep(gzip, "-gz"))
    } else {
        (None, None)
    };
    let cache_control = if url_path.starts_with(IMMUTABLE_PREFIX) { IMMUTABLE } else { NO_CACHE };
    Ok(Asset {
        content_type: HeaderValue::from_static(content_type),
        cache_control: HeaderValue::from_static(cache_control),
        identity: Variant { body: Bytes::from(body), etag: etag(&tag, "") },
        brotli,
        gzip,
    })
}

fn compress_brotli(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let params =
        brotli::enc::BrotliEncoderParams { quality: 11, lgwin: 22, size_hint: body.len(), ..Default::default() };
    let mut out = Vec::with_capacity(body.len() / 3);
    brotli::BrotliCompress(&mut &body[..], &mut out, &params)?;
    Ok(out)
}

fn compress_gzip(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 3), flate2::Compression::best());
    encoder.write_all(body)?;
    encoder.finish()
}

/// A stable digest of the content (FNV-1a, 64 bits) plus its length. The ETag only has to change
/// when the content does; it is not a security boundary, so no cryptographic hash is needed.
fn content_tag(body: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in body {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:x}-{hash:016x}", body.len())
}

/// Each representation has its own strong ETag (RFC 9110 §8.8.3: they differ byte for byte).
fn etag(tag: &str, suffix: &str) -> HeaderValue {
    HeaderValue::from_str(&format!("\"{tag}{suffix}\"")).unwrap_or(HeaderValue::from_static("\"0\""))
}

/// The media type by file extension. A short table of what a Vite build emits; anything else is
/// `application/octet-stream`, which `X-Content-Type-Options: nosniff` keeps from being executed.
fn content_type(url_path: &str) -> &'static str {
    let extension = url_path.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase()).unwrap_or_default();
    match extension.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        _ => "application/octet-stream",
    }
}

/// Formats that are already compressed gain nothing from another pass but start-up time.
fn is_compressible(content_type: &str) -> bool {
    !matches!(
        content_type,
        "image/png"
            | "image/jpeg"
            | "image/gif"
            | "image/webp"
            | "image/avif"
            | "font/woff"
            | "font/woff2"
            | "application/pdf"
            | "video/mp4"
            | "video/webm"
    )
}

/// `%XX` decoding of a URL path; `None` for malformed escapes or non-UTF-8 results (no such file).
fn percent_decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wasm_and_scripts_have_their_types() {
        assert_eq!(content_type("/assets/core_bg-1a2b.wasm"), "application/wasm");
        assert_eq!(content_type("/assets/app.JS"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("/index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("/LICENSE"), "application/octet-stream");
    }

    #[test]
    fn content_tags_follow_content() {
        assert_eq!(content_tag(b"abc"), content_tag(b"abc"));
        assert_ne!(content_tag(b"abc"), content_tag(b"abd"));
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/a%20b.png").as_deref(), Some("/a b.png"));
        assert_eq!(percent_decode("/a%2").as_deref(), None);
        assert_eq!(percent_decode("/a%zz").as_deref(), None);
        assert_eq!(percent_decode("/%ff").as_deref(), None);
    }
}
