//! No one acts for another traveller: the attacks of issue 12, tried from outside on SQLite and
//! PostgreSQL. (OTP guessing and send races, the promo race and NUL bytes are in manage.rs and
//! api.rs, beside the journeys they attack.)
#![allow(clippy::unwrap_used)]

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::Row;

const PHONE: &str = "01712345678";

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

async fn pdf_status(app: &common::TestApp, ticket_id: &str) -> StatusCode {
    let request = Request::get(format!("/v1/api/intercity/download-ticket-pdf/{ticket_id}"))
        .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
        .body(Body::empty())
        .unwrap();
    app.send(request).await.0
}

/// Moves the times of `owner`'s holds (and of their seat claims) back: first locked at `first`,
/// ended at `ends`.
async fn ended(app: &common::TestApp, owner: &str, first: i64, ends: i64) {
    sqlx::query("UPDATE seat_claims SET expires_at = $1 WHERE claim_id IN (SELECT id FROM holds WHERE visitor = $2)")
        .bind(ends)
        .bind(owner)
        .execute(&app.state.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE holds SET first_locked_at = $1, expires_at = $2 WHERE visitor = $3")
        .bind(first)
        .bind(ends)
        .bind(owner)
        .execute(&app.state.pool)
        .await
        .unwrap();
}

fn refs(seats: &[String], n: usize) -> Vec<&str> {
    seats.iter().take(n).map(String::as_str).collect()
}

mod ownership {
    use super::*;

    on_both! {
        visitor_b_with_as_transaction_id_or_ticket_id_gets_404_on_every_booking_and_ticket_call(app) {
            let (trip, seats) = common::bus_trips(&app, 1, 2).await.remove(0);
            let a = app.visitor("traveller-a");
            let b = app.visitor("stranger-b");
            assert_eq!(a.lock(&trip, &refs(&seats, 1)).await.0, StatusCode::OK);
            let tnx = a.book(&trip, &refs(&seats, 1)).await;
            let by_tnx = json!({"tnxId": tnx});
            let pending_calls = [
                ("/v1/api/intercity/get-booking-info-by-txn-id", by_tnx.clone()),
                ("/v1/api/intercity/update-gateway", json!({"tnxId": tnx, "gateway": "sandbox"})),
                ("/v1/api/intercity/check-promo-code", json!({"tnxId": tnx, "promoCode": "EID100"})),
                ("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": "EID100"})),
                ("/v1/api/intercity/remove-promo-code", by_tnx.clone()),
                ("/v1/api/intercity/get-surprise-deal", by_tnx.clone()),
                ("/v1/api/intercity/confirm-ticket", by_tnx.clone()),
                ("/v1/api/intercity/get-ticket-info-by-txn-id", by_tnx.clone()),
            ];
            for (path, body) in &pending_calls {
                let (status, answer) = b.post(path, body.clone()).await;
                assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
                assert!(!answer.to_string().contains("Rahim") && !answer.to_string().contains(PHONE), "{path} tells nothing");
            }
            // The same 404 as an unknown id: nothing says the booking exists.
            let unknown = b.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": "TNXNOSUCH1"})).await;
            let theirs = b.post("/v1/api/intercity/get-booking-info-by-txn-id", by_tnx.clone()).await;
            assert_eq!(unknown, theirs);
            // The owner's calls work, and none of the stranger's changed anything.
            let (status, booking) = a.post("/v1/api/intercity/get-booking-info-by-txn-id", by_tnx.clone()).await;
            assert_eq!((status, booking["data"]["status"].as_str()), (StatusCode::OK, Some("pending")), "{booking}");
            assert_eq!(booking["data"]["invoice"]["promo"], Value::Null);
            a.pay(&tnx).await;

            let (status, ticket) = a.post("/v1/api/intercity/get-ticket-info-by-txn-id", by_tnx.clone()).await;
            assert_eq!(status, StatusCode::OK, "{ticket}");
            let ticket_id = ticket["data"]["_id"].as_str().unwrap().to_owned();
            assert_eq!(pdf_status(&a, &ticket_id).await, StatusCode::OK);
            assert_eq!(pdf_status(&b, &ticket_id).await, StatusCode::NOT_FOUND, "the PDF is the owner's");
            for path in ["/v1/api/intercity/confirm-ticket", "/v1/api/intercity/get-ticket-info-by-txn-id"] {
                assert_eq!(b.post(path, by_tnx.clone()).await.0, StatusCode::NOT_FOUND, "{path}");
            }
            let (status, _) = b.post("/v1/api/common/send-otp", json!({"ticketId": ticket_id, "service": "BUS"})).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "no SMS to someone else's phone by their ticket id");

            // Proving the phone by OTP (find-ticket) opens its tickets to B for a while.
            assert_eq!(b.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await.0, StatusCode::OK);
            let code = common::sms_code(&app, PHONE).await;
            let (status, found) = b
                .post("/v1/api/intercity/search-ticket", json!({"otpCode": code, "phone": PHONE, "pnr": "", "transactionId": ""}))
                .await;
            assert_eq!(status, StatusCode::OK, "{found}");
            assert_eq!(pdf_status(&b, &ticket_id).await, StatusCode::OK, "a proved phone's ticket");
            sqlx::query("UPDATE phone_grants SET expires_at = 1").execute(&app.state.pool).await.unwrap();
            assert_eq!(pdf_status(&b, &ticket_id).await, StatusCode::NOT_FOUND, "for a while only");
        }

        a_body_naming_another_visitor_than_the_token_is_refused(app) {
            let (trip, seats) = common::bus_trips(&app, 1, 1).await.remove(0);
            let b = app.visitor("stranger-b");
            for body in [
                json!({"tripId": trip, "seats": refs(&seats, 1), "anonymousId": "traveller-a"}),
                json!({"tripId": trip, "seats": refs(&seats, 1), "userId": "user-of-a"}),
            ] {
                let (status, answer) = b.post("/v1/api/intercity/seat-lock", body).await;
                assert_eq!((status, answer["code"].as_str()), (StatusCode::FORBIDDEN, Some("visitor.notYours")), "{answer}");
            }
            let (status, _) = b.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip, "anonymousId": "traveller-a"})).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let (status, _) = b.post("/v1/api/intercity/seat-lock", json!({"tripId": trip, "seats": refs(&seats, 1), "anonymousId": "stranger-b"})).await;
            assert_eq!(status, StatusCode::OK, "naming oneself is fine");
        }

        each_token_grant_is_a_new_visitor_and_a_refresh_keeps_it(app) {
            let grant = |body: Value| {
                let request = Request::post("/oauth/access_token")
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(Body::from(body.to_string()))
                    .unwrap();
                app.send(request)
            };
            let (_, first) = grant(json!({"grant_type": "client_credentials", "client_id": "web"})).await;
            let (_, second) = grant(json!({"grant_type": "client_credentials", "client_id": "web"})).await;
            assert_ne!(first["visitor_id"], second["visitor_id"]);
            let (status, renewed) =
                grant(json!({"grant_type": "refresh_token", "client_id": "web", "refresh_token": first["refresh_token"]})).await;
            assert_eq!(status, StatusCode::OK, "{renewed}");
            assert_eq!(renewed["visitor_id"], first["visitor_id"]);
            let (status, _) =
                grant(json!({"grant_type": "refresh_token", "client_id": "web", "refresh_token": first["access_token"]})).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "an access token refreshes nothing");
        }
    }
}

