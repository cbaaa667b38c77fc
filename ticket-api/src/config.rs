//! The ticket API's settings, read and checked once at start-up from the environment.

use crate::http::auth::ServiceAccount;

#[derive(Clone)]
pub struct Config {
    pub database_url: String,
    /// Bearer tokens live this long (TOKEN_TTL_SECONDS).
    pub token_ttl_seconds: u32,
    /// Signs tokens and OTP codes (TOKEN_SECRET): required, at least [`MIN_SECRET`] bytes, when
    /// DEMO_MODE is off (every process behind a load balancer shares it); a demo without one gets
    /// a random secret of its own.
    pub token_secret: Vec<u8>,
    /// Password-grant accounts (SERVICE_ACCOUNTS: `client:secret:user:password`, comma-separated).
    pub service_accounts: Vec<ServiceAccount>,
    /// Origins allowed to call the API from a browser when it runs on its own origin
    /// (CORS_ORIGINS, comma-separated; empty when the site serves it in-process).
    pub cors_origins: Vec<String>,
    /// DEMO_MODE=1: seeds the demo network into an empty database.
    pub demo: bool,
    /// How many days of demo trips to seed (DEMO_DAYS).
    pub demo_days: u32,
    pub max_connections: u32,
    /// How long a seat-lock holds seats (HOLD_SECONDS), at least as long as a gateway session.
    pub hold_seconds: u32,
    /// Cancellation policy: no cancellation closer than this to departure (CANCEL_CUTOFF_HOURS).
    pub cancel_cutoff_hours: u32,
    /// Cancellation fee, percent of the amount paid (CANCEL_FEE_PERCENT).
    pub cancel_fee_percent: u32,
}

pub use crate::settings::ConfigError;
use crate::settings::{Reader, Setting};

/// Every setting of the ticket API, in the order `--help` lists them.
pub const SETTINGS: &[Setting] = &[
    Setting {
        name: "DATABASE_URL",
        default: "sqlite://data/tickets.db",
        meaning: "sqlite://FILE (created if missing) or postgres://USER@HOST/DB",
    },
    Setting { name: "TOKEN_TTL_SECONDS", default: "3600", meaning: "lifetime of bearer tokens" },
    Setting {
        name: "TOKEN_SECRET",
        default: "(required, 32+ bytes; demo mode: random per process)",
        meaning: "signs tokens and OTP codes; the same value on every server process",
    },
    Setting {
        name: "SERVICE_ACCOUNTS",
        default: "(none)",
        meaning: "password-grant accounts, client:secret:user:password, comma-separated",
    },
    Setting {
        name: "CORS_ORIGINS",
        default: "(none)",
        meaning: "site origins allowed to call an API on another origin, comma-separated",
    },
    Setting {
        name: "DEMO_MODE",
        default: "0",
        meaning: "1: a demo (the site says so): seed the demo network into an empty database, expose the SMS outbox",
    },
    Setting { name: "DEMO_DAYS", default: "30", meaning: "days of demo trips to seed" },
    Setting { name: "DB_MAX_CONNECTIONS", default: "16", meaning: "database pool size" },
    Setting { name: "HOLD_SECONDS", default: "600", meaning: "how long a seat-lock holds seats" },
    Setting {
        name: "CANCEL_CUTOFF_HOURS",
        default: "6",
        meaning: "tickets cannot be cancelled closer than this to departure",
    },
    Setting { name: "CANCEL_FEE_PERCENT", default: "10", meaning: "cancellation fee, percent of the amount paid" },
];

/// The shortest token secret a real deployment may use.
pub const MIN_SECRET: usize = 32;

impl std::fmt::Debug for Config {
    /// Secrets never reach a log: the token secret and the service accounts' secrets are left out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("database_url", &self.database_url)
            .field("token_ttl_seconds", &self.token_ttl_seconds)
            .field("token_secret", &"(redacted)")
            .field("service_accounts", &self.service_accounts)
            .field("cors_origins", &self.cors_origins)
            .field("demo", &self.demo)
            .field("demo_days", &self.demo_days)
            .field("max_connections", &self.max_connections)
            .field("hold_seconds", &self.hold_seconds)
            .field("cancel_cutoff_hours", &self.cancel_cutoff_hours)
            .field("cancel_fee_percent", &self.cancel_fee_percent)
            .finish()
    }
}

impl Config {
    /// What keeps a configuration from serving real travellers: with demo mode off the token
    /// secret must be set, and long enough not to be guessed.
    pub fn ready_for_real_travellers(&self) -> Result<(), ConfigError> {
        if self.demo || self.token_secret.len() >= MIN_SECRET {
            return Ok(());
        }
        Err(ConfigError {
            variable: "TOKEN_SECRET",
            value: "(redacted)".into(),
            reason: format!(
                "must be set to at least {MIN_SECRET} bytes when DEMO_MODE is off (it signs tokens and OTP codes)"
            ),
        })
    }
}

