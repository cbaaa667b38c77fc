//! Serving the built app: which paths get the shell with which status, caching, encodings,
//! security headers, and the JSON endpoints that only read settings.

mod common;

use std::io::Read;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{World, get, index_html, send};
use static_server::{Config, Site, StartError};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

#[tokio::test]
async fn app_routes_answer_the_shell_with_200() {
    let world = World::new("routes");
    let (app, _) = world.app(&[]).await;
    for path in [
        "/",
        "/bus",
        "/launch",
        "/bus/find-ticket",
        "/launch/payment/passenger-details",
        "/bus/trip/abc/seats",
        "/bus/offer/12?x=1",
    ] {
        let reply = get(&app, path, &[]).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert_eq!(reply.body, index_html().as_bytes(), "{path}");
        assert_eq!(reply.header("content-type"), Some("text/html; charset=utf-8"), "{path}");
    }
}

#[tokio::test]
async fn prerendered_home_pages_answer_their_routes() {
    let world = World::new("prerendered");
    let dist = world.dist();
    for (dir, body) in [("prerendered", "root"), ("prerendered/bus", "bus"), ("prerendered/launch", "launch")] {
        std::fs::create_dir_all(dist.join(dir)).expect("prerendered dir");
        std::fs::write(dist.join(dir).join("index.html"), format!("<!doctype html><p>{body}</p>")).expect("page");
    }
    std::fs::write(dist.join("sw.js"), "self.addEventListener('fetch', () => {});").expect("sw");
    let (app, _) = world.app(&[]).await;
    for (path, body) in [("/", "root"), ("/bus", "bus"), ("/bus/", "bus"), ("/launch?x=1", "launch")] {
        let reply = get(&app, path, &[]).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert_eq!(reply.body, format!("<!doctype html><p>{body}</p>").as_bytes(), "{path}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
    }
    // Other routes keep the shell; an unknown path is still a 404, whatever was prerendered.
    let reply = get(&app, "/bus/find-ticket", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body, index_html().as_bytes());
    assert_eq!(get(&app, "/prerendered", &[]).await.status, StatusCode::NOT_FOUND);
    // The service worker is revalidated on every check, so a deploy reaches installed apps.
    let worker = get(&app, "/sw.js", &[]).await;
    assert_eq!(worker.status, StatusCode::OK);
    assert_eq!(worker.header("cache-control"), Some("no-cache"));
    assert_eq!(worker.header("content-type"), Some("text/javascript; charset=utf-8"));
}

#[tokio::test]
async fn a_bangla_request_gets_the_bangla_prerendered_page() {
    let world = World::new("prerendered-bn");
    let dist = world.dist();
    for (dir, body) in [("prerendered/bus", "bus"), ("prerendered-bn/bus", "বাস"), ("prerendered/launch", "launch")]
    {
        std::fs::create_dir_all(dist.join(dir)).expect("prerendered dir");
        std::fs::write(dist.join(dir).join("index.html"), format!("<!doctype html><p>{body}</p>")).expect("page");
    }
    let (app, _) = world.app(&[]).await;
    let page = |body: &str| format!("<!doctype html><p>{body}</p>").into_bytes();
    for (headers, body) in [
        (vec![], "bus"),
        (vec![("accept-language", "bn-BD,bn;q=0.9,en;q=0.8")], "বাস"),
        (vec![("accept-language", "en-US,en;q=0.9,bn;q=0.8")], "bus"),
        // The cookie is the traveller's choice on the site: it wins over the phone's setting.
        (vec![("accept-language", "en-US"), ("cookie", "theme=x; lang=bn")], "বাস"),
        (vec![("accept-language", "bn-BD"), ("cookie", "lang=en")], "bus"),
    ] {
        let reply = get(&app, "/bus", &headers).await;
        assert_eq!(reply.status, StatusCode::OK, "{headers:?}");
        assert_eq!(reply.body, page(body), "{headers:?}");
        // Revalidated on every use, each language with its own ETag (no Vary: pages.rs says why).
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{headers:?}");
    }
    // The service worker's precache (a fetch, not a navigation) stores one page for everybody.
    let reply = get(&app, "/bus", &[("accept-language", "bn-BD"), ("sec-fetch-dest", "empty")]).await;
    assert_eq!(reply.body, page("bus"));
    let reply = get(&app, "/bus", &[("accept-language", "bn-BD"), ("sec-fetch-dest", "document")]).await;
    assert_eq!(reply.body, page("বাস"));
    // A page the build wrote in English only is the English one for everybody.
    let reply = get(&app, "/launch", &[("accept-language", "bn")]).await;
    assert_eq!(reply.body, page("launch"));
    // The Bangla folder is no route of its own.
    assert_eq!(get(&app, "/prerendered-bn/bus", &[]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_paths_answer_the_shell_with_404() {
    let world = World::new("notfound");
    let (app, _) = world.app(&[]).await;
    for path in ["/nope", "/bus/nope", "/launch/emi", "/assets/missing-123.js", "/index.htm"] {
        let reply = get(&app, path, &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(reply.body, index_html().as_bytes(), "{path}");
        assert_eq!(reply.header("etag"), None, "a 404 must not carry a validator: {path}");
    }
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() {
    let world = World::new("api404");
    let (app, _) = world.app(&[]).await;
    // The ticket API's envelope, with the message's code for the site's catalog.
    let expected = serde_json::json!({"statusCode": 404, "message": "This page could not be found", "error": "Not Found",
        "code": "page.notFound", "details": [{"code": "page.notFound", "text": "This page could not be found"}]});
    for (method, path) in
        [("GET", "/api/nope"), ("POST", "/api/visitor"), ("GET", "/api"), ("DELETE", "/api/get-rollout/x")]
    {
        let request = Request::builder().method(method).uri(path).body(Body::empty()).expect("request");
        let reply = send(&app, request).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{method} {path}");
        assert_eq!(reply.header("content-type"), Some("application/json"), "{method} {path}");
        assert_eq!(reply.json(), expected, "{method} {path}");
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_forever_and_the_rest_revalidated() {
    let world = World::new("cache");
    let (app, _) = world.app(&[]).await;
    let js = get(&app, "/assets/app-abc123.js", &[]).await;
    assert_eq!(js.status, StatusCode::OK);
    assert_eq!(js.header("cache-control"), Some(IMMUTABLE));
    assert_eq!(js.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert_eq!(js.body, common::app_js().as_bytes());

    for path in ["/", "/index.html", "/bus/find-ticket", "/robots.txt", "/nope"] {
        let reply = get(&app, path, &[]).await;
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
    }
}

#[tokio::test]
async fn wasm_is_served_as_application_wasm() {
    let world = World::new("wasm");
    let (app, _) = world.app(&[]).await;
    let reply = get(&app, "/assets/core_bg-9f8e7d.wasm", &[("accept-encoding", "br")]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type"), Some("application/wasm"));
    assert_eq!(reply.header("cache-control"), Some(IMMUTABLE));
    assert_eq!(decode(reply.header("content-encoding"), &reply.body), common::core_wasm());
}

fn decode(encoding: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        Some("br") => brotli::Decompressor::new(body, 4096).read_to_end(&mut out).expect("valid brotli"),
        Some("gzip") => flate2::read::GzDecoder::new(body).read_to_end(&mut out).expect("valid gzip"),
        None => {
            out.extend_from_slice(body);
            0
        }
        Some(other) => panic!("unexpected encoding {other}"),
    };
    out
}

#[tokio::test]
async fn brotli_gzip_or_identity_as_the_client_accepts() {
    let world = World::new("encodings");
    let (app, _) = world.app(&[]).await;
    for (path, original) in [("/assets/app-abc123.js", common::app_js()), ("/bus", index_html())] {
        for (accept, expected) in [
            (Some("gzip, deflate, br, zstd"), Some("br")),
            (Some("gzip, deflate"), Some("gzip")),
            (Some("br;q=0, gzip"), Some("gzip")),
            (Some("identity"), None),
            (None, None),
        ] {
            let headers: Vec<(&str, &str)> = accept.map(|a| ("accept-encoding", a)).into_iter().collect();
            let reply = get(&app, path, &headers).await;
            assert_eq!(reply.status, StatusCode::OK);
            assert_eq!(reply.header("content-encoding"), expected, "{path} with {accept:?}");
            assert_eq!(reply.header("vary"), Some("accept-encoding"), "{path} with {accept:?}");
            if expected.is_some() {
                assert!(reply.body.len() < original.len(), "compressed body should be smaller");
            }
            assert_eq!(decode(expected, &reply.body), original.as_bytes(), "{path} with {accept:?}");
        }
    }
}

#[tokio::test]
async fn etags_differ_per_encoding_and_revalidate_with_304() {
    let world = World::new("etag");
    let (app, _) = world.app(&[]).await;
    let br = get(&app, "/", &[("accept-encoding", "br")]).await;
    let plain = get(&app, "/", &[]).await;
    let br_tag = br.header("etag").expect("etag").to_owned();
    let plain_tag = plain.header("etag").expect("etag").to_owned();
    assert_ne!(br_tag, plain_tag, "each representation has its own strong ETag");

    let again = get(&app, "/", &[("accept-encoding", "br"), ("if-none-match", &br_tag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(br_tag.as_str()));

    let stale = get(&app, "/", &[("if-none-match", "\"something-else\"")]).await;
    assert_eq!(stale.status, StatusCode::OK);
    assert_eq!(stale.body, index_html().as_bytes());
}

fn assert_security_headers(reply: &common::Reply, what: &str) {
    let csp = reply.header("content-security-policy").unwrap_or_else(|| panic!("no CSP on {what}"));
    let script_src = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src "))
        .unwrap_or_else(|| panic!("no script-src in {csp}"));
    assert!(script_src.contains("'wasm-unsafe-eval'"), "{what}: {csp}");
    assert!(!script_src.contains("'unsafe-inline'"), "{what}: {csp}");
    assert!(!script_src.contains("'unsafe-eval'"), "{what}: {csp}");
    for directive in
        ["default-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'"]
    {
        assert!(csp.split(';').any(|d| d.trim() == directive), "{what}: missing {directive} in {csp}");
    }
    assert_eq!(reply.header("x-content-type-options"), Some("nosniff"), "{what}");
    assert_eq!(reply.header("referrer-policy"), Some("strict-origin-when-cross-origin"), "{what}");
    assert!(reply.header("permissions-policy").is_some_and(|p| p.contains("camera=()")), "{what}");
    assert!(reply.header("x-request-id").is_some_and(|id| !id.is_empty()), "{what}: no request id");
}

#[tokio::test]
async fn only_the_back_office_may_use_the_camera() {
    let world = World::new("camera");
    let (app, _) = world.app(&[]).await;
    for path in ["/staff", "/staff/board"] {
        let reply = get(&app, path, &[]).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        let policy = reply.header("permissions-policy").unwrap_or_default().to_owned();
        assert!(policy.contains("camera=(self)") && policy.contains("microphone=()"), "{path}: {policy}");
    }
    for path in ["/", "/bus", "/nope"] {
        let reply = get(&app, path, &[]).await;
        assert!(reply.header("permissions-policy").is_some_and(|p| p.contains("camera=()")), "{path}");
    }
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let world = World::new("security");
    let (app, _) = world.app(&[]).await;
    for path in ["/", "/nope", "/assets/app-abc123.js", "/api/get-rollout", "/api/config", "/api/nope"] {
        let reply = get(&app, path, &[]).await;
        assert_security_headers(&reply, path);
    }
    let post = common::post_json(&app, "/api/visitor-update", r#"{"date":"2025-13-01"}"#).await;
    assert_security_headers(&post, "a rejected POST");
}

#[tokio::test]
async fn configured_origins_join_the_policy() {
    let world = World::new("origins");
    let (app, _) = world
        .app(&[
            ("TICKET_API_URL", "https://api.example.test/"),
            ("LIVE_CHAT_SRC", "https://chat.example.test/widget.js"),
            ("IMAGE_BASE", "https://img.example.test/promo/"),
        ])
        .await;
    let csp = get(&app, "/", &[]).await.header("content-security-policy").expect("csp").to_owned();
    let directive =
        |name: &str| csp.split(';').map(str::trim).find(|d| d.starts_with(name)).unwrap_or_default().to_owned();
    assert!(directive("script-src").contains("https://chat.example.test"), "{csp}");
    assert!(directive("connect-src").contains("https://api.example.test"), "{csp}");
    assert!(directive("img-src").contains("https://img.example.test"), "{csp}");
    assert!(!directive("script-src").contains("https://api.example.test"), "{csp}");
}

#[tokio::test]
async fn a_client_request_id_is_kept() {
    let world = World::new("reqid");
    let (app, _) = world.app(&[]).await;
    let reply = get(&app, "/", &[("x-request-id", "trace-me-42")]).await;
    assert_eq!(reply.header("x-request-id"), Some("trace-me-42"));
}

#[tokio::test]
async fn rollout_returns_the_configured_percentage() {
    let world = World::new("rollout");
    let (app, _) = world.app(&[("ROLLOUT_PERCENTAGE", "37")]).await;
    let reply = get(&app, "/api/get-rollout", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json(), serde_json::json!({"percentage": 37}));
    assert_eq!(reply.header("cache-control"), Some("no-cache"));

    let (default_app, _) = world.app(&[]).await;
    assert_eq!(get(&default_app, "/api/get-rollout", &[]).await.json(), serde_json::json!({"percentage": 0}));

    let wrong_method = common::post_json(&app, "/api/get-rollout", "{}").await;
    assert_eq!(wrong_method.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(wrong_method.json()["statusCode"], 405);
}

#[tokio::test]
async fn config_serves_the_apps_runtime_settings() {
    let world = World::new("config");
    let (app, _) = world
        .app(&[
            ("TICKET_API_URL", "https://api.example.test/"),
            ("THEME", "london-express"),
            ("HELPLINE", "+880 9612-345678"),
            ("SUPPORT_EMAIL", "help@example.test"),
            ("OFFICE_ADDRESS", "House 1, Road 2, Dhaka"),
            ("LIVE_CHAT_SRC", "https://chat.example.test/widget.js"),
            ("RENTAL_URL", "https://rental.example.test"),
            ("IMAGE_BASE", "https://img.example.test/promo/"),
            ("DEMO_MODE", "1"),
        ])
        .await;
    let reply = get(&app, "/api/config", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("cache-control"), Some("no-cache"));
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(
        reply.json(),
        serde_json::json!({
            "ticketApiUrl": "https://api.example.test",
            "theme": "london-express",
            "helpline": "+880 9612-345678",
            "supportEmail": "help@example.test",
            "officeAddress": "House 1, Road 2, Dhaka",
            "liveChatSrc": "https://chat.example.test/widget.js",
            "rentalUrl": "https://rental.example.test",
            "imageBase": "https://img.example.test/promo/",
            "demo": true,
        })
    );
}

#[tokio::test]
async fn config_defaults_are_null_or_documented_values() {
    let world = World::new("configdefaults");
    let (app, _) = world.app(&[]).await;
    let config = get(&app, "/api/config", &[]).await.json();
    assert_eq!(config["ticketApiUrl"], serde_json::Value::Null);
    assert_eq!(config["liveChatSrc"], serde_json::Value::Null);
    assert_eq!(config["rentalUrl"], serde_json::Value::Null);
    assert_eq!(config["theme"], "intercity");
    assert_eq!(config["helpline"], "16374");
    assert_eq!(config["imageBase"], "/images/");
    assert_eq!(config["demo"], false);
    for key in ["supportEmail", "officeAddress"] {
        assert!(config[key].as_str().is_some_and(|v| !v.is_empty()), "{key}: {config}");
    }
}

#[tokio::test]
async fn a_dist_without_index_html_is_a_start_up_error() {
    let world = World::new("noindex");
    std::fs::remove_file(world.dist().join("index.html")).expect("remove index");
    let config: Config = world.config(&[]);
    let error = Site::load(&config).await.expect_err("no index.html");
    assert!(matches!(error, StartError::Assets(_)));
    let message = error.to_string();
    assert!(message.contains("DIST_DIR") && message.contains("index.html"), "{message}");
}
