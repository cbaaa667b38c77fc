//! The client's address, for rate limits and hold caps (DESIGN §3): the socket's peer; behind a
//! proxy listed in `TRUSTED_PROXIES`, the nearest address in X-Forwarded-For that is not one of
//! those proxies. A header from anyone else counts for nothing, so a client cannot pick its
//! address (and spend someone else's limits) by writing a header.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::IpNet;

use crate::AppState;
use crate::error::ApiError;

/// The client address of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

/// The client address, given the socket's peer (none when the router is called without a
/// socket, as in tests: the unspecified address) and the trusted proxies.
pub fn resolve(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let peer = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ip| ip.to_canonical());
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    // Each proxy appends the address it got the request from: read from the right, skipping our
    // own proxies; the first other address is the client. Every header line counts, in order.
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if is_trusted(&ip.to_canonical()) => continue,
            Ok(ip) => return ip.to_canonical(),
            // Garbage from beyond our proxies: the last address we can vouch for is the client.
            Err(_) => break,
        }
    }
    peer
}

/// The address of `parts`' request under `state`'s trusted proxies.
pub fn of_parts(parts: &Parts, state: &AppState) -> IpAddr {
    let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    resolve(peer, &parts.headers, &state.config.trusted_proxies)
}

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<ClientAddress, ApiError> {
        Ok(ClientAddress(of_parts(parts, state)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in xff {
            h.append("x-forwarded-for", v.parse().unwrap_or_else(|_| axum::http::HeaderValue::from_static("")));
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn a_header_from_an_untrusted_peer_counts_for_nothing() {
        let spoofed = headers(&["1.2.3.4"]);
        assert_eq!(resolve(Some(ip("203.0.113.9")), &spoofed, &[]), ip("203.0.113.9"));
        let proxies: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap_or_else(|_| IpNet::default())];
        assert_eq!(resolve(Some(ip("203.0.113.9")), &spoofed, &proxies), ip("203.0.113.9"));
    }

    #[test]
    fn behind_trusted_proxies_the_nearest_untrusted_hop_is_the_client() {
        let proxies: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap_or_else(|_| IpNet::default())];
        // The client wrote 1.2.3.4 itself; our proxies appended the real 198.51.100.7 and 10.0.0.2.
        let h = headers(&["1.2.3.4, 198.51.100.7", "10.0.0.2"]);
        assert_eq!(resolve(Some(ip("10.0.0.1")), &h, &proxies), ip("198.51.100.7"));
        assert_eq!(resolve(Some(ip("10.0.0.1")), &headers(&[]), &proxies), ip("10.0.0.1"));
        assert_eq!(resolve(Some(ip("10.0.0.1")), &headers(&["junk"]), &proxies), ip("10.0.0.1"));
        assert_eq!(resolve(None, &h, &[]), ip("0.0.0.0"));
        assert_eq!(resolve(Some(ip("::ffff:198.51.100.7")), &h, &[]), ip("198.51.100.7"));
    }
}
