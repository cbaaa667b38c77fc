//! `static-server`: reads its settings from the environment (`--help` lists them) and serves.

use std::process::ExitCode;

use static_server::{Config, config, server, telemetry};

/// Exit code for a bad setting or argument (as sysexits' EX_USAGE-style tools use 2).
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => {}
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

    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("static-server: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The ticket API is not mounted yet; when its crate exists, pass its router here.
    match runtime.block_on(server::run(config, None)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "static-server stopped");
            eprintln!("static-server: {e}");
            ExitCode::FAILURE
        }
    }
}
