//! `HttpUrl`: an absolute `http://` or `https://` address taken from a setting.
//!
//! Some settings (the ticket API, the live-chat script, the image base) name other origins. Their
//! origin goes into the Content-Security-Policy header, so it is checked strictly here: once an
//! `HttpUrl` exists, its origin cannot smuggle a `;` or a quote into the policy. A full URL parser
//! would be another dependency for three settings; the grammar we accept is deliberately small.

use std::fmt;

/// An absolute http(s) URL without credentials, whitespace or control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpUrl {
    url: String,
    /// `scheme://host[:port]`, lower-case: the form CSP source lists expect.
    origin: String,
}

impl HttpUrl {
    /// Checks `input` and keeps it as given (apart from a lower-cased scheme and host).
    pub fn parse(input: &str) -> Result<HttpUrl, String> {
        let input = input.trim();
        let (scheme, rest) = input
            .split_once("://")
            .ok_or_else(|| "must be an absolute URL starting with http:// or https://".to_owned())?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(format!("scheme must be http or https, not {scheme:?}"));
        }
        let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(authority_end);
        if authority.is_empty() {
            return Err("has no host".to_owned());
        }
        if authority.contains('@') {
            // Credentials would be published to every visitor through /api/config.
            return Err("must not contain credentials (user@host)".to_owned());
        }
        let host_ok = authority.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
        if !host_ok {
            return Err(format!("host {authority:?} has characters a host name cannot have"));
        }
        if let Some(port) = port_of(authority).filter(|port| port.parse::<u16>().is_err()) {
            return Err(format!("port {port:?} is not a number from 0 to 65535"));
        }
        if tail.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '<' | '>')) {
            return Err("contains whitespace, quotes or control characters".to_owned());
        }
        let authority = authority.to_ascii_lowercase();
        Ok(HttpUrl { url: format!("{scheme}://{authority}{tail}"), origin: format!("{scheme}://{authority}") })
    }

    /// The URL as configured.
    pub fn as_str(&self) -> &str {
        &self.url
    }

    /// `scheme://host[:port]`, ready for a CSP source list.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The same URL without trailing slashes, for bases that the app joins with `/path`.
    pub fn without_trailing_slash(self) -> HttpUrl {
        let trimmed = self.url.trim_end_matches('/');
        // Never trim into the authority: `https://x.test/` becomes `https://x.test`.
        let url = if trimmed.len() >= self.origin.len() { trimmed.to_owned() } else { self.origin.clone() };
        HttpUrl { url, origin: self.origin }
    }
}

/// The port part of an authority, if any; IPv6 literals (`[::1]:8080`) have colons of their own.
fn port_of(authority: &str) -> Option<&str> {
    let after_host = match authority.rfind(']') {
        Some(end) => &authority[end + 1..],
        None => authority,
    };
    after_host.rsplit_once(':').map(|(_, port)| port)
}

impl fmt::Display for HttpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)
    }
}

impl serde::Serialize for HttpUrl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_url_and_derives_the_origin() {
        let url = HttpUrl::parse("HTTPS://API.Example.test:8443/v1/?a=b").expect("valid");
        assert_eq!(url.as_str(), "https://api.example.test:8443/v1/?a=b");
        assert_eq!(url.origin(), "https://api.example.test:8443");
    }

    #[test]
    fn ipv6_hosts_have_ports_after_the_bracket() {
        let url = HttpUrl::parse("http://[::1]:9000/x").expect("valid");
        assert_eq!(url.origin(), "http://[::1]:9000");
    }

    #[test]
    fn rejects_what_could_break_a_policy_or_leak_secrets() {
        for bad in [
            "api.example.test",
            "ftp://example.test",
            "https://",
            "https://user:pw@example.test",
            "https://exa mple.test",
            "https://example.test;script-src *",
            "https://example.test:99999",
            "https://example.test/a b",
            "https://example.test/\"",
        ] {
            assert!(HttpUrl::parse(bad).is_err(), "{bad} should be rejected");
        }
    }

    #[test]
    fn trailing_slashes_go_but_the_origin_stays() {
        let url = HttpUrl::parse("https://x.test/api//").expect("valid").without_trailing_slash();
        assert_eq!(url.as_str(), "https://x.test/api");
        let bare = HttpUrl::parse("https://x.test/").expect("valid").without_trailing_slash();
        assert_eq!(bare.as_str(), "https://x.test");
    }
}
