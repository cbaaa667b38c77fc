//! When plans change (issue 37) on SQLite and PostgreSQL: a ticket keeps the policy it was sold
//! under and the web and the counter cancel by it; a manager's policy is checked before it is
//! saved; an operator's cancelled trip refunds every payment once, in full, tells each traveller
//! once, and is off sale at once; tickets go out by SMS in the traveller's language, retried when
//! the gateway fails, never in the sale's way.
#![allow(clippy::unwrap_used)]

mod common;

use axum::http::StatusCode;
use common::plans::{bhaluka, cancel_on_site, normal, save_policy, taka, web_ticket};
use common::staff::{ADMIN, COUNTER, MANAGER, leaves_in, logged_in, ok_data, seller_on_shift, staff, trip_leaving_in};
use serde_json::{Value, json};

fn now_ms() -> i64 {
    ticket_api::clock::now_unix_ms()
}

async fn count(app: &common::TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&app.state.pool).await.unwrap()
}

async fn sell(seller: &common::TestApp, trip: &str, seats: &[&str], phone: &str) -> Value {
    let sale = json!({"tripId": trip, "seats": seats, "payment": {"method": "cash"},
        "passenger": {"name": "Counter Traveller", "phone": phone, "gender": "female"}});
    let (s, b) = seller.post("/v1/api/staff/counter/sell", sale).await;
    ok_data(s, &b)
}

