//! `ticket-api`: the ticket API on its own origin, for when the site's server points at it
//! (`TICKET_API_URL`) instead of serving it in-process. `--help` lists the settings.

use std::process::ExitCode;

const USAGE_ERROR: u8 = 2;

fn help() -> String {
    let mut text = String::from(
        "ticket-api: the bus and launch ticket API on its own port.\n\n\
         Usage: ticket-api [--help]   serve the API\n\
         \x20      ticket-api migrate    apply the store's migrations at DATABASE_URL, then exit\n\
         \x20      ticket-api audit-verify   check the audit log's hash chain; names the first broken entry\n\n\
         Settings are environment variables (unset or empty means the default):\n\n\
         \x20 HOST\n      default: 127.0.0.1\n\n\
         \x20 PORT\n      default: 8081\n",
    );
    for ticket_api::settings::Setting { name, default, meaning } in ticket_api::config::SETTINGS {
        text.push_str(&format!("  {name}\n      default: {default}\n      {meaning}\n"));
    }
    text
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut migrate_only, mut verify_audit) = (false, false);
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => {}
        ["migrate"] => migrate_only = true,
        ["audit-verify"] => verify_audit = true,
        ["--help" | "-h"] => {
            print!("{}", help());
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!("ticket-api: unexpected argument(s) {other:?}; see --help");
            return ExitCode::from(USAGE_ERROR);
        }
    }
    // The log: warnings and errors (a store failure behind a 503, a lost listener) by default.
    let filter =
        std::env::var("RUST_LOG").ok().filter(|v| !v.trim().is_empty()).unwrap_or_else(|| "info,sqlx=warn".into());
    match tracing_subscriber::EnvFilter::try_new(&filter) {
        Ok(filter) => {
            let _ = tracing_subscriber::fmt().with_env_filter(filter).with_ansi(false).try_init();
        }
        Err(e) => {
            eprintln!("ticket-api: RUST_LOG '{filter}': {e}");
            return ExitCode::from(USAGE_ERROR);
        }
    }
    let config = match ticket_api::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("ticket-api: {e} (see --help)");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let host = std::env::var("HOST").ok().filter(|h| !h.is_empty()).unwrap_or_else(|| "127.0.0.1".into());
    let port: u16 = match std::env::var("PORT").ok().filter(|p| !p.is_empty()).map(|p| p.parse()) {
        None => 8081,
        Some(Ok(p)) => p,
        Some(Err(_)) => {
            eprintln!("ticket-api: PORT is not a port number");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let runtime = match ticket_api::http::serve::runtime() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("ticket-api: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    if migrate_only {
        return match runtime.block_on(ticket_api::store::pool::migrate(&config.database_url)) {
            Ok(applied) => {
                println!("ticket-api: {applied} migration(s) applied; the store is current");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("ticket-api: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if verify_audit {
        return runtime.block_on(audit_verify(&config.database_url));
    }
    let result: Result<(), String> = runtime.block_on(async move {
        let state = ticket_api::start(config).await.map_err(|e| e.to_string())?;
        let listener = tokio::net::TcpListener::bind((host.as_str(), port))
            .await
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        println!("ticket-api listening on http://{local}");
        ticket_api::http::serve::serve(listener, ticket_api::router(state), async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| e.to_string())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ticket-api: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `ticket-api audit-verify`: 0 when the chain is whole, 1 naming the first broken entry.
async fn audit_verify(url: &str) -> ExitCode {
    let pool = match ticket_api::store::pool::open_migrated(url, 2).await {
        Ok((pool, _)) => pool,
        Err(e) => {
            eprintln!("ticket-api: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pool = match ticket_api::store::pool::Pool::serving(pool, url).await {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("ticket-api: {e}");
            return ExitCode::FAILURE;
        }
    };
    match ticket_api::staff::audit::verify(&pool).await {
        Ok(Ok(entries)) => {
            println!("ticket-api: the audit log is whole ({entries} entries)");
            ExitCode::SUCCESS
        }
        Ok(Err(broken)) => {
            eprintln!("ticket-api: the audit log is broken: {broken}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("ticket-api: {e}");
            ExitCode::FAILURE
        }
    }
}
