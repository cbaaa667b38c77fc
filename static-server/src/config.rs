//! Settings: read from the environment once at start-up, checked, and never re-read.
//!
//! Every setting is listed in [`SETTINGS`], which is also what `--help` prints, so the help cannot
//! drift from what the parser reads. An empty value counts as unset (env files often carry
//! `NAME=`). A bad value stops the server before it listens, with a message naming the variable.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

use crate::http_url::HttpUrl;

use ticket_api::settings::Reader;
pub use ticket_api::settings::{ConfigError, Setting};

/// Every setting, in the order `--help` lists them.
pub const SETTINGS: &[Setting] = &[
    Setting {
        name: "HOST",
        default: "127.0.0.1",
        meaning: "IP address to listen on (0.0.0.0 for every interface; `localhost` means 127.0.0.1)",
    },
    Setting {
        name: "PORT",
        default: "8080",
        meaning: "TCP port to listen on (0 lets the system pick one; the URL is printed at start)",
    },
    Setting {
        name: "DIST_DIR",
        default: "app/dist",
        meaning: "the built site (must hold index.html); read and compressed into memory at start",
    },
    Setting {
        name: "DATABASE_URL",
        default: "sqlite://data/tickets.db",
        meaning: "the store: sqlite://file (created with its directory if missing) or postgres://...; the visitor counter and, in-process, the ticket API",
    },
    Setting {
        name: "ROLLOUT_PERCENTAGE",
        default: "0",
        meaning: "share of visitors (0-100) shown the new-site banner, served at GET /api/get-rollout",
    },
    Setting {
        name: "TICKET_API_URL",
        default: "(unset: same origin)",
        meaning: "base URL of an external ticket API, e.g. https://api.example.com; its origin is allowed in the CSP connect-src",
    },
    Setting {
        name: "THEME",
        default: "intercity",
        meaning: "operator theme: intercity, intercity-v2, paribahan, london-express, shohagh or hanif",
    },
    Setting { name: "HELPLINE", default: "16374", meaning: "helpline phone number shown by the site" },
    Setting {
        name: "SUPPORT_EMAIL",
        default: "support@example.com",
        meaning: "support e-mail address shown in the footer",
    },
    Setting { name: "OFFICE_ADDRESS", default: "Dhaka, Bangladesh", meaning: "office address shown in the footer" },
    Setting {
        name: "LIVE_CHAT_SRC",
        default: "(unset: no live chat)",
        meaning: "URL of a live-chat script; its origin is allowed in the CSP script-src, connect-src and frame-src",
    },
    Setting {
        name: "RENTAL_URL",
        default: "(unset: no Rental link)",
        meaning: "URL of the external Rental site linked from the top bar",
    },
    Setting {
        name: "IMAGE_BASE",
        default: "/images/",
        meaning: "prefix of offer and promo image paths: a path on this site or an absolute URL (its origin is allowed in the CSP img-src)",
    },
    Setting {
        name: "DEMO_MODE",
        default: "0",
        meaning: "1 (or true, yes, on): a demo: the site says so, the ticket API seeds the demo network into an empty database and shows the SMS outbox; 0 for a real site",
    },
    Setting {
        name: "RUST_LOG",
        default: "info,sqlx=warn",
        meaning: "log filter (tracing EnvFilter syntax); tower_http=debug logs every request and response",
    },
];

/// The `--help` text: usage, then every setting with its default and meaning.
pub fn help_text() -> String {
    let mut text = String::from(
        "static-server: serves the built ticket site, its own /api endpoints and runtime configuration.\n\n\
         Usage: static-server [--help | --version | --seed-demo]\n\n\
         --seed-demo  write the demo network again into DATABASE_URL (deleting what the seed wrote) and exit\n\n\
         Settings are environment variables (unset or empty means the default):\n\n",
    );
    for setting in SETTINGS {
        text.push_str(&format!("  {}\n      default: {}\n      {}\n", setting.name, setting.default, setting.meaning));
    }
    text.push_str("\nThe ticket API, served in this process unless TICKET_API_URL is set:\n\n");
    for setting in ticket_api::config::SETTINGS.iter().filter(|s| !matches!(s.name, "DATABASE_URL" | "DEMO_MODE")) {
        text.push_str(&format!("  {}\n      default: {}\n      {}\n", setting.name, setting.default, setting.meaning));
    }
    text
}

