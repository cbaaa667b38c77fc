//! The ticket API's settings, read and checked once at start-up from the environment.

use crate::domain::tokens::ServiceAccount;

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
    /// The pause between two tickets of a trip an operator cancelled (TRIP_CANCEL_PACE_MS): the
    /// gateways' refund calls and the SMS go out at a pace their rate limits take.
    pub trip_cancel_pace_ms: u32,
    /// Keys the hash of stored OTP codes (OTP_SECRET): apart from the token secret, so a leaked
    /// token secret does not open the stored codes, and the other way round.
    pub otp_secret: Vec<u8>,
    /// A hold's whole life, however often it is renewed (HOLD_MAX_SECONDS).
    pub hold_max_seconds: u32,
    /// Seats one visitor may hold at once, over all trips (HOLD_SEATS_PER_VISITOR).
    pub hold_seats_per_visitor: u32,
    /// Seats held at once from one client address (HOLD_SEATS_PER_ADDRESS).
    pub hold_seats_per_address: u32,
    /// Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES, addresses or networks).
    pub trusted_proxies: Vec<IpNet>,
    /// Rate limits per client address and the ceiling (RATE_LIMITS).
    pub rate_limits: RateLimits,
    /// The HTTP SMS gateway (SMS_GATEWAY_URL, SMS_API_KEY, SMS_SENDER_ID); none in a demo.
    pub sms_gateway: Option<SmsGateway>,
    /// The payment gateways this site offers and how to reach them (docs/payments.md).
    pub payments: PaymentSettings,
    /// The Eid sale windows with a waiting room in front of their seat holds (SALE_WINDOWS).
    pub sale_windows: SaleWindowsSetting,
    /// Where a process on PostgreSQL hears the others' seat claim writes (CLAIMS_LISTEN_URL).
    pub claims_listen: ClaimsListen,
    /// How old a search or seat view's copy of the seat claims may be (CLAIMS_MAX_AGE_MS).
    pub claims_max_age_ms: u32,
    /// Whether the server applies the migrations when it starts (MIGRATE_ON_START); off, a
    /// release step runs `ticket-api migrate` and the server refuses a schema behind it.
    pub migrate_on_start: bool,
    /// Tests only: this process's own clock put this far off (TEST_CLOCK_SKEW_MS), to show that
    /// expiry follows the store's clock whatever it says (`clock`).
    pub test_clock_skew_ms: i64,
}

/// How a server process on PostgreSQL hears of the others' seat claim writes sooner than its
/// copies age out (CLAIMS_LISTEN_URL; `claims` module).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimsListen {
    /// Unset: listens at DATABASE_URL.
    Database,
    /// A direct connection to PostgreSQL, for when DATABASE_URL goes through a pooler in
    /// transaction mode (which cannot LISTEN).
    Url(String),
    /// `off`: no notices; another process's write shows once a copy has aged out.
    Off,
}

fn claims_listen(value: &str) -> Result<ClaimsListen, String> {
    use crate::store::pool::{Backend, backend_of};
    match value.trim() {
        "off" => Ok(ClaimsListen::Off),
        url if matches!(backend_of(url), Ok(Backend::Postgres)) => Ok(ClaimsListen::Url(url.to_owned())),
        _ => Err("must be a postgres:// URL or off".to_owned()),
    }
}

/// Which sale windows have a waiting room (SALE_WINDOWS, issue 16; docs/waiting-room.md).
#[derive(Debug, Clone, PartialEq)]
pub enum SaleWindowsSetting {
    /// Unset: the demo's window in demo mode (`SaleWindows::demo`), none otherwise.
    Default,
    /// `none`: no configured window, even in a demo (windows an admin saves still count).
    Off,
    /// `demo`: the demo's window, demo mode or not.
    Demo,
    /// The windows of the file SALE_WINDOWS names, imported into the store at start (a window
    /// the store already has is the staff site's, and kept).
    Windows(Vec<core_wasm::contract::staff::StaffSaleWindow>),
}

fn sale_windows(value: &str) -> Result<SaleWindowsSetting, String> {
    if value.eq_ignore_ascii_case("none") {
        return Ok(SaleWindowsSetting::Off);
    }
    if value.eq_ignore_ascii_case("demo") {
        return Ok(SaleWindowsSetting::Demo);
    }
    let text = std::fs::read_to_string(value).map_err(|e| format!("cannot read the sale windows file: {e}"))?;
    crate::waiting_room::windows::read_file(&text).map(SaleWindowsSetting::Windows)
}

