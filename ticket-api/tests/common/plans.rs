//! Travellers' tickets under operators' policies (issue 37), for the tests of cancellations and
//! date changes: a web ticket bought in a language, a policy saved, a cancel with the OTP.
#![allow(dead_code, clippy::unwrap_used)]

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};

use super::TestApp;
use super::staff::ok_data;

/// A POST with extra headers (a language).
pub async fn post_with(app: &TestApp, path: &str, body: Value, headers: &[(&str, &str)]) -> (StatusCode, Value) {
    let mut request = Request::post(path)
        .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
        .header(header::CONTENT_TYPE, "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request.body(Body::from(body.to_string())).unwrap()).await
}

/// A traveller of their own buys `seats` on the site (with a promo, in a language): the
/// traveller and the ticket.
pub async fn web_ticket(
    app: &TestApp,
    trip: &str,
    seats: &[&str],
    phone: &str,
    promo: Option<&str>,
    language: &str,
) -> (TestApp, Value) {
    let traveller = app.visitor(&format!("v-{phone}-{}", seats[0]));
    let (s, b) = traveller.lock(trip, seats).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let details = json!({"tripId": trip, "seats": seats, "name": "Karim Mia", "phone": phone, "gender": "male"});
    let (s, b) =
        post_with(&traveller, "/v1/api/intercity/payment-pending", details, &[("accept-language", language)]).await;
    let booking = ok_data(s, &b);
    assert!(booking["policy"]["slabs"].is_array(), "the payment page is told the policy: {booking}");
    let tnx = booking["tnxId"].as_str().unwrap().to_owned();
    if let Some(code) = promo {
        let (s, b) =
            traveller.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": code})).await;
        assert!(ok_data(s, &b)["discount"].as_f64().unwrap() > 0.0, "{b}");
    }
    traveller.pay(&tnx).await;
    let (s, b) = traveller.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
    (traveller, ok_data(s, &b))
}

/// A policy as the server writes it back (defaults spelt out).
pub fn normal(policy: Value) -> Value {
    serde_json::to_value(serde_json::from_value::<core_wasm::policy::Policy>(policy).unwrap()).unwrap()
}

/// An amount in taka as the API writes it (a number, maybe with a fraction).
pub fn taka(v: &Value) -> Option<i64> {
    v.as_f64().map(|f| f.round() as i64)
}

pub fn bhaluka() -> Value {
    json!({
        "slabs": [
            {"hours": 24, "fee": {"kind": "percent", "percent": 15}},
            {"hours": 12, "fee": {"kind": "percent", "percent": 30}},
            {"hours": 6, "fee": {"kind": "percent", "percent": 50}}
        ],
        "reschedule": {"hours": 12, "fee": {"kind": "percent", "percent": 10}}
    })
}

pub async fn save_policy(manager: &TestApp, policy: Value) -> (StatusCode, Value) {
    manager.post("/v1/api/staff/policies", json!({"policy": policy})).await
}

/// The traveller cancels on the site with the OTP sent to `phone`.
pub async fn cancel_on_site(app: &TestApp, ticket_id: &str, phone: &str) -> (StatusCode, Value) {
    let (s, b) = app.post("/v1/api/common/send-otp", json!({"ticketId": ticket_id, "service": "BUS"})).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let code = super::sms_code(app, phone).await;
    app.post("/v1/api/intercity/cancel-ticket", json!({"ticketId": ticket_id, "otpCode": code, "phone": phone})).await
}
