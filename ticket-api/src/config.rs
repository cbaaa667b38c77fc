//! The ticket API's settings, read and checked once at start-up from the environment.

use crate::auth::ServiceAccount;

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    /// Bearer tokens live this long (TOKEN_TTL_SECONDS).
    pub token_ttl_seconds: u32,
    /// Signs tokens (TOKEN_SECRET). Without it a random secret is made at start-up, which is
    /// right for one process; several processes behind a load balancer must share one.
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

/// A setting that cannot be used, naming the variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// Every setting: name, default, meaning (for `--help`).
pub const SETTINGS: &[(&str, &str, &str)] = &[
    ("DATABASE_URL", "sqlite://data/tickets.db", "sqlite://FILE (created if missing) or postgres://USER@HOST/DB"),
    ("TOKEN_TTL_SECONDS", "3600", "lifetime of bearer tokens"),
    ("TOKEN_SECRET", "(random per process)", "signs tokens; set the same value on every server process"),
    ("SERVICE_ACCOUNTS", "(none)", "password-grant accounts, client:secret:user:password, comma-separated"),
    ("CORS_ORIGINS", "(none)", "site origins allowed to call an API on another origin, comma-separated"),
    ("DEMO_MODE", "0", "1: seed the demo network into an empty database, expose the SMS outbox"),
    ("DEMO_DAYS", "30", "days of demo trips to seed"),
    ("DB_MAX_CONNECTIONS", "16", "database pool size"),
    ("HOLD_SECONDS", "600", "how long a seat-lock holds seats"),
    ("CANCEL_CUTOFF_HOURS", "6", "tickets cannot be cancelled closer than this to departure"),
    ("CANCEL_FEE_PERCENT", "10", "cancellation fee, percent of the amount paid"),
];

fn number<T: std::str::FromStr>(
    get: &dyn Fn(&str) -> Option<String>,
    name: &str,
    default: T,
) -> Result<T, ConfigError> {
    match get(name).filter(|v| !v.trim().is_empty()) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| ConfigError(format!("{name}: '{v}' is not a whole number"))),
    }
}

fn random_secret() -> Vec<u8> {
    let mut secret = vec![0u8; 32];
    // Without an OS random source we still start, with a time-derived secret: tokens then only
    // need to survive this process.
    if getrandom::fill(&mut secret).is_err() {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos());
        secret = nanos.to_le_bytes().to_vec();
    }
    secret
}

impl Config {
    /// Reads the settings through `get` (the environment in production, a map in tests).
    pub fn from_lookup(get: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let text = |name: &str| get(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let database_url = text("DATABASE_URL").unwrap_or_else(|| "sqlite://data/tickets.db".to_owned());
        crate::db::backend_of(&database_url).map_err(|e| ConfigError(format!("DATABASE_URL: {e}")))?;
        let token_ttl_seconds = number(get, "TOKEN_TTL_SECONDS", 3600u32)?;
        if token_ttl_seconds == 0 {
            return Err(ConfigError("TOKEN_TTL_SECONDS: must be at least 1".into()));
        }
        let service_accounts = text("SERVICE_ACCOUNTS")
            .map(|v| {
                v.split(',')
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
                            _ => Err(ConfigError("SERVICE_ACCOUNTS: each entry is client:secret:user:password".into())),
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?
            .unwrap_or_default();
        let cors_origins = text("CORS_ORIGINS")
            .map(|v| {
                v.split(',').map(|o| o.trim().trim_end_matches('/').to_owned()).filter(|o| !o.is_empty()).collect()
            })
            .unwrap_or_default();
        let demo = match text("DEMO_MODE").as_deref() {
            None | Some("0") | Some("false") => false,
            Some("1") | Some("true") => true,
            Some(other) => return Err(ConfigError(format!("DEMO_MODE: '{other}' is not 0 or 1"))),
        };
        Ok(Config {
            database_url,
            token_ttl_seconds,
            token_secret: text("TOKEN_SECRET").map(String::into_bytes).unwrap_or_else(random_secret),
            service_accounts,
            cors_origins,
            demo,
            demo_days: number(get, "DEMO_DAYS", 30u32)?,
            max_connections: number(get, "DB_MAX_CONNECTIONS", 16u32)?.max(1),
            hold_seconds: number(get, "HOLD_SECONDS", 600u32)?.max(1),
            cancel_cutoff_hours: number(get, "CANCEL_CUTOFF_HOURS", 6u32)?,
            cancel_fee_percent: number(get, "CANCEL_FEE_PERCENT", 10u32)?.min(100),
        })
    }

    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(&|name| std::env::var(name).ok())
    }
}
