//! Boarding (issue 36) on SQLite and PostgreSQL: every ticket carries a code its operator's keys
//! verify, a cancelled ticket's code is revoked, scans upload once per nonce and the earliest
//! boards whatever order three devices upload in, enrolled devices alone get trip packs, and
//! boarding closes at the cut-off with its no-shows' seats the counter's, not the website's.
#![allow(clippy::unwrap_used)]

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::staff::{
    ADMIN, COUNTER, MANAGER, SUPERVISOR, leaves_in, logged_in, ok_data, seller_on_shift, staff, trip_leaving_in,
};
use core_wasm::boarding::{PublicKey, Verdict, labels, verify};
use serde_json::{Value, json};

fn now_ms() -> i64 {
    ticket_api::clock::now_unix_ms()
}

async fn count(app: &common::TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&app.state.pool).await.unwrap()
}

/// A cash sale of `seats`: the receipt.
async fn sell(seller: &common::TestApp, trip: &str, seats: &[&str]) -> Value {
    let sale = json!({"tripId": trip, "seats": seats, "payment": {"method": "cash"}});
    let (s, b) = seller.post("/v1/api/staff/counter/sell", sale).await;
    ok_data(s, &b)
}

/// A request with the enrolled phone's `Device-Key`.
async fn with_device(
    app: &common::TestApp,
    method: &str,
    path: &str,
    key: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
        .header(header::CONTENT_TYPE, "application/json")
        .header("device-key", key)
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    app.send(request).await
}

/// A phone the manager adds and the supervisor enrols: (device id, device key).
async fn enrolled(manager: &common::TestApp, supervisor: &common::TestApp, name: &str) -> (String, String) {
    let (s, b) = manager.post("/v1/api/staff/boarding/devices", json!({"name": name})).await;
    let code = ok_data(s, &b)["enrolCode"].as_str().unwrap().to_owned();
    let (s, b) = supervisor.post("/v1/api/staff/boarding/devices/enrol", json!({"code": code})).await;
    let device = ok_data(s, &b);
    (device["device"]["id"].as_str().unwrap().to_owned(), device["deviceKey"].as_str().unwrap().to_owned())
}

fn keys_of(pack: &Value) -> Vec<PublicKey> {
    serde_json::from_value(pack["keys"].clone()).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    serde_json::from_value(v.clone()).unwrap()
}

fn scan(trip: &str, code: &str, at: i64, device: Option<&str>, nonce: &str) -> Value {
    json!({"tripId": trip, "code": code, "scannedAt": at, "deviceId": device, "nonce": nonce})
}

