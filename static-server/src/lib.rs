//! The site's server: serves the built React app (`app/dist`) from memory, precompressed, with
//! security headers; the site's own endpoints under `/api`; and room for the ticket API.
//!
//! Start-up does the expensive work once: [`Config::from_env`] checks every setting, then
//! [`Site::load`] reads and compresses the dist directory and opens the database, and [`app`]
//! assembles the router. [`server::run`] does all three and listens; tests call the parts.
//!
//! Paths, in order: the `/api` endpoints ([`api`]); routes of a mounted ticket API; then
//! [`pages`]: a file of the site, else index.html with 200 for the app's own routes and 404
//! for anything else (`/api/...` unknowns get a JSON 404).

pub mod api;
pub mod assets;
pub mod config;
pub mod encoding;
pub mod headers;
pub mod http_url;
pub mod pages;
pub mod server;
pub mod telemetry;
pub mod visitors;

use std::fmt;
use std::sync::Arc;

use axum::Router;
use axum::handler::Handler;

pub use config::Config;

use crate::assets::{Assets, LoadError};
use crate::headers::SecurityHeaders;
use crate::visitors::{StoreError, Visitors};

/// What the server loads before it can answer: the site's files and the database.
#[derive(Debug, Clone)]
pub struct Site {
    pub assets: Arc<Assets>,
    pub visitors: Visitors,
}

impl Site {
    /// Reads and compresses `config.dist_dir` (on a blocking thread: it takes seconds for a real
    /// build) and opens `config.database_url`, applying migrations.
    pub async fn load(config: &Config) -> Result<Site, StartError> {
        let dir = config.dist_dir.clone();
        let started = std::time::Instant::now();
        let assets = tokio::task::spawn_blocking(move || Assets::load(&dir))
            .await
            .map_err(|e| StartError::Task(e.to_string()))?
            .map_err(StartError::Assets)?;
        tracing::info!(
            files = assets.len(),
            bytes_in_memory = assets.memory_bytes(),
            elapsed_ms = started.elapsed().as_millis(),
            dir = %config.dist_dir.display(),
            "site loaded and compressed"
        );
        let visitors = Visitors::open(&config.database_url)
            .await
            .map_err(|e| StartError::Database { url: config.database_url.clone(), source: e })?;
        Ok(Site { assets: Arc::new(assets), visitors })
    }
}

/// The whole service.
///
/// `ticket_api`: another router to serve in the same process (the ticket API, whose paths are
/// `/v1/api/...` and `/oauth/...`). It is merged with the site's routes, so:
/// - its paths must not overlap the site's (`/api/get-rollout`, `/api/config`,
///   `/api/visitor-update`): axum panics on a duplicate route when `app` is built;
/// - its own top-level fallback, if any, is replaced by the site's (pages and the app's 404).
///   For a JSON 404 of its own, it should `nest("/v1/api", ...)` a router with a fallback;
/// - its responses get the site's request ids, logging and security headers; a header it sets
///   itself (e.g. a looser CSP on the sandbox payment page) is kept.
pub fn app(config: Config, site: Site, ticket_api: Option<Router>) -> Router {
    let security = Arc::new(SecurityHeaders::new(&config.site));
    let own_api = api::routes(config.rollout, &config.site, site.visitors);
    let router = ticket_api
        .unwrap_or_default()
        .merge(own_api)
        // `fallback_service` rather than `merge`-ing a router with a fallback: merging two
        // routers that both have one panics, and a mounted API may well have one.
        .fallback_service(pages::serve.with_state(site.assets))
        .layer(axum::middleware::map_response_with_state(security, headers::add_security_headers));
    telemetry::with_request_tracing(router)
}

/// Why the server could not start (or stopped with an error). Each message names the setting
/// to look at.
#[derive(Debug)]
pub enum StartError {
    Assets(LoadError),
    Database { url: String, source: StoreError },
    Listen { address: std::net::SocketAddr, source: std::io::Error },
    Serve(std::io::Error),
    Task(String),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Assets(e) => write!(f, "DIST_DIR: {e}"),
            StartError::Database { url, source } => write!(f, "DATABASE_URL={url:?}: {source}"),
            StartError::Listen { address, source } => {
                write!(f, "cannot listen on {address} (HOST, PORT): {source}")
            }
            StartError::Serve(e) => write!(f, "server failed: {e}"),
            StartError::Task(e) => write!(f, "start-up task failed: {e}"),
        }
    }
}

impl std::error::Error for StartError {}