mod idempotency {
    use super::*;

    on_both! {
        as_key_replayed_by_b_runs_bs_own_request(app) {
            let (trip, seats) = common::bus_trips(&app, 1, 2).await.remove(0);
            let (a, b) = (app.visitor("traveller-a"), app.visitor("stranger-b"));
            let lock = |seat: &str| json!({"tripId": trip, "seats": [seat]});
            let (status, first, _) = common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock(&seats[0]), "shared-key").await;
            assert_eq!(status, StatusCode::OK, "{first}");
            let (status, theirs, replayed) = common::post_with_key(&b, "/v1/api/intercity/seat-lock", &lock(&seats[1]), "shared-key").await;
            assert_eq!((status, replayed), (StatusCode::OK, false), "{theirs}");
            assert_eq!(theirs["data"]["seats"], json!([seats[1]]), "B's own answer, not A's");
            let (status, _, replayed) = common::post_with_key(&b, "/v1/api/intercity/seat-lock", &lock(&seats[0]), "another-key").await;
            assert_eq!((status, replayed), (StatusCode::CONFLICT, false), "A's seat stays A's");
        }

        the_same_key_with_another_body_is_a_422(app) {
            let (trip, seats) = common::bus_trips(&app, 1, 2).await.remove(0);
            let a = app.visitor("traveller-a");
            let lock = |seat: &str| json!({"tripId": trip, "seats": [seat]});
            assert_eq!(common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock(&seats[0]), "k1").await.0, StatusCode::OK);
            let (status, body, _) = common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock(&seats[1]), "k1").await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("idempotency.otherBody")), "{body}");
            let (status, again, replayed) = common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock(&seats[0]), "k1").await;
            assert_eq!((status, replayed, again["data"]["seats"].clone()), (StatusCode::OK, true, json!([seats[0]])));
        }

        a_call_the_store_rolls_back_for_contention_runs_again_and_its_key_keeps_no_busy_answer(app) {
            if app.backend() == common::Backend::Sqlite {
                return; // one writer: SQLite has no serialization failures to answer
            }
            // A holds insert fails with SQLSTATE 40001 while the sequence counts below a limit, as
            // a distributed SQL engine answers a transaction that lost a conflict (a sequence
            // counts on through the rollback).
            for sql in [
                "CREATE SEQUENCE contention_runs",
                "CREATE TABLE contention_limit (runs BIGINT NOT NULL)",
                "INSERT INTO contention_limit VALUES (2)",
                "CREATE FUNCTION contend() RETURNS trigger AS $$ BEGIN \
                   IF nextval('contention_runs') <= (SELECT runs FROM contention_limit) THEN \
                     RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; \
                   END IF; RETURN NEW; END $$ LANGUAGE plpgsql",
                "CREATE TRIGGER contended BEFORE INSERT ON holds FOR EACH ROW EXECUTE FUNCTION contend()",
            ] {
                sqlx::query(sql).execute(&app.state.pool).await.unwrap();
            }
            let runs = || async {
                sqlx::query_scalar::<_, i64>("SELECT last_value FROM contention_runs").fetch_one(&app.state.pool).await.unwrap()
            };
            let (trip, seats) = common::bus_trips(&app, 1, 2).await.remove(0);
            let a = app.visitor("traveller-a");
            let lock = |seat: &str| json!({"tripId": trip, "seats": [seat]});
            let (status, body) = a.post("/v1/api/intercity/seat-lock", lock(&seats[0])).await;
            assert_eq!(status, StatusCode::OK, "two rollbacks, then held: {body}");
            assert_eq!(runs().await, 3);
            // Contention that outlasts the server's attempts: the traveller is told to try again...
            sqlx::query("UPDATE contention_limit SET runs = 1000").execute(&app.state.pool).await.unwrap();
            let (status, body, _) = common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock(&seats[1]), "busy-key").await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("request.busy")), "{body}");
            assert_eq!(runs().await, 3 + i64::from(ticket_api::http::retry::ATTEMPTS));
            // ...and trying again with the same key runs the call, not the busy answer again.
            sqlx::query("UPDATE contention_limit SET runs = 0").execute(&app.state.pool).await.unwrap();
            let (status, body, replayed) = common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock(&seats[1]), "busy-key").await;
            assert_eq!((status, replayed), (StatusCode::OK, false), "{body}");
            assert_eq!(body["data"]["seats"], json!([seats[1]]));
        }

        a_key_whose_request_died_is_free_again_after_its_lease_and_every_key_after_a_day(app) {
            let (trip, seats) = common::bus_trips(&app, 1, 2).await.remove(0);
            let a = app.visitor("traveller-a");
            let lock = json!({"tripId": trip, "seats": [seats[0]]});
            assert_eq!(common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock, "k").await.0, StatusCode::OK);
            // As if the process died while the call ran: no answer, a lease that has ended.
            sqlx::query("UPDATE idempotency_keys SET status = 0, body = '', lease_until = 1 WHERE idem_key = 'k'")
                .execute(&app.state.pool)
                .await
                .unwrap();
            let (status, body, replayed) = common::post_with_key(&a, "/v1/api/intercity/seat-lock", &lock, "k").await;
            assert_eq!((status, replayed), (StatusCode::OK, false), "run again, not 'still running' forever: {body}");
            // A day later the key is new again, whatever it was used for.
            sqlx::query("UPDATE idempotency_keys SET created_at = $1 WHERE idem_key = 'k'")
                .bind(now_ms() - 25 * 3600 * 1000)
                .execute(&app.state.pool)
                .await
                .unwrap();
            let other = json!({"tripId": trip, "seats": [seats[1]]});
            let (status, body, _) = common::post_with_key(&a, "/v1/api/intercity/seat-lock", &other, "k").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

