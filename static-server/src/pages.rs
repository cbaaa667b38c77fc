//! Every path no route claimed: a file of the site, one of the app's pages, or not found.
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

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::assets::Assets;
use ticket_api::error::ApiError;

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
    if !core_wasm::routes::is_app_route(path) {
        return assets.index().respond(StatusCode::NOT_FOUND, &headers);
    }
    match assets.get(&prerendered_path(path)) {
        Some(page) => page.respond(StatusCode::OK, &headers),
        None => assets.index().respond(StatusCode::OK, &headers),
    }
}

/// Where the build puts the prerendered page of the app route `path`: `/` ->
/// `/prerendered/index.html`, `/bus` and `/bus/` -> `/prerendered/bus/index.html`.
fn prerendered_path(path: &str) -> String {
    format!("/prerendered{}/index.html", path.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::prerendered_path;

    #[test]
    fn prerendered_pages_sit_under_their_route() {
        assert_eq!(prerendered_path("/"), "/prerendered/index.html");
        assert_eq!(prerendered_path("/bus"), "/prerendered/bus/index.html");
        assert_eq!(prerendered_path("/launch/"), "/prerendered/launch/index.html");
        assert_eq!(prerendered_path("/bus/find-ticket"), "/prerendered/bus/find-ticket/index.html");
    }
}
