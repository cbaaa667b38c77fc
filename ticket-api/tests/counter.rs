//! The counter (issue 41) on SQLite and PostgreSQL: a counter sale is a ticket on the same seats
//! as the website's, seats held back and the online quota hold against web buyers racing
//! counters, a block released at its time sells online without a restart, a shift closes with
//! the core's sums, and who may sell what.
#![allow(clippy::unwrap_used)]

mod common;

use axum::http::StatusCode;
use common::staff::{ADMIN, COUNTER, MANAGER, SUPERVISOR, kushtia_network_of, logged_in, ok_data, staff};
use serde_json::{Value, json};

const GABTOLI: &str = "op-hanif:gabtoli";

async fn count(app: &common::TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&app.state.pool).await.unwrap()
}

/// The schedule's trips from tomorrow, soonest first.
async fn trips_of(app: &common::TestApp, schedule: &str) -> Vec<String> {
    let from = common::today().add_days(1).days_since_epoch() * 1440;
    sqlx::query_scalar("SELECT id FROM trips WHERE schedule_id = $1 AND departs_at >= $2 ORDER BY departs_at")
        .bind(schedule)
        .bind(from)
        .fetch_all(&app.state.pool)
        .await
        .unwrap()
}

/// Seat numbers of a trip's layout.
async fn seats_of(app: &common::TestApp, trip: &str) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT s.seat_no FROM trips t JOIN vehicles v ON v.id = t.vehicle_id \
         JOIN layout_seats s ON s.layout_id = COALESCE(t.layout_id, v.layout_id) WHERE t.id = $1 ORDER BY s.seat_no",
    )
    .bind(trip)
    .fetch_all(&app.state.pool)
    .await
    .unwrap()
}

/// A seller with an open shift at Gabtoli with `float` taka (sellers need no authenticator).
async fn seller_on_shift(app: &common::TestApp, phone: &str, float: i64) -> common::TestApp {
    let seller = logged_in(app, phone, None).await;
    let (s, b) = seller.post("/v1/api/staff/shifts/open", json!({"counterId": GABTOLI, "float": float})).await;
    ok_data(s, &b);
    seller
}

fn cash_sale(trip: &str, seats: &[&str]) -> Value {
    json!({"tripId": trip, "seats": seats, "payment": {"method": "cash"}})
}

/// A visitor of the website (at an address of its own) who holds, books and pays for `seats`;
/// the seat-lock's answer when it is refused.
async fn web_buys(app: &common::TestApp, who: &str, trip: &str, seats: &[&str]) -> Result<(), (StatusCode, Value)> {
    let n: u32 = who.bytes().map(u32::from).sum();
    let buyer = app.visitor(who).at_address(&format!("10.{}.{}.{}", n % 250, (n / 250) % 250, who.len()));
    let (status, body) = buyer.lock(trip, seats).await;
    if status != StatusCode::OK {
        return Err((status, body));
    }
    let tnx = buyer.book(trip, seats).await;
    buyer.pay(&tnx).await;
    Ok(())
}