/// Polls the trip's cancellation until its job finished (a minute at most: a loaded machine).
async fn finished(manager: &common::TestApp, trip: &str) -> Value {
    for _ in 0..600 {
        let (s, b) = manager.get(&format!("/v1/api/staff/trips/cancel/{trip}")).await;
        let progress = ok_data(s, &b);
        if progress["finishedAt"].is_i64() {
            return progress;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the trip's cancellation never finished");
}

on_both! {
    a_ticket_keeps_the_policy_it_was_sold_under_and_the_web_and_the_counter_cancel_by_it(app) {
        let manager = staff(&app, MANAGER).await;
        // 20 hours ahead: Bhaluka's 30 % slab (12 to 24 hours).
        let trip = trip_leaving_in(&app, &manager, 9, 20 * 60).await;
        ok_data(save_policy(&manager, bhaluka()).await.0, &json!({}));
        let (first, sold) = web_ticket(&app, &trip, &["A1", "A2"], "01711000001", None, "en").await;
        assert_eq!(sold["policy"], normal(bhaluka()), "the ticket says its policy");
        let seller = seller_on_shift(&app).await;
        let receipt = sell(&seller, &trip, &["B1"], "01711000002").await;
        // The operator's policy changes: free until an hour before.
        let free = json!({"slabs": [{"hours": 1, "fee": {"kind": "taka", "taka": 0}}]});
        ok_data(save_policy(&manager, free.clone()).await.0, &json!({}));
        let (s, b) = manager.get("/v1/api/staff/policies").await;
        let listed = ok_data(s, &b);
        let hanif = listed["operators"].as_array().unwrap().iter().find(|o| o["operatorId"] == "op-hanif").unwrap().clone();
        assert_eq!((&hanif["policy"], &hanif["own"]), (&normal(free), &json!(true)));
        let (second, later) = web_ticket(&app, &trip, &["C1"], "01711000003", None, "en").await;

        // Sold before the change: Bhaluka's 30 %, to the taka.
        let paid = taka(&sold["paymentHistory"]["paidAmount"]).unwrap();
        let (s, b) = cancel_on_site(&first, sold["_id"].as_str().unwrap(), "01711000001").await;
        let cancelled = ok_data(s, &b);
        let fee = (paid * 30 + 50) / 100;
        assert_eq!((taka(&cancelled["cancellationFee"]), taka(&cancelled["refundAmount"])), (Some(fee), Some(paid - fee)));
        // Sold after: free.
        let paid_later = taka(&later["paymentHistory"]["paidAmount"]).unwrap();
        let (s, b) = cancel_on_site(&second, later["_id"].as_str().unwrap(), "01711000003").await;
        assert_eq!(taka(&ok_data(s, &b)["refundAmount"]), Some(paid_later));
        // The counter's ticket was sold under Bhaluka's too: 30 % kept from the drawer's refund.
        let (s, b) = seller.post("/v1/api/staff/counter/cancel", json!({"pnr": receipt["pnr"]})).await;
        let counter = ok_data(s, &b);
        let fare = receipt["fare"].as_i64().unwrap();
        assert_eq!(counter["refund"].as_i64(), Some(fare - (fare * 30 + 50) / 100));
    }

    a_ticket_too_close_to_departure_or_in_an_eid_period_is_not_cancelled(app) {
        let manager = staff(&app, MANAGER).await;
        let trip = trip_leaving_in(&app, &manager, 9, 5 * 60).await;
        ok_data(save_policy(&manager, bhaluka()).await.0, &json!({}));
        let (first, late) = web_ticket(&app, &trip, &["A1"], "01711000011", None, "en").await;
        let (s, b) = cancel_on_site(&first, late["_id"].as_str().unwrap(), "01711000011").await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("ticket.cancelCutoff")), "{b}");
        assert!(b.to_string().contains("6 hours"), "the least notice is told: {b}");

        // A day and more ahead, but its travel date is in the operator's Eid period.
        let departs = leaves_in(&app, &trip, 30 * 60).await;
        let mut eid = bhaluka();
        eid["periods"] = json!([{"name": "Eid-ul-Fitr", "from": departs, "to": departs, "noCancel": true, "noReschedule": true}]);
        ok_data(save_policy(&manager, eid).await.0, &json!({}));
        let (second, in_eid) = web_ticket(&app, &trip, &["B1"], "01711000012", None, "en").await;
        let (s, b) = cancel_on_site(&second, in_eid["_id"].as_str().unwrap(), "01711000012").await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("ticket.cancelPeriod")), "{b}");
        assert!(b.to_string().contains("Eid-ul-Fitr"), "{b}");
        // The ticket sold before the period was set keeps its own policy: 15 % with 30 hours.
        let paid = taka(&late["paymentHistory"]["paidAmount"]).unwrap();
        // (The refusal spent no OTP: the one sent before still works.)
        let code = common::sms_code(&app, "01711000011").await;
        let again = json!({"ticketId": late["_id"], "otpCode": code, "phone": "01711000011"});
        let (s, b) = first.post("/v1/api/intercity/cancel-ticket", again).await;
        assert_eq!(taka(&ok_data(s, &b)["cancellationFee"]), Some((paid * 15 + 50) / 100));
    }

    a_trip_moved_after_sales_tells_each_traveller_who_may_then_cancel_free(app) {
        let manager = staff(&app, MANAGER).await;
        // Five hours ahead: under Bhaluka's rule the ticket could no longer be cancelled.
        let trip = trip_leaving_in(&app, &manager, 9, 5 * 60).await;
        ok_data(save_policy(&manager, bhaluka()).await.0, &json!({}));
        let (traveller, sold) = web_ticket(&app, &trip, &["A1"], "01711000041", None, "bn").await;
        assert_eq!(sold.get("cancelFree"), None);
        let later = core_wasm::time::DateTime::from_epoch_minutes(core_wasm::time::dhaka_now(now_ms() as f64).epoch_minutes() + 4 * 60);
        let departs = format!("{} {:02}:{:02}", later.date, later.minute_of_day / 60, later.minute_of_day % 60);
        let seller = logged_in(&app, COUNTER, None).await;
        let (s, _) = seller.post("/v1/api/staff/trips/change", json!({"tripId": trip, "departs": departs})).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "a seller moves no trip");
        let (s, b) = manager.post("/v1/api/staff/trips/change", json!({"tripId": trip, "departs": "2020-01-01 07:00"})).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "not into the past: {b}");
        let (s, b) = manager.post("/v1/api/staff/trips/change", json!({"tripId": trip, "departs": departs})).await;
        assert_eq!(ok_data(s, &b)["ticketsTold"], 1);
        ticket_api::domain::messages::send_due(&app.state).await.unwrap();
        let told: Vec<String> = sqlx::query_scalar("SELECT body FROM sms_outbox WHERE phone = '01711000041' AND body LIKE '%বদলেছে%'")
            .fetch_all(&app.state.pool).await.unwrap();
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].contains("বিনা খরচে") && core_wasm::sms::segments(&told[0]).count <= 2, "{told:?}");
        let (s, b) = traveller.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": sold["tnxId"]})).await;
        assert_eq!(ok_data(s, &b)["cancelFree"], true);
        let paid = taka(&sold["paymentHistory"]["paidAmount"]).unwrap();
        let (s, b) = cancel_on_site(&traveller, sold["_id"].as_str().unwrap(), "01711000041").await;
        let cancelled = ok_data(s, &b);
        assert_eq!((taka(&cancelled["cancellationFee"]), taka(&cancelled["refundAmount"])), (Some(0), Some(paid)));
        // The schedule's job leaves the manager's change as it is.
        ticket_api::staff::trips::run_job(&app.state).await.unwrap();
        let kept: i64 = sqlx::query_scalar("SELECT departs_at FROM trips WHERE id = $1").bind(&trip).fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(kept, later.epoch_minutes());
    }

    a_boarding_point_moved_tells_those_boarding_there_who_may_then_cancel_free(app) {
        let manager = staff(&app, MANAGER).await;
        let trip = trip_leaving_in(&app, &manager, 9, 5 * 60).await;
        let date = leaves_in(&app, &trip, 5 * 60).await;
        ok_data(save_policy(&manager, bhaluka()).await.0, &json!({}));
        // A web ticket that chose no point (its stop's first: Kalyanpur) and a counter one there.
        let (traveller, sold) = web_ticket(&app, &trip, &["A1"], "01711000061", None, "en").await;
        assert_eq!(sold["boardingPoint"], "Kalyanpur counter");
        let seller = seller_on_shift(&app).await;
        sell(&seller, &trip, &["B1"], "01711000062").await;
        let place = json!({"code": "aminbazar", "cityId": "dhaka", "name": "Aminbazar bridge", "address": "Aminbazar, Dhaka"});
        ok_data(manager.post("/v1/api/staff/places/point", place).await.0, &json!({}));

        let (s, b) = manager.get(&format!("/v1/api/staff/trips/points/{trip}")).await;
        let listed = ok_data(s, &b);
        let kalyanpur = listed["points"].as_array().unwrap().iter().find(|p| p["pointId"] == "op-hanif:kalyanpur").unwrap().clone();
        let choices: Vec<&str> = kalyanpur["choices"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
        assert!(choices.contains(&"op-hanif:aminbazar") && choices.contains(&"op-hanif:kalyanpur"), "{choices:?}");
        assert_eq!(kalyanpur["movedTo"], Value::Null);

        // Refused, with nothing changed: a seller, another city's place, a point not on the route.
        let elsewhere: String = sqlx::query_scalar("SELECT id FROM points WHERE city_id <> 'dhaka' ORDER BY id LIMIT 1")
            .fetch_one(&app.state.pool).await.unwrap();
        let counter = logged_in(&app, COUNTER, None).await;
        let moving = json!({"tripId": trip, "pointId": "op-hanif:kalyanpur", "toPointId": "op-hanif:aminbazar"});
        assert_eq!(counter.post("/v1/api/staff/trips/points", moving.clone()).await.0, StatusCode::FORBIDDEN);
        let (s, b) = manager.post("/v1/api/staff/trips/points", json!({"tripId": trip, "pointId": "op-hanif:kalyanpur", "toPointId": elsewhere})).await;
        assert!(s == StatusCode::BAD_REQUEST && b.to_string().contains("toPointId"), "{s} {b}");
        let (s, b) = manager.post("/v1/api/staff/trips/points", json!({"tripId": trip, "pointId": elsewhere, "toPointId": "op-hanif:aminbazar"})).await;
        assert!(s == StatusCode::BAD_REQUEST && b.to_string().contains("pointId"), "{s} {b}");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM trip_point_moves").await, 0);

        let (s, b) = manager.post("/v1/api/staff/trips/points", moving.clone()).await;
        let moved = ok_data(s, &b);
        assert_eq!((&moved["name"], &moved["ticketsTold"]), (&json!("Aminbazar bridge"), &json!(2)));
        // Asked again (a double tap): nobody is told twice.
        let (s, b) = manager.post("/v1/api/staff/trips/points", moving.clone()).await;
        assert_eq!(ok_data(s, &b)["ticketsTold"], 0);
        ticket_api::domain::messages::send_due(&app.state).await.unwrap();
        for phone in ["01711000061", "01711000062"] {
            // (The counter sells in Bangla: the place has no Bangla name, so its English one.)
            let told: Vec<String> = sqlx::query_scalar(
                "SELECT body FROM sms_outbox WHERE phone = $1 AND (body LIKE '%trip changed%' OR body LIKE '%বদলেছে%')",
            )
            .bind(phone).fetch_all(&app.state.pool).await.unwrap();
            assert_eq!(told.len(), 1, "{phone}: {told:?}");
            assert!(told[0].contains("Aminbazar bridge") && core_wasm::sms::segments(&told[0]).count <= 2, "{told:?}");
        }

        // The ticket names the new place and may be cancelled free, five hours ahead.
        let (s, b) = traveller.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": sold["tnxId"]})).await;
        let now = ok_data(s, &b);
        assert_eq!((&now["boardingPoint"], &now["cancelFree"]), (&json!("Aminbazar bridge"), &json!(true)));
        // New buyers are offered the new place, not the old one; a hold there moves with it.
        let search = json!({"from": "Dhaka", "to": "Kushtia", "journeyDate": date});
        let (s, b) = app.post("/v1/api/intercity/get-schedule-trips", search).await;
        let listed = ok_data(s, &b);
        let offered = listed["trips"].as_array().unwrap().iter().find(|t| t["_id"] == trip).unwrap();
        assert_eq!(offered["boardingPoints"], json!(["Aminbazar bridge"]));
        let buyer = app.visitor("v-point-buyer");
        let lock = json!({"tripId": trip, "seats": ["C1"], "boardingPoint": "Aminbazar bridge"});
        let (s, b) = buyer.post("/v1/api/intercity/seat-lock", lock).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let paid = taka(&sold["paymentHistory"]["paidAmount"]).unwrap();
        let (s, b) = cancel_on_site(&traveller, sold["_id"].as_str().unwrap(), "01711000061").await;
        assert_eq!(taka(&ok_data(s, &b)["refundAmount"]), Some(paid));

        // Moved back: the confirmed ticket and the hold board at Kalyanpur again, told once more.
        let back = json!({"tripId": trip, "pointId": "op-hanif:kalyanpur", "toPointId": "op-hanif:kalyanpur"});
        let (s, b) = manager.post("/v1/api/staff/trips/points", back).await;
        assert_eq!(ok_data(s, &b)["ticketsTold"], 1);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM trip_point_moves").await, 0);
        assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM holds WHERE trip_id = '{trip}' AND boarding_point = 'Kalyanpur counter'")).await, 1);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log WHERE object LIKE 'trip %'").await, 2);
    }

    another_operators_trip_is_not_found_and_thirty_cancels_at_once_make_one(app) {
        let manager = staff(&app, MANAGER).await;
        let trip = trip_leaving_in(&app, &manager, 9, 30 * 60).await;
        web_ticket(&app, &trip, &["A1"], "01711000051", None, "en").await;
        let today = common::today().days_since_epoch() * 1440;
        let other: String = sqlx::query_scalar("SELECT id FROM trips WHERE operator_id <> 'op-hanif' AND departs_at > $1 ORDER BY id LIMIT 1")
            .bind(today + 1440).fetch_one(&app.state.pool).await.unwrap();
        // Another operator's trip: Hanif's manager neither cancels, moves nor reads it.
        let (s, _) = manager.post("/v1/api/staff/trips/cancel", json!({"tripId": other, "reason": "Not mine to cancel"})).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let (s, _) = manager.post("/v1/api/staff/trips/change", json!({"tripId": other, "departs": "2099-01-01 07:00"})).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let (s, _) = manager.get(&format!("/v1/api/staff/trips/points/{other}")).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let (s, _) = manager.post("/v1/api/staff/trips/points", json!({"tripId": other, "pointId": "x", "toPointId": "y"})).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let admin = staff(&app, ADMIN).await;
        ok_data(admin.post("/v1/api/staff/trips/cancel", json!({"tripId": other, "reason": "Ferry strike"})).await.0, &json!({}));
        let (s, _) = manager.get(&format!("/v1/api/staff/trips/cancel/{other}")).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "another operator's cancellation is not told");
        // Thirty cancellations of one trip at once: one cancellation, one audit entry, one job.
        let mut asks = Vec::new();
        for i in 0..30 {
            let manager = manager.clone();
            let trip = trip.clone();
            asks.push(tokio::spawn(async move {
                manager.post("/v1/api/staff/trips/cancel", json!({"tripId": trip, "reason": format!("Flood {i}")})).await
            }));
        }
        let mut reasons = std::collections::HashSet::new();
        for ask in asks {
            let (s, b) = ask.await.unwrap();
            reasons.insert(ok_data(s, &b)["reason"].as_str().unwrap().to_owned());
        }
        assert_eq!(reasons.len(), 1, "every answer is the one cancellation: {reasons:?}");
        assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM trip_cancellations WHERE trip_id = '{trip}'")).await, 1);
        assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE object = 'trip {trip}'")).await, 1);
        let done = finished(&manager, &trip).await;
        assert_eq!(done["ticketsCancelled"], 1);
        assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM refunds r JOIN bookings b ON b.tnx_id = r.tnx_id WHERE b.trip_id = '{trip}'")).await, 1);
    }

    a_policy_that_does_not_add_up_is_refused_with_its_field_and_only_its_operators_managers_save_it(app) {
        let manager = staff(&app, MANAGER).await;
        let mut bad = bhaluka();
        bad["slabs"][1]["fee"]["percent"] = json!(130);
        let (s, b) = save_policy(&manager, bad).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
        assert!(b.to_string().contains("policy.slabs[1].fee.percent"), "{b}");
        let (s, _) = save_policy(&manager, json!({"slabs": [{"hours": 6, "fee": {"kind": "bribe"}}]})).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "an unknown fee is not read");
        let (s, _) = manager.post("/v1/api/staff/policies", json!({"operatorId": "op-green-line", "policy": bhaluka()})).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "another operator's policy is not the manager's");
        let seller = logged_in(&app, COUNTER, None).await;
        let (s, _) = save_policy(&seller, bhaluka()).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "a counter seller sets no policy");
        let audited = count(&app, "SELECT COUNT(*) FROM audit_log WHERE object LIKE 'policy of %'").await;
        assert_eq!(audited, 0, "nothing refused was written");
    }

    an_operator_cancels_a_forty_seat_trip_every_payment_refunded_once_in_full_and_each_traveller_told_once(app) {
        let manager = staff(&app, MANAGER).await;
        let trip = trip_leaving_in(&app, &manager, 10, 30 * 60).await;
        let seats = common::free_seats(&app, &trip).await;
        assert_eq!(seats.len(), 40, "a 40-seat coach: {seats:?}");
        let seller = seller_on_shift(&app).await;
        // 28 seats on the site in 14 bookings (a third with a promo, half in Bangla), 10 at the
        // counter; one booking left waiting to pay.
        let mut web = Vec::new();
        for i in 0..14 {
            let pair = [seats[2 * i].as_str(), seats[2 * i + 1].as_str()];
            let promo = (i % 3 == 0).then_some("EID200");
            let language = if i % 2 == 0 { "bn-BD" } else { "en" };
            web.push(web_ticket(&app, &trip, &pair, &format!("017110001{i:02}"), promo, language).await);
        }
        let mut counter = Vec::new();
        for i in 0..10 {
            counter.push(sell(&seller, &trip, &[seats[28 + i].as_str()], &format!("018110001{i:02}")).await);
        }
        let waiting = app.visitor("v-waiting");
        assert_eq!(waiting.lock(&trip, &[seats[38].as_str()]).await.0, StatusCode::OK);
        let waiting_tnx = waiting.book(&trip, &[seats[38].as_str()]).await;
        let paid_online: i64 = web.iter().map(|(_, t)| taka(&t["paymentHistory"]["paidAmount"]).unwrap()).sum();

        let seller_cannot = seller.post("/v1/api/staff/trips/cancel", json!({"tripId": trip, "reason": "Flood"})).await;
        assert_eq!(seller_cannot.0, StatusCode::FORBIDDEN);
        let (s, b) = manager.post("/v1/api/staff/trips/cancel", json!({"tripId": trip, "reason": "x"})).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "a reason is told to every traveller: {b}");
        let (s, b) = manager.post("/v1/api/staff/trips/cancel", json!({"tripId": trip, "reason": "Road closed by flood"})).await;
        ok_data(s, &b);
        // Off sale at once, on the site and at the counter.
        let (s, b) = app.visitor("v-late").lock(&trip, &[seats[39].as_str()]).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("trip.cancelled")), "{b}");
        let (s, _) = seller.post("/v1/api/staff/counter/sell", json!({"tripId": trip, "seats": [seats[39]], "payment": {"method": "cash"}})).await;
        assert_eq!(s, StatusCode::CONFLICT);
        // The booking that was waiting is paid after: refunded, never ticketed.
        waiting.pay(&waiting_tnx).await;
        assert_eq!(common::tickets_of(&app, &waiting_tnx).await, 0);

        let done = finished(&manager, &trip).await;
        assert_eq!((done["ticketsCancelled"].as_i64(), done["refundedOnline"].as_i64(), done["refundsAtCounter"].as_i64(), done["remaining"].as_i64()),
            (Some(24), Some(14), Some(10), Some(0)), "{done}");
        // Asked again: the same cancellation, nothing more.
        let (s, b) = manager.post("/v1/api/staff/trips/cancel", json!({"tripId": trip, "reason": "Again"})).await;
        let again = ok_data(s, &b);
        assert_eq!((again["reason"].as_str(), again["ticketsCancelled"].as_i64()), (Some("Road closed by flood"), Some(24)));
        assert!(ticket_api::staff::plans::run_job(&app.state, &trip).await.is_ok());
        assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE object = 'trip {trip}'")).await, 1);

        // Every online payment refunded once, in full, by the gateway that took it.
        let refunds: Vec<(String, i64, String)> = sqlx::query_as(
            "SELECT r.tnx_id, r.amount, r.state FROM refunds r JOIN bookings b ON b.tnx_id = r.tnx_id \
             WHERE b.trip_id = $1 AND r.reason = 'trip-cancelled' ORDER BY r.tnx_id")
            .bind(&trip).fetch_all(&app.state.pool).await.unwrap();
        // Fourteen tickets and the booking paid after the cancellation.
        let late_payment: i64 = sqlx::query_scalar("SELECT amount FROM bookings WHERE tnx_id = $1")
            .bind(&waiting_tnx).fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(refunds.len(), 15);
        assert_eq!(refunds.iter().map(|r| r.1).sum::<i64>(), paid_online + late_payment);
        assert!(refunds.iter().all(|r| r.2 == "done"), "{refunds:?}");
        for (traveller, ticket) in &web {
            let tnx = &ticket["tnxId"];
            let _ = traveller;
            let view = ticket_api::domain::views::ticket(&app.state, ticket["_id"].as_str().unwrap()).await.unwrap();
            let view = serde_json::to_value(view).unwrap();
            assert_eq!((view["cancelledBy"].as_str(), view["cancelReason"].as_str()), (Some("operator"), Some("Road closed by flood")), "{tnx}");
            assert_eq!(view["paymentHistory"]["refundAmount"], ticket["paymentHistory"]["paidAmount"]);
            assert!(view.get("boardingCode").is_none(), "the code is revoked");
        }
        // A counter ticket's cash is collected at a counter, once.
        let pnr = counter[0]["pnr"].clone();
        let (s, b) = seller.post("/v1/api/staff/counter/cancel", json!({"pnr": pnr})).await;
        assert_eq!(ok_data(s, &b)["refund"], counter[0]["fare"]);
        let (s, _) = seller.post("/v1/api/staff/counter/cancel", json!({"pnr": pnr})).await;
        assert_eq!(s, StatusCode::CONFLICT, "paid out once");

        // One message per traveller, in their language.
        ticket_api::domain::messages::send_due(&app.state).await.unwrap();
        let told = count(&app, &format!("SELECT COUNT(*) FROM messages m JOIN tickets t ON m.topic = 'cancelled:' || t.id \
            JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = '{trip}' AND m.sent_at IS NOT NULL")).await;
        assert_eq!(told, 24);
        let bangla: String = sqlx::query_scalar("SELECT body FROM sms_outbox WHERE phone = '01711000100' AND body LIKE '%বাতিল%'")
            .fetch_one(&app.state.pool).await.unwrap();
        assert!(bangla.contains("পুরো ফেরত") && core_wasm::sms::segments(&bangla).count <= 2, "{bangla}");
        let cash: String = sqlx::query_scalar("SELECT body FROM sms_outbox WHERE phone = '01811000100' AND body LIKE '%বাতিল%'")
            .fetch_one(&app.state.pool).await.unwrap();
        assert!(cash.contains("কাউন্টার থেকে"), "{cash}");
        ticket_api::domain::messages::send_due(&app.state).await.unwrap();
        assert_eq!(count(&app, "SELECT COUNT(*) FROM sms_outbox WHERE body LIKE '%trip cancelled%' OR body LIKE '%যাত্রা বাতিল%'").await, 24, "sent once");

        // Another operator's manager cannot see or cancel it.
        let admin = staff(&app, ADMIN).await;
        let (s, _) = admin.get(&format!("/v1/api/staff/trips/cancel/{trip}")).await;
        assert_eq!(s, StatusCode::OK, "the admin sees every operator's");
    }

    a_ticket_goes_out_by_sms_in_the_travellers_language_and_a_failing_gateway_is_retried_without_touching_the_sale(app) {
        let manager = staff(&app, MANAGER).await;
        let trip = trip_leaving_in(&app, &manager, 9, 30 * 60).await;
        let (_, bangla) = web_ticket(&app, &trip, &["A1", "A2"], "01711000021", None, "bn").await;
        let (_, english) = web_ticket(&app, &trip, &["B1"], "01711000022", None, "en-GB,en;q=0.9").await;
        ticket_api::domain::messages::send_due(&app.state).await.unwrap();
        let text = |phone: &'static str| {
            let pool = app.state.pool.clone();
            async move {
                sqlx::query_scalar::<_, String>("SELECT body FROM sms_outbox WHERE phone = $1 AND body NOT LIKE '%OTP%'")
                    .bind(phone).fetch_all(&pool).await.unwrap()
            }
        };
        let bn = text("01711000021").await;
        assert_eq!(bn.len(), 1, "{bn:?}");
        assert!(bn[0].contains(bangla["pnr"].as_str().unwrap()) && bn[0].contains("আসন A1,A2") && bn[0].contains("নিশ্চিত"), "{bn:?}");
        assert!(core_wasm::sms::segments(&bn[0]).count <= 2);
        let en = text("01711000022").await;
        assert!(en[0].starts_with(&format!("Ticket {} confirmed", english["pnr"].as_str().unwrap())) && en[0].contains("Seats B1"), "{en:?}");
        ticket_api::domain::messages::send_due(&app.state).await.unwrap();
        assert_eq!(text("01711000021").await.len(), 1, "sent once");
    }
}

