//! Security headers on every response.
//!
//! The Content-Security-Policy allows no inline script and no `eval`; `'wasm-unsafe-eval'` is
//! the one exception, because without it the browser refuses to compile the core's WebAssembly.
//! Other origins appear only when a setting names them (an external ticket API, a live-chat
//! script, an image host), so the default policy is `'self'` everywhere.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::Response;

use crate::config::SiteConfig;

/// The headers, built once from the settings.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    headers: Vec<(HeaderName, HeaderValue)>,
}

impl SecurityHeaders {
    pub fn new(site: &SiteConfig) -> SecurityHeaders {
        let csp = content_security_policy(site);
        // Every part of the policy is `'self'`, a keyword or an origin checked by `HttpUrl`,
        // so it is always a valid header value; the fallback only keeps this function total.
        let csp = HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static("default-src 'self'"));
        SecurityHeaders {
            headers: vec![
                (header::CONTENT_SECURITY_POLICY, csp),
                (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
                (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
                (
                    HeaderName::from_static("permissions-policy"),
                    HeaderValue::from_static(
                        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
                    ),
                ),
                // For browsers that predate CSP's frame-ancestors.
                (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            ],
        }
    }
}

/// Middleware: adds each header unless the handler set its own (a mounted ticket API may serve a
/// page, such as the sandbox payment page, that needs a different policy).
pub async fn add_security_headers(State(security): State<Arc<SecurityHeaders>>, mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in &security.headers {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), value.clone());
        }
    }
    response
}

/// The policy for these settings.
pub fn content_security_policy(site: &SiteConfig) -> String {
    let chat = site.live_chat_src.as_ref().map(|url| url.origin());
    let api = site.ticket_api_url.as_ref().map(|url| url.origin());
    let images = site.image_base.external_origin();

    let sources = |fixed: &[&str], extra: &[Option<&str>]| {
        let mut list: Vec<&str> = fixed.to_vec();
        for origin in extra.iter().flatten() {
            if !list.contains(origin) {
                list.push(origin);
            }
        }
        list.join(" ")
    };

    [
        "default-src 'self'".to_owned(),
        format!("script-src {}", sources(&["'self'", "'wasm-unsafe-eval'"], &[chat])),
        "style-src 'self'".to_owned(),
        format!("img-src {}", sources(&["'self'", "data:"], &[images])),
        // A chat widget talks to its own origin and usually draws its window in a frame.
        format!("connect-src {}", sources(&["'self'"], &[api, chat])),
        format!("frame-src {}", sources(&["'self'"], &[chat])),
        "frame-ancestors 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "object-src 'none'".to_owned(),
    ]
    .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{ImageBase, Theme};
    use crate::http_url::HttpUrl;

    fn site() -> SiteConfig {
        SiteConfig {
            ticket_api_url: None,
            theme: Theme::Intercity,
            helpline: "16374".to_owned(),
            support_email: "support@example.com".to_owned(),
            office_address: "Dhaka".to_owned(),
            live_chat_src: None,
            rental_url: None,
            image_base: ImageBase::Path("/images/".to_owned()),
            demo: false,
        }
    }

    fn url(s: &str) -> HttpUrl {
        HttpUrl::parse(s).expect("valid url")
    }

    #[test]
    fn default_policy_is_self_only_with_wasm() {
        let csp = content_security_policy(&site());
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval';"), "{csp}");
        assert!(csp.contains("connect-src 'self';"), "{csp}");
        assert!(csp.contains("img-src 'self' data:;"), "{csp}");
        assert!(!csp.contains("unsafe-inline"), "{csp}");
    }

    #[test]
    fn configured_origins_are_allowed_where_they_are_used() {
        let mut site = site();
        site.ticket_api_url = Some(url("https://api.example.test/base"));
        site.live_chat_src = Some(url("https://chat.example.test/widget.js"));
        site.image_base = ImageBase::External(url("https://img.example.test/promo/"));
        let csp = content_security_policy(&site);
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval' https://chat.example.test;"), "{csp}");
        assert!(csp.contains("connect-src 'self' https://api.example.test https://chat.example.test;"), "{csp}");
        assert!(csp.contains("img-src 'self' data: https://img.example.test;"), "{csp}");
        assert!(csp.contains("frame-src 'self' https://chat.example.test;"), "{csp}");
    }
}
