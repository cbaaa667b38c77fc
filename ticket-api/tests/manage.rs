//! OTP, ticket search and cancellation, promos and the surprise deal, launch seat removal, on
//! SQLite and PostgreSQL.
#![allow(clippy::unwrap_used)]

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;
use ticket_api::domain::payments::{self, Settled, Verdict};
use ticket_api::store::payments::SessionRow;

const PHONE: &str = "01712345678";

/// The first trip the day after tomorrow: always more than the 6 hours before departure that
/// cancelling needs (tomorrow's first trip is within them from 18:00 in Dhaka).
async fn trip(app: &common::TestApp, service: &str) -> String {
    sqlx::query("SELECT id FROM trips WHERE service = $1 AND departs_at >= $2 ORDER BY departs_at LIMIT 1")
        .bind(service)
        .bind(common::today().add_days(2).days_since_epoch() * 1440)
        .fetch_one(&app.state.pool)
        .await
        .unwrap()
        .get("id")
}

async fn free(app: &common::TestApp, trip: &str, n: usize) -> Vec<String> {
    sqlx::query(
        "SELECT ls.seat_no FROM trips t JOIN vehicles v ON v.id = t.vehicle_id JOIN layout_seats ls ON ls.layout_id = v.layout_id \
         WHERE t.id = $1 AND ls.is_ladies = 0 \
         AND NOT EXISTS (SELECT 1 FROM seat_claims c WHERE c.trip_id = t.id AND c.seat_no = ls.seat_no) \
         ORDER BY ls.seat_no LIMIT $2",
    )
    .bind(trip)
    .bind(n as i64)
    .fetch_all(&app.state.pool)
    .await
    .unwrap()
    .iter()
    .map(|r| r.get("seat_no"))
    .collect()
}