mod holds {
    use super::*;

    /// Sends the seat-locks together, each traveller's of 4 seats of its trip: how many were
    /// granted (every other must be refused as `refused`, a status and a code).
    async fn lock_all_at_once<'a>(
        locks: impl Iterator<Item = (common::TestApp, &'a (String, Vec<String>))>,
        refused: (StatusCode, &str),
    ) -> usize {
        let sent: Vec<_> = locks
            .map(|(traveller, (trip, seats))| {
                let body = json!({"tripId": trip, "seats": refs(seats, 4)});
                tokio::spawn(async move { traveller.post("/v1/api/intercity/seat-lock", body).await })
            })
            .collect();
        let mut granted = 0;
        for lock in sent {
            let (status, body) = lock.await.unwrap();
            match status {
                StatusCode::OK => granted += 1,
                _ => assert_eq!((status, body["code"].as_str()), (refused.0, Some(refused.1)), "{body}"),
            }
        }
        granted
    }

    /// Seats held by the holds whose `column` (`visitor` or `client_address`) is `value`.
    async fn seats_held(app: &common::TestApp, column: &str, value: &str) -> i64 {
        let sql =
            format!("SELECT COUNT(*) AS n FROM hold_seats s JOIN holds h ON h.id = s.hold_id WHERE h.{column} = $1");
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(value).fetch_one(&app.state.pool).await.unwrap().get("n")
    }

