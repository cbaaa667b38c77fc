//! A traveller changes a ticket's date (issue 37), on SQLite and PostgreSQL: a cheaper date is
//! changed at once and the difference comes back, a dearer one is changed when the difference is
//! paid, the fee is the policy's, the old seats are free again and the old ticket names the new;
//! refused outside the policy, for another kind of trip, another phone, another's booking or a
//! counter's ticket, with nothing changed; and a ticket changes once whatever races it.
#![allow(clippy::unwrap_used)]

mod common;

use axum::http::StatusCode;
use common::plans::{bhaluka, cancel_on_site, save_policy, taka, web_ticket};
use common::staff::{MANAGER, ok_data, seller_on_shift, staff, trip_leaving_in};
use serde_json::{Value, json};

async fn rows<T>(app: &common::TestApp, sql: &str, tnx: &str) -> Vec<T>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned())).bind(tnx).fetch_all(&app.state.pool).await.unwrap()
}

/// Hanif's Dhaka - Kushtia trip `days` ahead (07:30) with a fare of `fare` taka for that date
/// alone (a dated fare, as an Eid's).
async fn dated_trip(app: &common::TestApp, manager: &common::TestApp, days: i64, fare: i64) -> String {
    let date = common::today().add_days(days).to_string();
    let fares = json!({"routeId": "op-hanif:dhaka-kushtia", "seatClass": "economy",
        "period": {"fromDate": date, "toDate": date}, "fares": [{"fromStop": 0, "toStop": 2, "fare": fare}]});
    let (s, b) = manager.post("/v1/api/staff/fares", fares).await;
    ok_data(s, &b);
    let from = common::today().add_days(days).days_since_epoch() * 1440;
    sqlx::query_scalar(
        "SELECT id FROM trips WHERE route_id = 'op-hanif:dhaka-kushtia' AND departs_at >= $1 AND departs_at < $2",
    )
    .bind(from)
    .bind(from + 1440)
    .fetch_one(&app.state.pool)
    .await
    .unwrap()
}

/// The traveller holds `seats` of `trip` and books them: the booking's transaction id and amount.
async fn new_date(traveller: &common::TestApp, trip: &str, seats: &[&str], phone: &str) -> (String, i64) {
    let (s, b) = traveller.lock(trip, seats).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let details = json!({"tripId": trip, "seats": seats, "name": "Karim Mia", "phone": phone, "gender": "male"});
    let (s, b) = traveller.post("/v1/api/intercity/payment-pending", details).await;
    let tnx = ok_data(s, &b)["tnxId"].as_str().unwrap().to_owned();
    let amount = sqlx::query_scalar("SELECT amount FROM bookings WHERE tnx_id = $1")
        .bind(&tnx)
        .fetch_one(&traveller.state.pool)
        .await
        .unwrap();
    (tnx, amount)
}

/// A code to change the ticket's date, as its phone receives it.
async fn change_code(traveller: &common::TestApp, ticket: &Value, phone: &str) -> String {
    let ask = json!({"ticketId": ticket["_id"], "service": "BUS", "action": "change"});
    let (s, b) = traveller.post("/v1/api/common/send-otp", ask).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let code = common::sms_code(traveller, phone).await;
    assert!(common::last_sms(traveller, phone).await.contains("change your ticket's date"));
    code
}

async fn change(
    traveller: &common::TestApp,
    ticket: &Value,
    phone: &str,
    code: &str,
    tnx: &str,
) -> (StatusCode, Value) {
    let body = json!({"ticketId": ticket["_id"], "otpCode": code, "phone": phone, "tnxId": tnx});
    traveller.post("/v1/api/intercity/change-ticket", body).await
}

fn ok_data_of((status, body): (StatusCode, Value)) -> Value {
    ok_data(status, &body)
}

async fn ticket_of(traveller: &common::TestApp, tnx: &str) -> Value {
    let (s, b) = traveller.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
    ok_data(s, &b)
}

/// Lets another code be sent to the phone at once (the resend wait is not what is tested).
async fn forget_last_send(app: &common::TestApp) {
    sqlx::query("UPDATE otp_codes SET sent_at = sent_at - 200000").execute(&app.state.pool).await.unwrap();
    sqlx::query("UPDATE otp_sends SET last_sent = last_sent - 200000").execute(&app.state.pool).await.unwrap();
}

