//! Staff logins for the tests of the back office and the counter: the demo's staff, each logged
//! in with its OTP (from the outbox) and its authenticator's current code.
#![allow(dead_code, clippy::unwrap_used)]

use axum::http::StatusCode;
use serde_json::{Value, json};
use ticket_api::staff::demo::STAFF;

use super::TestApp;

pub const ADMIN: &str = "01700000001";
pub const MANAGER: &str = "01700000002";
pub const COUNTER: &str = "01700000003";
pub const SUPERVISOR: &str = "01700000004";

pub fn secret_of(phone: &str) -> &'static str {
    STAFF.iter().find(|s| s.0 == phone).unwrap().3
}

pub fn totp_now(phone: &str) -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    ticket_api::domain::totp::code_at(secret_of(phone), now).unwrap()
}

/// Lets the next OTP go at once, and the authenticator's current step be used again (each
/// test logs its staff in afresh within one 30-second step).
pub async fn fresh_codes(app: &TestApp, phone: &str) {
    for sql in
        ["UPDATE otp_codes SET sent_at = sent_at - 200000", "UPDATE otp_sends SET last_sent = last_sent - 200000"]
    {
        sqlx::query(sql).execute(&app.state.pool).await.unwrap();
    }
    sqlx::query("UPDATE staff_totp SET last_step = 0 WHERE user_id = (SELECT id FROM users WHERE phone = $1)")
        .bind(phone)
        .execute(&app.state.pool)
        .await
        .unwrap();
}