    on_both! {
        one_visitor_cannot_hold_more_than_the_cap_even_all_at_once(app) {
            let found = common::bus_trips(&app, 10, 4).await;
            let bot = app.visitor("bot");
            let granted = lock_all_at_once(found.iter().map(|found| (bot.clone(), found)), (StatusCode::CONFLICT, "hold.visitorCap")).await;
            assert_eq!(granted, 2, "8 seats: two locks of 4");
            assert_eq!(seats_held(&app, "visitor", "v:bot").await, 8);
            // Changing seats on a trip already held is a replacement, not more.
            let held_trip: String = sqlx::query("SELECT trip_id FROM holds WHERE visitor = 'v:bot' LIMIT 1")
                .fetch_one(&app.state.pool)
                .await
                .unwrap()
                .get("trip_id");
            let free = common::free_seats(&app, &held_trip).await;
            assert_eq!(bot.lock(&held_trip, &refs(&free, 4)).await.0, StatusCode::OK);
        }

        one_address_cannot_hold_more_than_its_cap(app) {
            let app = common::TestApp::with_settings(app.backend(), 60, &[("HOLD_SEATS_PER_ADDRESS", "8")]).await;
            let found = common::bus_trips(&app, 3, 4).await;
            let here = app.at_address("198.51.100.7");
            for (i, (trip, seats)) in found.iter().take(2).enumerate() {
                assert_eq!(here.visitor(&format!("v{i}")).lock(trip, &refs(seats, 4)).await.0, StatusCode::OK);
            }
            let (trip, seats) = &found[2];
            let (status, body) = here.visitor("v2").lock(trip, &refs(seats, 1)).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("hold.addressCap")), "{body}");
            let elsewhere = app.at_address("203.0.113.5");
            assert_eq!(elsewhere.visitor("v3").lock(trip, &refs(seats, 1)).await.0, StatusCode::OK, "another address is not affected");
        }

        one_address_cannot_hold_more_than_its_cap_even_all_at_once(app) {
            // Travellers behind one address (a carrier's NAT, or one bot with many tokens) lock
            // together: the count and the claim run alone, so no two pass on the same count.
            let app = common::TestApp::with_settings(app.backend(), 60, &[("HOLD_SEATS_PER_ADDRESS", "8")]).await;
            let found = common::bus_trips(&app, 10, 4).await;
            let here = app.at_address("198.51.100.9");
            let travellers = found.iter().enumerate().map(|(i, found)| (here.visitor(&format!("nat-{i}")), found));
            let granted = lock_all_at_once(travellers, (StatusCode::TOO_MANY_REQUESTS, "hold.addressCap")).await;
            assert_eq!(granted, 2, "8 seats from the address: two locks of 4");
            assert_eq!(seats_held(&app, "client_address", "198.51.100.9").await, 8);
        }

        a_hold_ends_at_its_cap_however_often_it_is_renewed(app) {
            let app = common::TestApp::with_settings(app.backend(), 60, &[("HOLD_MAX_SECONDS", "60")]).await;
            let (trip, seats) = common::bus_trips(&app, 1, 2).await.remove(0);
            let a = app.visitor("renewer");
            assert_eq!(a.lock(&trip, &refs(&seats, 1)).await.0, StatusCode::OK);
            // The first lock was 50 s ago.
            let first = now_ms() - 50_000;
            sqlx::query("UPDATE holds SET first_locked_at = $1 WHERE visitor = 'v:renewer'").bind(first).execute(&app.state.pool).await.unwrap();
            let (status, body) = a.lock(&trip, &refs(&seats, 2)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let ends: i64 = sqlx::query("SELECT expires_at FROM holds WHERE visitor = 'v:renewer'").fetch_one(&app.state.pool).await.unwrap().get("expires_at");
            assert!(ends <= first + 60_000, "re-locking does not extend past the cap");
            let tnx = a.book(&trip, &refs(&seats, 2)).await;
            let ends: i64 = sqlx::query("SELECT expires_at FROM holds WHERE visitor = 'v:renewer'").fetch_one(&app.state.pool).await.unwrap().get("expires_at");
            assert!(ends <= first + 60_000, "nor does the payment step");
            // Past the cap the hold is over, and the visitor cannot take it again at once.
            sqlx::query("UPDATE holds SET first_locked_at = $1, expires_at = $2 WHERE visitor = 'v:renewer'")
                .bind(now_ms() - 61_000)
                .bind(now_ms() - 1_000)
                .execute(&app.state.pool)
                .await
                .unwrap();
            let (status, body) = a.post("/v1/api/intercity/update-gateway", json!({"tnxId": tnx, "gateway": "sandbox"})).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("hold.expired")), "a pending booking ends with its hold");
            let (status, body) = a.lock(&trip, &refs(&seats, 2)).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("hold.over")), "{body}");
        }

        // Issue 39, 6: fresh visitor tokens from one address took a coach's seats again the
        // moment their holds reached the life cap, for ever.
        seats_held_to_the_life_cap_cool_for_that_address_and_unpaid_holds_slow_their_owner(app) {
            let app = common::TestApp::with_settings(app.backend(), 60, &[("HOLD_MAX_SECONDS", "60")]).await;
            let trips = common::bus_trips(&app, 5, 4).await;
            let (trip, seats) = &trips[0];
            let squatter = app.at_address("203.0.113.66");
            assert_eq!(squatter.visitor("squat-1").lock(trip, &refs(seats, 2)).await.0, StatusCode::OK);
            // The hold ran to its life cap a second ago.
            ended(&app, "v:squat-1", now_ms() - 61_000, now_ms() - 1_000).await;
            let (status, body) = squatter.visitor("squat-2").lock(trip, &refs(seats, 2)).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("hold.cooling")), "{body}");
            assert!(body["message"].as_str().unwrap().contains(&seats[0]), "{body}");
            // A neighbour behind the same address is refused nothing else.
            assert_eq!(squatter.visitor("neighbour").lock(trip, &refs(&seats[2..], 2)).await.0, StatusCode::OK);
            // Others get their turn at the seats.
            assert_eq!(app.at_address("198.51.100.20").visitor("someone").lock(trip, &refs(seats, 2)).await.0, StatusCode::OK);
            // Cooled for a hold's life: after it, the address may hold them again.
            for who in ["v:someone", "v:squat-1"] {
                ended(&app, who, now_ms() - 122_000, now_ms() - 61_000).await;
            }
            let (status, body) = squatter.visitor("squat-3").lock(trip, &refs(seats, 2)).await;
            assert_eq!(status, StatusCode::OK, "{body}");

            // A visitor who lets hold after hold run out unpaid is slowed; another is not.
            let lapsing = app.at_address("203.0.113.77").visitor("lapsing");
            for (trip, seats) in &trips[1..4] {
                assert_eq!(lapsing.lock(trip, &refs(seats, 1)).await.0, StatusCode::OK);
                ended(&app, "v:lapsing", now_ms() - 2_000, now_ms() - 1_000).await;
            }
            let (status, body) = lapsing.lock(&trips[4].0, &refs(&trips[4].1, 1)).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("hold.slowDown")), "{body}");
            assert_eq!(app.at_address("203.0.113.77").visitor("prompt-payer").lock(&trips[4].0, &refs(&trips[4].1, 1)).await.0, StatusCode::OK);
        }

        a_trip_that_has_left_refuses_holds_and_bookings(app) {
            let (trip, seats) = common::bus_trips(&app, 1, 2).await.remove(0);
            let a = app.visitor("late-traveller");
            assert_eq!(a.lock(&trip, &refs(&seats, 1)).await.0, StatusCode::OK);
            let now_dhaka = core_wasm::time::dhaka_now(now_ms() as f64).epoch_minutes();
            sqlx::query("UPDATE trips SET departs_at = $1 WHERE id = $2").bind(now_dhaka - 5).bind(&trip).execute(&app.state.pool).await.unwrap();
            let a = a.restarted().await.visitor("late-traveller");
            let details = json!({"tripId": trip, "seats": refs(&seats, 1), "name": "A", "phone": PHONE, "gender": "male"});
            let (status, body) = a.post("/v1/api/intercity/payment-pending", details).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("trip.departed")), "{body}");
            let (status, body) = app.visitor("other").restarted().await.visitor("other").lock(&trip, &refs(&seats, 2)[1..]).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("trip.departed")), "{body}");
        }
    }
}

