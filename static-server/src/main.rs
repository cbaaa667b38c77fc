//! `static-server`: reads its settings from the environment (`--help` lists them) and serves.

use std::process::ExitCode;

use static_server::{Config, config, server, telemetry};

/// Exit code for a bad setting or argument (as sysexits' EX_USAGE-style tools use 2).
const USAGE_ERROR: u8 = 2;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seed_only = false;
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => {}
        ["--seed-demo"] => seed_only = true,
        ["--help" | "-h"] => {
            print!("{}", config::help_text());
            return ExitCode::SUCCESS;
        }
        ["--version" | "-V"] => {
            println!("static-server {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!(
                "static-server: unexpected argument(s) {other:?}; settings are environment variables, see --help"
            );
            return ExitCode::from(USAGE_ERROR);
        }
    }

    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("static-server: {e} (see --help)");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    if let Err(e) = telemetry::init(std::env::var("RUST_LOG").ok().as_deref()) {
        eprintln!("static-server: {e} (see --help)");
        return ExitCode::from(USAGE_ERROR);
    }

    let runtime = match ticket_api::http::serve::runtime() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("static-server: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The ticket API runs in this process unless the site points at an external one.
    let api_config = if config.site.ticket_api_url.is_none() || seed_only {
        match ticket_api::config::Config::from_env() {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("static-server: {e} (see --help)");
                return ExitCode::from(USAGE_ERROR);
            }
        }
    } else {
        None
    };
    if seed_only {
        return match runtime.block_on(seed_demo(api_config)) {
            Ok(summary) => {
                println!("seeded {summary}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("static-server: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let ticket_api = match api_config {
        Some(c) => match runtime.block_on(ticket_api::start(c)) {
            Ok(state) => Some(ticket_api::router(state)),
            Err(e) => {
                eprintln!("static-server: ticket API: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    match runtime.block_on(server::run(config, ticket_api)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "static-server stopped");
            eprintln!("static-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--seed-demo`: the demo network written again, whatever the database holds.
async fn seed_demo(config: Option<ticket_api::config::Config>) -> Result<String, String> {
    let config = config.ok_or("no ticket API configuration")?;
    let (pool, _) = ticket_api::store::pool::open(&config.database_url, 2).await.map_err(|e| e.to_string())?;
    let today = core_wasm::time::today_in_dhaka(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_millis() as f64),
    );
    let options = ticket_api::seed::SeedOptions { today, days: config.demo_days };
    let summary = ticket_api::seed::seed_demo(&pool, &options).await.map_err(|e| e.to_string())?;
    pool.close().await;
    Ok(format!(
        "{} cities, {} operators, {} routes, {} trips, {} sold seat-legs",
        summary.cities, summary.operators, summary.routes, summary.trips, summary.sold_seat_legs
    ))
}
