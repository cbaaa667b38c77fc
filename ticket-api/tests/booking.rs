//! The booking lifecycle on SQLite and PostgreSQL: holds, payment through the sandbox gateway,
//! tickets issued by the server, idempotent confirmation, lost seats refunded; and contention:
//! hundreds of concurrent clients over real HTTP racing for the same seats.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::Row;
use ticket_api::store::pool::Writes;

async fn lock(app: &common::TestApp, trip: &str, seats: &[&str], visitor: &str) -> (StatusCode, Value) {
    app.visitor(visitor)
        .post("/v1/api/intercity/seat-lock", json!({"tripId": trip, "seats": seats, "anonymousId": visitor}))
        .await
}

async fn book(app: &common::TestApp, trip: &str, seats: &[&str], visitor: &str) -> String {
    let (status, body) = app
        .visitor(visitor)
        .post(
            "/v1/api/intercity/payment-pending",
            json!({"tripId": trip, "seats": seats, "name": "Rahim Uddin", "phone": "+880 1712-345678", "gender": "male", "anonymousId": visitor}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["tnxId"].as_str().unwrap().to_owned()
}

async fn gateway(app: &common::TestApp, tnx: &str, action: &str) -> (StatusCode, String) {
    app.sandbox(tnx, action).await
}

/// A button of the sandbox page at `page` (the session update-gateway opened).
async fn button(app: &common::TestApp, page: &str, action: &str) -> (StatusCode, String) {
    app.visit("POST", &format!("{page}/{action}"), &[]).await
}

async fn seat_status(app: &common::TestApp, trip: &str, seat: &str) -> Value {
    let (_, body) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await;
    common::status_in_view(&body, seat)
}

/// Asks `ask` until it answers `expected`, failing if an answer to a request begun `bound` or
/// more after `since` (when a write was answered) still shows something else.
async fn shown_within<T, F, Fut>(bound: Duration, since: Instant, mut ask: F, expected: T, what: &str)
where
    T: PartialEq + std::fmt::Debug,
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = T>,
{
    loop {
        let asked = Instant::now();
        let got = ask().await;
        if got == expected {
            return;
        }
        assert!(asked < since + bound, "{what}: {got:?}, not {expected:?}, asked {:?} after the write", asked - since);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Whether a notice naming `trip` reaches `listener` within `within`.
async fn heard_of(listener: &mut sqlx::postgres::PgListener, trip: &str, within: Duration) -> bool {
    tokio::time::timeout(within, async {
        loop {
            let notice = listener.recv().await.unwrap();
            if notice.payload().split(' ').skip(1).any(|t| t == trip) {
                return;
            }
        }
    })
    .await
    .is_ok()
}

/// What `ask` answers to a request begun `bound` after `since`: by then no copy from before.
async fn shown_within_any<T, F, Fut>(bound: Duration, since: Instant, mut ask: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = T>,
{
    tokio::time::sleep_until((since + bound).into()).await;
    ask().await
}

on_both! {
    writes_sent_together_are_all_written_or_none(app) {
        // payment-pending's writes go as one statement on PostgreSQL and one transaction on
        // SQLite (store::writes): one that fails takes the others with it.
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seat = common::free_seats(&app, &trip).await.remove(0);
        assert_eq!(app.lock(&trip, &[&seat]).await.0, StatusCode::OK);
        let ends = || async {
            let (id, end): (String, i64) =
                sqlx::query_as("SELECT id, expires_at FROM holds WHERE trip_id = $1").bind(&trip).fetch_one(&app.state.pool).await.unwrap();
            (id, end)
        };
        let (hold, end) = ends().await;
        let later = |by: i64| sqlx::query("UPDATE holds SET expires_at = $1 WHERE id = $2").bind(end + by).bind(hold.clone());
        let nothing = || sqlx::query("DELETE FROM tickets WHERE id = $1").bind("no-such-ticket");
        let mut writes = Writes::new();
        writes.push(later(1_000)).unwrap();
        // A booking of nothing at all: refused by the schema.
        writes.push(sqlx::query("INSERT INTO bookings (id) VALUES ($1)").bind("booking-of-nothing")).unwrap();
        assert!(writes.run(&app.state.pool).await.is_err());
        assert_eq!(ends().await.1, end);

        let mut writes = Writes::new();
        writes.push(later(2_000)).unwrap();
        writes.push(sqlx::query("UPDATE seat_claims SET expires_at = $1 WHERE claim_id = $2").bind(end + 2_000).bind(hold.clone())).unwrap();
        writes.push(nothing()).unwrap();
        writes.run(&app.state.pool).await.unwrap();
        assert_eq!(ends().await.1, end + 2_000);
        let claim: i64 = sqlx::query_scalar("SELECT expires_at FROM seat_claims WHERE claim_id = $1").bind(&hold).fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(claim, end + 2_000);

        // At the end of a transaction: kept or dropped with it.
        for keep in [false, true] {
            let mut tx = app.state.pool.begin().await.unwrap();
            let mut writes = Writes::new();
            writes.push(later(3_000)).unwrap();
            writes.push(nothing()).unwrap();
            writes.run_in(&mut tx).await.unwrap();
            if keep { tx.commit().await.unwrap() } else { tx.rollback().await.unwrap() }
            assert_eq!(ends().await.1, if keep { end + 3_000 } else { end + 2_000 });
        }
    }

    a_hold_that_runs_out_frees_its_seat_in_views_and_searches_already_answered(app) {
        // Answers are kept while their claims stand; a hold running out is not a write, so a
        // kept answer must end when the first hold it saw expires.
        let app = common::TestApp::with_settings(app.backend(), 60, &[("HOLD_SECONDS", "1")]).await;
        let (trip, first, _, last) = common::three_stop_trip(&app).await;
        let seat = common::free_seats(&app, &trip).await.remove(0);
        let search = json!({"from": first, "to": last, "journeyDate": common::today().add_days(1).to_string()});
        let available = |data: &Value| {
            data["data"]["trips"].as_array().unwrap().iter().find(|t| t["_id"] == trip.as_str()).unwrap()["availableSeats"].as_i64().unwrap()
        };
        let before = available(&app.post("/v1/api/intercity/get-schedule-trips", search.clone()).await.1);
        assert_eq!(lock(&app, &trip, &[&seat], "brief").await.0, StatusCode::OK);
        for _ in 0..2 {
            assert_eq!(seat_status(&app, &trip, &seat).await, "locked");
            assert_eq!(available(&app.post("/v1/api/intercity/get-schedule-trips", search.clone()).await.1), before - 1);
        }
        tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
        assert_eq!(seat_status(&app, &trip, &seat).await, "available");
        assert_eq!(available(&app.post("/v1/api/intercity/get-schedule-trips", search.clone()).await.1), before);
    }

    a_seat_locked_a_moment_ago_is_never_shown_free_while_others_look(app) {
        // Seat views and searches run all the time while seats are locked, released by failed
        // payments and sold: whatever the claims cache holds, a view that starts after a lock
        // was answered never shows that seat free, and one after a release never shows it taken.
        let (trip, first, _, last) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        let app = Arc::new(app);
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut lookers = Vec::new();
        for _ in 0..4 {
            let (app, trip, stop) = (Arc::clone(&app), trip.clone(), Arc::clone(&stop));
            lookers.push(tokio::spawn(async move {
                let mut views = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let (status, _) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await;
                    assert_eq!(status, StatusCode::OK);
                    views += 1;
                    // The test runtime has one thread: leave the lockers their turn.
                    tokio::time::sleep(std::time::Duration::from_millis(1)).await;
                }
                views
            }));
        }
        // The store answers without a thread hand-off, so a call may run through without once
        // giving the one thread up: the lockers pause between their steps for the lookers.
        let pause = || tokio::time::sleep(std::time::Duration::from_millis(2));
        for (i, seat) in seats.iter().take(6).enumerate() {
            let visitor = format!("looker-race-{i}");
            pause().await;
            assert_eq!(lock(&app, &trip, &[seat], &visitor).await.0, StatusCode::OK);
            pause().await;
            assert_eq!(seat_status(&app, &trip, seat).await, "locked", "just locked");
            let tnx = book(&app, &trip, &[seat], &visitor).await;
            pause().await;
            assert_eq!(seat_status(&app, &trip, seat).await, "locked", "hold renewed for the payment");
            let outcome = if i % 2 == 0 { "pay" } else { "fail" };
            gateway(&app, &tnx, outcome).await;
            pause().await;
            let expected = if i % 2 == 0 { "booked" } else { "available" };
            assert_eq!(seat_status(&app, &trip, seat).await, expected, "after {outcome}");
            let (_, found) = app.post("/v1/api/intercity/get-schedule-trips", json!({"from": first, "to": last, "journeyDate": common::today().add_days(1).to_string()})).await;
            assert!(found["data"]["trips"].is_array(), "{found}");
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for looker in lookers {
            assert!(looker.await.unwrap() > 0);
        }
        assert!(app.state.claims.is_caching(), "kept in memory on both stores");
    }

    a_seat_sold_through_one_process_shows_through_another_within_the_bound(app) {
        // Two server processes on one store, each keeping copies of the claims: a write through
        // one shows through the other in every answer to a request begun a bound after it
        // (on PostgreSQL it is told at once; on a SQLite file its copy ages out).
        let (trip, first, _, last) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        let other = app.restarted().await;
        assert!(other.state.claims.is_caching(), "kept in memory on both stores");
        let bound = Duration::from_millis(app.state.config.claims_max_age_ms.into());
        let search = json!({"from": first, "to": last, "journeyDate": common::today().add_days(1).to_string()});
        let free_in_search = |app: common::TestApp| {
            let search = search.clone();
            let trip = trip.clone();
            async move {
                let (_, found) = app.post("/v1/api/intercity/get-schedule-trips", search).await;
                found["data"]["trips"].as_array().unwrap().iter().find(|t| t["_id"] == trip.as_str()).unwrap()["availableSeats"].as_i64().unwrap()
            }
        };
        let mut free = free_in_search(other.clone()).await;
        for (i, seat) in seats.iter().take(4).enumerate() {
            let visitor = format!("two-processes-{i}");
            // The other process has just looked: its copy is warm when the write comes.
            assert_eq!(seat_status(&other, &trip, seat).await, "available");
            assert_eq!(lock(&app, &trip, &[seat], &visitor).await.0, StatusCode::OK);
            let answered = Instant::now();
            shown_within(bound, answered, || seat_status(&other, &trip, seat), json!("locked"), "held through the first process").await;
            shown_within(bound, answered, || free_in_search(other.clone()), free - 1, "search after the hold").await;
            let tnx = book(&app, &trip, &[seat], &visitor).await;
            let outcome = if i % 2 == 0 { "pay" } else { "fail" };
            gateway(&app, &tnx, outcome).await;
            let answered = Instant::now();
            let expected = if i % 2 == 0 { "booked" } else { "available" };
            shown_within(bound, answered, || seat_status(&other, &trip, seat), json!(expected), outcome).await;
            if i % 2 == 0 {
                free -= 1;
            }
            shown_within(bound, answered, || free_in_search(other.clone()), free, "search after the payment").await;
            // And the other way round: the seat, sold, cannot be held; freed, it can.
            let back = lock(&other, &trip, &[seat], &format!("{visitor}-back")).await.0;
            assert_eq!(back, if i % 2 == 0 { StatusCode::CONFLICT } else { StatusCode::OK });
            let answered = Instant::now();
            let back = if i % 2 == 0 { "booked" } else { "locked" };
            shown_within(bound, answered, || seat_status(&app, &trip, seat), json!(back), "after a lock through the other process").await;
            free = shown_within_any(bound, answered, || free_in_search(app.clone())).await;
            shown_within(bound, answered, || free_in_search(other.clone()), free, "both processes agree").await;
        }
    }

    a_process_that_cannot_hear_the_others_serves_no_copy_older_than_the_bound(app) {
        if app.backend() == common::Backend::Sqlite {
            return; // no notices on SQLite: the bound alone, as the test above shows
        }
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        let other = app.restarted().await;
        let bound = Duration::from_millis(app.state.config.claims_max_age_ms.into());
        let listeners = || async {
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")
                .fetch_one(&app.state.pool)
                .await
                .unwrap();
            n
        };
        for (i, seat) in seats.iter().take(3).enumerate() {
            assert_eq!(seat_status(&other, &trip, seat).await, "available");
            // Cut every notification connection of this database, as a network fault would.
            sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")
                .execute(&app.state.pool)
                .await
                .unwrap();
            assert_eq!(lock(&app, &trip, &[seat], &format!("unheard-{i}")).await.0, StatusCode::OK);
            let answered = Instant::now();
            shown_within(bound, answered, || seat_status(&other, &trip, seat), json!("locked"), "written while the other could not hear").await;
        }
        // Both listen again by themselves, and the copies are still right.
        let since = Instant::now();
        while listeners().await < 2 {
            assert!(since.elapsed() < Duration::from_secs(20), "the listeners did not connect again");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let seat = &seats[3];
        assert_eq!(seat_status(&other, &trip, seat).await, "available");
        assert_eq!(lock(&app, &trip, &[seat], "heard-again").await.0, StatusCode::OK);
        shown_within(bound, Instant::now(), || seat_status(&other, &trip, seat), json!("locked"), "heard again").await;
    }

    a_write_is_told_once_committed_and_waits_for_no_other_process(app) {
        if app.backend() == common::Backend::Sqlite {
            return; // one file, no notices
        }
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        // Another process, played by hand: it listens and never answers anything.
        let options: sqlx::postgres::PgConnectOptions = app.state.config.database_url.parse().unwrap();
        let listening = sqlx::postgres::PgPoolOptions::new().max_connections(1).connect_with(options).await.unwrap();
        let mut quiet = sqlx::postgres::PgListener::connect_with(&listening).await.unwrap();
        quiet.listen("seat_claims").await.unwrap();
        // Answered whether or not anyone listening acknowledges anything; told after.
        assert_eq!(lock(&app, &trip, &[&seats[0]], "told").await.0, StatusCode::OK);
        assert!(heard_of(&mut quiet, &trip, Duration::from_secs(10)).await, "a committed write is told");
        // A lock that loses its seat rolls back: nothing to tell.
        assert_eq!(lock(&app, &trip, &[&seats[0]], "too-late").await.0, StatusCode::CONFLICT);
        assert!(!heard_of(&mut quiet, &trip, Duration::from_millis(1500)).await, "a rolled-back write is not told");
    }

    a_paid_booking_has_a_ticket_even_if_the_tab_is_closed(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        // In the order the traveller chose them, not the seat map's: the ticket keeps it.
        let chosen = [seats[1].as_str(), seats[0].as_str()];
        let (status, body) = lock(&app, &trip, &chosen, "visitor-a").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["holdSeconds"], 600);
        let tnx = book(&app, &trip, &chosen, "visitor-a").await;
        let app = app.visitor("visitor-a");
        let (_, booking) = app.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert!(booking["data"]["amount"].as_f64().unwrap() > 0.0);
        assert_eq!(booking["data"]["status"], "pending");
        let left = booking["data"]["holdSecondsLeft"].as_u64().unwrap();
        assert!((590..=600).contains(&left), "the hold was renewed for the payment: {left} s left");
        assert_eq!(booking["data"]["invoice"]["promo"], Value::Null);
        let (status, update) = app.post("/v1/api/intercity/update-gateway", json!({"tnxId": tnx, "gateway": "sandbox"})).await;
        assert_eq!(status, StatusCode::OK, "{update}");
        let url = update["data"]["redirectUrl"].as_str().unwrap().to_owned();
        let (status, page) = app.send(Request::get(&url).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.as_str().unwrap().contains(" TK</button>"));

        let (status, location) = button(&app, &url, "pay").await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(location, format!("/bus/payment/success?tnxId={tnx}"));
        // The browser never comes back: the ticket exists all the same.
        let (status, ticket) = app.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(status, StatusCode::OK, "{ticket}");
        let pnr = ticket["data"]["pnr"].as_str().unwrap().to_owned();
        assert_eq!(pnr.len(), 8);
        assert!(!pnr.contains(['0', 'O', '1', 'I']), "{pnr}");
        assert_eq!(ticket["data"]["paymentHistory"]["ticketStatus"], "confirmed");
        assert_eq!(ticket["data"]["seats"], json!(chosen));
        assert_eq!(ticket["data"]["phone"], "01712345678");
        assert_eq!(seat_status(&app, &trip, chosen[0]).await, "booked");
        let (_, booking) = app.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(booking["data"]["status"], "ticketed");
        assert_eq!(booking["data"]["holdSecondsLeft"], Value::Null, "nothing is held for a ticketed booking");

        // Repeated, reordered and concurrent confirmations and callbacks (100x): one ticket.
        let mut calls = Vec::new();
        for i in 0..100 {
            let app = &app;
            let tnx = tnx.clone();
            let url = url.clone();
            calls.push(async move {
                if i % 2 == 0 {
                    let (status, body) = app.post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                    body["data"]["pnr"].as_str().unwrap().to_owned()
                } else {
                    assert_eq!(button(app, &url, if i % 4 == 1 { "pay" } else { "fail" }).await.1, format!("/bus/payment/success?tnxId={tnx}"));
                    String::new()
                }
            });
        }
        for pnr_seen in futures_join(calls).await {
            assert!(pnr_seen.is_empty() || pnr_seen == pnr);
        }
        let tickets: i64 = sqlx::query("SELECT COUNT(*) AS n FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.tnx_id = $1")
            .bind(&tnx).fetch_one(&app.state.pool).await.unwrap().get("n");
        let charges: i64 = sqlx::query("SELECT COUNT(*) AS n FROM payments WHERE tnx_id = $1").bind(&tnx).fetch_one(&app.state.pool).await.unwrap().get("n");
        assert_eq!((tickets, charges), (1, 1), "one ticket, one charge");
    }

    a_visitor_sees_their_own_held_seats_free_to_choose_again(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seat = common::free_seats(&app, &trip).await.remove(0);
        assert_eq!(lock(&app, &trip, &[&seat], "holder").await.0, StatusCode::OK);
        let status_for = |visitor: &'static str| {
            let (app, trip, seat) = (&app, trip.clone(), seat.clone());
            async move {
                let (_, body) = app.visitor(visitor).post("/v1/api/intercity/get-seat-view", json!({"tripId": trip, "anonymousId": visitor})).await;
                let plan = &body["data"]["seatPlan"];
                ["seatList", "upperDeckSeatList", "lowerDeckSeatList"]
                    .iter()
                    .flat_map(|k| plan[k].as_array().cloned().unwrap_or_default())
                    .find(|s| s["seatNo"] == seat.as_str())
                    .unwrap()["status"]
                    .clone()
            }
        };
        assert_eq!(status_for("someone-else").await, "locked");
        assert_eq!(status_for("holder").await, "available", "their own hold, theirs to choose again");
        assert_eq!(status_for("someone-else").await, "locked", "the holder's answer is not served to others");
        assert_eq!(lock(&app, &trip, &[&seat], "holder").await.0, StatusCode::OK, "a new lock replaces their hold");
    }

    a_seat_taken_by_someone_else_is_refused_by_name(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        assert_eq!(lock(&app, &trip, &[&seats[0]], "first").await.0, StatusCode::OK);
        let (status, body) = lock(&app, &trip, &[&seats[1], &seats[0]], "second").await;
        assert_eq!(status, StatusCode::CONFLICT);
        let message = body["message"].as_str().unwrap();
        assert!(message.contains(&format!("Seat {}", seats[0])), "{message}");
        assert_eq!(body["seats"], json!([seats[0]]), "the taken seats as data, for the site to mark");
        assert_eq!(seat_status(&app, &trip, &seats[1]).await, "available", "nothing of a refused lock is kept");
        // Re-locking replaces the visitor's own hold.
        assert_eq!(lock(&app, &trip, &[&seats[2]], "first").await.0, StatusCode::OK);
        assert_eq!(seat_status(&app, &trip, &seats[0]).await, "available");
        assert_eq!(seat_status(&app, &trip, &seats[2]).await, "locked");
    }

    bad_locks_are_clear_errors(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        let five: Vec<&str> = seats.iter().take(5).map(String::as_str).collect();
        let (status, body) = lock(&app, &trip, &five, "v").await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("You can select at most 4 seats")));
        let (status, body) = lock(&app, &trip, &["Z99"], "v").await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("There is no seat Z99 on this trip")));
        let (status, body) = app.post("/v1/api/intercity/seat-lock", json!({"tripId": trip, "seats": [seats[0]], "anonymousId": "someone-else"})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a body naming another visitor than the token's: {body}");
        let (status, _) = lock(&app, "no-such-trip", &["A1"], "v").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }

    an_expired_hold_frees_its_seats_for_the_next_visitor(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seat = common::free_seats(&app, &trip).await.remove(0);
        assert_eq!(lock(&app, &trip, &[&seat], "slow").await.0, StatusCode::OK);
        sqlx::query("UPDATE seat_claims SET expires_at = 1 WHERE trip_id = $1 AND seat_no = $2").bind(&trip).bind(&seat).execute(&app.state.pool).await.unwrap();
        // Written behind the server's back: its claims cache is told, as an operator's fix would.
        app.state.claims.forget(&trip);
        sqlx::query("UPDATE holds SET expires_at = 1 WHERE trip_id = $1").bind(&trip).execute(&app.state.pool).await.unwrap();
        assert_eq!(lock(&app, &trip, &[&seat], "quick").await.0, StatusCode::OK, "no background job needed");
        let (status, body) = app
            .visitor("slow")
            .post("/v1/api/intercity/payment-pending", json!({"tripId": trip, "seats": [seat], "name": "A", "phone": "01712345678", "gender": "female", "anonymousId": "slow"}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
    }

    a_payment_for_seats_lost_meanwhile_is_refunded_not_double_sold(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seat = common::free_seats(&app, &trip).await.remove(0);
        assert_eq!(lock(&app, &trip, &[&seat], "payer").await.0, StatusCode::OK);
        let tnx = book(&app, &trip, &[&seat], "payer").await;
        // The payer's hold runs out at the gateway, and someone else takes the seat.
        sqlx::query("UPDATE seat_claims SET expires_at = 1 WHERE trip_id = $1 AND seat_no = $2").bind(&trip).bind(&seat).execute(&app.state.pool).await.unwrap();
        // Written behind the server's back: its claims cache is told, as an operator's fix would.
        app.state.claims.forget(&trip);
        assert_eq!(lock(&app, &trip, &[&seat], "other").await.0, StatusCode::OK);
        let (_, location) = gateway(&app, &tnx, "pay").await;
        assert_eq!(location, format!("/bus/payment/failed?tnxId={tnx}"));
        let payer = app.visitor("payer");
        let (status, _) = payer.post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, _) = payer.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "no ticket for lost seats");
        let refunded: String = sqlx::query("SELECT status FROM bookings WHERE tnx_id = $1").bind(&tnx).fetch_one(&app.state.pool).await.unwrap().get("status");
        assert_eq!(refunded, "refunded");
        assert_eq!(seat_status(&app, &trip, &seat).await, "locked", "the other traveller keeps it");
    }

    a_payment_after_the_hold_ran_out_gets_the_seats_nobody_took(app) {
        // Paying turns the hold's claims into the sale's; claims that ran out, or that are gone
        // (swept by someone else's lock), are claimed again while the seats are still free.
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        let expire = |seat: &str| {
            sqlx::query("UPDATE seat_claims SET expires_at = 1 WHERE trip_id = $1 AND seat_no = $2").bind(trip.clone()).bind(seat.to_owned())
        };
        let ticket_of = |tnx: String| {
            let app = &app;
            async move { app.visitor("late").post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await }
        };
        // Ran out, still there.
        assert_eq!(lock(&app, &trip, &[&seats[0]], "late").await.0, StatusCode::OK);
        let tnx = book(&app, &trip, &[&seats[0]], "late").await;
        expire(&seats[0]).execute(&app.state.pool).await.unwrap();
        app.state.claims.forget(&trip);
        assert_eq!(gateway(&app, &tnx, "pay").await.1, format!("/bus/payment/success?tnxId={tnx}"));
        assert_eq!(ticket_of(tnx).await.0, StatusCode::OK);
        assert_eq!(seat_status(&app, &trip, &seats[0]).await, "booked");
        // Three seats: one still held, one ran out and was swept by another traveller's lock,
        // one gone outright.
        assert_eq!(lock(&app, &trip, &[&seats[1], &seats[2], &seats[4]], "late").await.0, StatusCode::OK);
        let tnx = book(&app, &trip, &[&seats[1], &seats[2], &seats[4]], "late").await;
        expire(&seats[4]).execute(&app.state.pool).await.unwrap();
        sqlx::query("DELETE FROM seat_claims WHERE trip_id = $1 AND seat_no = $2").bind(&trip).bind(&seats[2]).execute(&app.state.pool).await.unwrap();
        app.state.claims.forget(&trip);
        assert_eq!(lock(&app, &trip, &[&seats[3]], "sweeper").await.0, StatusCode::OK);
        assert_eq!(gateway(&app, &tnx, "pay").await.1, format!("/bus/payment/success?tnxId={tnx}"));
        assert_eq!(ticket_of(tnx).await.0, StatusCode::OK);
        for seat in [&seats[1], &seats[2], &seats[4]] {
            assert_eq!(seat_status(&app, &trip, seat).await, "booked");
        }
        assert_eq!(seat_status(&app, &trip, &seats[3]).await, "locked", "the sweeper's");
        let sold: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seat_claims WHERE trip_id = $1 AND state = 'sold' AND seat_no IN ($2, $3, $4, $5)")
            .bind(&trip).bind(&seats[0]).bind(&seats[1]).bind(&seats[2]).bind(&seats[4]).fetch_one(&app.state.pool).await.unwrap();
        let legs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seat_claims WHERE trip_id = $1 AND seat_no = $2").bind(&trip).bind(&seats[0]).fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(sold, 4 * legs, "every seat-leg of the four seats sold, once");
    }

    a_failed_or_cancelled_payment_releases_the_seats(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        for (visitor, action, page) in [("f", "fail", "failed"), ("c", "cancel", "cancel")] {
            let seat = if visitor == "f" { &seats[0] } else { &seats[1] };
            assert_eq!(lock(&app, &trip, &[seat], visitor).await.0, StatusCode::OK);
            let tnx = book(&app, &trip, &[seat], visitor).await;
            assert_eq!(gateway(&app, &tnx, action).await.1, format!("/bus/payment/{page}?tnxId={tnx}"));
            assert_eq!(seat_status(&app, &trip, seat).await, "available");
            let (status, _) = app.visitor(visitor).post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
        }
    }

    five_hundred_clients_racing_for_forty_seats_leave_one_winner_per_seat_leg(app) {
        // All racers come from one address here: its caps are not what this race is about.
        let settings = [("RATE_LIMITS", "off"), ("HOLD_SEATS_PER_ADDRESS", "100000")];
        let app = common::TestApp::with_settings(app.backend(), 60, &settings).await;
        race(&app).await;
    }
}

/// Awaits futures concurrently, interleaved on this task (join_all without the `futures` crate).
async fn futures_join<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    use std::task::Poll;
    let mut pending: Vec<Option<std::pin::Pin<Box<F>>>> = futures.into_iter().map(|f| Some(Box::pin(f))).collect();
    let mut out: Vec<Option<F::Output>> = pending.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut done = true;
        for (slot, result) in pending.iter_mut().zip(out.iter_mut()) {
            if let Some(future) = slot {
                match future.as_mut().poll(cx) {
                    Poll::Ready(value) => {
                        *result = Some(value);
                        *slot = None;
                    }
                    Poll::Pending => done = false,
                }
            }
        }
        if done { Poll::Ready(()) } else { Poll::Pending }
    })
    .await;
    out.into_iter().map(|o| o.unwrap()).collect()
}