mod limits {
    use super::*;

    async fn token_request(app: &common::TestApp, body: Value) -> (StatusCode, Option<String>, Value) {
        new_token_request(app, body, None).await
    }

    async fn new_visitor(app: &common::TestApp, forwarded_for: Option<&str>) -> (StatusCode, Option<String>) {
        let (status, retry, _) =
            new_token_request(app, json!({"grant_type": "client_credentials", "client_id": "web"}), forwarded_for)
                .await;
        (status, retry)
    }

    async fn new_token_request(
        app: &common::TestApp,
        body: Value,
        forwarded_for: Option<&str>,
    ) -> (StatusCode, Option<String>, Value) {
        let mut request = Request::post("/oauth/access_token").header(header::CONTENT_TYPE, "application/json");
        if let Some(address) = forwarded_for {
            request = request.header("x-forwarded-for", address);
        }
        let mut request = request.body(Body::from(body.to_string())).unwrap();
        request.extensions_mut().insert(axum::extract::ConnectInfo(app.address));
        let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
        let status = response.status();
        let retry = response.headers().get(header::RETRY_AFTER).map(|v| v.to_str().unwrap().to_owned());
        let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
        (status, retry, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    }

    async fn send_otp(app: &common::TestApp, phone: &str, forwarded_for: Option<&str>) -> (StatusCode, Option<String>) {
        let mut request = Request::post("/v1/api/common/send-otp-by-phone")
            .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(address) = forwarded_for {
            request = request.header("x-forwarded-for", address);
        }
        let mut request = request.body(Body::from(json!({"phone": phone}).to_string())).unwrap();
        request.extensions_mut().insert(axum::extract::ConnectInfo(app.address));
        let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
        let retry = response.headers().get(header::RETRY_AFTER).map(|v| v.to_str().unwrap().to_owned());
        (response.status(), retry)
    }

    fn phone(n: usize) -> String {
        format!("0171{n:07}")
    }

    on_both! {
        a_spoofed_forwarded_for_gains_nothing(app) {
            // New visitors' tokens count per address: the one limit a stranger could try to
            // dodge by naming another address.
            let app = common::TestApp::with_settings(app.backend(), 60, &[("RATE_LIMITS", "token=3/min")]).await;
            let attacker = app.at_address("198.51.100.66");
            for _ in 0..3 {
                assert_eq!(new_visitor(&attacker, None).await.0, StatusCode::OK);
            }
            let (status, retry) = new_visitor(&attacker, None).await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
            assert!(retry.is_some_and(|s| s.parse::<u64>().unwrap() >= 1), "Retry-After says when");
            for spoof in ["203.0.113.1", "203.0.113.2, 203.0.113.3"] {
                assert_eq!(new_visitor(&attacker, Some(spoof)).await.0, StatusCode::TOO_MANY_REQUESTS, "{spoof}");
            }
            // Behind a trusted proxy the forwarded address counts, each its own bucket.
            let behind = common::TestApp::with_settings(app.backend(), 60, &[("RATE_LIMITS", "token=3/min"), ("TRUSTED_PROXIES", "10.0.0.0/8")]).await;
            let proxy = behind.at_address("10.1.2.3");
            for _ in 0..3 {
                assert_eq!(new_visitor(&proxy, Some("198.51.100.66")).await.0, StatusCode::OK);
            }
            assert_eq!(new_visitor(&proxy, Some("198.51.100.66")).await.0, StatusCode::TOO_MANY_REQUESTS);
            assert_eq!(new_visitor(&proxy, Some("198.51.100.67")).await.0, StatusCode::OK);
        }

        one_visitor_spending_its_limit_cannot_block_another_behind_the_same_address(app) {
            let stranger = app.at_address("198.51.100.99").visitor("stranger");
            let mut refused = 0;
            for n in 0..6 {
                if send_otp(&stranger, &phone(n), None).await.0 == StatusCode::TOO_MANY_REQUESTS {
                    refused += 1;
                }
            }
            assert_eq!(refused, 1, "the 6th send in a minute is refused to that visitor");
            assert_eq!(send_otp(&stranger.at_address("203.0.113.10"), &phone(7), None).await.0, StatusCode::TOO_MANY_REQUESTS, "wherever it comes from");
            let neighbour = app.at_address("198.51.100.99").visitor("neighbour");
            assert_eq!(send_otp(&neighbour, &phone(8), None).await.0, StatusCode::OK, "the same address, another traveller");
        }

        a_thousand_new_visitors_a_minute_from_one_address_get_their_tokens_but_one_refresh_token_hammered_is_capped(app) {
            let carrier = app.at_address("198.51.100.200");
            let mut refresh = String::new();
            for n in 0..1000 {
                let (status, _, body) = token_request(&carrier, json!({"grant_type": "client_credentials", "client_id": "web"})).await;
                assert_eq!(status, StatusCode::OK, "new visitor {n} behind the carrier's address");
                refresh = body["refresh_token"].as_str().unwrap().to_owned();
            }
            let again = json!({"grant_type": "refresh_token", "client_id": "web", "refresh_token": refresh});
            let mut answered = Vec::new();
            for _ in 0..20 {
                answered.push(token_request(&carrier, again.clone()).await.0);
            }
            // 10 at once, then one every 6 s.
            let refused = answered.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
            assert!(refused >= 8, "10 refreshes a minute for one visitor: {answered:?}");
            assert!(answered[..10].iter().all(|s| *s == StatusCode::OK), "{answered:?}");
            let (status, _, _) = token_request(&carrier, json!({"grant_type": "client_credentials", "client_id": "web"})).await;
            assert_eq!(status, StatusCode::OK, "the hammering visitor's cap is its own");
        }

        five_hundred_travellers_behind_one_carrier_address_all_hold_and_buy_and_one_visitor_is_still_capped(app) {
            // Default limits: at Eid thousands of travellers share a carrier's few addresses.
            let carrier = app.at_address("198.51.100.77");
            let ids = common::bus_trip_ids(&app, 60).await;
            let mut wanted: Vec<(String, Vec<String>)> = Vec::new();
            'trips: for id in ids {
                let free = common::free_seats(&app, &id).await;
                for (n, pair) in free.chunks(3).enumerate() {
                    // One seat or two, in turns.
                    let take = if n % 2 == 0 { 1 } else { 2 }.min(pair.len());
                    wanted.push((id.clone(), pair[..take].to_vec()));
                    if wanted.len() == 500 {
                        break 'trips;
                    }
                }
            }
            assert_eq!(wanted.len(), 500, "the demo has seats for 500 travellers");
            let buying: Vec<_> = wanted
                .into_iter()
                .enumerate()
                .map(|(n, (trip, seats))| {
                    let traveller = carrier.visitor(&format!("carrier-{n}"));
                    tokio::spawn(async move {
                        let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
                        let (status, body) = traveller.lock(&trip, &seats).await;
                        assert_eq!(status, StatusCode::OK, "traveller {n}: {body}");
                        let tnx = traveller.book(&trip, &seats).await;
                        traveller.pay(&tnx).await;
                        common::tickets_of(&traveller, &tnx).await
                    })
                })
                .collect();
            for (n, bought) in buying.into_iter().enumerate() {
                assert_eq!(bought.await.unwrap(), 1, "traveller {n} has a ticket");
            }
            // One visitor behind the same address still meets its own caps.
            let bot = carrier.visitor("carrier-bot");
            let (trip, seats) = common::bus_trips(&app, 1, 1).await.remove(0);
            let mut answers = Vec::new();
            for _ in 0..40 {
                answers.push(bot.lock(&trip, &refs(&seats, 1)).await.0);
            }
            assert!(answers[..30].iter().all(|s| *s == StatusCode::OK), "{answers:?}");
            // 30 at once, then one every 2 s: a slow machine may see one or two more pass.
            let refused = answers[30..].iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
            assert!(refused >= 5, "30 seat-locks a minute for one visitor: {answers:?}");
        }

        a_stranger_can_make_a_phone_wait_an_hour_at_most(app) {
            let app = common::TestApp::with_settings(app.backend(), 60, &[("RATE_LIMITS", "off")]).await;
            for _ in 0..10 {
                assert_eq!(send_otp(&app, PHONE, None).await.0, StatusCode::OK);
                sqlx::query("UPDATE otp_sends SET last_sent = last_sent - 200000").execute(&app.state.pool).await.unwrap();
            }
            let (status, retry) = send_otp(&app, PHONE, None).await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
            let wait: u64 = retry.unwrap().parse().unwrap();
            assert!((3000..=3600).contains(&wait), "an hour at most: {wait} s");
        }
    }
}