on_both! {
    a_counter_sale_is_a_ticket_on_the_seats_the_website_sells(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network_of(&manager, 10).await;
        let trip = trips_of(&app, &schedule).await[0].clone();
        let seller = seller_on_shift(&app, COUNTER, 1_000).await;
        let (s, b) = seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["A1", "A2"])).await;
        let ticket = ok_data(s, &b);
        let pnr = ticket["pnr"].as_str().unwrap().to_owned();
        assert_eq!(ticket["fare"], 1_400, "two seats Dhaka - Kushtia at 700, nothing added at a counter");
        assert_eq!(ticket["counterName"], "Gabtoli counter");
        assert!(ticket["qrSvg"].as_str().unwrap().starts_with("<?xml") || ticket["qrSvg"].as_str().unwrap().contains("<svg"));
        // The website sees them sold, and cannot take them.
        let view = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await.1;
        assert_eq!(common::status_in_view(&view, "A1"), "booked");
        let (status, _) = app.visitor("v-web").lock(&trip, &["A2"]).await;
        assert_eq!(status, StatusCode::CONFLICT);
        // The counter's map says so too; the audit log has the sale.
        let map = ok_data_of(seller.get(&format!("/v1/api/staff/counter/trips/{trip}")).await);
        let a1 = map["seats"].as_array().unwrap().iter().find(|s| s["seatNo"] == "A1").unwrap().clone();
        assert_eq!(a1["state"], "sold");
        let logged = count(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE call = 'counter/sell' AND object = 'ticket {pnr}'")).await;
        assert_eq!(logged, 1);
        // Selling them again is refused, naming the seats; a reprint is logged.
        let (s, b) = seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["A1"])).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("counter.seatsGone")));
        let (s, b) = seller.post("/v1/api/staff/counter/reprint", json!({"pnr": pnr})).await;
        assert_eq!(ok_data(s, &b)["pnr"], pnr);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log WHERE call = 'counter/reprint'").await, 1);
        // The A4 e-ticket is the site's PDF; a PNR that is not a counter ticket of Hanif's is not found.
        let (s, _) = seller.get(&format!("/v1/api/staff/counter/pdf/{pnr}")).await;
        assert_eq!(s, StatusCode::OK);
        let (s, _) = seller.get("/v1/api/staff/counter/pdf/ZZZZZZZZ").await;
        assert_eq!(s, StatusCode::NOT_FOUND);
    }

    who_may_sell_what(app) {
        let seller = staff(&app, COUNTER).await;
        // No shift, no sale.
        let hanif = common::bus_trip_ids(&app, 400).await;
        let operator_of = |id: String| {
            let app = app.clone();
            async move {
                let op: String = sqlx::query_scalar("SELECT operator_id FROM trips WHERE id = $1").bind(&id).fetch_one(&app.state.pool).await.unwrap();
                (id, op)
            }
        };
        let mut own = None;
        let mut other = None;
        for id in hanif {
            let (id, op) = operator_of(id).await;
            if op == "op-hanif" && own.is_none() { own = Some(id) } else if op == "op-green-line" && other.is_none() { other = Some(id) }
        }
        let (own, other) = (own.unwrap(), other.unwrap());
        let free = common::free_seats(&app, &own).await;
        let (s, b) = seller.post("/v1/api/staff/counter/sell", cash_sale(&own, &[&free[0]])).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("shift.none")), "{b}");
        let (s, b) = seller.post("/v1/api/staff/shifts/open", json!({"counterId": GABTOLI, "float": 500})).await;
        ok_data(s, &b);
        let (s, b) = seller.post("/v1/api/staff/shifts/open", json!({"counterId": GABTOLI, "float": 500})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("shift.open")), "one open shift a seller");
        // Green Line's trip is not Hanif's seller's to see or sell.
        let other_free = common::free_seats(&app, &other).await;
        let (s, _) = seller.post("/v1/api/staff/counter/sell", cash_sale(&other, &[&other_free[0]])).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let (s, _) = seller.get(&format!("/v1/api/staff/counter/trips/{other}")).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        // A supervisor cannot sell; a traveller is not staff.
        let supervisor = staff(&app, SUPERVISOR).await;
        let (s, _) = supervisor.post("/v1/api/staff/counter/sell", cash_sale(&own, &[&free[0]])).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, _) = app.post("/v1/api/staff/counter/sell", cash_sale(&own, &[&free[0]])).await;
        assert!(s == StatusCode::UNAUTHORIZED || s == StatusCode::FORBIDDEN, "{s}");
        // A bKash sale names the app's transaction, once.
        let bkash = |seat: &str| json!({"tripId": own, "seats": [seat], "payment": {"method": "bkash-counter", "reference": "8n7a6d5c4b"}});
        let (s, b) = seller.post("/v1/api/staff/counter/sell", bkash(&free[0])).await;
        assert_eq!(ok_data(s, &b)["reference"], "8N7A6D5C4B");
        let (s, b) = seller.post("/v1/api/staff/counter/sell", bkash(&free[1])).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("counter.referenceUsed")), "{b}");
        let (s, b) = seller.post("/v1/api/staff/counter/sell", json!({"tripId": own, "seats": [free[1]], "payment": {"method": "bkash-counter"}})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("staff.required")));
        // Every sale is in the audit log (one so far).
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log WHERE call = 'counter/sell'").await, 1);
    }

    a_shift_closes_with_the_cash_the_core_expects(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network_of(&manager, 10).await;
        // A trip far enough ahead to be cancelled within the rule.
        let trip = trips_of(&app, &schedule).await[3].clone();
        let seller = seller_on_shift(&app, COUNTER, 2_000).await;
        let first = ok_data_of(seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["A1", "A2"])).await);
        ok_data_of(seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["B1"])).await);
        // One of the first ticket's... the whole first ticket cancelled at the counter.
        let cancelled = ok_data_of(seller.post("/v1/api/staff/counter/cancel", json!({"pnr": first["pnr"]})).await);
        assert_eq!(cancelled["status"], "cancelled");
        let refund = cancelled["refund"].as_i64().unwrap();
        // Sold under the site's rule (Hanif has no policy of its own): its fee kept.
        let percent = i64::from(app.state.config.cancel_fee_percent);
        assert_eq!(refund, 1_400 - (1_400 * percent + 50) / 100);
        // Its seats sell again; cancelling twice is refused; the traveller cannot cancel it online.
        ok_data_of(seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["A1"])).await);
        let (s, b) = seller.post("/v1/api/staff/counter/cancel", json!({"pnr": first["pnr"]})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("counter.ticketDone")));
        let current = ok_data_of(seller.get("/v1/api/staff/shifts/current").await);
        // Its sales, newest first, each with its seats: the cancelled one says so.
        let sales = current["sales"].as_array().unwrap();
        assert_eq!(sales.len(), 3);
        assert_eq!(sales[0]["seats"], json!(["A1"]));
        let first_sale = sales.iter().find(|s| s["pnr"] == first["pnr"]).unwrap();
        assert_eq!((first_sale["status"].as_str(), first_sale["seats"].clone()), (Some("cancelled"), json!(["A1", "A2"])));
        let cash = &current["shift"]["cash"];
        assert_eq!((cash["float"].as_i64(), cash["cashSales"].as_i64(), cash["cashRefunds"].as_i64()), (Some(2_000), Some(1_400 + 700 + 700), Some(refund)));
        let expected = 2_000 + 2_800 - refund;
        // A count 50 short needs a reason; with one it closes.
        let notes = |total: i64| {
            let mut left = total;
            core_wasm::staff::shift::NOTES.iter().map(|n| { let c = left / n; left -= c * n; json!({"note": n, "count": c}) }).collect::<Vec<_>>()
        };
        let (s, b) = seller.post("/v1/api/staff/shifts/close", json!({"notes": notes(expected - 50)})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("shift.reason")), "{b}");
        let closed = ok_data_of(seller.post("/v1/api/staff/shifts/close", json!({"notes": notes(expected - 50), "reason": "gave 50 too much change"})).await);
        assert_eq!((closed["closing"]["expected"].as_i64(), closed["closing"]["difference"].as_i64()), (Some(expected), Some(-50)));
        // Closed: no more sales until a new shift; the manager sees the shift and the sales.
        let (s, b) = seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["C1"])).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("shift.none")));
        let shifts = ok_data_of(manager.get("/v1/api/staff/shifts").await);
        assert_eq!(shifts["shifts"][0]["tickets"], 3);
        let today = common::today().to_string();
        let report = ok_data_of(manager.get(&format!("/v1/api/staff/reports/sales?from={today}&to={today}")).await);
        let row = report["rows"].as_array().unwrap().iter().find(|r| r["channel"] == GABTOLI && r["tripId"] == trip.as_str()).unwrap().clone();
        assert_eq!((row["tickets"].as_i64(), row["seats"].as_i64(), row["refunded"].as_i64()), (Some(3), Some(4), Some(refund)));
        let (s, csv) = manager.send(axum::http::Request::get(format!("/v1/api/staff/reports/sales?from={today}&to={today}&format=csv"))
            .header("authorization", format!("Bearer {}", manager.token)).body(axum::body::Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::OK, "{csv}");
    }

    held_back_seats_and_the_online_quota_hold_against_the_website(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network_of(&manager, 10).await;
        let trip = trips_of(&app, &schedule).await[0].clone();
        let block = |seats: &[&str], channel: &str| json!({"tripId": trip, "seats": seats, "channel": channel});
        ok_data_of(manager.post("/v1/api/staff/blocks", block(&["A1", "A2"], "counter")).await);
        let vip = ok_data_of(manager.post("/v1/api/staff/blocks", block(&["B1"], "vip")).await);
        let web = app.visitor("v-web");
        assert_eq!(web.lock(&trip, &["A1"]).await.0, StatusCode::CONFLICT, "held back for counters");
        let view = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await.1;
        assert_eq!(common::status_in_view(&view, "A1"), "blocked");
        // A counter sells its own channel's seat, not a VIP's.
        let seller = seller_on_shift(&app, COUNTER, 0).await;
        ok_data_of(seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["A1"])).await);
        let (s, _) = seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &["B1"])).await;
        assert_eq!(s, StatusCode::CONFLICT);
        // Released, the VIP seat sells online at once.
        ok_data_of(manager.post("/v1/api/staff/blocks/remove", json!({"id": vip["id"]})).await);
        assert_eq!(web.lock(&trip, &["B1"]).await.0, StatusCode::OK);
        // A quota of 30 on 40 seats: 3 are taken (A1 sold, A2 held back, B1 held), so 7 sell online.
        ok_data_of(manager.post("/v1/api/staff/quotas", json!({"tripId": trip, "quota": 30})).await);
        let search = json!({"from": "dhaka", "to": "kushtia", "journeyDate": trip_date(&app, &trip).await});
        let found = app.post("/v1/api/intercity/get-schedule-trips", search).await.1;
        let listed = found["data"]["trips"].as_array().unwrap().iter().find(|t| t["_id"] == trip.as_str()).unwrap().clone();
        assert_eq!(listed["availableSeats"], 7, "search counts what the website may sell");
        let free: Vec<String> = seats_of(&app, &trip).await.into_iter().filter(|s| !["A1", "A2", "B1"].contains(&s.as_str())).collect();
        for (i, seat) in free.iter().take(7).enumerate() {
            assert!(web_buys(&app, &format!("v-q{i}"), &trip, &[seat]).await.is_ok(), "online seat {i}");
        }
        let (s, b) = app.visitor("v-late").at_address("10.9.9.9").lock(&trip, &[&free[7]]).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("seats.counterOnly")), "{b}");
        let view = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await.1;
        assert_eq!(common::status_in_view(&view, &free[7]), "blocked", "the counters' seats show unavailable online");
        // Counters sell to zero.
        for seat in free.iter().skip(7).chain(std::iter::once(&"A2".to_owned())) {
            ok_data_of(seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &[seat])).await);
        }
        let map = ok_data_of(seller.get(&format!("/v1/api/staff/counter/trips/{trip}")).await);
        assert_eq!(map["trip"]["free"], 0);
    }

    another_operators_objects_are_not_found_and_three_hundred_opens_make_one_shift(app) {
        let (manager, admin) = (staff(&app, MANAGER).await, staff(&app, ADMIN).await);
        let green: String = sqlx::query_scalar("SELECT id FROM trips WHERE operator_id = 'op-green-line' AND departs_at > $1 ORDER BY departs_at LIMIT 1")
            .bind(common::today().add_days(1).days_since_epoch() * 1440).fetch_one(&app.state.pool).await.unwrap();
        let counter = json!({"code": "sayedabad", "name": "Sayedabad counter", "operatorId": "op-green-line"});
        ok_data_of(admin.post("/v1/api/staff/counters", counter).await);
        // Hanif's manager reaches none of Green Line's trips, counters or blocks.
        let (s, _) = manager.post("/v1/api/staff/blocks", json!({"tripId": green, "seats": ["A1"], "channel": "vip"})).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let (s, _) = manager.post("/v1/api/staff/quotas", json!({"tripId": green, "quota": 5})).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let theirs = ok_data_of(admin.post("/v1/api/staff/blocks", json!({"tripId": green, "seats": ["A1"], "channel": "vip"})).await);
        let (s, _) = manager.post("/v1/api/staff/blocks/remove", json!({"id": theirs["id"]})).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let listed = ok_data_of(manager.get("/v1/api/staff/blocks").await);
        assert!(listed["blocks"].as_array().unwrap().iter().all(|b| b["id"] != theirs["id"]));
        let counters = ok_data_of(manager.get("/v1/api/staff/counters").await);
        assert!(counters["counters"].as_array().unwrap().iter().all(|c| c["operatorId"] == "op-hanif"));
        let seller = logged_in(&app, COUNTER, None).await;
        let (s, _) = seller.post("/v1/api/staff/shifts/open", json!({"counterId": "op-green-line:sayedabad", "float": 0})).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        // 300 opens at once: one shift, every other open told it is open already.
        let mut tasks = Vec::new();
        for _ in 0..300 {
            let seller = seller.clone();
            tasks.push(tokio::spawn(async move { seller.post("/v1/api/staff/shifts/open", json!({"counterId": GABTOLI, "float": 100})).await }));
        }
        let mut opened = 0;
        for t in tasks {
            let (s, b) = t.await.unwrap();
            match s {
                StatusCode::OK => opened += 1,
                _ => assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("shift.open")), "{b}"),
            }
        }
        assert_eq!(opened, 1);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM shifts WHERE closed_at IS NULL").await, 1);
    }

    a_block_released_at_its_time_sells_online_without_a_restart(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network_of(&manager, 10).await;
        let trip = trips_of(&app, &schedule).await[0].clone();
        let saved = ok_data_of(manager.post("/v1/api/staff/blocks", json!({"tripId": trip, "seats": ["C1"], "channel": "counter", "releaseMinutesBefore": 120})).await);
        let web = app.visitor("v-web");
        assert_eq!(web.lock(&trip, &["C1"]).await.0, StatusCode::CONFLICT);
        let view = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await.1;
        assert_eq!(common::status_in_view(&view, "C1"), "blocked");
        // Its release time comes (moved to now: the trip leaves tomorrow, its 120 minutes are far).
        let soon = ticket_api::clock::now_unix_ms() + 300;
        sqlx::query("UPDATE seat_claims SET expires_at = $1 WHERE claim_id = $2").bind(soon).bind(saved["id"].as_str().unwrap()).execute(&app.state.pool).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(1_400)).await;
        let view = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await.1;
        assert_eq!(common::status_in_view(&view, "C1"), "available");
        assert_eq!(web.lock(&trip, &["C1"]).await.0, StatusCode::OK);
    }

    two_hundred_web_buyers_and_ten_counters_on_one_trip_five_rounds(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network_of(&manager, 10).await;
        let trips = trips_of(&app, &schedule).await;
        let mut sellers = Vec::new();
        for i in 0..10 {
            let phone = format!("0171900000{i}");
            let grant = json!({"phone": phone, "grant": {"role": "counter", "operatorId": "op-hanif"}});
            ok_data_of(manager.post("/v1/api/staff/grants/add", grant).await);
            sellers.push(seller_on_shift(&app, &phone, 0).await);
        }
        const QUOTA: i64 = 10;
        for round in 0..5 {
            let trip = trips[round].clone();
            let seats = seats_of(&app, &trip).await;
            assert_eq!(seats.len(), 40);
            let (counter_held, vip) = (["A1", "A2", "A3", "A4"], ["J1", "J2"]);
            ok_data_of(manager.post("/v1/api/staff/blocks", json!({"tripId": trip, "seats": counter_held, "channel": "counter"})).await);
            ok_data_of(manager.post("/v1/api/staff/blocks", json!({"tripId": trip, "seats": vip, "channel": "vip"})).await);
            ok_data_of(manager.post("/v1/api/staff/quotas", json!({"tripId": trip, "quota": QUOTA})).await);
            // Everyone at once: each web buyer wants one seat (each seat five of them, the
            // held-back ones too); every seller wants the counters' and the VIPs' seats.
            let mut tasks = Vec::new();
            for b in 0..200usize {
                let (app, trip, seats) = (app.clone(), trip.clone(), seats.clone());
                tasks.push(tokio::spawn(async move {
                    let seat = &seats[(b * 7 + round) % seats.len()];
                    web_buys(&app, &format!("v-{round}-{b}"), &trip, &[seat]).await.is_ok()
                }));
            }
            for seller in &sellers {
                let (seller, trip) = (seller.clone(), trip.clone());
                tasks.push(tokio::spawn(async move {
                    let mut sold = false;
                    for seat in counter_held.iter().chain(vip.iter()) {
                        sold |= seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &[seat])).await.0 == StatusCode::OK;
                    }
                    sold
                }));
            }
            for t in tasks {
                t.await.unwrap();
            }
            let q = |sql: &str| sql.replace("{trip}", &trip);
            let web_seats = count(&app, &q("SELECT COUNT(DISTINCT c.seat_no) FROM seat_claims c WHERE c.trip_id = '{trip}' AND c.state IN ('held', 'sold') \
                AND NOT EXISTS (SELECT 1 FROM counter_sales s WHERE s.booking_id = c.claim_id)")).await;
            let free = 40 - count(&app, &q("SELECT COUNT(DISTINCT seat_no) FROM seat_claims WHERE trip_id = '{trip}'")).await;
            assert_eq!((web_seats, free), (40 - 6 - QUOTA, QUOTA), "round {round}: the website stops exactly at the quota");
            let blocked_online = count(&app, &q("SELECT COUNT(*) FROM seat_claims c WHERE c.trip_id = '{trip}' AND c.seat_no IN ('A1', 'A2', 'A3', 'A4', 'J1', 'J2') \
                AND c.state <> 'blocked' AND NOT EXISTS (SELECT 1 FROM counter_sales s WHERE s.booking_id = c.claim_id)")).await;
            assert_eq!(blocked_online, 0, "round {round}: no held-back seat sold online");
            let at_counters = count(&app, &q("SELECT COUNT(*) FROM counter_sales s JOIN bookings b ON b.id = s.booking_id WHERE b.trip_id = '{trip}'")).await;
            assert_eq!(at_counters, 4, "round {round}: each counter seat sold once, no VIP seat");
            // The counters then sell the rest, all at once, never the VIPs'.
            let mut tasks = Vec::new();
            for (n, seller) in sellers.iter().enumerate() {
                let (seller, trip, seats) = (seller.clone(), trip.clone(), seats.clone());
                tasks.push(tokio::spawn(async move {
                    for k in 0..seats.len() {
                        let seat = &seats[(k + n * 4) % seats.len()];
                        let _ = seller.post("/v1/api/staff/counter/sell", cash_sale(&trip, &[seat])).await;
                    }
                }));
            }
            for t in tasks {
                t.await.unwrap();
            }
            let sold_or_held = count(&app, &q("SELECT COUNT(DISTINCT seat_no) FROM seat_claims WHERE trip_id = '{trip}' AND state <> 'blocked'")).await;
            assert_eq!(sold_or_held, 38, "round {round}: every seat but the VIPs'");
            // One ticket per seat-leg among confirmed tickets.
            let twice = count(&app, &q("SELECT COUNT(*) FROM (SELECT s.seat_no FROM tickets t JOIN bookings b ON b.id = t.booking_id \
                JOIN booking_seats s ON s.booking_id = b.id WHERE b.trip_id = '{trip}' AND t.status = 'confirmed' GROUP BY s.seat_no HAVING COUNT(*) > 1) x")).await;
            assert_eq!(twice, 0, "round {round}");
            assert!(ticket_api::store::inventory::consistent(&app.state.pool, &trip).await.unwrap());
        }
    }
}

fn ok_data_of((status, body): (StatusCode, Value)) -> Value {
    ok_data(status, &body)
}

async fn trip_date(app: &common::TestApp, trip: &str) -> String {
    let departs: i64 = sqlx::query_scalar("SELECT departs_at FROM trips WHERE id = $1")
        .bind(trip)
        .fetch_one(&app.state.pool)
        .await
        .unwrap();
    core_wasm::time::Date::from_days_since_epoch(departs.div_euclid(1440)).to_string()
}