/// The payment gateways' settings: hosts (sandbox or live) are settings, never compiled in.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct PaymentSettings {
    /// The site's origin as travellers' browsers and the gateways' servers reach it (PUBLIC_URL):
    /// the return and notification URLs given to a gateway start with it.
    pub public_url: Option<String>,
    /// How long one call to a gateway may take (GATEWAY_TIMEOUT_SECONDS).
    pub timeout_seconds: u32,
    pub sslcommerz: Option<SslCommerzSettings>,
    pub bkash: Option<BkashSettings>,
}

#[derive(Clone, PartialEq, Eq)]
pub struct SslCommerzSettings {
    /// `https://sandbox.sslcommerz.com` or `https://securepay.sslcommerz.com`.
    pub api_url: String,
    pub store_id: String,
    pub store_password: String,
}

#[derive(Clone, PartialEq, Eq)]
pub struct BkashSettings {
    /// `https://tokenized.sandbox.bka.sh/v1.2.0-beta` or `https://tokenized.pay.bka.sh/v1.2.0-beta`.
    pub api_url: String,
    pub app_key: String,
    pub app_secret: String,
    pub username: String,
    pub password: String,
}

impl std::fmt::Debug for SslCommerzSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SslCommerzSettings").field("api_url", &self.api_url).field("store_id", &self.store_id).finish()
    }
}

impl std::fmt::Debug for BkashSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BkashSettings").field("api_url", &self.api_url).finish()
    }
}

impl std::fmt::Debug for PaymentSettings {
    /// Passwords, keys and secrets never reach a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaymentSettings")
            .field("public_url", &self.public_url)
            .field("timeout_seconds", &self.timeout_seconds)
            .field("sslcommerz", &self.sslcommerz)
            .field("bkash", &self.bkash)
            .finish()
    }
}

/// Where a real site sends its text messages.
#[derive(Clone, PartialEq, Eq)]
pub struct SmsGateway {
    pub url: String,
    pub api_key: String,
    pub sender_id: String,
}

impl std::fmt::Debug for SmsGateway {
    /// The API key never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmsGateway").field("url", &self.url).field("sender_id", &self.sender_id).finish()
    }
}

use ipnet::IpNet;