on_both! {
    a_ticket_carries_a_code_that_verifies_offline_until_it_is_cancelled(app) {
        let manager = staff(&app, MANAGER).await;
        let supervisor = logged_in(&app, SUPERVISOR, None).await;
        // Eight hours ahead, so the ticket may still be cancelled; the scanner's clock is an
        // hour before departure.
        let trip = trip_leaving_in(&app, &manager, 9, 8 * 60).await;
        let at_the_gate = now_ms() + 7 * 3_600_000;
        let seller = seller_on_shift(&app).await;
        let receipt = sell(&seller, &trip, &["A1", "B2"]).await;
        let pnr = receipt["pnr"].as_str().unwrap().to_owned();
        let code = receipt["boardingCode"].as_str().unwrap().to_owned();
        assert!(code.len() <= core_wasm::boarding::MAX_CODE_CHARS);
        // The site's view of the ticket (page, PDF, saved offline) carries the same code.
        let ticket_id: String = sqlx::query_scalar("SELECT id FROM tickets WHERE pnr = $1").bind(&pnr).fetch_one(&app.state.pool).await.unwrap();
        let view = ticket_api::domain::views::ticket(&app.state, &ticket_id).await.unwrap();
        assert_eq!(view.boarding_code.as_deref(), Some(code.as_str()));

        // An enrolled phone's pack verifies it with no network: PNR, seats and legs.
        let (device, key) = enrolled(&manager, &supervisor, "Gangway phone").await;
        let (s, b) = with_device(&supervisor, "GET", &format!("/v1/api/staff/boarding/pack/{trip}"), &key, None).await;
        let pack = ok_data(s, &b);
        assert!(pack["tickets"].as_array().unwrap().iter().any(|t| t["pnr"] == pnr.as_str()));
        let order = strings(&pack["seatOrder"]);
        match verify(&code, &keys_of(&pack), &strings(&pack["revoked"]), &trip, at_the_gate) {
            Verdict::Valid { pass } => {
                assert_eq!(pass.pnr, pnr);
                assert_eq!(labels(&order, &pass.seats).unwrap(), ["A1", "B2"]);
                assert_eq!((pass.from_stop, pass.to_stop), (0, 2));
            }
            refused => panic!("{refused:?}"),
        }
        // Another trip's scanner refuses it.
        assert!(matches!(verify(&code, &keys_of(&pack), &[], "trip-other", at_the_gate), Verdict::Refused { .. }));

        // Cancelled: no code any more, anywhere; the next pack revokes it, offline too.
        let (s, b) = seller.post("/v1/api/staff/counter/cancel", json!({"pnr": pnr})).await;
        let cancelled = ok_data(s, &b);
        assert!(cancelled["boardingCode"].is_null(), "{cancelled}");
        assert!(ticket_api::domain::views::ticket(&app.state, &ticket_id).await.unwrap().boarding_code.is_none());
        let (s, b) = with_device(&supervisor, "GET", &format!("/v1/api/staff/boarding/pack/{trip}"), &key, None).await;
        let pack = ok_data(s, &b);
        assert!(strings(&pack["revoked"]).contains(&pnr));
        assert_eq!(
            verify(&code, &keys_of(&pack), &strings(&pack["revoked"]), &trip, at_the_gate),
            Verdict::Refused { reason: core_wasm::boarding::Refusal::Revoked }
        );
        // And online.
        let (s, b) = with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &key, Some(scan(&trip, &code, now_ms(), Some(&device), "cancelled-1"))).await;
        let answer = ok_data(s, &b);
        assert_eq!((answer["result"].as_str(), answer["reason"].as_str()), (Some("refused"), Some("revoked")));
    }

    an_operators_first_fifty_tickets_at_once_sign_with_one_key(app) {
        // The Eid rush (issue 38) found the first tickets of an operator without a key each
        // adding one, and some failing with a 500 when the ids kept colliding.
        let mut signing = Vec::new();
        for _ in 0..50 {
            let state = app.state.clone();
            signing.push(tokio::spawn(async move {
                ticket_api::domain::boarding::signing_key(&state, "op-shyamoli").await.map(|key| key.key_id)
            }));
        }
        let mut ids = std::collections::BTreeSet::new();
        for sign in signing {
            ids.insert(sign.await.unwrap().unwrap_or_else(|e| panic!("a first ticket failed: {e:?}")));
        }
        assert_eq!(ids.len(), 1, "one key signs them all: {ids:?}");
        let keys: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM boarding_keys WHERE operator_id = 'op-shyamoli'")
            .fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(keys, 1);
    }

    keys_rotate_and_a_retired_keys_codes_no_longer_verify(app) {
        let manager = staff(&app, MANAGER).await;
        let trip = trip_leaving_in(&app, &manager, 9, 60).await;
        let seller = seller_on_shift(&app).await;
        let old = sell(&seller, &trip, &["A1"]).await["boardingCode"].as_str().unwrap().to_owned();
        let keys = ok_data_of(manager.get("/v1/api/staff/boarding/keys").await);
        let first = keys["keys"][0]["keyId"].as_u64().unwrap();
        assert_eq!(keys["keys"][0]["signing"], true);
        // Retiring the key that signs is refused: rotate first.
        let (s, b) = manager.post("/v1/api/staff/boarding/keys/retire", json!({"keyId": first})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("boarding.keySigning")));
        let rotated = ok_data_of(manager.post("/v1/api/staff/boarding/keys/rotate", json!({})).await);
        assert_ne!(rotated["keyId"].as_u64().unwrap(), first);
        // New codes use the new key; the old code still verifies while both are valid.
        let new = sell(&seller, &trip, &["A2"]).await["boardingCode"].as_str().unwrap().to_owned();
        let supervisor = logged_in(&app, SUPERVISOR, None).await;
        let board = |code: String, nonce: &'static str| {
            let supervisor = supervisor.clone();
            let trip = trip.clone();
            async move {
                let (s, b) = supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, &code, now_ms(), None, nonce)).await;
                ok_data(s, &b)
            }
        };
        assert_eq!(board(old.clone(), "old-key-1").await["result"], "boarded");
        let (s, b) = manager.post("/v1/api/staff/boarding/keys/retire", json!({"keyId": first})).await;
        assert!(ok_data(s, &b)["retiredAt"].is_number());
        let refused = board(old, "old-key-2").await;
        assert_eq!((refused["result"].as_str(), refused["reason"].as_str()), (Some("refused"), Some("unknownKey")));
        assert_eq!(board(new, "new-key-1").await["result"], "boarded");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log WHERE call LIKE 'boarding/keys/%'").await, 2);
    }

    three_devices_offline_uploaded_in_every_order_board_the_earliest_scan(app) {
        let manager = staff(&app, MANAGER).await;
        let supervisor = logged_in(&app, SUPERVISOR, None).await;
        let trip = trip_leaving_in(&app, &manager, 9, 60).await;
        let seller = seller_on_shift(&app).await;
        let mut phones = Vec::new();
        for name in ["Front door", "Rear door", "Ghat gate"] {
            phones.push(enrolled(&manager, &supervisor, name).await);
        }
        let orders: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let seats = ["A1", "A2", "A3", "A4", "B1", "B2"];
        let base = now_ms() - 60_000;
        for (round, order) in orders.iter().enumerate() {
            let receipt = sell(&seller, &trip, &[seats[round]]).await;
            let code = receipt["boardingCode"].as_str().unwrap().to_owned();
            let pnr = receipt["pnr"].as_str().unwrap().to_owned();
            // Phone i scanned at base + i seconds (phone 0 first), each offline.
            let scans: Vec<Value> = (0..3)
                .map(|i| scan(&trip, &code, base + i as i64 * 1_000, Some(&phones[i].0), &format!("r{round}-phone{i}")))
                .collect();
            for &i in order {
                let (s, b) = with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &phones[i].1, Some(scans[i].clone())).await;
                let answer = ok_data(s, &b);
                assert_ne!(answer["result"], "refused", "{answer}");
            }
            // Uploaded again (a phone that did not hear the answer): one scan each, and the
            // answers as they stand now.
            for i in 0..3 {
                let (s, b) = with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &phones[i].1, Some(scans[i].clone())).await;
                let answer = ok_data(s, &b);
                assert_eq!(answer["result"], if i == 0 { "boarded" } else { "duplicate" }, "order {order:?}: {answer}");
                assert_eq!(answer["boardedAt"], base);
                assert_eq!(answer["boardedBy"], phones[0].0.as_str());
            }
            let manifest = ok_data_of(supervisor.get(&format!("/v1/api/staff/boarding/manifest/{trip}")).await);
            let passenger = manifest["passengers"].as_array().unwrap().iter().find(|p| p["pnr"] == pnr.as_str()).unwrap().clone();
            assert_eq!(passenger["status"], "boarded");
            assert_eq!(passenger["boardedAt"], base);
            let flagged: Vec<&str> = passenger["flags"].as_array().unwrap().iter().map(|f| f["deviceId"].as_str().unwrap()).collect();
            assert_eq!(flagged, [phones[1].0.as_str(), phones[2].0.as_str()], "order {order:?}");
        }
        assert_eq!(count(&app, "SELECT COUNT(*) FROM boarding_scans").await, 18);
    }

    a_nonce_is_one_scan_and_never_anothers(app) {
        let manager = staff(&app, MANAGER).await;
        let supervisor = logged_in(&app, SUPERVISOR, None).await;
        let trip = trip_leaving_in(&app, &manager, 9, 60).await;
        let seller = seller_on_shift(&app).await;
        let code = sell(&seller, &trip, &["C1"]).await["boardingCode"].as_str().unwrap().to_owned();
        let other = sell(&seller, &trip, &["C2"]).await["boardingCode"].as_str().unwrap().to_owned();
        let (device, key) = enrolled(&manager, &supervisor, "Front door").await;
        let (other_device, other_key) = enrolled(&manager, &supervisor, "Rear door").await;
        let at = now_ms() - 5_000;
        let first = scan(&trip, &code, at, Some(&device), "nonce-shared-1");
        assert_eq!(ok_data_of(with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &key, Some(first.clone())).await)["result"], "boarded");
        // The same nonce with another code, another time, or from another phone: refused.
        for changed in [
            scan(&trip, &other, at, Some(&device), "nonce-shared-1"),
            scan(&trip, &code, at + 1, Some(&device), "nonce-shared-1"),
        ] {
            let (s, b) = with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &key, Some(changed)).await;
            assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("boarding.nonceUsed")));
        }
        let stolen = scan(&trip, &code, at, Some(&other_device), "nonce-shared-1");
        let (s, b) = with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &other_key, Some(stolen)).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::CONFLICT, Some("boarding.nonceUsed")));
        // A device id without its key, or with another phone's key: refused.
        let (s, _) = with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &other_key, Some(scan(&trip, &code, at, Some(&device), "nonce-other-2"))).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, _) = supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, &code, at, Some(&device), "nonce-other-3")).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        // Bad input gets a clear refusal.
        for (body, code_said) in [
            (scan(&trip, &code, at, None, "short"), "boarding.nonce"),
            (scan(&trip, &code, now_ms() + 3_600_000, None, "nonce-future-1"), "boarding.future"),
            (json!({"tripId": trip, "scannedAt": at, "nonce": "nonce-empty-1"}), "boarding.codeOrPnr"),
            (json!({"tripId": trip, "code": code, "pnr": "ABCDEFGH", "scannedAt": at, "nonce": "nonce-both-1"}), "boarding.codeOrPnr"),
        ] {
            let (s, b) = supervisor.post("/v1/api/staff/boarding/scan", body).await;
            assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code_said)), "{b}");
        }
        // A forged code, and text that is no code, are refused with their reasons.
        let mut forged = code.clone().into_bytes();
        let last = forged.len() - 1;
        forged[last] = if forged[last] == b'0' { b'1' } else { b'0' };
        let forged = String::from_utf8(forged).unwrap();
        let answer = ok_data_of(supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, &forged, at, None, "nonce-forged-1")).await);
        assert_eq!(answer["result"], "refused");
        let answer = ok_data_of(supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, "HELLO", at, None, "nonce-hello-1")).await);
        assert_eq!((answer["result"].as_str(), answer["reason"].as_str()), (Some("refused"), Some("unreadable")));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM boarding_scans").await, 3);
    }

    a_pnr_typed_by_hand_boards_and_scans_race_to_one_boarding(app) {
        let manager = staff(&app, MANAGER).await;
        let supervisor = logged_in(&app, SUPERVISOR, None).await;
        let trip = trip_leaving_in(&app, &manager, 9, 60).await;
        let seller = seller_on_shift(&app).await;
        let receipt = sell(&seller, &trip, &["D1", "D2"]).await;
        let pnr = receipt["pnr"].as_str().unwrap().to_owned();
        let at = now_ms() - 1_000;
        let typed = json!({"tripId": trip, "pnr": pnr.to_lowercase(), "scannedAt": at, "nonce": "typed-pnr-1"});
        let answer = ok_data_of(supervisor.post("/v1/api/staff/boarding/scan", typed).await);
        assert_eq!(answer["result"], "boarded");
        assert_eq!(strings(&answer["seats"]), ["D1", "D2"]);
        let unknown = json!({"tripId": trip, "pnr": "ZZZZZZZZ", "scannedAt": at, "nonce": "typed-pnr-2"});
        assert_eq!(ok_data_of(supervisor.post("/v1/api/staff/boarding/scan", unknown).await)["reason"], "notFound");

        // Forty scans of one ticket at once, all at the same moment: one boards.
        let code = sell(&seller, &trip, &["D3"]).await["boardingCode"].as_str().unwrap().to_owned();
        let mut tasks = Vec::new();
        for i in 0..40 {
            let (supervisor, trip, code) = (supervisor.clone(), trip.clone(), code.clone());
            tasks.push(tokio::spawn(async move {
                supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, &code, at, None, &format!("race-{i:04}"))).await
            }));
        }
        for task in tasks {
            let (s, b) = task.await.unwrap();
            assert_eq!(s, StatusCode::OK, "{b}");
        }
        let mut boarded = Vec::new();
        for i in 0..40 {
            let again = ok_data_of(supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, &code, at, None, &format!("race-{i:04}"))).await);
            if again["result"] == "boarded" {
                boarded.push(i);
            }
        }
        assert_eq!(boarded, [0], "the earliest scan, the lowest nonce on a tie");
        let manifest = ok_data_of(supervisor.get(&format!("/v1/api/staff/boarding/manifest/{trip}")).await);
        let d3 = manifest["passengers"].as_array().unwrap().iter().find(|p| p["seats"][0] == "D3").unwrap().clone();
        assert_eq!(d3["flags"].as_array().unwrap().len(), 39);
    }

    enrolment_codes_work_once_and_revoked_phones_get_nothing(app) {
        let manager = staff(&app, MANAGER).await;
        let supervisor = logged_in(&app, SUPERVISOR, None).await;
        let trip = trip_leaving_in(&app, &manager, 9, 60).await;
        let (s, b) = manager.post("/v1/api/staff/boarding/devices", json!({"name": "Ghat gate"})).await;
        let enrolment = ok_data(s, &b);
        let code = enrolment["enrolCode"].as_str().unwrap().to_owned();
        // Twenty phones try the code at once: one gets the device.
        let mut tasks = Vec::new();
        for _ in 0..20 {
            let (supervisor, code) = (supervisor.clone(), code.clone());
            tasks.push(tokio::spawn(async move {
                supervisor.post("/v1/api/staff/boarding/devices/enrol", json!({"code": code})).await
            }));
        }
        let mut keys = Vec::new();
        for task in tasks {
            let (s, b) = task.await.unwrap();
            match s {
                StatusCode::OK => keys.push(b["data"]["deviceKey"].as_str().unwrap().to_owned()),
                StatusCode::NOT_FOUND => {}
                other => panic!("{other}: {b}"),
            }
        }
        assert_eq!(keys.len(), 1);
        let key = keys.remove(0);
        let pack_path = format!("/v1/api/staff/boarding/pack/{trip}");
        assert_eq!(with_device(&supervisor, "GET", &pack_path, &key, None).await.0, StatusCode::OK);
        // Without the key, with a made-up key, or as a seller: no pack.
        assert_eq!(supervisor.get(&pack_path).await.0, StatusCode::FORBIDDEN);
        let (id, _) = key.split_once(':').unwrap();
        assert_eq!(with_device(&supervisor, "GET", &pack_path, &format!("{id}:{}", "0".repeat(64)), None).await.0, StatusCode::FORBIDDEN);
        let seller = logged_in(&app, COUNTER, None).await;
        assert_eq!(with_device(&seller, "GET", &pack_path, &key, None).await.0, StatusCode::FORBIDDEN);
        // Revoked: no pack, no upload.
        let (s, b) = manager.post("/v1/api/staff/boarding/devices/revoke", json!({"id": id})).await;
        assert!(ok_data(s, &b)["revokedAt"].is_number());
        let (s, b) = with_device(&supervisor, "GET", &pack_path, &key, None).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::FORBIDDEN, Some("boarding.deviceKey")));
        let upload = scan(&trip, "X", now_ms(), Some(id), "revoked-upload-1");
        assert_eq!(with_device(&supervisor, "POST", "/v1/api/staff/boarding/scan", &key, Some(upload)).await.0, StatusCode::FORBIDDEN);
        let listed = ok_data_of(manager.get("/v1/api/staff/boarding/devices").await);
        assert_eq!(listed["devices"][0]["id"], id);
        // A seller scans nothing; another operator's trip is not found.
        let (s, _) = seller.post("/v1/api/staff/boarding/scan", scan(&trip, "X", now_ms(), None, "seller-scan-1")).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let green: String = sqlx::query_scalar("SELECT id FROM trips WHERE operator_id = 'op-green-line' ORDER BY departs_at DESC LIMIT 1")
            .fetch_one(&app.state.pool).await.unwrap();
        let (s, _) = supervisor.post("/v1/api/staff/boarding/scan", scan(&green, "X", now_ms(), None, "green-scan-1")).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        assert_eq!(supervisor.get(&format!("/v1/api/staff/boarding/manifest/{green}")).await.0, StatusCode::NOT_FOUND);
        assert_eq!(supervisor.post("/v1/api/staff/boarding/close", json!({"tripId": green})).await.0, StatusCode::NOT_FOUND);
    }

    boarding_closes_at_the_cutoff_and_no_shows_sell_at_the_counter_not_online(app) {
        let manager = staff(&app, MANAGER).await;
        let supervisor = logged_in(&app, SUPERVISOR, None).await;
        let trip = trip_leaving_in(&app, &manager, 9, 60).await;
        let seller = seller_on_shift(&app).await;
        let boards = sell(&seller, &trip, &["A1"]).await;
        let misses = sell(&seller, &trip, &["A2", "A3"]).await;
        // A web traveller who does not come either.
        let web = app.visitor("web-no-show");
        assert_eq!(web.lock(&trip, &["B1"]).await.0, StatusCode::OK);
        let tnx = web.book(&trip, &["B1"]).await;
        web.pay(&tnx).await;
        let code = boards["boardingCode"].as_str().unwrap();
        assert_eq!(ok_data_of(supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, code, now_ms(), None, "boards-a1-1")).await)["result"], "boarded");
        // An hour before departure is too early to close.
        let (s, b) = supervisor.post("/v1/api/staff/boarding/close", json!({"tripId": trip})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("boarding.tooEarly")), "{b}");
        // The operator's cut-off decides: 5 minutes is too late for a trip leaving in 10, 15 is not.
        let (s, b) = manager.post("/v1/api/staff/boarding/settings", json!({"cutoffMinutes": 500})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("staff.invalid")));
        ok_data_of(manager.post("/v1/api/staff/boarding/settings", json!({"cutoffMinutes": 5})).await);
        leaves_in(&app, &trip, 10).await;
        let (s, b) = supervisor.post("/v1/api/staff/boarding/close", json!({"tripId": trip})).await;
        assert_eq!((s, b["code"].as_str()), (StatusCode::BAD_REQUEST, Some("boarding.tooEarly")), "{b}");
        ok_data_of(manager.post("/v1/api/staff/boarding/settings", json!({"cutoffMinutes": 15})).await);
        let settings = ok_data_of(manager.get("/v1/api/staff/boarding/settings").await);
        assert!(settings["operators"].as_array().unwrap().iter().any(|o| o["operatorId"] == "op-hanif" && o["cutoffMinutes"] == 15));
        let closed = ok_data_of(supervisor.post("/v1/api/staff/boarding/close", json!({"tripId": trip})).await);
        assert_eq!((closed["boarded"].as_i64(), closed["noShows"].as_i64()), (Some(1), Some(2)), "{closed}");
        assert_eq!(strings(&closed["freedSeats"]), ["A2", "A3", "B1"]);
        // Closing again changes nothing.
        let again = ok_data_of(supervisor.post("/v1/api/staff/boarding/close", json!({"tripId": trip})).await);
        assert_eq!(again, closed);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log WHERE call = 'boarding/close'").await, 1);
        // The traveller sees it on the ticket; the code is gone.
        let ticket_id: String = sqlx::query_scalar("SELECT t.id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.tnx_id = $1")
            .bind(&tnx).fetch_one(&app.state.pool).await.unwrap();
        let view = ticket_api::domain::views::ticket(&app.state, &ticket_id).await.unwrap();
        assert_eq!(view.boarding_status, Some(core_wasm::contract::tickets::BoardingStatus::NoShow));
        assert!(view.boarding_code.is_none());
        // A no-show's code scanned now is refused as a no-show.
        let late = misses["boardingCode"].as_str().unwrap();
        let answer = ok_data_of(supervisor.post("/v1/api/staff/boarding/scan", scan(&trip, late, now_ms(), None, "late-a2-1")).await);
        assert_eq!(answer["reason"], "noShow");
        // Not online: the website cannot take the freed seats.
        let (s, _) = app.visitor("web-late").lock(&trip, &["A2"]).await;
        assert_eq!(s, StatusCode::CONFLICT);
        // The counter sells them, and a seat sold once boarding closed is boarded.
        let resold = sell(&seller, &trip, &["A2", "B1"]).await;
        let manifest = ok_data_of(supervisor.get(&format!("/v1/api/staff/boarding/manifest/{trip}")).await);
        let resold_line = manifest["passengers"].as_array().unwrap().iter().find(|p| p["pnr"] == resold["pnr"]).unwrap().clone();
        assert_eq!(resold_line["status"], "boarded");
        assert_eq!(resold_line["channel"], "counter");
        assert_eq!((manifest["boarded"].as_i64(), manifest["noShows"].as_i64()), (Some(2), Some(2)));
        // Phones with all but the last 3 digits hidden (the web traveller's 01712345678).
        let phones: Vec<&str> = manifest["passengers"].as_array().unwrap().iter().filter_map(|p| p["phone"].as_str()).filter(|p| !p.is_empty()).collect();
        assert_eq!(phones, ["••••••••678"]);
        assert!(ticket_api::store::inventory::consistent(&app.state.pool, &trip).await.unwrap());
        // The manifest as CSV for the counter, and as JSON for an admin.
        let counter = logged_in(&app, COUNTER, None).await;
        let (s, csv) = counter.get(&format!("/v1/api/staff/boarding/manifest/{trip}?format=csv")).await;
        assert_eq!(s, StatusCode::OK);
        let csv = csv.as_str().unwrap().to_owned();
        assert!(csv.starts_with("seats,pnr,passenger,phone"), "{csv}");
        assert!(csv.contains("noShow") && csv.contains("boarded"), "{csv}");
        let (s, pdf) = counter.get(&format!("/v1/api/staff/boarding/manifest/{trip}?format=pdf")).await;
        assert_eq!(s, StatusCode::OK);
        assert!(pdf.as_str().unwrap().starts_with("%PDF-"), "an A4 manifest to print");
        let admin = staff(&app, ADMIN).await;
        assert_eq!(admin.get(&format!("/v1/api/staff/boarding/manifest/{trip}")).await.0, StatusCode::OK);
    }
}

fn ok_data_of((status, body): (StatusCode, Value)) -> Value {
    ok_data(status, &body)
}