/// A pending booking of `seats` free seats for `phone`: its transaction id.
async fn pending(
    app: &common::TestApp,
    api: &str,
    service: &str,
    visitor: &str,
    phone: &str,
    seats: usize,
) -> (String, Vec<String>) {
    let trip = trip(app, service).await;
    let seats = free(app, &trip, seats).await;
    let app = app.visitor(visitor);
    let (status, body) = app
        .post(&format!("/v1/api/{api}/seat-lock"), json!({"tripId": trip, "seats": seats, "anonymousId": visitor}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let path = if api == "water" { "passenger-details-payment" } else { "payment-pending" };
    let (status, body) = app
        .post(&format!("/v1/api/{api}/{path}"), json!({"tripId": trip, "seats": seats, "name": "Karim", "phone": phone, "gender": "male", "anonymousId": visitor}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (body["data"]["tnxId"].as_str().unwrap().to_owned(), seats)
}

async fn ticketed(app: &common::TestApp, visitor: &str, phone: &str) -> Value {
    let (tnx, _) = pending(app, "intercity", "BUS", visitor, phone, 1).await;
    app.pay(&tnx).await;
    app.visitor(visitor).post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await.1["data"].clone()
}

/// Lets the next OTP be sent at once (the 115 s resend wait is tested on its own).
async fn forget_last_send(app: &common::TestApp) {
    sqlx::query("UPDATE otp_codes SET sent_at = sent_at - 200000").execute(&app.state.pool).await.unwrap();
    sqlx::query("UPDATE otp_sends SET last_sent = last_sent - 200000").execute(&app.state.pool).await.unwrap();
}

/// A demo promo code any bus booking of `sub_total` qualifies for, today.
async fn bus_promo(app: &common::TestApp, sub_total: i64) -> String {
    sqlx::query(
        "SELECT code FROM promo_codes WHERE (service IS NULL OR service = 'BUS') AND operator_id IS NULL AND min_fare <= $1 \
         AND valid_from <= $2 AND valid_until >= $2 ORDER BY code LIMIT 1",
    )
    .bind(sub_total)
    .bind(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64)
    .fetch_one(&app.state.pool)
    .await
    .expect("the demo has a general bus promo")
    .get("code")
}

/// A sandbox session of the pending booking, opened as update-gateway opens it (its amount frozen
/// at the booking's), and the gateway's verdict that it was paid in full.
async fn paying(app: &common::TestApp, tnx: &str) -> (SessionRow, Verdict) {
    let booking = ticket_api::store::bookings::by_tnx(&app.state.pool, tnx).await.unwrap().unwrap();
    let session = payments::open_session(&app.state, &booking, "sandbox").await.unwrap();
    let paid = Verdict::Paid {
        tran_id: session.id.clone(),
        amount_paisa: session.amount * 100,
        currency: session.currency.clone(),
        paid_ref: format!("BANK-{}", session.id),
    };
    (session, paid)
}

fn message(body: &Value) -> String {
    body["message"].as_str().unwrap_or_default().to_owned()
}

on_both! {
    a_traveller_finds_their_tickets_with_an_otp_and_only_theirs(app) {
        let mine = ticketed(&app, "me", PHONE).await;
        ticketed(&app, "someone", "01812345678").await;
        let app = app.visitor("me");
        let (status, body) = app.post("/v1/api/common/send-otp-by-phone", json!({"phone": "+880 1712-345678"})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["resendAfterSeconds"], 115);
        let stored: String = sqlx::query("SELECT code_hash FROM otp_codes LIMIT 1").fetch_one(&app.state.pool).await.unwrap().get("code_hash");
        let code = common::sms_code(&app, PHONE).await;
        assert_ne!(stored, code, "stored hashed");
        let search = |otp: &str| json!({"otpCode": otp, "phone": PHONE, "pnr": "", "transactionId": "", "anonymousId": "me"});
        let wrong = if code == "0000" { "1111" } else { "0000" };
        let (status, body) = app.post("/v1/api/intercity/search-ticket", search(wrong)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(message(&body).contains("OTP"), "every OTP error says OTP: {body}");
        let (status, body) = app.post("/v1/api/intercity/search-ticket", search(&code)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let tickets = body["data"]["tickets"].as_array().unwrap();
        assert_eq!(tickets.len(), 1, "another phone's tickets never come back");
        assert_eq!(tickets[0]["_id"], mine["_id"]);
        assert_eq!(tickets[0]["paymentHistory"]["ticketStatus"], "confirmed");
        let (status, body) = app.post("/v1/api/intercity/search-ticket", search(&code)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "a code works once");
        assert!(message(&body).contains("OTP"));
    }

    no_ticket_for_a_phone_is_a_404(app) {
        app.post("/v1/api/common/send-otp-by-phone", json!({"phone": "01912345678"})).await;
        let code = common::sms_code(&app, "01912345678").await;
        let (status, body) = app
            .post("/v1/api/intercity/search-ticket", json!({"otpCode": code, "phone": "01912345678", "pnr": "", "transactionId": ""}))
            .await;
        assert_eq!((status, message(&body)), (StatusCode::NOT_FOUND, "No ticket found for this phone".to_owned()));
    }

    wrong_codes_past_the_limit_lock_the_code_and_resends_wait(app) {
        app.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
        let code = common::sms_code(&app, PHONE).await;
        let wrong = if code == "0000" { "1111" } else { "0000" };
        let search = |otp: &str| json!({"otpCode": otp, "phone": PHONE, "pnr": "", "transactionId": ""});
        for _ in 0..5 {
            app.post("/v1/api/intercity/search-ticket", search(wrong)).await;
        }
        let (status, body) = app.post("/v1/api/intercity/search-ticket", search(&code)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(message(&body).contains("locked") && message(&body).contains("OTP"), "{body}");
        let (status, body) = app.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "resend before 115 s is refused");
        assert!(message(&body).contains("OTP"));
        forget_last_send(&app).await;
        let (status, _) = app.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = app.post("/v1/api/intercity/search-ticket", search(&common::sms_code(&app, PHONE).await)).await;
        assert_ne!(status, StatusCode::BAD_REQUEST, "a new code works");
    }

    a_cancelled_ticket_is_refunded_once_and_frees_its_seat(app) {
        let ticket = ticketed(&app, "canceller", PHONE).await;
        let app = app.visitor("canceller");
        let id = ticket["_id"].as_str().unwrap();
        let (status, _) = app.post("/v1/api/common/send-otp", json!({"ticketId": id, "service": "BUS"})).await;
        assert_eq!(status, StatusCode::OK);
        let code = common::sms_code(&app, PHONE).await;
        let (status, body) = app.post("/v1/api/intercity/cancel-ticket", json!({"ticketId": id, "otpCode": code, "phone": "01812345678"})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "another phone cannot cancel it: {body}");
        let (status, body) = app.post("/v1/api/intercity/cancel-ticket", json!({"ticketId": id, "otpCode": code, "phone": PHONE})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["ticketStatus"], "cancelled");
        let paid = ticket["paymentHistory"]["paidAmount"].as_f64().unwrap();
        assert_eq!(body["data"]["refundAmount"].as_f64().unwrap(), paid - (paid * 0.10).round(), "10 % fee");
        assert_eq!(body["data"]["cancellationFee"].as_f64().unwrap(), (paid * 0.10).round(), "the fee is said beside the refund");
        let seat = ticket["seats"][0].as_str().unwrap();
        let claims: i64 = sqlx::query("SELECT COUNT(*) AS n FROM seat_claims c JOIN tickets t ON t.booking_id = c.claim_id WHERE t.id = $1")
            .bind(id).fetch_one(&app.state.pool).await.unwrap().get("n");
        assert_eq!(claims, 0, "seat {seat} released");
        forget_last_send(&app).await;
        app.post("/v1/api/common/send-otp", json!({"ticketId": id, "service": "BUS"})).await;
        let again = common::sms_code(&app, PHONE).await;
        let (status, body) = app.post("/v1/api/intercity/cancel-ticket", json!({"ticketId": id, "otpCode": again, "phone": PHONE})).await;
        assert_eq!((status, message(&body)), (StatusCode::BAD_REQUEST, "This ticket is already cancelled".to_owned()));
    }

    a_promo_applies_by_its_rules_and_can_be_removed(app) {
        let (tnx, _) = pending(&app, "intercity", "BUS", "promo", PHONE, 2).await;
        let app = app.visitor("promo");
        let (_, booking) = app.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        let full = booking["data"]["amount"].as_f64().unwrap();
        let (status, body) = app.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": "NO-SUCH-CODE"})).await;
        assert_eq!((status, body["data"].clone()), (StatusCode::OK, Value::Null), "unknown: 200 with data null");
        let code = bus_promo(&app, booking["data"]["invoice"]["subTotal"].as_f64().unwrap() as i64).await;
        let (_, checked) = app.post("/v1/api/intercity/check-promo-code", json!({"tnxId": tnx, "promoCode": code.to_lowercase()})).await;
        let (status, applied) = app.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": code})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(checked["data"], applied["data"], "check says what apply does");
        let discount = applied["data"]["discount"].as_f64().unwrap();
        assert!(discount > 0.0);
        assert_eq!(applied["data"]["amount"].as_f64().unwrap(), full - discount);
        assert_eq!(applied["data"]["promo"]["code"], code.as_str());
        let (_, removed) = app.post("/v1/api/intercity/remove-promo-code", json!({"tnxId": tnx})).await;
        assert_eq!((removed["data"]["amount"].as_f64(), removed["data"]["promo"].clone()), (Some(full), Value::Null));
    }

    a_surprise_deal_is_claimable_for_120_seconds(app) {
        let mut offered = None;
        for i in 0..12 {
            let (tnx, _) = pending(&app, "intercity", "BUS", &format!("deal-{i}"), PHONE, 1).await;
            let booker = app.visitor(&format!("deal-{i}"));
            let (status, body) = booker.post("/v1/api/intercity/get-surprise-deal", json!({"tnxId": tnx})).await;
            match status {
                StatusCode::OK => offered = Some((tnx, body["data"].clone(), booker)),
                _ => assert_eq!((status, message(&body)), (StatusCode::NOT_FOUND, "Sorry!! No deal found now.".to_owned())),
            }
        }
        let (tnx, deal, app) = offered.expect("one booking in two is offered a deal");
        assert!(deal["claimSeconds"].as_u64().unwrap() <= 120);
        let code = deal["promoCode"].as_str().unwrap();
        let (_, claimed) = app.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": code})).await;
        assert_eq!(claimed["data"]["discount"], deal["amount"]);
        sqlx::query("UPDATE surprise_deals SET offered_at = offered_at - 121000 WHERE tnx_id = $1").bind(&tnx).execute(&app.state.pool).await.unwrap();
        let (_, late) = app.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": code})).await;
        assert_eq!(late["data"], Value::Null, "after 120 s the server refuses the claim too");
    }

    a_launch_seat_removed_from_a_booking_recomputes_the_amounts(app) {
        let (tnx, seats) = pending(&app, "water", "LAUNCH", "family", PHONE, 2).await;
        let app = app.visitor("family");
        let (_, before) = app.post("/v1/api/water/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(before["data"]["serviceCharge"].as_f64(), Some(40.0));
        let (status, after) = app.post("/v1/api/water/payment-seat-remove", json!({"tnxId": tnx, "seatNo": seats[1]})).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert_eq!(after["data"]["seatNo"], json!([seats[0]]));
        assert_eq!(after["data"]["serviceCharge"].as_f64(), Some(20.0));
        assert!(after["data"]["subTotal"].as_f64().unwrap() < before["data"]["invoice"]["subTotal"].as_f64().unwrap());
        assert_eq!(after["data"]["discount"].as_f64(), Some(0.0));
        assert!(after["data"]["amount"].as_f64().unwrap() < before["data"]["amount"].as_f64().unwrap());
        assert!(after["data"]["paymentGatewayCommission"].as_f64().unwrap() > 0.0);
        let (status, body) = app.post("/v1/api/water/payment-seat-remove", json!({"tnxId": tnx, "seatNo": seats[0]})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let (status, _) = app.post("/v1/api/intercity/payment-seat-remove", json!({"tnxId": tnx, "seatNo": seats[0]})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "launch only");
    }

    a_payment_at_a_price_the_booking_no_longer_has_is_refunded_even_once_the_price_is_back(app) {
        let (tnx, _) = pending(&app, "intercity", "BUS", "two-tabs", PHONE, 2).await;
        let app = app.visitor("two-tabs");
        // The gateway's page is opened at the full amount, and a promo applied in another tab
        // before the money is taken.
        let (session, paid) = paying(&app, &tnx).await;
        let booking = ticket_api::store::bookings::by_tnx(&app.state.pool, &tnx).await.unwrap().unwrap();
        let code = bus_promo(&app, booking.sub_total).await;
        let (_, applied) = app.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": code})).await;
        assert!(applied["data"]["amount"].as_f64().unwrap() < session.amount as f64, "{applied}");
        // Two verdicts of the one payment (the browser's return and the gateway's notification)
        // both found the session open; between them the promo is taken off, and the booking is
        // priced as the session froze again.
        assert_eq!(payments::settle(&app.state, &session, paid.clone()).await.unwrap(), Settled::Refunding);
        let (_, removed) = app.post("/v1/api/intercity/remove-promo-code", json!({"tnxId": tnx})).await;
        assert_eq!(removed["data"]["amount"].as_f64(), Some(session.amount as f64));
        assert_eq!(
            payments::settle(&app.state, &session, paid).await.unwrap(),
            Settled::Refunding,
            "a payment sent back buys nothing afterwards"
        );
        assert_eq!(common::tickets_of(&app, &tnx).await, 0);
        assert_eq!(common::count_of(&app, "SELECT COUNT(*) FROM payments WHERE tnx_id = $1", &tnx).await, 0);
        let refund = ticket_api::store::payments::refund(&app.state.pool, &session.id).await.unwrap().unwrap();
        assert_eq!((refund.reason.as_str(), refund.amount), ("amount-mismatch", session.amount));
        // The booking waits to be paid at its amount, as it stands.
        app.pay(&tnx).await;
        assert_eq!(common::tickets_of(&app, &tnx).await, 1);
    }

    a_seat_removed_while_the_payment_settles_leaves_the_ticket_and_the_money_agreeing(app) {
        for round in 0..10 {
            let visitor = format!("racing-{round}");
            let (tnx, seats) = pending(&app, "water", "LAUNCH", &visitor, PHONE, 2).await;
            let traveller = app.visitor(&visitor);
            let (session, paid) = paying(&app, &tnx).await;
            // The gateway's verdict and a seat removed in another tab, at once, each started
            // first in turn.
            let settle = payments::settle(&app.state, &session, paid);
            let remove = traveller.post("/v1/api/water/payment-seat-remove", json!({"tnxId": tnx, "seatNo": seats[1]}));
            let (settled, (removed, _)) = if round % 2 == 0 {
                tokio::join!(settle, remove)
            } else {
                let (removed, settled) = tokio::join!(remove, settle);
                (settled, removed)
            };
            let booking = ticket_api::store::bookings::by_tnx(&app.state.pool, &tnx).await.unwrap().unwrap();
            let booked = ticket_api::store::bookings::seats(&app.state.pool, &booking.id).await.unwrap();
            let claimed = "SELECT COUNT(DISTINCT c.seat_no) FROM seat_claims c JOIN bookings b ON b.id = c.claim_id \
                           WHERE b.tnx_id = $1 AND c.state = 'sold'";
            match settled.unwrap() {
                Settled::Ticket(_) => {
                    assert_ne!(removed, StatusCode::OK, "round {round}: no seat leaves a ticket");
                    assert_eq!(booking.amount, session.amount, "round {round}: the ticket is priced as paid");
                    assert_eq!(booked, seats, "round {round}: the ticket has the seats paid for");
                    assert_eq!(common::count_of(&app, claimed, &tnx).await, 2, "round {round}: and they are sold to it");
                }
                Settled::Refunding => {
                    assert_eq!(removed, StatusCode::OK, "round {round}");
                    assert_eq!(booked, seats[..1], "round {round}");
                    assert_eq!(common::count_of(&app, claimed, &tnx).await, 0, "round {round}: nothing sold");
                    let refund = ticket_api::store::payments::refund(&app.state.pool, &session.id).await.unwrap();
                    assert_eq!(refund.map(|r| r.amount), Some(session.amount), "round {round}: the payment goes back");
                }
                other => panic!("round {round}: {other:?}"),
            }
        }
    }

    two_seats_removed_at_once_leave_the_booking_its_claims_and_its_price_agreeing(app) {
        for round in 0..4 {
            let visitor = format!("two-removals-{round}");
            let (tnx, seats) = pending(&app, "water", "LAUNCH", &visitor, PHONE, 3).await;
            let traveller = app.visitor(&visitor);
            let remove =
                |seat: &str| traveller.post("/v1/api/water/payment-seat-remove", json!({"tnxId": tnx, "seatNo": seat}));
            let ((first, _), (second, _)) = tokio::join!(remove(&seats[1]), remove(&seats[2]));
            assert_eq!((first, second), (StatusCode::OK, StatusCode::OK), "round {round}");
            let booking = ticket_api::store::bookings::by_tnx(&app.state.pool, &tnx).await.unwrap().unwrap();
            let booked = ticket_api::store::bookings::seats(&app.state.pool, &booking.id).await.unwrap();
            assert_eq!(booked, seats[..1], "round {round}: each removal saw what the other left");
            let held: Vec<String> = sqlx::query_scalar("SELECT DISTINCT seat_no FROM seat_claims WHERE claim_id = $1")
                .bind(&booking.hold_id)
                .fetch_all(&app.state.pool)
                .await
                .unwrap();
            assert_eq!(held, booked, "round {round}: the seats held are the seats booked");
            let (_, info) = traveller.post("/v1/api/water/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
            assert_eq!(info["data"]["serviceCharge"].as_f64(), Some(20.0), "round {round}: priced for one seat: {info}");
        }
    }

    a_seat_is_removed_only_by_the_booking_s_owner_and_only_once(app) {
        let (tnx, seats) = pending(&app, "water", "LAUNCH", "seat-owner", PHONE, 3).await;
        let (owner, stranger) = (app.visitor("seat-owner"), app.visitor("seat-stranger"));
        let remove = |who: &common::TestApp| {
            let who = who.clone();
            let body = json!({"tnxId": tnx, "seatNo": seats[2]});
            async move { who.post("/v1/api/water/payment-seat-remove", body).await }
        };
        let (status, body) = remove(&stranger).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "someone else's booking is not found: {body}");
        let (status, _) = remove(&owner).await;
        assert_eq!(status, StatusCode::OK);
        // A bot repeating the call removes nothing more.
        for _ in 0..5 {
            let (status, body) = remove(&owner).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        }
        let booking = ticket_api::store::bookings::by_tnx(&app.state.pool, &tnx).await.unwrap().unwrap();
        let booked = ticket_api::store::bookings::seats(&app.state.pool, &booking.id).await.unwrap();
        assert_eq!(booked, seats[..2]);
    }

    the_sms_outbox_is_closed_outside_demo_mode(app) {
        let (status, _) = app.get("/v1/api/dev/sms-outbox").await;
        assert_eq!(status, StatusCode::OK, "a demo shows it");
        let real = common::TestApp::with_settings(app.backend(), 60, &[("DEMO_MODE", "0")]).await;
        let (status, _) = real.get("/v1/api/dev/sms-outbox").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

mod attacks {
    use super::*;

    on_both! {
        three_hundred_wrong_guesses_at_once_check_at_most_five_and_the_right_code_is_then_refused(app) {
            // Guesses from a botnet's many addresses: no rate limit stands in the code's way here.
            let app = common::TestApp::with_settings(app.backend(), 60, &[("RATE_LIMITS", "off")]).await;
            ticketed(&app, "victim", PHONE).await;
            let (status, _) = app.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
            assert_eq!(status, StatusCode::OK);
            let right = common::sms_code(&app, PHONE).await;
            let wrong: Vec<String> = (0..10_000).map(|n| format!("{n:04}")).filter(|c| *c != right).take(300).collect();
            let mut guesses = Vec::new();
            for code in wrong {
                let router = app.router.clone();
                let token = app.token.clone();
                guesses.push(tokio::spawn(async move {
                    let body = json!({"otpCode": code, "phone": PHONE, "pnr": "", "transactionId": ""}).to_string();
                    let request = axum::http::Request::post("/v1/api/intercity/search-ticket")
                        .header(axum::http::header::AUTHORIZATION, format!("Bearer {token}"))
                        .header(axum::http::header::CONTENT_TYPE, "application/json")
                        .body(axum::body::Body::from(body))
                        .unwrap();
                    tower::ServiceExt::oneshot(router, request).await.unwrap().status()
                }));
            }
            for guess in guesses {
                assert_eq!(guess.await.unwrap(), StatusCode::BAD_REQUEST, "no wrong guess passes");
            }
            let attempts: i64 = sqlx::query("SELECT attempts FROM otp_codes WHERE phone = $1")
                .bind(PHONE)
                .fetch_one(&app.state.pool)
                .await
                .unwrap()
                .get("attempts");
            assert!(attempts <= 5, "{attempts} tries were checked");
            let (status, body) = app
                .post("/v1/api/intercity/search-ticket", json!({"otpCode": right, "phone": PHONE, "pnr": "", "transactionId": ""}))
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(body["code"], "otp.locked", "{body}");
        }

        twenty_sends_at_once_send_one_sms(app) {
            let mut sends = Vec::new();
            for _ in 0..20 {
                let router = app.router.clone();
                let token = app.token.clone();
                sends.push(tokio::spawn(async move {
                    let request = axum::http::Request::post("/v1/api/common/send-otp-by-phone")
                        .header(axum::http::header::AUTHORIZATION, format!("Bearer {token}"))
                        .header(axum::http::header::CONTENT_TYPE, "application/json")
                        .body(axum::body::Body::from(json!({"phone": PHONE}).to_string()))
                        .unwrap();
                    tower::ServiceExt::oneshot(router, request).await.unwrap().status()
                }));
            }
            let mut sent = 0;
            for send in sends {
                match send.await.unwrap() {
                    StatusCode::OK => sent += 1,
                    other => assert_eq!(other, StatusCode::TOO_MANY_REQUESTS),
                }
            }
            assert_eq!(sent, 1);
            let sms: i64 = sqlx::query("SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = $1 AND body LIKE '%OTP%'")
                .bind(PHONE)
                .fetch_one(&app.state.pool)
                .await
                .unwrap()
                .get("n");
            assert_eq!(sms, 1, "one SMS, however many asked at once");
        }
    }
}

mod promo_race {
    use super::*;

    on_both! {
        a_once_per_phone_promo_applied_twenty_times_at_once_is_granted_once(app) {
            sqlx::query(
                "INSERT INTO promo_codes (code, kind, amount, max_discount, min_fare, service, operator_id, valid_from, \
                 valid_until, total_uses, uses_per_phone) VALUES ('ONCE50', 'flat', 50, NULL, 0, NULL, NULL, 0, $1, 1000, 1)",
            )
            .bind(i64::MAX / 2)
            .execute(&app.state.pool)
            .await
            .unwrap();
            let mut tnxs = Vec::new();
            for i in 0..20 {
                let visitor = format!("racer-{i}");
                tnxs.push((pending(&app, "intercity", "BUS", &visitor, PHONE, 1).await.0, app.visitor(&visitor).token));
            }
            let mut applies = Vec::new();
            for (tnx, token) in tnxs {
                let router = app.router.clone();
                applies.push(tokio::spawn(async move {
                    let request = axum::http::Request::post("/v1/api/intercity/apply-promo-code")
                        .header(axum::http::header::AUTHORIZATION, format!("Bearer {token}"))
                        .header(axum::http::header::CONTENT_TYPE, "application/json")
                        .body(axum::body::Body::from(json!({"tnxId": tnx, "promoCode": "ONCE50"}).to_string()))
                        .unwrap();
                    let response = tower::ServiceExt::oneshot(router, request).await.unwrap();
                    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
                    serde_json::from_slice::<Value>(&bytes).unwrap()
                }));
            }
            let mut granted = 0;
            for apply in applies {
                if !apply.await.unwrap()["data"].is_null() {
                    granted += 1;
                }
            }
            assert_eq!(granted, 1, "once per phone, however many ask at once");
            let stored: i64 = sqlx::query("SELECT COUNT(*) AS n FROM bookings WHERE promo_code = 'ONCE50'")
                .fetch_one(&app.state.pool)
                .await
                .unwrap()
                .get("n");
            assert_eq!(stored, 1);
        }
    }
}