fn service_accounts(value: &str) -> Result<Vec<ServiceAccount>, String> {
    value
        .split(',')
        .map(|entry| {
            let parts: Vec<&str> = entry.trim().split(':').collect();
            match parts.as_slice() {
                [client_id, client_secret, username, password] if parts.iter().all(|p| !p.is_empty()) => {
                    Ok(ServiceAccount {
                        client_id: (*client_id).to_owned(),
                        client_secret: (*client_secret).to_owned(),
                        username: (*username).to_owned(),
                        password: (*password).to_owned(),
                    })
                }
                _ => Err("each entry is client:secret:user:password".to_owned()),
            }
        })
        .collect()
}

/// A store URL both stores understand; said at start, it beats a confusing driver error later.
pub fn parse_database_url(value: &str) -> Result<String, String> {
    crate::store::db::backend_of(value)
        .map(|_| value.to_owned())
        .map_err(|_| "must be sqlite://path/to/file.db or postgres://user@host/database".to_owned())
}

impl Config {
    /// Reads the settings through `get` (the environment in production, a map in tests).
    pub fn from_lookup(get: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let read = Reader::new(get);
        let demo = read.flag("DEMO_MODE", false)?;
        Ok(Config {
            database_url: read.parse("DATABASE_URL", "sqlite://data/tickets.db".to_owned(), parse_database_url)?,
            token_ttl_seconds: read.number("TOKEN_TTL_SECONDS", 3600, 1)?,
            token_secret: match read.optional("TOKEN_SECRET", |v| Ok(v.as_bytes().to_vec()))? {
                Some(secret) => secret,
                // A demo of one process may sign with a secret of its own; a real site must say.
                None if demo => crate::ids::random_bytes::<MIN_SECRET>()
                    .map_err(|e| ConfigError { variable: "TOKEN_SECRET", value: String::new(), reason: e.to_string() })?
                    .to_vec(),
                None => Vec::new(),
            },
            service_accounts: read.parse("SERVICE_ACCOUNTS", Vec::new(), service_accounts)?,
            cors_origins: read.parse("CORS_ORIGINS", Vec::new(), |v| {
                Ok(v.split(',').map(|o| o.trim().trim_end_matches('/').to_owned()).filter(|o| !o.is_empty()).collect())
            })?,
            demo,
            demo_days: read.number("DEMO_DAYS", 30, 0)?,
            max_connections: read.number("DB_MAX_CONNECTIONS", 16, 1)?,
            hold_seconds: read.number("HOLD_SECONDS", 600, 1)?,
            cancel_cutoff_hours: read.number("CANCEL_CUTOFF_HOURS", 6, 0)?,
            cancel_fee_percent: read.parse("CANCEL_FEE_PERCENT", 10, |v| match v.parse::<u32>() {
                Ok(n) if n <= 100 => Ok(n),
                _ => Err("must be a whole number from 0 to 100".to_owned()),
            })?,
        })
    }

    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(&|name| std::env::var(name).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        Config::from_lookup(&move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn demo_mode_reads_as_the_static_server_reads_it() {
        for (value, demo) in [("1", true), ("yes", true), ("on", true), ("0", false), ("no", false), ("", false)] {
            assert_eq!(config(&[("DEMO_MODE", value)]).map(|c| c.demo), Ok(demo), "{value}");
        }
        let err = config(&[("DEMO_MODE", "maybe")]).unwrap_err();
        assert_eq!((err.variable, err.value.as_str()), ("DEMO_MODE", "maybe"));
    }

    #[test]
    fn a_real_site_needs_a_long_token_secret_and_never_prints_it() {
        let short = config(&[("TOKEN_SECRET", "short")]).unwrap();
        assert_eq!(short.ready_for_real_travellers().unwrap_err().variable, "TOKEN_SECRET");
        assert!(config(&[]).unwrap().ready_for_real_travellers().is_err(), "unset");
        let demo = config(&[("DEMO_MODE", "1")]).unwrap();
        assert!(demo.ready_for_real_travellers().is_ok() && demo.token_secret.len() == MIN_SECRET);
        let long =
            config(&[("TOKEN_SECRET", "0123456789abcdef0123456789abcdef"), ("SERVICE_ACCOUNTS", "c:s3cr3t:u:pa55")]);
        let long = long.unwrap();
        assert!(long.ready_for_real_travellers().is_ok());
        let printed = format!("{long:?}");
        assert!(
            !printed.contains("0123456789abcdef") && !printed.contains("s3cr3t") && !printed.contains("pa55"),
            "{printed}"
        );
    }

    #[test]
    fn out_of_range_numbers_are_refused_not_clamped() {
        assert_eq!(config(&[("CANCEL_FEE_PERCENT", "150")]).unwrap_err().variable, "CANCEL_FEE_PERCENT");
        assert_eq!(config(&[("HOLD_SECONDS", "0")]).unwrap_err().variable, "HOLD_SECONDS");
        assert_eq!(config(&[("DATABASE_URL", "mysql://x")]).unwrap_err().variable, "DATABASE_URL");
    }
}
