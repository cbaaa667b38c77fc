//! Every path no route claimed: a file of the site, one of the app's pages, the back office's
//! page (`/staff/...`, staff.html), or not found.
//!
//! A single-page app would usually answer index.html with 200 for every path. We answer 200 only
//! for the app's own routes (`core_wasm::routes`, the list the app's router also uses) and 404
//! for the rest, still with index.html so the app renders its '404 page not found': crawlers and
//! monitors then see a real 404.
//!
//! A route the build prerendered (the home pages, whose search form works before the scripts
//! arrive: app/build/prerender.ts) is answered with its own page, `prerendered{path}/index.html`
//! of the dist directory, instead of the shell. The build decides which pages those are; a dist
//! without them is served as before.
//!
//! The build writes each prerendered page in Bangla too (`prerendered-bn{path}/index.html`): a
//! request whose language is Bangla gets that one (issue 40), by the rule the server's own texts
//! follow (`ticket_api::language`: the site's `lang` cookie, the traveller's choice, else
//! `Accept-Language`), so a Bangla phone's first paint is in Bangla rather than English for the
//! seconds until the app comes; a page fetched by a script (the service worker's precache) is
//! always the English one. The answers carry no `Vary` for the language: the service
//! worker's precache honours `Vary` and would then find no page offline (it stores `/bus` as
//! fetched, without the headers the network adds). Caches stay right all the same: the pages are
//! `no-cache` (revalidated on every use) and each language's page has its own ETag.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::assets::Assets;
use ticket_api::error::ApiError;
use ticket_api::language::Language;

/// The site's permissions (`headers.rs`) with the camera allowed to the page itself.
pub const STAFF_PERMISSIONS: &str =
    "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/// The router's fallback.
pub async fn serve(State(assets): State<Arc<Assets>>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        // The site's API speaks JSON even when the path is wrong.
        return ApiError::no_page().into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, HeaderValue::from_static("GET, HEAD"))])
            .into_response();
    }
    if let Some(asset) = assets.get(path) {
        return asset.respond(StatusCode::OK, &headers);
    }
    // The back office (issue 35): its own page for every path under /staff. Its boarding
    // scanner (issue 36) reads QR codes with the camera: the back office alone may ask for it.
    if (path == "/staff" || path.starts_with("/staff/"))
        && let Some(page) = assets.get("/staff.html")
    {
        let mut response = page.respond(StatusCode::OK, &headers);
        response.headers_mut().insert("permissions-policy", HeaderValue::from_static(STAFF_PERMISSIONS));
        return response;
    }
    if !core_wasm::routes::is_app_route(path) {
        return assets.index().respond(StatusCode::NOT_FOUND, &headers);
    }
    let english = assets.get(&prerendered_path(path));
    let bangla = assets.get(&prerendered_path_bn(path));
    let page = match (english, bangla) {
        (Some(english), Some(bangla)) => {
            let cookie = headers.get(header::COOKIE).and_then(|v| v.to_str().ok());
            let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
            let bangla_wanted = ticket_api::language::of_request(cookie, accept) == Language::Bangla;
            if bangla_wanted && is_navigation(&headers) { bangla } else { english }
        }
        (Some(page), None) => page,
        _ => assets.index(),
    };
    page.respond(StatusCode::OK, &headers)
}

/// A page the browser opens (`Sec-Fetch-Dest: document`, or a client that does not say), not
/// one a script fetches: the service worker's precache stores `/bus` once for every language
/// (the app then shows the traveller's), so it must get the English page whoever's phone it is.
fn is_navigation(headers: &HeaderMap) -> bool {
    headers.get("sec-fetch-dest").is_none_or(|dest| dest.as_bytes() == b"document")
}

/// Where the build puts the prerendered page of the app route `path`: `/` ->
/// `/prerendered/index.html`, `/bus` and `/bus/` -> `/prerendered/bus/index.html`.
fn prerendered_path(path: &str) -> String {
    format!("/prerendered{}/index.html", path.trim_end_matches('/'))
}

/// The same page in Bangla: `/bus` -> `/prerendered-bn/bus/index.html`.
fn prerendered_path_bn(path: &str) -> String {
    format!("/prerendered-bn{}/index.html", path.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::{prerendered_path, prerendered_path_bn};

    #[test]
    fn prerendered_pages_sit_under_their_route() {
        assert_eq!(prerendered_path("/"), "/prerendered/index.html");
        assert_eq!(prerendered_path("/bus"), "/prerendered/bus/index.html");
        assert_eq!(prerendered_path("/launch/"), "/prerendered/launch/index.html");
        assert_eq!(prerendered_path("/bus/find-ticket"), "/prerendered/bus/find-ticket/index.html");
        assert_eq!(prerendered_path_bn("/"), "/prerendered-bn/index.html");
        assert_eq!(prerendered_path_bn("/launch/"), "/prerendered-bn/launch/index.html");
    }
}