use crate::limits::RateLimits;
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
    Setting {
        name: "OTP_SECRET",
        default: "(required, 32+ bytes, not TOKEN_SECRET; demo mode: random per process)",
        meaning: "keys the hash of stored OTP codes; the same value on every server process",
    },
    Setting {
        name: "HOLD_MAX_SECONDS",
        default: "900",
        meaning: "a hold's whole life from the first lock, however often it is renewed",
    },
    Setting {
        name: "SALE_WINDOWS",
        default: "(none; demo mode: demo)",
        meaning: "a JSON file of Eid sale windows with a waiting room before seat holds (docs/waiting-room.md), none, or demo",
    },
    Setting {
        name: "CLAIMS_LISTEN_URL",
        default: "(DATABASE_URL)",
        meaning: "PostgreSQL: where each process hears the others' seat claim writes (a direct URL when DATABASE_URL is a pooler in transaction mode); off: they show once a copy has aged out",
    },
    Setting {
        name: "CLAIMS_MAX_AGE_MS",
        default: "1000",
        meaning: "how old the seats a search or seat view shows may be (a sale never relies on them); 0: read the store every time",
    },
    Setting {
        name: "MIGRATE_ON_START",
        default: "on",
        meaning: "apply the store's migrations at start; off: a release step runs `ticket-api migrate` (over a direct connection) and servers refuse a store behind it",
    },
    Setting {
        name: "TEST_CLOCK_SKEW_MS",
        default: "0",
        meaning: "tests only: puts this process's own clock off by this much (expiry follows the store's clock regardless)",
    },
    Setting { name: "HOLD_SEATS_PER_VISITOR", default: "8", meaning: "seats one visitor may hold at once" },
    Setting {
        name: "HOLD_SEATS_PER_ADDRESS",
        default: "20000",
        meaning: "seats held at once from one client address: a backstop, sized for 5,000 travellers behind one carrier address",
    },
    Setting {
        name: "TRUSTED_PROXIES",
        default: "(none)",
        meaning: "proxies whose X-Forwarded-For is believed, addresses or networks, comma-separated",
    },
    Setting {
        name: "RATE_LIMITS",
        default: "token=3000/min,refresh=10/min,otp-send=5/min,otp-check=15/min,seat-lock=30/min,full-bus=3/min,address=20000/min,global=20000/s",
        meaning: "per visitor (refresh, otp-*, seat-lock, full-bus), per client address (token: new visitors; address: all of these together), global: all calls; 'off', or name=N/s|min|h entries replacing defaults",
    },
    Setting {
        name: "SMS_GATEWAY_URL",
        default: "(none: demo mode writes the outbox; otherwise OTPs cannot be sent)",
        meaning: "the HTTP SMS gateway: POST {to, message, senderId} with SMS_API_KEY as bearer token",
    },
    Setting { name: "SMS_API_KEY", default: "(none)", meaning: "the SMS gateway's key" },
    Setting { name: "SMS_SENDER_ID", default: "(none)", meaning: "the sender name or number SMS show" },
    Setting {
        name: "PUBLIC_URL",
        default: "(required with a payment gateway)",
        meaning: "the site's origin as browsers and gateways reach it, e.g. https://tickets.example",
    },
    Setting {
        name: "GATEWAY_TIMEOUT_SECONDS",
        default: "15",
        meaning: "how long one call to a payment gateway may take",
    },
    Setting {
        name: "SSLCOMMERZ_API_URL",
        default: "(none: SSLCommerz not offered)",
        meaning: "https://sandbox.sslcommerz.com (testing) or https://securepay.sslcommerz.com (live)",
    },
    Setting { name: "SSLCOMMERZ_STORE_ID", default: "(none)", meaning: "the SSLCommerz store id" },
    Setting { name: "SSLCOMMERZ_STORE_PASSWORD", default: "(none)", meaning: "the SSLCommerz store password" },
    Setting {
        name: "BKASH_API_URL",
        default: "(none: bKash not offered)",
        meaning: "https://tokenized.sandbox.bka.sh/v1.2.0-beta (testing) or https://tokenized.pay.bka.sh/v1.2.0-beta (live)",
    },
    Setting { name: "BKASH_APP_KEY", default: "(none)", meaning: "the bKash tokenized checkout app key" },
    Setting { name: "BKASH_APP_SECRET", default: "(none)", meaning: "the bKash app secret" },
    Setting { name: "BKASH_USERNAME", default: "(none)", meaning: "the bKash merchant username" },
    Setting { name: "BKASH_PASSWORD", default: "(none)", meaning: "the bKash merchant password" },
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
            .field("trip_cancel_pace_ms", &self.trip_cancel_pace_ms)
            .field("otp_secret", &"(redacted)")
            .field("hold_max_seconds", &self.hold_max_seconds)
            .field("hold_seats_per_visitor", &self.hold_seats_per_visitor)
            .field("hold_seats_per_address", &self.hold_seats_per_address)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("rate_limits", &self.rate_limits)
            .field("sms_gateway", &self.sms_gateway)
            .field("payments", &self.payments)
            .field("sale_windows", &self.sale_windows)
            .field(
                "claims_listen",
                &match &self.claims_listen {
                    ClaimsListen::Url(_) => "(its own URL)",
                    ClaimsListen::Database => "(DATABASE_URL)",
                    ClaimsListen::Off => "off",
                },
            )
            .field("claims_max_age_ms", &self.claims_max_age_ms)
            .field("migrate_on_start", &self.migrate_on_start)
            .field("test_clock_skew_ms", &self.test_clock_skew_ms)
            .finish()
    }
}

impl Config {
    /// What keeps a configuration from serving real travellers: with demo mode off the token
    /// secret must be set, and long enough not to be guessed.
    pub fn ready_for_real_travellers(&self) -> Result<(), ConfigError> {
        if self.demo {
            return Ok(());
        }
        let refuse = |variable, reason: String| Err(ConfigError { variable, value: "(redacted)".into(), reason });
        if self.token_secret.len() < MIN_SECRET {
            return refuse(
                "TOKEN_SECRET",
                format!("must be set to at least {MIN_SECRET} bytes when DEMO_MODE is off (it signs tokens)"),
            );
        }
        if self.otp_secret.len() < MIN_SECRET || self.otp_secret == self.token_secret {
            return refuse(
                "OTP_SECRET",
                format!(
                    "must be set to at least {MIN_SECRET} bytes, unlike TOKEN_SECRET, when DEMO_MODE is off \
                     (it keys the stored OTP codes)"
                ),
            );
        }
        Ok(())
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

/// Addresses (`10.0.0.1`) or networks (`10.0.0.0/8`), comma-separated.
fn trusted_proxies(value: &str) -> Result<Vec<IpNet>, String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| {
            v.parse::<IpNet>()
                .or_else(|_| v.parse::<std::net::IpAddr>().map(IpNet::from))
                .map_err(|_| format!("'{v}' is not an address or a network (10.0.0.0/8)"))
        })
        .collect()
}

