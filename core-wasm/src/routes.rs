//! The site's routes (SPEC §2): which paths the app answers with a page.
//!
//! The static server answers these with HTTP 200 and every other path with the app's
//! '404 page not found' and HTTP 404; the app's router holds the same list, so this is the one
//! place a route is added.

/// Pages of both services, under `/bus/...` and `/launch/...`.
const COMMON_PAGES: &[&str] = &[
    "",
    "find-ticket",
    "operator",
    "popular-route",
    "trip",
    "payment",
    "payment/cancel",
    "payment/failed",
    "payment/success",
    "policies",
    // the tickets kept on this phone (issue 14), open offline
    "saved-tickets",
];
const BUS_PAGES: &[&str] = &["emi", "offer"];
const LAUNCH_PAGES: &[&str] = &["payment/passenger-details", "payment/payment-details"];
/// Pages of neither service, at the top level: the logged-in traveller's account and trips
/// (issue 13; a guarded page, SPEC §2 "Route guard").
const TOP_PAGES: &[&str] = &["account"];
/// Pages that take one more segment: an id (`/bus/operator/{id}`, `/bus/offer/{id}`) or, for
/// trips, "deeper trip paths" (SPEC §2).
const PAGES_WITH_ID: &[&str] = &["operator", "popular-route", "offer", "trip"];

/// True when `path` (without query or fragment) is one of the app's own routes.
pub fn is_app_route(path: &str) -> bool {
    let path = path.split(['?', '#']).next().unwrap_or("");
    let trimmed = path.trim_matches('/');
    if trimmed.is_empty() {
        return true;
    }
    let (service, rest) = match trimmed.split_once('/') {
        Some((s, r)) => (s, r),
        None => (trimmed, ""),
    };
    let own: &[&str] = match service {
        "bus" => BUS_PAGES,
        "launch" => LAUNCH_PAGES,
        _ => return TOP_PAGES.contains(&trimmed),
    };
    if COMMON_PAGES.contains(&rest) || own.contains(&rest) {
        return true;
    }
    match rest.split_once('/') {
        Some((page, id)) => {
            let allowed = PAGES_WITH_ID.contains(&page)
                && (page != "offer" || service == "bus")
                && !id.is_empty()
                && (page == "trip" || !id.contains('/'));
            allowed && id.split('/').all(|s| !s.is_empty())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spec_route_is_a_page() {
        for p in [
            "/",
            "/bus",
            "/launch",
            "/bus/emi",
            "/bus/find-ticket",
            "/launch/find-ticket",
            "/bus/operator",
            "/launch/operator",
            "/bus/popular-route",
            "/launch/popular-route",
            "/bus/trip",
            "/launch/trip",
            "/bus/trip/abc/seats",
            "/bus/payment",
            "/launch/payment",
            "/bus/payment/cancel",
            "/bus/payment/failed",
            "/bus/payment/success",
            "/launch/payment/cancel",
            "/launch/payment/failed",
            "/launch/payment/passenger-details",
            "/launch/payment/payment-details",
            "/launch/payment/success",
            "/bus/offer",
            "/bus/offer/12",
            "/bus/policies",
            "/launch/policies",
            "/bus/operator/7",
            "/bus/?x=1",
            "/account",
            "/account?x=1",
        ] {
            assert!(is_app_route(p), "{p} should be a page");
        }
    }

    #[test]
    fn made_up_paths_are_not_pages() {
        for p in [
            "/nope",
            "/bus/nope",
            "/launch/emi",
            "/launch/offer/3",
            "/bus/operator/1/2",
            "/bus/payment/passenger-details",
            "/favicon.ico",
            "/bus//trip",
            "/account/x",
            "/bus/account",
        ] {
            assert!(!is_app_route(p), "{p} should be a 404");
        }
    }
}
