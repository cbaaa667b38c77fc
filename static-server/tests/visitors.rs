//! `POST /api/visitor-update`: exact under concurrency, persisted across restarts, and every
//! bad request answered with a 4xx envelope.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{World, post_json, send};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_visits_count_exactly_and_survive_a_restart() {
    let world = World::new("visits");
    let (app, site) = world.app(&[]).await;

    assert_each_visit_gets_its_own_count(&app, 200).await;

    // Another date has its own counter.
    let other = post_json(&app, "/api/visitor-update", r#"{"date":"2025-03-15"}"#).await;
    assert_eq!(other.json(), serde_json::json!({"count": 1}));

    // Restart: everything dropped and closed, then a new app on the same file.
    drop(app);
    site.visitors.close().await;
    drop(site);
    let (restarted, _) = world.app(&[]).await;
    let next = post_json(&restarted, "/api/visitor-update", r#"{"date":"2025-03-14"}"#).await;
    assert_eq!(next.status, StatusCode::OK);
    assert_eq!(next.json(), serde_json::json!({"count": 201}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_visits_count_exactly_on_postgresql() {
    // The scale-out store: many server processes count on one PostgreSQL. `make test` starts a
    // throwaway server and sets the variable; without it this test fails rather than skip.
    let server = std::env::var("TICKET_API_TEST_POSTGRES")
        .expect("TICKET_API_TEST_POSTGRES is not set: make test starts a PostgreSQL server");
    let server = server.trim_end_matches('/');
    let name = format!(
        "visitors_{}_{}",
        std::process::id(),
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_nanos()
    );
    let (admin, _) =
        ticket_api::store::pool::connect(&format!("{server}/postgres"), 1).await.expect("the PostgreSQL server");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await.expect("create database");
    admin.close().await;

    let world = World::new("visits-pg");
    let url = format!("{server}/{name}");
    let (app, _site) = world.app(&[("DATABASE_URL", url.as_str())]).await;
    assert_each_visit_gets_its_own_count(&app, 100).await;
}

/// `visits` concurrent visits on 2025-03-14 of a fresh counter get the counts 1..=visits.
async fn assert_each_visit_gets_its_own_count(app: &axum::Router, visits: i64) {
    let tasks: Vec<_> = (0..visits)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(async move { post_json(&app, "/api/visitor-update", r#"{"date":"2025-03-14"}"#).await })
        })
        .collect();
    let mut counts = Vec::new();
    for task in tasks {
        let reply = task.await.expect("task");
        assert_eq!(reply.status, StatusCode::OK, "{:?}", String::from_utf8_lossy(&reply.body));
        counts.push(reply.json()["count"].as_i64().expect("count is an integer"));
    }
    counts.sort_unstable();
    assert_eq!(counts, (1..=visits).collect::<Vec<i64>>(), "each visit gets its own count");
}

#[tokio::test]
async fn the_database_file_and_its_directory_are_created() {
    let world = World::new("dbfile");
    let file = world.dir.path().join("data/tickets.db");
    assert!(!file.exists());
    let (_app, _site) = world.app(&[]).await;
    assert!(file.exists(), "{} should exist", file.display());
}

fn assert_bad_request(reply: &common::Reply, what: &str, message_part: &str) {
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{what}: {:?}", String::from_utf8_lossy(&reply.body));
    let body = reply.json();
    assert_eq!(body["statusCode"], 400, "{what}");
    assert_eq!(body["error"], "Bad Request", "{what}");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains(message_part), "{what}: message {message:?} should mention {message_part:?}");
}

#[tokio::test]
async fn malformed_bodies_and_impossible_dates_are_400() {
    let world = World::new("badinput");
    let (app, _) = world.app(&[]).await;
    for (what, body, mentions) in [
        ("broken JSON", r#"{"date":"#, "JSON"),
        ("not an object", r#""2025-03-14""#, "JSON"),
        ("empty body", "", "JSON"),
        ("date of the wrong type", r#"{"date":20250314}"#, "string"),
        ("no date", r#"{"day":"2025-03-14"}"#, "date"),
        ("February 30th", r#"{"date":"2025-02-30"}"#, "date"),
        ("not a leap year", r#"{"date":"2025-02-29"}"#, "date"),
        ("month 13", r#"{"date":"2025-13-01"}"#, "date"),
        ("a timestamp", r#"{"date":"2025-03-14T10:00:00Z"}"#, "date"),
        ("slashes", r#"{"date":"14/03/2025"}"#, "date"),
    ] {
        let reply = post_json(&app, "/api/visitor-update", body).await;
        assert_bad_request(&reply, what, mentions);
    }
}

#[tokio::test]
async fn an_oversized_body_is_413() {
    let world = World::new("oversized");
    let (app, _) = world.app(&[]).await;
    let padding = "x".repeat(17 * 1024);
    let body = format!(r#"{{"date":"2025-03-14","padding":"{padding}"}}"#);
    let reply = post_json(&app, "/api/visitor-update", body).await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.json()["statusCode"], 413);
    assert_eq!(reply.json()["error"], "Payload Too Large");

    // Just under the limit is fine: the limit is about size, not about extra fields.
    let padding = "x".repeat(15 * 1024);
    let body = format!(r#"{{"date":"2025-03-14","padding":"{padding}"}}"#);
    assert_eq!(post_json(&app, "/api/visitor-update", body).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_body_not_declared_as_json_is_415_and_get_is_405() {
    let world = World::new("mediatype");
    let (app, _) = world.app(&[]).await;
    let form = Request::post("/api/visitor-update")
        .header("content-type", "text/plain")
        .body(Body::from(r#"{"date":"2025-03-14"}"#))
        .expect("request");
    let reply = send(&app, form).await;
    assert_eq!(reply.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(reply.json()["statusCode"], 415);

    let get = common::get(&app, "/api/visitor-update", &[]).await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.json()["statusCode"], 405);
}