fn http_url(value: &str) -> Result<String, String> {
    let url = value.trim().trim_end_matches('/');
    if url.starts_with("https://") || url.starts_with("http://") {
        Ok(url.to_owned())
    } else {
        Err("must be an http:// or https:// URL".to_owned())
    }
}

/// A gateway is offered when its URL is set; then each of its credentials must be set too, and
/// PUBLIC_URL (where the gateway sends the traveller back).
fn payment_settings(read: &Reader<'_>) -> Result<PaymentSettings, ConfigError> {
    let needed = |variable: &'static str, gateway: &str| -> Result<String, ConfigError> {
        read.optional(variable, |v| Ok(v.to_owned()))?.filter(|v| !v.is_empty()).ok_or_else(|| ConfigError {
            variable,
            value: String::new(),
            reason: format!("must be set when {gateway} is"),
        })
    };
    let sslcommerz = match read.optional("SSLCOMMERZ_API_URL", http_url)? {
        None => None,
        Some(api_url) => Some(SslCommerzSettings {
            api_url,
            store_id: needed("SSLCOMMERZ_STORE_ID", "SSLCOMMERZ_API_URL")?,
            store_password: needed("SSLCOMMERZ_STORE_PASSWORD", "SSLCOMMERZ_API_URL")?,
        }),
    };
    let bkash = match read.optional("BKASH_API_URL", http_url)? {
        None => None,
        Some(api_url) => Some(BkashSettings {
            api_url,
            app_key: needed("BKASH_APP_KEY", "BKASH_API_URL")?,
            app_secret: needed("BKASH_APP_SECRET", "BKASH_API_URL")?,
            username: needed("BKASH_USERNAME", "BKASH_API_URL")?,
            password: needed("BKASH_PASSWORD", "BKASH_API_URL")?,
        }),
    };
    let public_url = read.optional("PUBLIC_URL", http_url)?;
    if public_url.is_none() && (sslcommerz.is_some() || bkash.is_some()) {
        return Err(ConfigError {
            variable: "PUBLIC_URL",
            value: String::new(),
            reason: "must be set when a payment gateway is (the gateway sends travellers back there)".into(),
        });
    }
    Ok(PaymentSettings {
        public_url,
        timeout_seconds: read.number("GATEWAY_TIMEOUT_SECONDS", 15, 1)?,
        sslcommerz,
        bkash,
    })
}

/// A store URL both stores understand; said at start, it beats a confusing driver error later.
pub fn parse_database_url(value: &str) -> Result<String, String> {
    crate::store::pool::backend_of(value)
        .map(|_| value.to_owned())
        .map_err(|_| "must be sqlite://path/to/file.db or postgres://user@host/database".to_owned())
}

