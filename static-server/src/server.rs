//! Listening and stopping: bind, announce the URL, serve until SIGINT or SIGTERM, then let
//! requests in flight finish and close the database.

use std::net::SocketAddr;

use axum::Router;
use tokio::net::TcpListener;

use crate::{Config, Site, StartError, app};

/// Loads the site, listens on `HOST:PORT` and serves until a shutdown signal.
pub async fn run(config: Config, ticket_api: Option<Router>) -> Result<(), StartError> {
    let site = Site::load(&config).await?;
    let address = SocketAddr::new(config.host, config.port);
    let listener = TcpListener::bind(address).await.map_err(|source| StartError::Listen { address, source })?;
    let local = listener.local_addr().map_err(|source| StartError::Listen { address, source })?;
    // Printed, not only logged: scripts and tests read this line to find a PORT=0 server.
    println!("static-server listening on http://{local}");
    tracing::info!(%local, "listening");

    let visitors = site.visitors.clone();
    // The ticket API's serving: client addresses for its limits, a header-read timeout.
    ticket_api::http::serve::serve(listener, app(config, site, ticket_api), shutdown_signal())
        .await
        .map_err(StartError::Serve)?;
    visitors.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on Ctrl-C (SIGINT) or SIGTERM (what `docker stop` and systemd send).
async fn shutdown_signal() {
    let interrupt = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();

    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
    tracing::info!("shutting down: finishing requests in flight");
}