/// The operator themes of SPEC §1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Intercity,
    IntercityV2,
    Paribahan,
    LondonExpress,
    Shohagh,
    Hanif,
}

impl Theme {
    const ALL: [Theme; 6] =
        [Theme::Intercity, Theme::IntercityV2, Theme::Paribahan, Theme::LondonExpress, Theme::Shohagh, Theme::Hanif];

    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Intercity => "intercity",
            Theme::IntercityV2 => "intercity-v2",
            Theme::Paribahan => "paribahan",
            Theme::LondonExpress => "london-express",
            Theme::Shohagh => "shohagh",
            Theme::Hanif => "hanif",
        }
    }

    pub fn parse(value: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.as_str() == value)
    }
}

impl serde::Serialize for Theme {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Where offer and promo images come from: a path on this site or another origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageBase {
    /// Starts with `/`: served by this site.
    Path(String),
    External(HttpUrl),
}

impl ImageBase {
    pub fn as_str(&self) -> &str {
        match self {
            ImageBase::Path(path) => path,
            ImageBase::External(url) => url.as_str(),
        }
    }

    /// The other origin images load from, for the CSP img-src.
    pub fn external_origin(&self) -> Option<&str> {
        match self {
            ImageBase::Path(_) => None,
            ImageBase::External(url) => Some(url.origin()),
        }
    }
}

impl serde::Serialize for ImageBase {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// What the app needs at run time, served as JSON by `GET /api/config` (camelCase keys, `null`
/// for unset options) so a deployment changes it without rebuilding the app.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteConfig {
    /// `null`: the ticket API is on this origin.
    pub ticket_api_url: Option<HttpUrl>,
    pub theme: Theme,
    pub helpline: String,
    pub support_email: String,
    pub office_address: String,
    pub live_chat_src: Option<HttpUrl>,
    pub rental_url: Option<HttpUrl>,
    pub image_base: ImageBase,
    pub demo: bool,
}

/// The rollout share of SPEC §8 (new-site banner): a whole percentage, 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct RolloutPercentage(u8);

impl RolloutPercentage {
    pub fn parse(value: &str) -> Result<RolloutPercentage, String> {
        match value.parse::<u8>() {
            Ok(n) if n <= 100 => Ok(RolloutPercentage(n)),
            _ => Err("must be a whole number from 0 to 100".to_owned()),
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

/// Every setting, checked.
#[derive(Debug, Clone)]
pub struct Config {
    pub host: IpAddr,
    pub port: u16,
    pub dist_dir: PathBuf,
    pub database_url: String,
    pub rollout: RolloutPercentage,
    pub site: SiteConfig,
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads settings through `lookup` (the environment in production, a map in tests: changing
    /// the process environment is `unsafe` in edition 2024 and racy across test threads).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let read = Reader::new(&lookup);
        Ok(Config {
            host: read.parse("HOST", Ipv4Addr::LOCALHOST.into(), parse_host)?,
            port: read.parse("PORT", 8080, |v| {
                v.parse::<u16>().map_err(|_| "must be a port number from 0 to 65535".to_owned())
            })?,
            dist_dir: read.parse("DIST_DIR", PathBuf::from("app/dist"), |v| Ok(PathBuf::from(v)))?,
            database_url: read.parse(
                "DATABASE_URL",
                "sqlite://data/tickets.db".to_owned(),
                ticket_api::config::parse_database_url,
            )?,
            rollout: read.parse("ROLLOUT_PERCENTAGE", RolloutPercentage(0), RolloutPercentage::parse)?,
            site: SiteConfig {
                ticket_api_url: read
                    .optional("TICKET_API_URL", |v| HttpUrl::parse(v).map(HttpUrl::without_trailing_slash))?,
                theme: read.parse("THEME", Theme::Intercity, |v| {
                    Theme::parse(v).ok_or_else(|| {
                        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.as_str()).collect();
                        format!("must be one of {}", names.join(", "))
                    })
                })?,
                helpline: read.parse("HELPLINE", "16374".to_owned(), parse_phone)?,
                support_email: read.parse("SUPPORT_EMAIL", "support@example.com".to_owned(), parse_email)?,
                office_address: read.parse("OFFICE_ADDRESS", "Dhaka, Bangladesh".to_owned(), parse_text)?,
                live_chat_src: read.optional("LIVE_CHAT_SRC", HttpUrl::parse)?,
                rental_url: read.optional("RENTAL_URL", HttpUrl::parse)?,
                image_base: read.parse("IMAGE_BASE", ImageBase::Path("/images/".to_owned()), parse_image_base)?,
                demo: read.flag("DEMO_MODE", false)?,
            },
        })
    }
}

fn parse_host(value: &str) -> Result<IpAddr, String> {
    if value.eq_ignore_ascii_case("localhost") {
        return Ok(Ipv4Addr::LOCALHOST.into());
    }
    value.parse().map_err(|_| "must be an IP address such as 127.0.0.1, 0.0.0.0 or ::1".to_owned())
}

fn parse_phone(value: &str) -> Result<String, String> {
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let allowed = value.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | ' '));
    // The site puts it in a `tel:` link, so only what a dialler understands.
    if allowed && (3..=15).contains(&digits) {
        Ok(value.to_owned())
    } else {
        Err("must be a phone number: 3 to 15 digits, optionally with +, - and spaces".to_owned())
    }
}

/// The site's own e-mail rule (`core_wasm::email`), so the footer never shows an address the
/// site's forms would reject.
fn parse_email(value: &str) -> Result<String, String> {
    if core_wasm::email::is_email(value) {
        Ok(value.to_owned())
    } else {
        Err("must be an e-mail address such as support@example.com".to_owned())
    }
}

fn parse_text(value: &str) -> Result<String, String> {
    if value.chars().count() > 300 || value.chars().any(char::is_control) {
        Err("must be one line of at most 300 characters".to_owned())
    } else {
        Ok(value.to_owned())
    }
}

fn parse_image_base(value: &str) -> Result<ImageBase, String> {
    if value.starts_with('/') && !value.starts_with("//") {
        if value.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"') {
            return Err("must not contain whitespace, quotes or control characters".to_owned());
        }
        Ok(ImageBase::Path(value.to_owned()))
    } else {
        HttpUrl::parse(value)
            .map(ImageBase::External)
            .map_err(|reason| format!("must be a path starting with / or an absolute URL: {reason}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_apply_when_nothing_is_set() {
        let c = config(&[]).expect("defaults are valid");
        assert_eq!(c.host.to_string(), "127.0.0.1");
        assert_eq!(c.port, 8080);
        assert_eq!(c.dist_dir, PathBuf::from("app/dist"));
        assert_eq!(c.database_url, "sqlite://data/tickets.db");
        assert_eq!(c.rollout.get(), 0);
        assert_eq!(c.site.theme, Theme::Intercity);
        assert_eq!(c.site.helpline, "16374");
        assert_eq!(c.site.image_base.as_str(), "/images/");
        assert_eq!(c.site.ticket_api_url, None);
        assert!(!c.site.demo);
    }

    #[test]
    fn empty_values_count_as_unset() {
        let c = config(&[("PORT", ""), ("TICKET_API_URL", " "), ("THEME", "")]).expect("valid");
        assert_eq!(c.port, 8080);
        assert_eq!(c.site.ticket_api_url, None);
    }

    #[test]
    fn each_bad_value_names_its_variable() {
        for (name, value) in [
            ("HOST", "example.com"),
            ("PORT", "80a"),
            ("PORT", "70000"),
            ("DATABASE_URL", "mysql://x"),
            ("ROLLOUT_PERCENTAGE", "101"),
            ("ROLLOUT_PERCENTAGE", "-1"),
            ("ROLLOUT_PERCENTAGE", "12.5"),
            ("TICKET_API_URL", "api.example.com"),
            ("THEME", "green"),
            ("HELPLINE", "call us"),
            ("SUPPORT_EMAIL", "nobody"),
            ("LIVE_CHAT_SRC", "javascript:alert(1)"),
            ("RENTAL_URL", "rental"),
            ("IMAGE_BASE", "images/"),
            ("DEMO_MODE", "maybe"),
        ] {
            let err = config(&[(name, value)]).expect_err(&format!("{name}={value} is invalid"));
            assert_eq!(err.variable, name);
            assert!(err.to_string().contains(name), "{err}");
        }
    }

    #[test]
    fn themes_round_trip() {
        for theme in Theme::ALL {
            assert_eq!(Theme::parse(theme.as_str()), Some(theme));
        }
    }

    #[test]
    fn help_lists_every_setting() {
        let help = help_text();
        for setting in SETTINGS {
            assert!(help.contains(setting.name), "{} missing", setting.name);
        }
    }
}