impl Config {
    /// Reads the settings through `get` (the environment in production, a map in tests).
    pub fn from_lookup(get: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let read = Reader::new(get);
        let demo = read.flag("DEMO_MODE", false)?;
        // A demo of one process may sign and key with secrets of its own; a real site must say.
        let secret =
            |variable: &'static str| -> Result<Vec<u8>, ConfigError> {
                match read.optional(variable, |v| Ok(v.as_bytes().to_vec()))? {
                    Some(secret) => Ok(secret),
                    None if demo => crate::ids::random_bytes::<MIN_SECRET>()
                        .map(|b| b.to_vec())
                        .map_err(|e| ConfigError { variable, value: String::new(), reason: e.to_string() }),
                    None => Ok(Vec::new()),
                }
            };
        Ok(Config {
            database_url: read.parse("DATABASE_URL", "sqlite://data/tickets.db".to_owned(), parse_database_url)?,
            token_ttl_seconds: read.number("TOKEN_TTL_SECONDS", 3600, 1)?,
            token_secret: secret("TOKEN_SECRET")?,
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
            trip_cancel_pace_ms: read.number("TRIP_CANCEL_PACE_MS", 50, 0)?,
            otp_secret: secret("OTP_SECRET")?,
            hold_max_seconds: read.number("HOLD_MAX_SECONDS", 900, 60)?,
            hold_seats_per_visitor: read.number("HOLD_SEATS_PER_VISITOR", 8, core_wasm::seats::MAX_SEATS as u32)?,
            hold_seats_per_address: read.number(
                "HOLD_SEATS_PER_ADDRESS",
                20_000,
                core_wasm::seats::MAX_SEATS as u32,
            )?,
            trusted_proxies: read.parse("TRUSTED_PROXIES", Vec::new(), trusted_proxies)?,
            rate_limits: read.parse("RATE_LIMITS", RateLimits::default(), RateLimits::parse)?,
            sms_gateway: match read.optional("SMS_GATEWAY_URL", |v| Ok(v.trim().to_owned()))? {
                None => None,
                Some(url) if url.starts_with("https://") || url.starts_with("http://") => Some(SmsGateway {
                    url,
                    api_key: read.optional("SMS_API_KEY", |v| Ok(v.to_owned()))?.unwrap_or_default(),
                    sender_id: read.optional("SMS_SENDER_ID", |v| Ok(v.to_owned()))?.unwrap_or_default(),
                }),
                Some(url) => {
                    return Err(ConfigError {
                        variable: "SMS_GATEWAY_URL",
                        value: url,
                        reason: "must be an http:// or https:// URL".into(),
                    });
                }
            },
            payments: payment_settings(&read)?,
            sale_windows: read.parse("SALE_WINDOWS", SaleWindowsSetting::Default, sale_windows)?,
            claims_listen: read.parse("CLAIMS_LISTEN_URL", ClaimsListen::Database, claims_listen)?,
            claims_max_age_ms: read.number("CLAIMS_MAX_AGE_MS", 1_000, 0)?,
            migrate_on_start: read.flag("MIGRATE_ON_START", true)?,
            test_clock_skew_ms: read.parse("TEST_CLOCK_SKEW_MS", 0, |v| {
                v.parse::<i64>().map_err(|_| "must be a whole number of milliseconds".to_owned())
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
        let token_only = config(&[("TOKEN_SECRET", "0123456789abcdef0123456789abcdef")]).unwrap();
        assert_eq!(token_only.ready_for_real_travellers().unwrap_err().variable, "OTP_SECRET");
        let same = config(&[
            ("TOKEN_SECRET", "0123456789abcdef0123456789abcdef"),
            ("OTP_SECRET", "0123456789abcdef0123456789abcdef"),
        ])
        .unwrap();
        assert_eq!(same.ready_for_real_travellers().unwrap_err().variable, "OTP_SECRET", "one key for both");
        let long = config(&[
            ("TOKEN_SECRET", "0123456789abcdef0123456789abcdef"),
            ("OTP_SECRET", "fedcba9876543210fedcba9876543210"),
            ("SERVICE_ACCOUNTS", "c:s3cr3t:u:pa55"),
            ("SMS_GATEWAY_URL", "https://sms.example/send"),
            ("SMS_API_KEY", "k3y-k3y"),
        ]);
        let long = long.unwrap();
        assert!(long.ready_for_real_travellers().is_ok());
        let printed = format!("{long:?}");
        assert!(
            !printed.contains("0123456789abcdef")
                && !printed.contains("fedcba98")
                && !printed.contains("s3cr3t")
                && !printed.contains("pa55")
                && !printed.contains("k3y-k3y"),
            "{printed}"
        );
    }

    #[test]
    fn out_of_range_numbers_are_refused_not_clamped() {
        assert_eq!(config(&[("CANCEL_FEE_PERCENT", "150")]).unwrap_err().variable, "CANCEL_FEE_PERCENT");
        assert_eq!(config(&[("HOLD_SECONDS", "0")]).unwrap_err().variable, "HOLD_SECONDS");
        assert_eq!(config(&[("DATABASE_URL", "mysql://x")]).unwrap_err().variable, "DATABASE_URL");
        assert_eq!(config(&[("TRUSTED_PROXIES", "10.0.0.0/8, proxy")]).unwrap_err().variable, "TRUSTED_PROXIES");
        assert_eq!(config(&[("RATE_LIMITS", "token=fast")]).unwrap_err().variable, "RATE_LIMITS");
        assert_eq!(config(&[("HOLD_SEATS_PER_VISITOR", "2")]).unwrap_err().variable, "HOLD_SEATS_PER_VISITOR");
        let proxies = config(&[("TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1")]).unwrap().trusted_proxies;
        assert_eq!(proxies.len(), 2);
    }

    #[test]
    fn processes_on_postgresql_listen_at_the_database_unless_told_otherwise() {
        assert_eq!(config(&[]).unwrap().claims_listen, ClaimsListen::Database);
        assert_eq!(config(&[("CLAIMS_LISTEN_URL", "off")]).unwrap().claims_listen, ClaimsListen::Off);
        let direct = config(&[("CLAIMS_LISTEN_URL", "postgres://app:pw@db:5432/tickets")]).unwrap();
        assert_eq!(direct.claims_listen, ClaimsListen::Url("postgres://app:pw@db:5432/tickets".into()));
        assert!(!format!("{direct:?}").contains("pw@"), "a password in the URL is not logged");
        assert_eq!(config(&[("CLAIMS_LISTEN_URL", "pgbouncer:6432")]).unwrap_err().variable, "CLAIMS_LISTEN_URL");
    }
}