/// `common/login` for `phone` with its OTP (from the outbox) and the given TOTP code.
pub async fn login(app: &TestApp, phone: &str, totp: Option<String>) -> (StatusCode, Value) {
    fresh_codes(app, phone).await;
    let (status, body) = app.post("/v1/api/common/login-otp", json!({"phone": phone})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let otp = super::sms_code(app, phone).await;
    let mut request = json!({"phone": phone, "otpCode": otp});
    if let Some(code) = totp {
        request["totpCode"] = json!(code);
    }
    app.post("/v1/api/common/login", request).await
}

/// A staff member's app: logged in with OTP and authenticator.
pub async fn staff(app: &TestApp, phone: &str) -> TestApp {
    logged_in(app, phone, Some(totp_now(phone))).await
}

/// A phone's app logged in with its OTP (and a TOTP code, if given).
pub async fn logged_in(app: &TestApp, phone: &str, totp: Option<String>) -> TestApp {
    let visitor = app.visitor(&format!("v-{phone}"));
    let (status, body) = login(&visitor, phone, totp).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    TestApp { token: body["data"]["accessToken"].as_str().unwrap().to_owned(), ..visitor }
}

pub fn ok_data(status: StatusCode, body: &Value) -> Value {
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// A 2+2 coach of `rows` rows, as the editor starts one.
pub fn coach(code: &str, rows: u32) -> Value {
    json!({"code": code, "spec": core_wasm::staff::layout::two_by_two(&format!("2+2 {} seats", rows * 4), rows, "economy")})
}

/// Builds Hanif's Dhaka - Paturia - Kushtia network as its manager: a city, a route of three
/// stops, a 36-seat layout, a daily schedule at 07:30 and its fares. The schedule's id.
pub async fn kushtia_network(manager: &TestApp) -> String {
    kushtia_network_of(manager, 9).await
}

/// [`kushtia_network`] with a coach of `rows` rows of four.
pub async fn kushtia_network_of(manager: &TestApp, rows: u32) -> String {
    let city = json!({"id": "paturia", "name": "Paturia", "nameBn": "পাটুরিয়া", "district": "Manikganj", "division": "Dhaka", "aliases": ["Paturia Ghat"]});
    let (s, b) = manager.post("/v1/api/staff/places/city", city).await;
    ok_data(s, &b);
    let point =
        json!({"code": "kalyanpur", "cityId": "dhaka", "name": "Kalyanpur counter", "address": "Kalyanpur, Dhaka"});
    let point = ok_data(manager.post("/v1/api/staff/places/point", point).await.0, &json!({}));
    let _ = point;
    let route = json!({
        "code": "dhaka-kushtia", "service": "BUS", "name": "Dhaka - Kushtia",
        "stops": [
            {"cityId": "dhaka", "minutes": 0, "boards": true, "drops": false, "points": [{"pointId": "op-hanif:kalyanpur", "minutes": 0}]},
            {"cityId": "paturia", "minutes": 120, "boards": true, "drops": true},
            {"cityId": "kushtia", "minutes": 300, "boards": false, "drops": true}
        ]
    });
    let (s, b) = manager.post("/v1/api/staff/routes", route).await;
    let route = ok_data(s, &b);
    assert_eq!(route["id"], "op-hanif:dhaka-kushtia");
    let layout = format!("coach-{}", rows * 4);
    let (s, b) = manager.post("/v1/api/staff/layouts", coach(&layout, rows)).await;
    ok_data(s, &b);
    let from = super::today().to_string();
    let to = super::today().add_days(90).to_string();
    let schedule = json!({"code": "kus-0730", "routeId": "op-hanif:dhaka-kushtia", "departure": "07:30", "days": "daily",
        "fromDate": from, "toDate": to, "class": "AC Economy", "layoutId": format!("op-hanif:{layout}")});
    let (s, b) = manager.post("/v1/api/staff/schedules", schedule).await;
    let schedule = ok_data(s, &b);
    let fares = json!({"routeId": "op-hanif:dhaka-kushtia", "seatClass": "economy",
        "fares": [{"fromStop": 0, "toStop": 1, "fare": 300}, {"fromStop": 0, "toStop": 2, "fare": 700}, {"fromStop": 1, "toStop": 2, "fare": 450}]});
    let (s, b) = manager.post("/v1/api/staff/fares", fares).await;
    ok_data(s, &b);
    schedule["id"].as_str().unwrap().to_owned()
}

/// Hanif's Dhaka - Kushtia trip of tomorrow on a coach of `rows` rows of four, moved to leave in
/// `minutes`.
pub async fn trip_leaving_in(app: &TestApp, manager: &TestApp, rows: u32, minutes: i64) -> String {
    let schedule = kushtia_network_of(manager, rows).await;
    let from = super::today().add_days(1).days_since_epoch() * 1440;
    let trip: String =
        sqlx::query_scalar("SELECT id FROM trips WHERE schedule_id = $1 AND departs_at >= $2 ORDER BY departs_at")
            .bind(&schedule)
            .bind(from)
            .fetch_one(&app.state.pool)
            .await
            .unwrap();
    leaves_in(app, &trip, minutes).await;
    trip
}

/// Moves a trip to leave in `minutes` (the timetable in memory follows): its travel date.
pub async fn leaves_in(app: &TestApp, trip: &str, minutes: i64) -> String {
    let now = core_wasm::time::dhaka_now(ticket_api::clock::now_unix_ms() as f64).epoch_minutes();
    sqlx::query("UPDATE trips SET departs_at = $1 WHERE id = $2")
        .bind(now + minutes)
        .bind(trip)
        .execute(&app.state.pool)
        .await
        .unwrap();
    app.state.network.refresh(&app.state.pool).await.unwrap();
    core_wasm::time::DateTime::from_epoch_minutes(now + minutes).date.to_string()
}

/// Hanif's counter seller, logged in, with a shift open at Gabtoli.
pub async fn seller_on_shift(app: &TestApp) -> TestApp {
    let seller = logged_in(app, COUNTER, None).await;
    let (s, b) = seller.post("/v1/api/staff/shifts/open", json!({"counterId": "op-hanif:gabtoli", "float": 0})).await;
    ok_data(s, &b);
    seller
}