/// Rounds of 500 concurrent seat-locks over real HTTP on loopback, on overlapping and separate
/// legs of one trip: exactly one winner per seat-leg, every loser told which seat, and the seat
/// map agreeing afterwards.
async fn race(app: &common::TestApp) {
    let (trip, first, middle, last) = common::three_stop_trip(app).await;
    let seats: Vec<String> = common::free_seats(app, &trip).await.into_iter().take(40).collect();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(ticket_api::http::serve::serve(listener, app.router.clone(), std::future::pending()));
    let segments = [
        (first.as_str(), last.as_str(), 0..2),
        (first.as_str(), middle.as_str(), 0..1),
        (middle.as_str(), last.as_str(), 1..2),
    ];
    for round in 0..3 {
        // seat -> leg -> winning visitor in this round
        let mut owner: HashMap<(String, i64), String> = HashMap::new();
        let mut tasks = Vec::new();
        for client in 0..500usize {
            let (from, to, legs) = segments[(client + round) % 3].clone();
            let wanted: Vec<String> =
                (0..1 + client % 2).map(|k| seats[(client * 7 + k * 13 + round * 5) % seats.len()].clone()).collect();
            let mut wanted = wanted;
            wanted.dedup();
            let visitor = format!("racer-{round}-{client}");
            let body = json!({"tripId": trip, "seats": wanted, "from": from, "to": to, "anonymousId": visitor});
            // Each racer is a visitor of its own.
            let token = app.visitor(&visitor).token;
            tasks.push(tokio::spawn(async move {
                let (status, _, answer) =
                    common::http(addr, "POST", "/v1/api/intercity/seat-lock", Some(&token), Some(&body)).await;
                (visitor, wanted, legs, status, answer)
            }));
        }
        let mut winners = 0;
        for task in tasks {
            let (visitor, wanted, legs, status, answer) = task.await.unwrap();
            match status {
                200 => {
                    winners += 1;
                    for seat in &wanted {
                        for leg in legs.clone() {
                            let previous = owner.insert((seat.clone(), leg), format!("v:{visitor}"));
                            assert!(previous.is_none(), "seat {seat} leg {leg} won by {visitor} and {previous:?}");
                        }
                    }
                }
                409 => {
                    let texts: Vec<String> = match &answer["message"] {
                        Value::String(s) => vec![s.clone()],
                        Value::Array(a) => a.iter().map(|v| v.as_str().unwrap().to_owned()).collect(),
                        other => panic!("no message: {other}"),
                    };
                    assert!(
                        texts.iter().any(|t| wanted.iter().any(|s| t.contains(&format!("Seat {s} ")))),
                        "a loser is told which seat: {texts:?} for {wanted:?}"
                    );
                }
                other => panic!("unexpected status {other}: {answer}"),
            }
        }
        assert!(winners > 0, "round {round} had winners");
        // The database agrees: exactly the winners' claims, one per seat-leg.
        let rows = sqlx::query(
            "SELECT seat_no, leg, h.visitor FROM seat_claims c JOIN holds h ON h.id = c.claim_id WHERE c.trip_id = $1 AND c.expires_at > $2",
        )
        .bind(&trip)
        .bind(1i64)
        .fetch_all(&app.state.pool)
        .await
        .unwrap();
        let in_db: HashSet<(String, i64, String)> =
            rows.iter().map(|r| (r.get("seat_no"), r.get("leg"), r.get("visitor"))).collect();
        let expected: HashSet<(String, i64, String)> =
            owner.iter().map(|((s, l), v)| (s.clone(), *l, v.clone())).collect();
        assert_eq!(in_db, expected, "round {round}");
        assert!(ticket_api::store::inventory::consistent(&app.state.pool, &trip).await.unwrap());
        // Every hold of the round runs out: the next round races for the same seats again.
        sqlx::query("UPDATE seat_claims SET expires_at = 1 WHERE trip_id = $1 AND state = 'held'")
            .bind(&trip)
            .execute(&app.state.pool)
            .await
            .unwrap();
        app.state.claims.forget(&trip);
        sqlx::query("UPDATE holds SET expires_at = 1 WHERE trip_id = $1")
            .bind(&trip)
            .execute(&app.state.pool)
            .await
            .unwrap();
    }
    server.abort();
}