/// Hanif under Bhaluka's policy (a 10 % date change with 12 hours' notice): its manager, its
/// Dhaka - Kushtia trip leaving in 36 hours, and the trip `days` ahead at `fare` taka.
async fn two_dates(app: &common::TestApp, days: i64, fare: i64) -> (common::TestApp, String, String) {
    let manager = staff(app, MANAGER).await;
    let trip = trip_leaving_in(app, &manager, 9, 36 * 60).await;
    ok_data(save_policy(&manager, bhaluka()).await.0, &json!({}));
    let other = dated_trip(app, &manager, days, fare).await;
    (manager, trip, other)
}

/// Bhaluka's 10 % of what was paid, to the taka.
fn change_fee(paid: i64) -> i64 {
    (paid * 10 + 50) / 100
}

on_both! {
    a_cheaper_date_changes_at_once_and_the_difference_comes_back(app) {
        const PHONE: &str = "01711000201";
        let (_, trip, cheaper) = two_dates(&app, 5, 400).await;
        let (traveller, sold) = web_ticket(&app, &trip, &["A1"], PHONE, None, "en").await;
        let paid = taka(&sold["paymentHistory"]["paidAmount"]).unwrap();
        let old_tnx = sold["tnxId"].as_str().unwrap();
        assert_eq!(
            [&sold["fromCityId"], &sold["toCityId"], &sold["operatorId"]],
            [&json!("dhaka"), &json!("kushtia"), &json!("op-hanif")],
            "the ticket says where to look for its other dates"
        );
        let (tnx, amount) = new_date(&traveller, &cheaper, &["C3"], PHONE).await;
        let code = change_code(&traveller, &sold, PHONE).await;
        let (s, b) = change(&traveller, &sold, PHONE, &code, &tnx).await;
        let done = ok_data(s, &b);
        let fee = change_fee(paid);
        let refund = paid - fee - amount;
        assert!(refund > 0, "the demo's fares make this trip cheaper: {paid} {amount}");
        assert_eq!(
            [&done["fee"], &done["credit"], &done["pay"], &done["refund"]].map(taka),
            [Some(fee), Some(paid - fee), Some(0), Some(refund)]
        );
        assert_eq!(done["refundStatus"], "done", "the sandbox refunds at once");

        let new = ticket_of(&traveller, &tnx).await;
        assert_eq!((&new["_id"], &new["paymentHistory"]["ticketStatus"]), (&done["ticketId"], &json!("confirmed")));
        let old = ticket_of(&traveller, old_tnx).await;
        assert_eq!(old["paymentHistory"]["ticketStatus"], "cancelled");
        assert_eq!((&old["cancelledBy"], &old["changedTo"]), (&json!("changed"), &new["pnr"]), "{old}");
        let history = &old["paymentHistory"];
        assert_eq!(
            (taka(&history["cancellationFee"]), taka(&history["refundAmount"])),
            (Some(fee), Some(refund)),
            "the old ticket kept the fee and gave back the difference"
        );
        assert!(common::free_seats(&app, &trip).await.contains(&"A1".to_owned()), "the old seat is for sale again");
        assert!(!common::free_seats(&app, &cheaper).await.contains(&"C3".to_owned()));
        let back: Vec<(i64, String, String)> =
            rows(&app, "SELECT amount_paisa, state, reason FROM refunds WHERE tnx_id = $1", old_tnx).await;
        assert_eq!(back, [(refund * 100, "done".to_owned(), "changed".to_owned())]);
        let funds: Vec<(i64,)> = rows(&app, "SELECT amount_paisa FROM booking_funds WHERE tnx_id = $1", &tnx).await;
        assert_eq!(funds, [(amount * 100,)], "the new ticket is paid by the old money left");
        let texts: Vec<(String,)> =
            rows(&app, "SELECT topic FROM messages WHERE topic = $1", &format!("ticket:{}", new["_id"].as_str().unwrap())).await;
        assert_eq!(texts.len(), 1, "the new ticket goes by SMS");

        // The new ticket cancelled: its money goes back through the first payment, again.
        let (s, b) = cancel_on_site(&traveller, new["_id"].as_str().unwrap(), PHONE).await;
        let cancelled = ok_data(s, &b);
        let second = taka(&cancelled["refundAmount"]).unwrap();
        let again: Vec<(i64, String)> = rows(&app, "SELECT amount_paisa, state FROM refunds WHERE tnx_id = $1", &tnx).await;
        assert_eq!(again, [(second * 100, "done".to_owned())]);
        let session: Vec<(i64,)> = rows(
            &app,
            "SELECT CAST(SUM(amount_paisa) AS BIGINT) FROM refunds WHERE session_id = (SELECT session_id FROM payments WHERE tnx_id = $1)",
            old_tnx,
        )
        .await;
        assert_eq!(session, [((refund + second) * 100,)], "one payment, two refunds");
        assert!(refund + second <= paid);
    }

    a_dearer_date_is_paid_for_the_difference_and_changes_when_paid(app) {
        const PHONE: &str = "01711000202";
        let (manager, trip, dearer) = two_dates(&app, 4, 1000).await;
        let (traveller, sold) = web_ticket(&app, &trip, &["B1"], PHONE, None, "en").await;
        let paid = taka(&sold["paymentHistory"]["paidAmount"]).unwrap();
        let old_tnx = sold["tnxId"].as_str().unwrap();
        let (tnx, amount) = new_date(&traveller, &dearer, &["B2"], PHONE).await;
        let code = change_code(&traveller, &sold, PHONE).await;
        let (s, b) = change(&traveller, &sold, PHONE, &code, &tnx).await;
        let asked = ok_data(s, &b);
        let credit = paid - change_fee(paid);
        let pay = amount - credit;
        assert_eq!([&asked["credit"], &asked["pay"], &asked["refund"]].map(taka), [Some(credit), Some(pay), Some(0)]);
        assert_eq!(asked.get("ticketId"), Some(&Value::Null), "nothing changes before the payment");
        // The booking read again (a reload, another tab) tells the change and what is left to pay.
        let (s, b) = traveller.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        let waiting = ok_data(s, &b);
        assert_eq!(waiting["change"]["ticketId"], sold["_id"]);
        assert_eq!(
            [&waiting["change"]["fee"], &waiting["change"]["credit"], &waiting["change"]["pay"]].map(taka),
            [Some(change_fee(paid)), Some(credit), Some(pay)]
        );
        assert_eq!(ticket_of(&traveller, old_tnx).await["paymentHistory"]["ticketStatus"], "confirmed");
        let (s, b) = traveller.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": "EID200"})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("booking.changeFixed")), "{b}");

        traveller.pay(&tnx).await;
        let sessions: Vec<(i64,)> =
            rows(&app, "SELECT amount FROM payment_sessions WHERE tnx_id = $1 AND state = 'paid'", &tnx).await;
        assert_eq!(sessions, [(pay,)], "the gateway was asked for the difference only");
        let new = ticket_of(&traveller, &tnx).await;
        assert_eq!(new["paymentHistory"]["ticketStatus"], "confirmed");
        let old = ticket_of(&traveller, old_tnx).await;
        assert_eq!((&old["paymentHistory"]["ticketStatus"], &old["changedTo"]), (&json!("cancelled"), &new["pnr"]));
        assert!(common::free_seats(&app, &trip).await.contains(&"B1".to_owned()));
        let funds: Vec<(i64,)> =
            rows(&app, "SELECT amount_paisa FROM booking_funds WHERE tnx_id = $1 ORDER BY position", &tnx).await;
        assert_eq!(funds, [(credit * 100,), (pay * 100,)]);

        // A dearer change whose payment was recorded but not issued (a process killed between
        // the two): the reconciler's issue makes the change as the gateway's callback would.
        let (other, second) = web_ticket(&app, &trip, &["C1"], "01711000212", None, "en").await;
        let (late, _) = new_date(&other, &dearer, &["C2"], "01711000212").await;
        let code = change_code(&other, &second, "01711000212").await;
        ok_data_of(change(&other, &second, "01711000212", &code, &late).await);
        let booking = ticket_api::store::bookings::by_tnx(&app.state.pool, &late).await.unwrap().unwrap();
        let session = ticket_api::domain::payments::open_session(&app.state, &booking, "sandbox").await.unwrap();
        use ticket_api::store::payments::{self as store, PaymentOutcome, SessionState};
        store::close_session(&app.state.pool, &session.id, SessionState::Paid, Some("paid-ref")).await.unwrap();
        store::record_once(&app.state.pool, &session, PaymentOutcome::Paid, 0).await.unwrap();
        let issued = ticket_api::domain::payments::issuing::issue(&app.state, &late).await.unwrap();
        assert!(matches!(issued, ticket_api::domain::payments::issuing::Issued::Ticket(_)), "{issued:?}");
        let moved = ticket_of(&other, second["tnxId"].as_str().unwrap()).await;
        assert_eq!((&moved["cancelledBy"], &moved["changedTo"]), (&json!("changed"), &ticket_of(&other, &late).await["pnr"]));
        let funds: Vec<(i64,)> = rows(&app, "SELECT COUNT(*) FROM booking_funds WHERE tnx_id = $1", &late).await;
        assert_eq!(funds, [(2,)]);

        // The operator cancels the new trip: both payments come back in full, each its part.
        let (s, b) = manager.post("/v1/api/staff/trips/cancel", json!({"tripId": dearer, "reason": "Ferry strike"})).await;
        ok_data(s, &b);
        for _ in 0..600 {
            let (s, b) = manager.get(&format!("/v1/api/staff/trips/cancel/{dearer}")).await;
            if ok_data(s, &b)["finishedAt"].is_i64() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let mut back: Vec<(i64, String)> =
            rows(&app, "SELECT amount_paisa, reason FROM refunds WHERE tnx_id = $1", &tnx).await;
        assert_eq!(rows::<(i64,)>(&app, "SELECT COUNT(*) FROM refunds WHERE tnx_id = $1", &late).await, [(2,)]);
        back.sort();
        let mut expected = vec![(credit * 100, "trip-cancelled".to_owned()), (pay * 100, "trip-cancelled".to_owned())];
        expected.sort();
        assert_eq!(back, expected);
    }

    a_change_outside_the_policy_or_of_another_kind_is_refused_and_changes_nothing(app) {
        const PHONE: &str = "01711000203";
        let (manager, trip, other) = two_dates(&app, 5, 700).await;
        let (traveller, sold) = web_ticket(&app, &trip, &["A1"], PHONE, None, "en").await;
        let old_tnx = sold["tnxId"].as_str().unwrap();
        let code = change_code(&traveller, &sold, PHONE).await;

        // Two seats for a one-seat ticket.
        let (two, _) = new_date(&traveller, &other, &["D1", "D2"], PHONE).await;
        let (s, b) = change(&traveller, &sold, PHONE, &code, &two).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("ticket.changeOtherTrip")), "{b}");
        // Someone else's booking is not found; nor is the ticket for another phone.
        let stranger = app.visitor("v-stranger-203");
        let (theirs, _) = new_date(&stranger, &other, &["E1"], "01811000203").await;
        let (s, b) = change(&traveller, &sold, PHONE, &code, &theirs).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::NOT_FOUND, Some("booking.notFound")), "{b}");
        let (mine, _) = new_date(&traveller, &other, &["F1"], PHONE).await;
        let (s, b) = change(&traveller, &sold, "01811000203", &code, &mine).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::NOT_FOUND, Some("ticket.notFound")), "{b}");
        let wrong = if code == "1111" { "2222" } else { "1111" };
        let (s, b) = change(&traveller, &sold, PHONE, wrong, &mine).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("otp.wrong")), "{b}");
        // A counter's ticket is changed at a counter.
        let seller = seller_on_shift(&app).await;
        let sale = json!({"tripId": trip, "seats": ["G1"], "payment": {"method": "cash"},
            "passenger": {"name": "Counter Traveller", "phone": PHONE, "gender": "female"}});
        let (s, b) = seller.post("/v1/api/staff/counter/sell", sale).await;
        let receipt = ok_data(s, &b);
        let counter_ticket: String = sqlx::query_scalar("SELECT id FROM tickets WHERE pnr = $1")
            .bind(receipt["pnr"].as_str().unwrap())
            .fetch_one(&app.state.pool)
            .await
            .unwrap();
        let (s, b) = change(&traveller, &json!({"_id": counter_ticket}), PHONE, &code, &mine).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("ticket.counterChange")), "{b}");
        // Too late: 11 hours before, under the 12 the policy asks.
        common::staff::leaves_in(&app, &trip, 11 * 60).await;
        let (s, b) = change(&traveller, &sold, PHONE, &code, &mine).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("ticket.changeCutoff")), "{b}");
        assert!(b.to_string().contains("12 hours"), "{b}");
        // An operator that changes no dates.
        common::staff::leaves_in(&app, &trip, 36 * 60).await;
        let none = json!({"slabs": [{"hours": 6, "fee": {"kind": "percent", "percent": 10}}]});
        ok_data(save_policy(&manager, none).await.0, &json!({}));
        let (later, unchangeable) = web_ticket(&app, &trip, &["H1"], "01711000213", None, "en").await;
        let code = change_code(&later, &unchangeable, "01711000213").await;
        let (theirs, _) = new_date(&later, &other, &["H2"], "01711000213").await;
        let (s, b) = change(&later, &unchangeable, "01711000213", &code, &theirs).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("ticket.changeNotOffered")), "{b}");

        // Nothing changed: the ticket stands, no money moved, the new seats are only held.
        assert_eq!(ticket_of(&traveller, old_tnx).await["paymentHistory"]["ticketStatus"], "confirmed");
        let refunds: Vec<(i64,)> = rows(&app, "SELECT COUNT(*) FROM refunds WHERE tnx_id <> $1", "").await;
        assert_eq!(refunds, [(0,)]);
        let changed: Vec<(i64,)> =
            rows(&app, "SELECT COUNT(*) FROM bookings WHERE changes_ticket IS NOT NULL OR status = $1", "ticketed").await;
        assert_eq!(changed, [(3,)], "three tickets sold, no booking marked as a new date");
    }

    thirty_identical_changes_at_once_make_one_and_a_key_replays_only_for_its_own_caller_and_body(app) {
        const PHONE: &str = "01711000207";
        let (_, trip, cheaper) = two_dates(&app, 5, 400).await;
        let (traveller, sold) = web_ticket(&app, &trip, &["A2"], PHONE, None, "en").await;
        let old_tnx = sold["tnxId"].as_str().unwrap().to_owned();
        let (tnx, _) = new_date(&traveller, &cheaper, &["C4"], PHONE).await;
        let code = change_code(&traveller, &sold, PHONE).await;
        let body = json!({"ticketId": sold["_id"], "otpCode": code, "phone": PHONE, "tnxId": tnx});
        // The first under a key.
        let (s, first, replayed) = common::post_with_key(&traveller, "/v1/api/intercity/change-ticket", &body, "change-k1").await;
        let first = ok_data(s, &first);
        assert!(!replayed);
        // The same key with another body is refused; under another visitor it is theirs alone.
        let other = json!({"ticketId": sold["_id"], "otpCode": "0000", "phone": PHONE, "tnxId": tnx});
        let (s, _, _) = common::post_with_key(&traveller, "/v1/api/intercity/change-ticket", &other, "change-k1").await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
        let stranger = app.visitor("v-change-stranger");
        let (s, b, replayed) = common::post_with_key(&stranger, "/v1/api/intercity/change-ticket", &body, "change-k1").await;
        assert!(!replayed && s.is_client_error() && b.get("data").is_none_or(Value::is_null), "{s} {b}");
        // Thirty at once, half under the key: a replay of its answer or the code checks' limit
        // (a bot repeating it gains nothing); the rest are refused.
        let mut asks = Vec::new();
        for i in 0..30 {
            let (traveller, body) = (traveller.clone(), body.clone());
            asks.push(tokio::spawn(async move {
                if i % 2 == 0 {
                    common::post_with_key(&traveller, "/v1/api/intercity/change-ticket", &body, "change-k1").await
                } else {
                    let (s, b) = traveller.post("/v1/api/intercity/change-ticket", body).await;
                    (s, b, false)
                }
            }));
        }
        for ask in asks {
            let (s, b, replayed) = ask.await.unwrap();
            if replayed {
                assert_eq!(ok_data(s, &b), first, "the key's answer again");
            } else {
                assert!(s.is_client_error(), "a second change of one ticket is refused: {s} {b}");
            }
        }

        let changed: Vec<(String,)> = rows(&app, "SELECT status FROM tickets WHERE booking_id = (SELECT id FROM bookings WHERE tnx_id = $1)", &tnx).await;
        assert_eq!(changed, [("confirmed".to_owned(),)], "one new ticket");
        let refunds: Vec<(String,)> = rows(&app, "SELECT reason FROM refunds WHERE tnx_id = $1", &old_tnx).await;
        assert_eq!(refunds, [("changed".to_owned(),)], "one refund of the difference");
        assert_eq!(ticket_of(&traveller, &old_tnx).await["changedTo"], ticket_of(&traveller, &tnx).await["pnr"]);
    }

    a_ticket_changes_once_whatever_races_it(app) {
        const PHONE: &str = "01711000204";
        let (manager, trip, cheaper) = two_dates(&app, 5, 400).await;
        let dearer = dated_trip(&app, &manager, 4, 1000).await;

        // A change and a cancel at once, each with its own code: one of them happens.
        let (traveller, sold) = web_ticket(&app, &trip, &["A1"], PHONE, None, "en").await;
        let old_tnx = sold["tnxId"].as_str().unwrap();
        let (tnx, _) = new_date(&traveller, &cheaper, &["A1"], PHONE).await;
        let change_with = change_code(&traveller, &sold, PHONE).await;
        let ask = json!({"ticketId": sold["_id"], "service": "BUS"});
        assert_eq!(traveller.post("/v1/api/common/send-otp", ask).await.0, StatusCode::OK);
        let cancel_with = common::sms_code(&traveller, PHONE).await;
        let cancel = json!({"ticketId": sold["_id"], "otpCode": cancel_with, "phone": PHONE});
        let ((changed, _), (cancelled, _)) = tokio::join!(
            change(&traveller, &sold, PHONE, &change_with, &tnx),
            traveller.post("/v1/api/intercity/cancel-ticket", cancel)
        );
        assert_eq!(
            [changed, cancelled].iter().filter(|s| **s == StatusCode::OK).count(),
            1,
            "{changed} {cancelled}"
        );
        let back: Vec<(String,)> = rows(&app, "SELECT reason FROM refunds WHERE tnx_id = $1", old_tnx).await;
        assert_eq!(back.len(), 1, "one refund of the old ticket: {back:?}");
        let tickets: Vec<(i64,)> = rows(&app, "SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.tnx_id = $1", &tnx).await;
        assert_eq!(tickets, [(i64::from(changed == StatusCode::OK),)]);
        assert!(common::free_seats(&app, &trip).await.contains(&"A1".to_owned()));

        // Two dearer dates asked for one ticket, both paid: one becomes the ticket, the other
        // payment comes back whole.
        let (traveller, sold) = web_ticket(&app, &trip, &["B1"], "01711000214", None, "en").await;
        let (first, _) = new_date(&traveller, &dearer, &["B1"], "01711000214").await;
        let (second, _) = new_date(&traveller, &dearer, &["B2"], "01711000214").await;
        for tnx in [&first, &second] {
            forget_last_send(&app).await;
            let code = change_code(&traveller, &sold, "01711000214").await;
            let (s, b) = change(&traveller, &sold, "01711000214", &code, tnx).await;
            assert!(ok_data(s, &b)["pay"].as_f64().unwrap() > 0.0);
        }
        tokio::join!(traveller.pay(&first), traveller.pay(&second));
        let issued: Vec<(String,)> = rows(
            &app,
            "SELECT b.tnx_id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.changes_ticket = $1",
            sold["_id"].as_str().unwrap(),
        )
        .await;
        assert_eq!(issued.len(), 1, "{issued:?}");
        let lost = if issued[0].0 == first { &second } else { &first };
        let back: Vec<(String, i64)> = rows(&app, "SELECT reason, amount FROM refunds WHERE tnx_id = $1", lost).await;
        let paid: Vec<(i64,)> = rows(&app, "SELECT amount FROM payment_sessions WHERE tnx_id = $1 AND state = 'paid'", lost).await;
        assert_eq!(back, [("changed".to_owned(), paid[0].0)]);

        // The new seats were lost while the traveller waited: the change is refused, the ticket
        // kept.
        let (traveller, sold) = web_ticket(&app, &trip, &["C1"], "01711000224", None, "en").await;
        let (late, _) = new_date(&traveller, &cheaper, &["C1"], "01711000224").await;
        sqlx::query("UPDATE seat_claims SET expires_at = 1 WHERE trip_id = $1 AND seat_no = 'C1'")
            .bind(&cheaper)
            .execute(&app.state.pool)
            .await
            .unwrap();
        let buyer = app.visitor("v-buyer-224");
        assert_eq!(buyer.lock(&cheaper, &["C1"]).await.0, StatusCode::OK, "another buyer takes the seat");
        let code = change_code(&traveller, &sold, "01711000224").await;
        let (s, b) = change(&traveller, &sold, "01711000224", &code, &late).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("hold.over")), "{b}");
        assert_eq!(ticket_of(&traveller, sold["tnxId"].as_str().unwrap()).await["paymentHistory"]["ticketStatus"], "confirmed");
    }
}