/// A gateway that refuses the first `failures` messages, then takes them.
async fn flaky_gateway(failures: usize) -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    use std::sync::{Arc, Mutex};
    let seen: Arc<Mutex<Vec<Value>>> = Arc::default();
    let got = Arc::clone(&seen);
    let router = axum::Router::new().route(
        "/send",
        axum::routing::post(move |body: String| {
            let seen = Arc::clone(&seen);
            async move {
                let mut seen = seen.lock().unwrap();
                seen.push(serde_json::from_str(&body).unwrap_or(Value::Null));
                if seen.len() > failures { StatusCode::OK } else { StatusCode::BAD_GATEWAY }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/send", listener.local_addr().unwrap());
    tokio::spawn(axum::serve(listener, router).into_future());
    (url, got)
}

mod retries {
    use super::*;

    async fn retried(backend: common::Backend) {
        let (url, got) = flaky_gateway(1).await;
        let settings = [("SMS_GATEWAY_URL", url.as_str()), ("SMS_API_KEY", "k"), ("SMS_SENDER_ID", "TICKETS")];
        let app = common::TestApp::with_settings(backend, 60, &settings).await;
        let trip = common::bus_trip_ids(&app, 1).await.remove(0);
        let seat = common::free_seats(&app, &trip).await.remove(0);
        let (_, ticket) = web_ticket(&app, &trip, &[seat.as_str()], "01711000031", None, "en").await;
        assert_eq!(ticket["paymentHistory"]["ticketStatus"], "confirmed", "the sale stands whatever the SMS does");
        let pass = ticket_api::domain::messages::send_due(&app.state).await.unwrap();
        assert_eq!((pass.sent, pass.retrying), (0, 1));
        let (next_at, attempts, error): (i64, i64, Option<String>) =
            sqlx::query_as("SELECT next_at, attempts, last_error FROM messages WHERE topic LIKE 'ticket:%'")
                .fetch_one(&app.state.pool)
                .await
                .unwrap();
        assert!(next_at > now_ms() + 30_000 && attempts == 1 && error.is_some(), "backed off: {next_at} {attempts}");
        assert_eq!(ticket_api::domain::messages::send_due(&app.state).await.unwrap().sent, 0, "not before its time");
        sqlx::query("UPDATE messages SET next_at = 0").execute(&app.state.pool).await.unwrap();
        assert_eq!(ticket_api::domain::messages::send_due(&app.state).await.unwrap().sent, 1);
        let sent = got.lock().unwrap().clone();
        assert_eq!(sent.len(), 2);
        assert!(sent[1]["message"].as_str().unwrap().contains(ticket["pnr"].as_str().unwrap()));
        // Nothing readable was kept outside the messages table in a real site.
        assert_eq!(count(&app, "SELECT COUNT(*) FROM sms_outbox").await, 0);
    }

    #[tokio::test]
    async fn a_failed_ticket_sms_is_retried_later_on_sqlite() {
        retried(common::Backend::Sqlite).await;
    }

    #[tokio::test]
    async fn a_failed_ticket_sms_is_retried_later_on_postgres() {
        retried(common::Backend::Postgres).await;
    }
}