mod sms {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A fake SMS gateway on loopback: what it was sent, and whether it accepts.
    async fn gateway(accept: bool) -> (String, Arc<Mutex<Vec<(String, Value)>>>) {
        let got: Arc<Mutex<Vec<(String, Value)>>> = Arc::default();
        let seen = Arc::clone(&got);
        let router = axum::Router::new().route(
            "/send",
            axum::routing::post(move |headers: axum::http::HeaderMap, body: String| {
                let seen = Arc::clone(&seen);
                async move {
                    let auth =
                        headers.get(header::AUTHORIZATION).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
                    seen.lock().unwrap().push((auth, serde_json::from_str(&body).unwrap_or(Value::Null)));
                    if accept { StatusCode::OK } else { StatusCode::INTERNAL_SERVER_ERROR }
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/send", listener.local_addr().unwrap());
        tokio::spawn(axum::serve(listener, router).into_future());
        (url, got)
    }

    on_both! {
        a_real_site_sends_through_its_gateway_and_keeps_no_readable_code(app) {
            let (url, got) = gateway(true).await;
            let settings = [("DEMO_MODE", "0"), ("SMS_GATEWAY_URL", url.as_str()), ("SMS_API_KEY", "key-1"), ("SMS_SENDER_ID", "TICKETS")];
            let real = common::TestApp::with_settings(app.backend(), 60, &settings).await;
            let (status, body) = real.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let sent = got.lock().unwrap().clone();
            assert_eq!(sent.len(), 1);
            assert_eq!(sent[0].0, "Bearer key-1");
            assert_eq!((sent[0].1["to"].as_str(), sent[0].1["senderId"].as_str()), (Some(PHONE), Some("TICKETS")));
            let text = sent[0].1["message"].as_str().unwrap();
            let code = text.split_whitespace().find(|w| w.len() == 5 && w.ends_with('.')).unwrap()[..4].to_owned();
            let outbox: i64 = sqlx::query("SELECT COUNT(*) AS n FROM sms_outbox").fetch_one(&real.state.pool).await.unwrap().get("n");
            assert_eq!(outbox, 0, "nothing readable is kept");
            let stored: String = sqlx::query("SELECT code_hash FROM otp_codes WHERE phone = $1").bind(PHONE).fetch_one(&real.state.pool).await.unwrap().get("code_hash");
            assert!(!stored.contains(&code) && stored.len() == 64);
        }

        a_failed_send_consumes_no_cooldown(app) {
            let (url, got) = gateway(false).await;
            let real = common::TestApp::with_settings(app.backend(), 60, &[("DEMO_MODE", "0"), ("SMS_GATEWAY_URL", url.as_str())]).await;
            for _ in 0..2 {
                let (status, body) = real.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
                assert_eq!((status, body["code"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("otp.notSent")), "{body}");
            }
            assert_eq!(got.lock().unwrap().len(), 2, "the retry went at once: no cooldown was spent");
            let codes: i64 = sqlx::query("SELECT COUNT(*) AS n FROM otp_codes").fetch_one(&real.state.pool).await.unwrap().get("n");
            assert_eq!(codes, 0, "no code for an SMS that never went");
            let none = common::TestApp::with_settings(app.backend(), 60, &[("DEMO_MODE", "0")]).await;
            let (status, _) = none.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "no gateway: said, not pretended");
        }
    }
}

/// Issue 39, 11: heads as RFC 9112 writes them, over a real socket (the server's own serving,
/// not the router alone: hyper reads the bytes).
mod heads {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// The app served on a loopback port as the servers serve it.
    async fn served(app: &common::TestApp) -> std::net::SocketAddr {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let router = app.router.clone();
        tokio::spawn(ticket_api::http::serve::serve(listener, router, std::future::pending()));
        addr
    }

    /// Writes `raw` on a fresh connection and reads until the server closes it (at most 10 s):
    /// the status line of each answer.
    async fn statuses(addr: std::net::SocketAddr, raw: &str) -> Vec<String> {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream.write_all(raw.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        tokio::time::timeout(std::time::Duration::from_secs(10), stream.read_to_end(&mut answer))
            .await
            .expect("the server closes the connection")
            .unwrap();
        // Each answer: its status line, then its body by its length.
        let mut lines = Vec::new();
        let mut rest = &answer[..];
        while let Some(end) = rest.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&rest[..end]).into_owned();
            let length: usize = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap()))
                .unwrap_or(0);
            lines.push(head.lines().next().unwrap().to_owned());
            rest = &rest[(end + 4 + length).min(rest.len())..];
        }
        lines
    }

    on_both! {
        a_request_without_host_or_with_bare_lf_line_endings_is_a_400(app) {
            let addr = served(&app).await;
            let ok = "GET /v1/api/openapi.json HTTP/1.1\r\nHost: tickets.example\r\nConnection: close\r\n\r\n";
            assert_eq!(statuses(addr, ok).await, ["HTTP/1.1 200 OK"]);
            // HTTP/1.1 without Host.
            let hostless = "GET /v1/api/openapi.json HTTP/1.1\r\nConnection: close\r\n\r\n";
            assert_eq!(statuses(addr, hostless).await, ["HTTP/1.1 400 Bad Request"]);
            // HTTP/1.0 has no Host to require.
            assert_eq!(statuses(addr, "GET /v1/api/openapi.json HTTP/1.0\r\n\r\n").await, ["HTTP/1.0 200 OK"]);
            // Bare LF line endings, everywhere or on one line.
            let bare = "GET /v1/api/openapi.json HTTP/1.1\nHost: tickets.example\nConnection: close\n\n";
            assert_eq!(statuses(addr, bare).await, ["HTTP/1.1 400 Bad Request"]);
            let one = "GET /v1/api/openapi.json HTTP/1.1\r\nHost: tickets.example\nConnection: close\r\n\r\n";
            assert_eq!(statuses(addr, one).await, ["HTTP/1.1 400 Bad Request"]);
            // A bare LF in a second request on a kept-alive connection: the first is answered, the
            // second refused.
            let second = format!("{}{}", ok.replace("Connection: close\r\n", ""), bare);
            assert_eq!(statuses(addr, &second).await, ["HTTP/1.1 200 OK", "HTTP/1.1 400 Bad Request"]);
            // A body may hold LFs: it is not a head, and the next request is served.
            let body = "{\"grant_type\": \"client_credentials\",\n\"client_id\": \"web\"}";
            let two = format!(
                "POST /oauth/access_token HTTP/1.1\r\nHost: tickets.example\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\n\r\n{body}{ok}",
                body.len()
            );
            assert_eq!(statuses(addr, &two).await, ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
        }
    }
}
