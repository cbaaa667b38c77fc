//! The Eid waiting room (issue 16) through the API, on SQLite and PostgreSQL: the pre-queue and
//! its draw, admissions at seat-lock, a restart, and two processes on one store.
#![allow(clippy::unwrap_used)]

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use ticket_api::waiting_room::draw::{self, Seed};

const JOIN: &str = "/v1/api/common/queue/join";
const LOCK: &str = "/v1/api/intercity/seat-lock";

/// How far ahead the test window opens: time for its pre-queue, short enough to wait for.
const OPENS_IN_MS: i64 = 4_000;

fn code_of(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

/// A Dhaka wall-clock moment `ms` from now, as a windows file writes it (to the second).
fn dhaka_in(ms: i64) -> String {
    let at = ticket_api::clock::now_unix_ms() + ms + 999;
    let local_s = at.div_euclid(1000) + 6 * 3600;
    let day = core_wasm::time::Date::from_days_since_epoch(local_s.div_euclid(86_400));
    let s = local_s.rem_euclid(86_400);
    format!("{day}T{:02}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
}

/// An app whose one sale window covers tomorrow's bus trips, opening in [`OPENS_IN_MS`], letting
/// `per_minute` in a minute; and when it opens (Unix ms).
async fn app_with_window(backend: common::Backend, per_minute: u32) -> (common::TestApp, i64) {
    let tomorrow = common::today().add_days(1);
    let file =
        std::env::temp_dir().join(format!("windows-{}.json", std::process::id() as u64 * 1000 + u64::from(rand_u16())));
    let opens = dhaka_in(OPENS_IN_MS);
    let windows = json!({"windows": [{
        "id": "eid-test", "service": "BUS",
        "travelDates": {"from": tomorrow.to_string(), "to": tomorrow.to_string()},
        "opensAt": opens, "admitPerMinute": per_minute, "admissionMinutes": 10, "openForMinutes": 30
    }]});
    std::fs::write(&file, windows.to_string()).unwrap();
    let app = common::TestApp::with_settings(backend, 60, &[("SALE_WINDOWS", file.to_str().unwrap())]).await;
    let opens_ms = app.state.waiting_room.windows().0[0].first_opening_ms;
    (app, opens_ms)
}

fn rand_u16() -> u16 {
    let mut b = [0u8; 2];
    getrandom::fill(&mut b).unwrap();
    u16::from_le_bytes(b)
}

async fn wait_until(ms: i64) {
    let left = ms - ticket_api::clock::now_unix_ms();
    if left > 0 {
        tokio::time::sleep(Duration::from_millis(u64::try_from(left).unwrap() + 50)).await;
    }
}

/// A bus trip tomorrow (covered by the window) and one the day after (not), each with free seats.
async fn trips(app: &common::TestApp) -> (String, Vec<String>, String, Vec<String>) {
    let day = |n: i64| common::today().add_days(n).days_since_epoch() * 1440;
    let pick = |from: i64| {
        sqlx::query_scalar::<_, String>("SELECT id FROM trips WHERE service = 'BUS' AND departs_at >= $1 AND departs_at < $2 ORDER BY departs_at DESC LIMIT 1")
            .bind(from)
            .bind(from + 1440)
            .fetch_one(&app.state.pool)
    };
    let covered = pick(day(1)).await.unwrap();
    let free = pick(day(2)).await.unwrap();
    let covered_seats = common::free_seats(app, &covered).await;
    let free_seats = common::free_seats(app, &free).await;
    (covered, covered_seats, free, free_seats)
}

async fn join(app: &common::TestApp, trip: &str) -> Value {
    let (status, body) = app.post(JOIN, json!({"tripId": trip})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

async fn status(app: &common::TestApp, place: &str) -> (StatusCode, Value) {
    let (status, body) = app.get(&format!("/v1/api/common/queue/status?queueId={place}")).await;
    (status, body["data"].clone())
}

async fn lock_with(app: &common::TestApp, trip: &str, seat: &str, admission: Option<&str>) -> (StatusCode, Value) {
    app.post(LOCK, json!({"tripId": trip, "seats": [seat], "admission": admission})).await
}

/// Runs each test on SQLite and on PostgreSQL, given the backend (each builds its own app).
macro_rules! on_both_stores {
    ($($name:ident($backend:ident) $body:block)*) => {
        mod sqlite {
            use super::*;
            $(#[tokio::test] async fn $name() { let $backend = common::Backend::Sqlite; $body })*
        }
        mod postgres {
            use super::*;
            $(#[tokio::test] async fn $name() { let $backend = common::Backend::Postgres; $body })*
        }
    };
}

on_both_stores! {
    a_window_s_trips_are_held_only_with_an_admission(backend) {
        let (app, _) = app_with_window(backend, 600).await;
        let (covered, seats, free, free_seats) = trips(&app).await;
        let (status, body) = lock_with(&app, &covered, &seats[0], None).await;
        assert_eq!((status, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "queue.required"), "{body}");
        let (status, body) = lock_with(&app, &covered, &seats[0], Some("made.up")).await;
        assert_eq!((status, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "queue.admissionInvalid"), "{body}");
        // The seat view says so, for the site to show the waiting room.
        let (_, view) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": covered})).await;
        assert_eq!(view["data"]["queue"]["phase"], "PRE_QUEUE", "{}", view["data"]["queue"]);
        assert!(view["data"]["queue"]["opensAt"].is_string());
        let (_, view) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": free})).await;
        assert!(view["data"]["queue"].is_null());
        // A trip outside the window sells as always; joining its queue says there is none.
        let (status, body) = lock_with(&app, &free, &free_seats[0], None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = app.post(JOIN, json!({"tripId": free})).await;
        assert_eq!((status, code_of(&body)), (StatusCode::CONFLICT, "queue.none"), "{body}");
    }

    the_pre_queue_is_drawn_at_the_opening_as_committed_then_arrivals_queue_in_order(backend) {
        let (app, opens_ms) = app_with_window(backend, 600).await;
        let (covered, seats, _, _) = trips(&app).await;
        let visitors: Vec<common::TestApp> = (0..5).map(|i| app.visitor(&format!("early-{i}"))).collect();
        let mut places = Vec::new();
        let mut hash = None;
        for visitor in &visitors {
            let standing = join(visitor, &covered).await;
            assert_eq!(standing["phase"], "PRE_QUEUE");
            assert_eq!(standing["position"], Value::Null, "no order before the draw: {standing}");
            assert_eq!(standing["seed"], Value::Null, "the seed stays secret until the draw");
            assert!(standing["admission"].is_null());
            hash.get_or_insert(standing["seedHash"].clone());
            assert_eq!(standing["seedHash"], hash.clone().unwrap(), "one commitment for the queue");
            places.push(standing["queueId"].as_str().unwrap().to_owned());
        }
        // Joining again keeps the place; another visitor cannot see it.
        assert_eq!(join(&visitors[0], &covered).await["queueId"], places[0].as_str());
        assert_eq!(status(&app.visitor("stranger"), &places[0]).await.0, StatusCode::NOT_FOUND);

        wait_until(opens_ms).await;
        let mut order = vec![String::new(); places.len()];
        let mut seed = None;
        for (visitor, place) in visitors.iter().zip(&places) {
            let (code, standing) = status(visitor, place).await;
            assert_eq!(code, StatusCode::OK, "{standing}");
            assert_eq!(standing["phase"], "OPEN");
            let position = standing["position"].as_u64().unwrap() as usize;
            assert!(order[position - 1].is_empty(), "two places at {position}");
            order[position - 1] = place.clone();
            seed.get_or_insert(standing["seed"].as_str().unwrap().to_owned());
        }
        // Anyone can check the draw: the revealed seed hashes to the commitment, and redoes it.
        let seed = Seed::from_hex(seed.as_deref().unwrap()).unwrap();
        let hex: String = Sha256::digest(hex_bytes(&seed.to_hex())).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(Value::String(hex), hash.unwrap());
        assert_eq!(draw::draw(&seed, places.iter().map(String::as_str)), order.iter().map(String::as_str).collect::<Vec<_>>());

        // After the opening, arrivals queue in the order they come, behind the pre-queue.
        let late = join(&app.visitor("late-1"), &covered).await;
        let later = join(&app.visitor("late-2"), &covered).await;
        assert_eq!((late["position"].as_u64(), later["position"].as_u64()), (Some(6), Some(7)));

        // 600 a minute: everyone's turn has come. An admission holds seats, for its visitor only.
        let first = &visitors[0];
        let standing = status(first, &places[0]).await.1;
        let admission = standing["admission"]["token"].as_str().unwrap().to_owned();
        assert!(standing["admission"]["secondsLeft"].as_u64().unwrap() > 500);
        let (code, body) = lock_with(&visitors[1], &covered, &seats[0], Some(&admission)).await;
        assert_eq!((code, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "queue.admissionInvalid"), "{body}");
        let (code, body) = lock_with(first, &covered, &seats[0], Some(&admission)).await;
        assert_eq!(code, StatusCode::OK, "{body}");
        let held: i64 = sqlx::query_scalar("SELECT held FROM queue_places WHERE place_id = $1").bind(&places[0]).fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(held, 1, "the turn was used");
    }

    a_turn_s_no_show_clock_starts_when_it_comes_whether_or_not_its_visitor_polls(backend) {
        let (app, opens_ms) = app_with_window(backend, 600).await;
        let (covered, _, _, _) = trips(&app).await;
        // Three join the pre-queue and never ask again (a closed tab, a bot).
        let mut gone = Vec::new();
        for i in 0..3 {
            gone.push(join(&app.visitor(&format!("gone-{i}")), &covered).await["queueId"].as_str().unwrap().to_owned());
        }
        wait_until(opens_ms).await;
        // Someone else keeps asking: the draw, then (a second later) the turns that came.
        let stays = app.visitor("stays");
        let place = join(&stays, &covered).await["queueId"].as_str().unwrap().to_owned();
        tokio::time::sleep(Duration::from_millis(1_100)).await;
        assert_eq!(status(&stays, &place).await.0, StatusCode::OK);
        for place in &gone {
            let admitted_at: Option<i64> = sqlx::query_scalar("SELECT admitted_at FROM queue_places WHERE place_id = $1")
                .bind(place)
                .fetch_one(&app.state.pool)
                .await
                .unwrap();
            let at = admitted_at.expect("the turn came at the opening: its clock runs though nobody polls");
            assert!(at >= opens_ms && at <= ticket_api::clock::now_unix_ms(), "{at} vs opening {opens_ms}");
        }
    }

    an_admission_opens_the_trip_its_visitor_queued_for_only(backend) {
        let (app, opens_ms) = app_with_window(backend, 600).await;
        let (covered, seats, _, _) = trips(&app).await;
        // Another trip of the same window (tomorrow's earliest bus).
        let tomorrow = common::today().add_days(1).days_since_epoch() * 1440;
        let other: String = sqlx::query_scalar("SELECT id FROM trips WHERE service = 'BUS' AND departs_at >= $1 AND departs_at < $2 AND id <> $3 ORDER BY departs_at LIMIT 1")
            .bind(tomorrow)
            .bind(tomorrow + 1440)
            .bind(&covered)
            .fetch_one(&app.state.pool)
            .await
            .unwrap();
        let other_seats = common::free_seats(&app, &other).await;
        // Queued for one trip, then for the other before the turn came: the place moves with it.
        let moved = app.visitor("moved");
        let first = join(&moved, &covered).await;
        let second = join(&moved, &other).await;
        assert_eq!(first["queueId"], second["queueId"], "one place per visitor in a window");
        let traveller = app.visitor("traveller");
        join(&traveller, &covered).await;
        wait_until(opens_ms).await;
        let admission = join(&traveller, &covered).await["admission"]["token"].as_str().unwrap().to_owned();
        let (code, body) = lock_with(&traveller, &other, &other_seats[0], Some(&admission)).await;
        assert_eq!((code, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "queue.admissionInvalid"), "{body}");
        let (code, body) = lock_with(&traveller, &covered, &seats[0], Some(&admission)).await;
        assert_eq!(code, StatusCode::OK, "{body}");
        // Once given, an admission stays with its trip: joining for another does not move it.
        join(&traveller, &other).await;
        let (code, body) = lock_with(&traveller, &other, &other_seats[1], Some(&admission)).await;
        assert_eq!((code, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "queue.admissionInvalid"), "{body}");
        let moved_admission = join(&moved, &other).await["admission"]["token"].as_str().unwrap().to_owned();
        let (code, body) = lock_with(&moved, &covered, &seats[1], Some(&moved_admission)).await;
        assert_eq!((code, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "queue.admissionInvalid"), "{body}");
        let (code, body) = lock_with(&moved, &other, &other_seats[2], Some(&moved_admission)).await;
        assert_eq!(code, StatusCode::OK, "{body}");
    }

    the_rate_lets_in_the_first_and_tells_the_others_how_long(backend) {
        let (app, opens_ms) = app_with_window(backend, 1).await;
        let (covered, seats, _, _) = trips(&app).await;
        wait_until(opens_ms).await;
        let first = join(&app.visitor("one"), &covered).await;
        let second = join(&app.visitor("two"), &covered).await;
        let third = join(&app.visitor("three"), &covered).await;
        assert_eq!((first["position"].as_u64(), first["ahead"].as_u64()), (Some(1), Some(0)));
        assert!(first["admission"]["token"].is_string(), "{first}");
        // 'Ahead': those in front still waiting (the first is in already).
        assert_eq!((second["position"].as_u64(), second["ahead"].as_u64()), (Some(2), Some(0)));
        assert_eq!((third["position"].as_u64(), third["ahead"].as_u64()), (Some(3), Some(1)));
        assert!(second["admission"].is_null());
        assert!(third["waitSeconds"].as_u64() > second["waitSeconds"].as_u64());
        let wait = second["waitSeconds"].as_u64().unwrap();
        assert!((1..=60).contains(&wait), "one a minute: {wait} s");
        assert!(second["pollAfterMs"].as_u64().unwrap() >= 2_000);
        let (code, body) = lock_with(&app.visitor("two"), &covered, &seats[0], None).await;
        assert_eq!((code, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "queue.required"), "{body}");
    }

    a_visitor_joining_300_times_at_once_has_one_place(backend) {
        let (app, opens_ms) = app_with_window(backend, 600).await;
        let (covered, _, _, _) = trips(&app).await;
        wait_until(opens_ms).await;
        let bot = app.visitor("bot");
        let mut handles = Vec::new();
        for _ in 0..300 {
            let (bot, trip) = (bot.clone(), covered.clone());
            handles.push(tokio::spawn(async move { join(&bot, &trip).await["queueId"].as_str().unwrap().to_owned() }));
        }
        let mut places = std::collections::BTreeSet::new();
        for handle in handles {
            places.insert(handle.await.unwrap());
        }
        assert_eq!(places.len(), 1, "one place however often a visitor joins");
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM queue_places WHERE visitor = 'v:bot'").fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(rows, 1);
        // The next visitor comes right behind: no position was spent on the repeats.
        assert_eq!(join(&app.visitor("next"), &covered).await["position"].as_u64(), Some(2));
    }

    a_restart_keeps_every_place(backend) {
        let (app, opens_ms) = app_with_window(backend, 600).await;
        let (covered, _, _, _) = trips(&app).await;
        let places: Vec<String> = {
            let mut places = Vec::new();
            for i in 0..3 {
                places.push(join(&app.visitor(&format!("r-{i}")), &covered).await["queueId"].as_str().unwrap().to_owned());
            }
            places
        };
        let restarted = app.restarted().await;
        for (i, place) in places.iter().enumerate() {
            let visitor = restarted.visitor(&format!("r-{i}"));
            let (code, standing) = status(&visitor, place).await;
            assert_eq!((code, standing["queueId"].as_str()), (StatusCode::OK, Some(place.as_str())), "{standing}");
            assert_eq!(join(&visitor, &covered).await["queueId"], place.as_str(), "joining again keeps the place");
        }
        wait_until(opens_ms).await;
        let mut positions: Vec<u64> = Vec::new();
        for (i, place) in places.iter().enumerate() {
            positions.push(status(&restarted.visitor(&format!("r-{i}")), place).await.1["position"].as_u64().unwrap());
        }
        positions.sort_unstable();
        assert_eq!(positions, vec![1, 2, 3]);
    }

    a_long_pre_queue_is_drawn_in_batches_arrivals_queue_meanwhile_and_a_stopped_draw_resumes(backend) {
        // Three batches of the placer's, the last one short.
        const PRE_QUEUE: i64 = 12_000;
        let (app, opens_ms) = app_with_window(backend, 600).await;
        let (covered, _, _, _) = trips(&app).await;
        let first = join(&app.visitor("long-0"), &covered).await;
        let place = first["queueId"].as_str().unwrap().to_owned();
        // The rest of the pre-queue written as the writer writes it (5,000 joins over HTTP would
        // not fit before the opening on a loaded machine).
        let ids: Vec<String> = (1..PRE_QUEUE).map(|i| format!("q-long-{i:06}")).collect();
        let seed = write_pre_queue(&app, &ids).await;

        // The opening is drawn, and the process that drew it stops before writing a position.
        wait_until(opens_ms).await;
        sqlx::query("UPDATE queue_openings SET drawn = 1, prequeue = places, next_position = places")
            .execute(&app.state.pool).await.unwrap();
        let other = app.restarted().await;
        // Arrivals queue behind the pre-queue at once: nothing waits for its positions (the first
        // is answered while none is written: a process takes a draw over only once it saw it
        // stopped for seconds).
        for i in 0..10 {
            let late = join(&other.visitor(&format!("long-late-{i}")), &covered).await;
            assert_eq!(late["position"].as_i64(), Some(PRE_QUEUE + 1 + i), "{late}");
            if i == 0 {
                let placed: i64 =
                    sqlx::query_scalar("SELECT placed FROM queue_openings").fetch_one(&app.state.pool).await.unwrap();
                assert_eq!(placed, 0, "the arrival did not wait for the draw's positions");
            }
        }
        // The other processes see the draw stopped and write its positions, batch by batch: two
        // at once here, of which the draw table's keys let one write each batch.
        let third = app.restarted().await;
        let mut position = None;
        for _ in 0..300 {
            assert_eq!(status(&third.visitor("long-0"), &place).await.0, StatusCode::OK);
            let (code, standing) = status(&other.visitor("long-0"), &place).await;
            assert_eq!(code, StatusCode::OK, "{standing}");
            if let Some(at) = standing["position"].as_i64() {
                position = Some(at);
                break;
            }
            assert!(standing["pollAfterMs"].as_u64().unwrap() <= 5_000, "{standing}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(position.is_some(), "the stopped draw was never resumed");
        assert!(all_placed(&app, PRE_QUEUE, 300).await, "the pre-queue's positions were not all written");
        // The order is the published draw's, every position once, the arrivals after it.
        // The pre-queue's positions are in the draw's own table, the arrivals' in their places.
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT place_id, position FROM queue_draw UNION ALL \
             SELECT place_id, position FROM queue_places WHERE position IS NOT NULL ORDER BY position",
        )
        .fetch_all(&app.state.pool).await.unwrap();
        let unplaced: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM queue_places p WHERE p.position IS NULL \
             AND NOT EXISTS (SELECT 1 FROM queue_draw d WHERE d.place_id = p.place_id)",
        )
        .fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(unplaced, 0, "a place without a position");
        assert_eq!(rows.iter().map(|(_, p)| *p).collect::<Vec<_>>(), (0..PRE_QUEUE + 10).collect::<Vec<_>>());
        let mut pre_queue: Vec<&str> = ids.iter().map(String::as_str).collect();
        pre_queue.push(&place);
        let drawn: Vec<&str> = rows[..PRE_QUEUE as usize].iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(drawn, draw::draw(&seed, pre_queue));
        assert_eq!(position, rows.iter().position(|(id, _)| *id == place).map(|i| i as i64 + 1));
    }

    a_turn_s_clock_never_starts_before_the_clocks_of_the_turns_ahead_of_it(backend) {
        // 240 a minute: past the first minute's worth, let in at the opening, a turn comes every
        // 250 ms, so turns come between two of the queue's refreshes (a second apart).
        const PRE_QUEUE: i64 = 400;
        let (app, opens_ms) = app_with_window(backend, 240).await;
        let (covered, _, _, _) = trips(&app).await;
        let keeper = app.visitor("keeps-asking");
        let kept = join(&keeper, &covered).await["queueId"].as_str().unwrap().to_owned();
        let ids: Vec<String> = (1..PRE_QUEUE).map(|i| format!("q-turn-{i:03}")).collect();
        write_pre_queue(&app, &ids).await;
        let clocks = || async {
            let rows: Vec<(i64, String, Option<i64>)> = sqlx::query_as(
                "SELECT d.position, p.place_id, p.admitted_at FROM queue_draw d \
                 JOIN queue_places p ON p.place_id = d.place_id ORDER BY d.position",
            )
            .fetch_all(&app.state.pool).await.unwrap();
            rows
        };

        // One visitor keeps asking: the draw at the opening, then a refresh a second later that
        // starts the clocks of the turns come since. Nobody else asks.
        wait_until(opens_ms).await;
        assert_eq!(status(&keeper, &kept).await.0, StatusCode::OK);
        assert!(all_placed(&app, PRE_QUEUE, 100).await, "the pre-queue's positions were not all written");
        tokio::time::sleep(Duration::from_millis(1_100)).await;
        assert_eq!(status(&keeper, &kept).await.0, StatusCode::OK);
        let stamped = clocks().await.iter().filter(|(_, _, at)| at.is_some()).map(|(p, _, _)| *p).max().unwrap();

        // The turn after next comes within half a second, before the next refresh, and its
        // visitor asks at once: the turn between, whose visitor never asks, has its clock started
        // by then too.
        let asker = stamped + 2;
        assert!(asker < PRE_QUEUE, "turns came faster than 4 a second: {stamped}");
        wait_until(opens_ms + (asker + 1) * 250 - 60_000).await;
        let place = clocks().await[usize::try_from(asker).unwrap()].1.clone();
        let (code, standing) = status(&app.visitor(&place), &place).await;
        assert_eq!(code, StatusCode::OK, "{standing}");
        assert!(standing["admission"]["token"].is_string(), "its turn came: {standing}");
        let clocks = clocks().await;
        let asked_at = clocks[usize::try_from(asker).unwrap()].2.unwrap();
        for (position, _, at) in &clocks[..usize::try_from(asker).unwrap()] {
            let at = at.unwrap_or_else(|| panic!("the turn at {position}, ahead of {asker}, has no clock"));
            assert!(at <= asked_at, "the turn at {position} started at {at}, after the one at {asker} behind it ({asked_at})");
        }
    }

    turns_asked_for_at_once_through_two_processes_all_start_their_clocks_in_order(backend) {
        // 600 a minute: the first 600 turns come at the opening, of a pre-queue of 1,500.
        const PRE_QUEUE: i64 = 1_500;
        let (one, opens_ms) = app_with_window(backend, 600).await;
        let two = one.restarted().await;
        let (covered, _, _, _) = trips(&one).await;
        let first = join(&one.visitor("first"), &covered).await["queueId"].as_str().unwrap().to_owned();
        let ids: Vec<String> = (1..PRE_QUEUE).map(|i| format!("q-both-{i:04}")).collect();
        write_pre_queue(&one, &ids).await;
        wait_until(opens_ms).await;
        assert_eq!(status(&one.visitor("first"), &first).await.0, StatusCode::OK);
        assert!(all_placed(&one, PRE_QUEUE, 100).await, "the pre-queue's positions were not all written");
        // 300 ask at once, half through a process that has not yet read the queue: each whose
        // turn came at the opening (position 600 or better) is let in, and every turn that came
        // has its clock, in line's order.
        let mut asks = Vec::new();
        for (i, id) in ids.iter().take(300).enumerate() {
            let process = if i % 2 == 0 { one.clone() } else { two.clone() };
            let id = id.clone();
            asks.push(tokio::spawn(async move { status(&process.visitor(&id), &id).await }));
        }
        let mut admitted = 0;
        for ask in asks {
            let (code, standing) = ask.await.unwrap();
            assert_eq!(code, StatusCode::OK, "{standing}");
            // (and at 10 a second, those just behind it by now)
            let turn = standing["position"].as_u64().unwrap() <= 600;
            assert!(!turn || standing["admission"]["token"].is_string(), "{standing}");
            admitted += usize::from(turn);
        }
        let clocks: Vec<(i64, Option<i64>)> = sqlx::query_as(
            "SELECT d.position, p.admitted_at FROM queue_draw d JOIN queue_places p ON p.place_id = d.place_id \
             WHERE d.position < 600 ORDER BY d.position",
        )
        .fetch_all(&one.state.pool).await.unwrap();
        assert!(admitted > 0 && clocks.len() == 600, "{admitted} admitted, {} turns", clocks.len());
        assert!(clocks.iter().all(|(_, at)| at.is_some()), "a turn that came has no clock");
        for pair in clocks.windows(2) {
            assert!(pair[0].1 <= pair[1].1, "the turn at {} started after the one behind it: {pair:?}", pair[0].0);
        }
    }

    two_processes_on_one_store_give_one_order(backend) {
        let (one, opens_ms) = app_with_window(backend, 600).await;
        let two = one.restarted().await;
        let (covered, _, _, _) = trips(&one).await;
        let mut places = Vec::new();
        for i in 0..6 {
            let process = if i % 2 == 0 { &one } else { &two };
            let visitor = format!("p-{i}");
            places.push((visitor.clone(), join(&process.visitor(&visitor), &covered).await["queueId"].as_str().unwrap().to_owned()));
        }
        wait_until(opens_ms).await;
        let mut seen = std::collections::BTreeSet::new();
        for (visitor, place) in &places {
            let a = status(&one.visitor(visitor), place).await.1["position"].as_u64();
            let b = status(&two.visitor(visitor), place).await.1["position"].as_u64();
            assert_eq!(a, b, "both processes say the same place");
            assert!(seen.insert(a.unwrap()), "two places share {a:?}");
        }
        // Arrivals after the opening, through both processes at once.
        let mut handles = Vec::new();
        for i in 0..20 {
            let process = if i % 2 == 0 { one.clone() } else { two.clone() };
            let trip = covered.clone();
            handles.push(tokio::spawn(async move { join(&process.visitor(&format!("after-{i}")), &trip).await["position"].as_u64().unwrap() }));
        }
        for handle in handles {
            assert!(seen.insert(handle.await.unwrap()), "a position handed out twice");
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), (1..=26).collect::<Vec<_>>(), "no place lost or doubled");
    }
}

/// Writes places `ids` into the one queue's pre-queue as the writer writes joins, each with its
/// draw key; the visitor of place `id` is `id` (see [`Caller::queue_identity`]). Answers the
/// queue's seed.
///
/// [`Caller::queue_identity`]: ticket_api::domain::identity::Caller::queue_identity
async fn write_pre_queue(app: &common::TestApp, ids: &[String]) -> Seed {
    let (queue, seed): (String, String) =
        sqlx::query_as("SELECT queue_id, seed FROM queue_openings").fetch_one(&app.state.pool).await.unwrap();
    let seed = Seed::from_hex(&seed).unwrap();
    for chunk in ids.chunks(200) {
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("($1, ${}, ${}, 0, ${})", 3 * i + 2, 3 * i + 3, 3 * i + 4)).collect();
        let sql = format!(
            "INSERT INTO queue_places (queue_id, visitor, place_id, joined_at, draw_key) VALUES {}",
            rows.join(", ")
        );
        let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(&queue);
        for id in chunk {
            insert = insert.bind(format!("v:{id}")).bind(id.clone()).bind(seed.key(id).to_vec());
        }
        insert.execute(&app.state.pool).await.unwrap_or_else(|e| panic!("{e}"));
    }
    sqlx::query("UPDATE queue_openings SET places = places + $1")
        .bind(i64::try_from(ids.len()).unwrap())
        .execute(&app.state.pool)
        .await
        .unwrap();
    seed
}

/// Waits until the pre-queue's `count` positions are written (`tries` tenths of a second at most).
async fn all_placed(app: &common::TestApp, count: i64, tries: u32) -> bool {
    for _ in 0..tries {
        let placed: i64 =
            sqlx::query_scalar("SELECT placed FROM queue_openings").fetch_one(&app.state.pool).await.unwrap();
        if placed == count {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect()
}