mod more {
    use super::*;

    on_both! {
        a_repeated_idempotency_key_gets_the_first_answer(app) {
            let (trip, _, _, _) = common::three_stop_trip(&app).await;
            let seats = common::free_seats(&app, &trip).await;
            let body = json!({"tripId": trip, "seats": [seats[0]], "anonymousId": "retrying"});
            let retrying = app.visitor("retrying");
            let mut answers = Vec::new();
            for _ in 0..5 {
                answers.push(common::post_with_key(&retrying, "/v1/api/intercity/seat-lock", &body, "key-1"));
            }
            let answers = futures_join(answers).await;
            assert!(answers.iter().all(|(s, a, _)| *s == StatusCode::OK && *a == answers[0].1), "{answers:?}");
            let holds: i64 = sqlx::query("SELECT COUNT(*) AS n FROM holds WHERE visitor = 'v:retrying'").fetch_one(&app.state.pool).await.unwrap().get("n");
            assert_eq!(holds, 1);
            // A conflict is an answer too: repeating it repeats the refusal.
            let other = json!({"tripId": trip, "seats": [seats[0]], "anonymousId": "late"});
            let late = app.visitor("late");
            for _ in 0..2 {
                let (status, _, _) = common::post_with_key(&late, "/v1/api/intercity/seat-lock", &other, "key-2").await;
                assert_eq!(status, StatusCode::CONFLICT);
            }
            // A key is the call's own: the same key on another call runs that call.
            let (status, body, _) = common::post_with_key(&late, "/v1/api/intercity/payment-pending", &json!({"tripId": trip, "seats": [seats[0]], "name": "A", "phone": "01712345678", "gender": "male"}), "key-2").await;
            assert_eq!((status, body["message"].as_str()), (StatusCode::CONFLICT, Some("Your seat hold has expired, please choose your seats again")));
        }

        a_male_passenger_on_a_ladies_seat_is_refused_and_a_female_one_booked(app) {
            let row = sqlx::query(
                "SELECT t.id, ls.seat_no FROM trips t JOIN vehicles v ON v.id = t.vehicle_id \
                 JOIN layout_seats ls ON ls.layout_id = v.layout_id WHERE t.service = 'BUS' AND ls.is_ladies = 1 \
                 AND t.departs_at >= $1 AND NOT EXISTS (SELECT 1 FROM seat_claims c WHERE c.trip_id = t.id \
                 AND c.seat_no = ls.seat_no) ORDER BY t.departs_at, ls.seat_no LIMIT 1",
            )
            .bind(common::today().add_days(1).days_since_epoch() * 1440)
            .fetch_one(&app.state.pool)
            .await
            .expect("the demo has ladies seats");
            let (trip, seat): (String, String) = (row.get("id"), row.get("seat_no"));
            let traveller = app.visitor("ladies");
            assert_eq!(traveller.lock(&trip, &[seat.as_str()]).await.0, StatusCode::OK);
            let details = |gender: &str| json!({"tripId": trip, "seats": [seat], "name": "A", "phone": "01712345678", "gender": gender});
            for gender in ["male", "other"] {
                let (status, body) = traveller.post("/v1/api/intercity/payment-pending", details(gender)).await;
                assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("seats.ladiesOnly")), "{gender}: {body}");
            }
            let (status, body) = traveller.post("/v1/api/intercity/payment-pending", details("female")).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }

        the_ticket_and_its_pdf_show_cities_by_their_display_names(app) {
            // SPEC §5: 'Chattogram' shows as 'Chittagong' everywhere, the e-ticket included.
            let trip: String = sqlx::query(
                "SELECT t.id FROM trips t JOIN routes r ON r.id = t.route_id JOIN route_stops s ON s.route_id = r.id \
                 JOIN cities c ON c.id = s.city_id WHERE r.service = 'BUS' AND c.name = 'Chattogram' \
                 AND s.stop_index = (SELECT MAX(stop_index) FROM route_stops x WHERE x.route_id = r.id) \
                 AND t.departs_at >= $1 ORDER BY t.departs_at LIMIT 1",
            )
            .bind(common::today().add_days(1).days_since_epoch() * 1440)
            .fetch_one(&app.state.pool)
            .await
            .expect("the demo network runs buses to Chattogram")
            .get("id");
            let seat = common::free_seats(&app, &trip).await.remove(0);
            assert_eq!(lock(&app, &trip, &[seat.as_str()], "names").await.0, StatusCode::OK);
            let tnx = book(&app, &trip, &[seat.as_str()], "names").await;
            gateway(&app, &tnx, "pay").await;
            let app = app.visitor("names");
            let (_, ticket) = app.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
            assert_eq!(ticket["data"]["to"], "Chittagong", "{ticket}");
            let id = ticket["data"]["_id"].as_str().unwrap();
            let (_, text) = common::ticket_pdf_text(&app, id, &[]).await;
            assert!(text.contains("Chittagong") && !text.contains("Chattogram"), "{text}");
        }

        the_e_ticket_pdf_holds_the_pnr_passenger_and_seats(app) {
            let (trip, _, _, _) = common::three_stop_trip(&app).await;
            let seats = common::free_seats(&app, &trip).await;
            let chosen = [seats[0].as_str(), seats[1].as_str()];
            assert_eq!(lock(&app, &trip, &chosen, "pdf").await.0, StatusCode::OK);
            let tnx = book(&app, &trip, &chosen, "pdf").await;
            gateway(&app, &tnx, "pay").await;
            let app = app.visitor("pdf");
            let (_, ticket) = app.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
            let id = ticket["data"]["_id"].as_str().unwrap();
            let pnr = ticket["data"]["pnr"].as_str().unwrap();
            let request = Request::get(format!("/v1/api/intercity/download-ticket-pdf/{id}"))
                .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
                .body(Body::empty())
                .unwrap();
            let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            assert_eq!(response.headers()[header::CONTENT_TYPE], "application/pdf");
            let disposition = response.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_owned();
            assert_eq!(disposition, format!("attachment; filename=\"ticket-{pnr}.pdf\""));
            let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
            let path = std::env::temp_dir().join(format!("ticket-{pnr}.pdf"));
            std::fs::write(&path, &bytes).unwrap();
            let out = std::process::Command::new("pdftotext").arg("-enc").arg("UTF-8").arg(&path).arg("-").output().expect("pdftotext (poppler-utils) is installed");
            std::fs::remove_file(&path).ok();
            let text = String::from_utf8_lossy(&out.stdout);
            for expected in [pnr, "Rahim Uddin", chosen[0], chosen[1], "16374"] {
                assert!(text.contains(expected), "{expected} in the PDF text:\n{text}");
            }
            let (status, _) = app.get("/v1/api/intercity/download-ticket-pdf/no-such-ticket").await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }

        a_full_bus_request_is_validated_by_the_core_and_stored(app) {
            let day = common::today().add_days(3).to_string();
            let mut form = json!({
                "journeyDate": day, "busType": "business-class", "boardingPlace": "Dhaka", "droppingPlace": "Sylhet",
                "numberOfSeats": "40", "numberOfBuses": 2, "contactName": "Karim", "contactPhone": "0171234567",
                "approximateBudget": "80000"
            });
            let (status, body) = app.post("/v1/api/intercity/bus-reservation", form.clone()).await;
            assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("contactPhone is invalid")));
            form["contactPhone"] = json!("01712345678");
            let (status, body) = app.post("/v1/api/intercity/bus-reservation", form).await;
            assert_eq!((status, body["message"].as_str()), (StatusCode::OK, Some("Request submitted successfully")));
            let stored: i64 = sqlx::query("SELECT number_of_buses FROM reservations WHERE id = $1")
                .bind(body["data"]["_id"].as_str().unwrap())
                .fetch_one(&app.state.pool).await.unwrap().get("number_of_buses");
            assert_eq!(stored, 2);
            let (status, _) = app.post("/v1/api/water/bus-reservation", json!({})).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "bus only");
        }
    }
}
