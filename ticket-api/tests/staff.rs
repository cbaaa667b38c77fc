//! The back office (issue 35) on SQLite and PostgreSQL: staff logins with an authenticator, the
//! role x call matrix, operators kept apart, the audit chain, layouts that never lose a sold
//! seat, schedules and their trips, CSV in and out, and a manager's network sold on the
//! traveller's site.
#![allow(clippy::unwrap_used)]

mod common;

use axum::http::StatusCode;
use core_wasm::contract::calls::Method;
use core_wasm::contract::staff::STAFF_CALLS;
use core_wasm::staff::roles::Role;
use serde_json::{Value, json};

use common::staff::{ADMIN, COUNTER, MANAGER, SUPERVISOR, coach, kushtia_network, login, ok_data, staff, totp_now};

/// A traveller who logged in (no grants).
async fn traveller(app: &common::TestApp) -> common::TestApp {
    let visitor = app.visitor("v-traveller");
    let (status, body) = login(&visitor, "01712345678", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    common::TestApp { token: body["data"]["accessToken"].as_str().unwrap().to_owned(), ..visitor }
}

async fn count(app: &common::TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&app.state.pool).await.unwrap()
}

fn ok_data_of((status, body): (StatusCode, Value)) -> Value {
    ok_data(status, &body)
}

fn tomorrow() -> String {
    common::today().add_days(1).to_string()
}

/// A CSV of `schedules` daily schedules of Hanif, `stops` rows each (Dhaka, Faridpur, Rajbari,
/// Kushtia, ...), on route `route`, from today for `days` days, on the site's 36-seat coach.
fn timetable_csv(schedules: usize, route: &str, days: i64) -> String {
    let stops = [("Dhaka", 0, ""), ("Faridpur", 150, "350"), ("Rajbari", 200, "450"), ("Kushtia", 300, "700")];
    let (from, to) = (common::today().to_string(), common::today().add_days(days - 1).to_string());
    let mut text = ticket_api::staff::csv::HEADER.join(",");
    text.push('\n');
    for n in 0..schedules {
        let departure = format!("{:02}:{:02}", 5 + n / 60 % 19, n % 60);
        for (i, (stop, minutes, fare)) in stops.iter().enumerate() {
            let (boards, drops) = (if i + 1 < stops.len() { "yes" } else { "no" }, if i > 0 { "yes" } else { "no" });
            text.push_str(&format!("s-{n:05},{route},BUS,{stop},{minutes},{boards},{drops},{departure},daily,{from},{to},AC Economy,bus-economy-36,{fare}\n"));
        }
    }
    text
}

async fn import(manager: &common::TestApp, query: &str, text: &str) -> (StatusCode, Value) {
    manager.post_raw(&format!("/v1/api/staff/schedules/import{query}"), "text/csv", text.to_owned()).await
}

async fn export(manager: &common::TestApp) -> String {
    let request = axum::http::Request::get("/v1/api/staff/schedules/export")
        .header(axum::http::header::AUTHORIZATION, format!("Bearer {}", manager.token))
        .body(axum::body::Body::empty())
        .unwrap();
    let (status, body) = manager.send(request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_str().unwrap().to_owned()
}

/// Uploads `bytes` as an image, saying `content_type`.
async fn upload(who: &common::TestApp, bytes: Vec<u8>, content_type: &str) -> (StatusCode, Value) {
    let request = axum::http::Request::post("/v1/api/staff/images")
        .header(axum::http::header::AUTHORIZATION, format!("Bearer {}", who.token))
        .header(axum::http::header::CONTENT_TYPE, content_type)
        .body(axum::body::Body::from(bytes))
        .unwrap();
    who.send(request).await
}

/// A page the API serves by address (an image, a blog post): status, headers and body.
async fn fetch(app: &common::TestApp, path: &str) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut request = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
    request.extensions_mut().insert(axum::extract::ConnectInfo(app.address));
    let response = app.router.clone().oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.into_body().collect().await.unwrap().to_bytes().to_vec())
}

/// A PNG's signature and header claiming `width` x `height`, padded to `size` bytes.
fn png_claiming(width: u32, height: u32, size: usize) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend_from_slice(&width.to_be_bytes());
    png.extend_from_slice(&height.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    png.resize(size, 0);
    png
}

/// A real 640 x 240 PNG of the demo's.
const BANNER_PNG: &[u8] = include_bytes!("../../app/public/images/banners/intercity-eid.png");

on_both! {
    a_staff_login_that_needs_an_authenticator_asks_for_its_code(app) {
        let visitor = app.visitor("v-manager");
        let (status, body) = login(&visitor, MANAGER, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        assert_eq!(body["code"], "login.totpRequired");
        let (status, body) = login(&visitor, MANAGER, Some("000000".into())).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("login.totpWrong")), "{body}");
        let manager = staff(&app, MANAGER).await;
        let (status, me) = manager.get("/v1/api/common/me").await;
        let me = ok_data(status, &me);
        assert_eq!(me["grants"], json!([{"role": "manager", "operatorId": "op-hanif"}]));
        // The same code again (a replay): its step is used.
        let code = totp_now(MANAGER);
        sqlx::query("UPDATE otp_codes SET sent_at = sent_at - 200000").execute(&app.state.pool).await.unwrap();
        sqlx::query("UPDATE otp_sends SET last_sent = last_sent - 200000").execute(&app.state.pool).await.unwrap();
        let (s, b) = visitor.post("/v1/api/common/login-otp", json!({"phone": MANAGER})).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let otp = common::sms_code(&visitor, MANAGER).await;
        let (status, body) = visitor.post("/v1/api/common/login", json!({"phone": MANAGER, "otpCode": otp, "totpCode": code})).await;
        assert_eq!(body["code"], "login.totpWrong", "a code's step is accepted once: {status} {body}");
        // A counter seller needs no authenticator; a staff login lasts 12 hours.
        let (status, body) = login(&app.visitor("v-counter"), COUNTER, None).await;
        let data = ok_data(status, &body);
        assert_eq!(data["expiresIn"], 12 * 3600);
    }

    every_staff_call_answers_each_role_as_its_row_says(app) {
        let callers = [
            ("admin", staff(&app, ADMIN).await, Some(Role::Admin)),
            ("manager", staff(&app, MANAGER).await, Some(Role::Manager)),
            ("counter", staff(&app, COUNTER).await, Some(Role::Counter)),
            ("supervisor", staff(&app, SUPERVISOR).await, Some(Role::Supervisor)),
            ("traveller", traveller(&app).await, None),
        ];
        let visitor = app.visitor("v-stranger");
        let entries_before = count(&app, "SELECT COUNT(*) FROM audit_log").await;
        let mut checked = 0;
        for call in STAFF_CALLS {
            let path = call.path().replace("{id}", "op-hanif:nothing");
            let send = |who: &common::TestApp| {
                let who = who.clone();
                let path = path.clone();
                async move {
                    match call.method {
                        Method::Get => who.get(&path).await,
                        // A body that decodes to nothing useful: the gate answers before it is read.
                        Method::Post => who.post(&path, json!({})).await,
                    }
                }
            };
            let (status, body) = send(&visitor).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "a visitor at {path}: {body}");
            for (name, who, role) in &callers {
                let (status, body) = send(who).await;
                let allowed = role.is_some_and(|r| call.roles.contains(&r));
                if allowed {
                    assert!(
                        ![StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN, StatusCode::INTERNAL_SERVER_ERROR].contains(&status),
                        "{name} at {path} was refused: {status} {body}"
                    );
                } else {
                    assert_eq!(status, StatusCode::FORBIDDEN, "{name} at {path}: {body}");
                    let expected = if role.is_some() { "staff.roleMissing" } else { "staff.notStaff" };
                    assert_eq!(body["code"], expected, "{name} at {path}");
                }
                checked += 1;
            }
        }
        println!("role x call matrix: {} calls x {} callers = {checked} answers (and a visitor's 401 each)", STAFF_CALLS.len(), callers.len());
        assert_eq!(checked, STAFF_CALLS.len() * callers.len());
        // Refused and failed writes leave nothing in the log (the enrolment calls of staff whose
        // authenticator is set up are refused too, 409); the writes an empty body makes are the
        // trip job's, run by the admin and the manager, and the manager's boarding-key rotation
        // (the admin names no operator: refused).
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log").await, entries_before + 3);
        let other = "SELECT COUNT(*) FROM audit_log WHERE call NOT IN ('trips/generate', 'boarding/keys/rotate')";
        assert_eq!(count(&app, other).await, entries_before);
    }

    a_manager_builds_a_network_and_a_traveller_buys_a_seat_on_it(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network(&manager).await;
        // Tomorrow's trip is on the traveller's site at once.
        let (status, body) = app
            .post("/v1/api/intercity/get-schedule-trips", json!({"from": "Dhaka", "to": "Kushtia", "journeyDate": tomorrow()}))
            .await;
        let found = ok_data(status, &body);
        let trips = found["trips"].as_array().unwrap();
        let ours: Vec<&Value> = trips.iter().filter(|t| t["_id"].as_str().unwrap().contains(&schedule)).collect();
        assert_eq!(ours.len(), 1, "{found}");
        let trip = ours[0]["_id"].as_str().unwrap().to_owned();
        // Paturia boards, Kushtia does not: no trip from Kushtia to Paturia.
        let (_, none) = app
            .post("/v1/api/intercity/get-schedule-trips", json!({"from": "Paturia Ghat", "to": "Kushtia", "journeyDate": tomorrow()}))
            .await;
        assert_eq!(none["data"]["trips"].as_array().map(Vec::len), Some(1), "an alias finds the city: {none}");
        let (status, view) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip, "from": "Dhaka", "to": "Kushtia"})).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(common::free_seats(&app, &trip).await.len(), 36);
        let buyer = app.visitor("v-buyer");
        let (status, body) = buyer.lock(&trip, &["C1"]).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let tnx = buyer.book(&trip, &["C1"]).await;
        buyer.pay(&tnx).await;
        assert_eq!(common::tickets_of(&app, &tnx).await, 1);
        let (status, body) = manager.get("/v1/api/staff/trips").await;
        let listed = ok_data(status, &body);
        let row = listed["trips"].as_array().unwrap().iter().find(|t| t["id"] == trip.as_str()).cloned().unwrap();
        assert_eq!((row["seats"].as_i64(), row["sold"].as_i64()), (Some(36), Some(1)), "{row}");
        // A stop where nobody gets on is no journey's start, whatever a request says.
        let (status, body) = buyer
            .post("/v1/api/intercity/get-seat-view", json!({"tripId": trip, "from": "Paturia", "to": "Kushtia"}))
            .await;
        assert_eq!(status, StatusCode::OK, "Paturia boards: {body}");
        sqlx::query("UPDATE route_stops SET boards = 0 WHERE route_id = 'op-hanif:dhaka-kushtia' AND stop_index = 1")
            .execute(&app.state.pool)
            .await
            .unwrap();
        app.state.network.refresh(&app.state.pool).await.unwrap();
        let (status, body) = buyer
            .post("/v1/api/intercity/get-seat-view", json!({"tripId": trip, "from": "Paturia", "to": "Kushtia"}))
            .await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("trip.noStopFrom")), "{body}");
        // The fare is the manager's, through the core's pricing.
        let fare: i64 = sqlx::query_scalar("SELECT fare FROM fares WHERE route_id = 'op-hanif:dhaka-kushtia' AND to_stop = 2 AND from_stop = 0")
            .fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(fare, 700);
    }

    another_operators_objects_are_not_found(app) {
        let admin = staff(&app, ADMIN).await;
        let manager = staff(&app, MANAGER).await;
        let (s, b) = admin.post("/v1/api/staff/layouts", json!({"code": "gl-coach", "operatorId": "op-green-line", "spec": core_wasm::staff::layout::two_by_two("GL", 8, "business")})).await;
        ok_data(s, &b);
        let route = json!({"code": "gl-route", "operatorId": "op-green-line", "service": "BUS", "name": "GL",
            "stops": [{"cityId": "dhaka", "minutes": 0, "boards": true, "drops": false}, {"cityId": "kushtia", "minutes": 300, "boards": false, "drops": true}]});
        ok_data(admin.post("/v1/api/staff/routes", route).await.0, &json!({}));
        let schedule = json!({"code": "gl-0900", "operatorId": "op-green-line", "routeId": "op-green-line:gl-route", "departure": "09:00", "days": "daily",
            "fromDate": common::today().to_string(), "toDate": common::today().add_days(10).to_string(), "class": "Business Class", "layoutId": "op-green-line:gl-coach"});
        let (s, b) = admin.post("/v1/api/staff/schedules", schedule.clone()).await;
        ok_data(s, &b);
        let fares = json!({"routeId": "op-green-line:gl-route", "operatorId": "op-green-line", "seatClass": "business", "fares": [{"fromStop": 0, "toStop": 1, "fare": 900}]});
        ok_data(admin.post("/v1/api/staff/fares", fares.clone()).await.0, &json!({}));

        // Read, written over, or named in a body: 404, as if it were not there.
        let (status, _) = manager.get("/v1/api/staff/layouts/op-green-line:gl-coach").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let mut edit = schedule.clone();
        edit["revision"] = json!(1);
        assert_eq!(manager.post("/v1/api/staff/schedules", edit).await.0, StatusCode::NOT_FOUND);
        let mut own = schedule.clone();
        own["operatorId"] = Value::Null;
        own["layoutId"] = json!("op-hanif:nothing");
        assert_eq!(manager.post("/v1/api/staff/schedules", own.clone()).await.0, StatusCode::NOT_FOUND, "Green Line's route in Hanif's schedule");
        own["routeId"] = json!("dhaka-chattogram");
        own["layoutId"] = json!("op-green-line:gl-coach");
        assert_eq!(manager.post("/v1/api/staff/schedules", own).await.0, StatusCode::NOT_FOUND, "Green Line's layout in Hanif's schedule");
        let mut gl_fares = fares.clone();
        gl_fares["operatorId"] = Value::Null;
        assert_eq!(manager.post("/v1/api/staff/fares", gl_fares).await.0, StatusCode::NOT_FOUND);
        for path in ["/v1/api/staff/schedules", "/v1/api/staff/fares", "/v1/api/staff/layouts", "/v1/api/staff/routes", "/v1/api/staff/audit", "/v1/api/staff/trips"] {
            let (status, body) = manager.get(path).await;
            assert_eq!(status, StatusCode::OK);
            assert!(!body.to_string().contains("op-green-line"), "{path} shows Green Line's: {body}");
        }
        let (_, log) = admin.get("/v1/api/staff/audit").await;
        assert!(log.to_string().contains("op-green-line"), "an admin reads every entry");
    }

    every_staff_write_leaves_one_entry_and_an_edit_breaks_the_chain_there(app) {
        let manager = staff(&app, MANAGER).await;
        let before = count(&app, "SELECT COUNT(*) FROM audit_log").await;
        kushtia_network(&manager).await;
        // city, point, route, layout, schedule, fares
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log").await, before + 6);
        let (status, body) = manager.get("/v1/api/staff/audit").await;
        let page = ok_data(status, &body);
        let newest = &page["entries"][0];
        assert_eq!(newest["call"], "fares");
        assert_eq!(newest["role"], "manager");
        assert_eq!(newest["operatorId"], "op-hanif");
        assert_eq!(newest["phone"], MANAGER);
        assert!(newest["after"].as_str().unwrap().contains("700"));
        assert_eq!(ticket_api::staff::audit::verify(&app.state.pool).await.unwrap(), Ok(before + 6));
        let third = before + 3;
        sqlx::query("UPDATE audit_log SET after_json = REPLACE(after_json, 'Dhaka', 'Dacca') WHERE seq = $1")
            .bind(third).execute(&app.state.pool).await.unwrap();
        assert_eq!(ticket_api::staff::audit::verify(&app.state.pool).await.unwrap(), Err(ticket_api::staff::audit::Broken::Altered(third)));
        // The command says the same.
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ticket-api"))
            .arg("audit-verify")
            .env("DATABASE_URL", &app.state.config.database_url)
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("entry {third} was altered")), "{out:?}");
    }

    a_layout_change_never_takes_a_sold_seat(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network(&manager).await;
        let trip = format!("trip-{schedule}-{}", tomorrow().replace('-', ""));
        let buyer = app.visitor("v-buyer");
        assert_eq!(buyer.lock(&trip, &["I4"]).await.0, StatusCode::OK);
        let tnx = buyer.book(&trip, &["I4"]).await;
        buyer.pay(&tnx).await;
        let pnr: String = sqlx::query_scalar("SELECT t.pnr FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.tnx_id = $1")
            .bind(&tnx).fetch_one(&app.state.pool).await.unwrap();
        // Eight rows: row I (I1..I4) goes.
        let mut smaller = coach("coach-36", 8);
        smaller["revision"] = json!(1);
        smaller["includeSoldTrips"] = json!(true);
        let (status, body) = manager.post("/v1/api/staff/layouts", smaller.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "layout.soldSeatRemoved");
        assert!(body["message"].as_str().unwrap().contains(&pnr) && body["message"].as_str().unwrap().contains("I4"), "{body}");
        // Without the sold trips, the new version serves the rest; the sold trip keeps its seats.
        smaller["includeSoldTrips"] = json!(false);
        let (status, body) = manager.post("/v1/api/staff/layouts", smaller).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let sold_trip_seats = count(&app, &format!("SELECT COUNT(*) FROM layout_seats WHERE layout_id = (SELECT layout_id FROM trips WHERE id = '{trip}')")).await;
        assert_eq!(sold_trip_seats, 36, "the sold trip's layout is frozen");
        let other = format!("trip-{schedule}-{}", common::today().add_days(2).to_string().replace('-', ""));
        assert_eq!(common::free_seats(&app, &other).await.len(), 32, "an unsold trip takes the new version");
        assert!(ticket_api::store::inventory::consistent(&app.state.pool, &trip).await.unwrap());
    }

    schedules_make_their_trips_once(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network(&manager).await;
        let made = count(&app, &format!("SELECT COUNT(*) FROM trips WHERE schedule_id = '{schedule}'")).await;
        assert_eq!(made, 30, "daily, 30 days ahead");
        let (status, body) = manager.post("/v1/api/staff/trips/generate", json!({})).await;
        let again = ok_data(status, &body);
        assert_eq!((again["tripsAdded"].as_u64(), again["tripsChanged"].as_u64()), (Some(0), Some(0)), "{again}");
        // Weekends only: the other days' trips without sales go; the departure moves.
        let (_, list) = manager.get("/v1/api/staff/schedules").await;
        let mut edit = list["data"]["schedules"][0].clone();
        edit["days"] = json!("Fri Sat");
        edit["departure"] = json!("08:15");
        let (status, body) = manager.post("/v1/api/staff/schedules", edit.clone()).await;
        let saved = ok_data(status, &body);
        assert_eq!(saved["revision"], 2);
        let left = count(&app, &format!("SELECT COUNT(*) FROM trips WHERE schedule_id = '{schedule}'")).await;
        assert!((8..=10).contains(&left), "{left} weekend trips in 30 days");
        let late = count(&app, &format!("SELECT COUNT(*) FROM trips WHERE schedule_id = '{schedule}' AND departs_at % 1440 <> 495")).await;
        assert_eq!(late, 0);
        // The old revision is stale now.
        let (status, body) = manager.post("/v1/api/staff/schedules", edit).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("staff.stale")));
    }

    three_hundred_edits_of_one_schedule_at_once_make_one_change(app) {
        let manager = staff(&app, MANAGER).await;
        kushtia_network(&manager).await;
        let (_, list) = manager.get("/v1/api/staff/schedules").await;
        let current = list["data"]["schedules"][0].clone();
        let before = count(&app, "SELECT COUNT(*) FROM audit_log").await;
        let mut tasks = Vec::new();
        for i in 0..300 {
            let manager = manager.clone();
            let mut edit = current.clone();
            edit["departure"] = json!(format!("{:02}:{:02}", 6 + i / 60, i % 60));
            tasks.push(tokio::spawn(async move { manager.post("/v1/api/staff/schedules", edit).await }));
        }
        let mut answers = Vec::new();
        for t in tasks {
            answers.push(t.await.unwrap());
        }
        let won: Vec<&(StatusCode, Value)> = answers.iter().filter(|(s, _)| *s == StatusCode::OK).collect();
        assert_eq!(won.len(), 1, "{:?}", answers.iter().map(|a| a.0).collect::<Vec<_>>());
        assert!(answers.iter().all(|(s, b)| *s == StatusCode::OK || (*s == StatusCode::CONFLICT && b["code"] == "staff.stale")));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log").await, before + 1, "one entry");
        let departure = won[0].1["data"]["departure"].as_str().unwrap().to_owned();
        let (_, after) = manager.get("/v1/api/staff/schedules").await;
        assert_eq!(after["data"]["schedules"][0]["departure"], departure.as_str(), "the stored result is the one answered");
        assert_eq!(ticket_api::staff::audit::verify(&app.state.pool).await.unwrap(), Ok(before + 1));
    }

    taking_a_grant_away_ends_the_holders_logins(app) {
        let admin = staff(&app, ADMIN).await;
        let manager = staff(&app, MANAGER).await;
        assert_eq!(manager.get("/v1/api/staff/routes").await.0, StatusCode::OK);
        // A manager cannot make an admin, nor grant for another operator.
        let (status, _) = manager.post("/v1/api/staff/grants/add", json!({"phone": "01711111111", "grant": {"role": "admin"}})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = manager.post("/v1/api/staff/grants/add", json!({"phone": "01711111111", "grant": {"role": "counter", "operatorId": "op-green-line"}})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, body) = manager.post("/v1/api/staff/grants/add", json!({"phone": "01711111111", "grant": {"role": "counter", "operatorId": "op-hanif"}})).await;
        ok_data(status, &body);
        let (status, body) = admin.post("/v1/api/staff/grants/remove", json!({"phone": MANAGER, "grant": {"role": "manager", "operatorId": "op-hanif"}})).await;
        ok_data(status, &body);
        let (status, body) = manager.get("/v1/api/staff/routes").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    }

    a_new_manager_sets_up_an_authenticator_before_changing_anything(app) {
        let admin = staff(&app, ADMIN).await;
        let phone = "01722222222";
        let (status, body) = admin.post("/v1/api/staff/grants/add", json!({"phone": phone, "grant": {"role": "manager", "operatorId": "op-hanif"}})).await;
        ok_data(status, &body);
        let visitor = app.visitor("v-new");
        let (status, body) = login(&visitor, phone, None).await;
        let token = ok_data(status, &body)["accessToken"].as_str().unwrap().to_owned();
        let new = common::TestApp { token, ..visitor };
        let (status, body) = new.get("/v1/api/staff/routes").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("staff.totpEnrolFirst")));
        let (status, body) = new.post("/v1/api/staff/totp/enrol", json!({})).await;
        let enrolment = ok_data(status, &body);
        assert!(enrolment["qrSvg"].as_str().unwrap().contains("<svg"));
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
        let code = ticket_api::domain::totp::code_at(enrolment["secret"].as_str().unwrap(), now).unwrap();
        let (status, body) = new.post("/v1/api/staff/totp/confirm", json!({"code": code})).await;
        let codes = ok_data(status, &body);
        assert_eq!(codes["codes"].as_array().unwrap().len(), 10);
        assert_eq!(new.get("/v1/api/staff/routes").await.0, StatusCode::OK, "this login proved the authenticator");
        // Next time a recovery code stands in for the phone, once.
        let recovery = codes["codes"][0].as_str().unwrap().to_owned();
        let (status, body) = login(&app.visitor("v-new-2"), phone, Some(recovery.clone())).await;
        ok_data(status, &body);
        let (status, body) = login(&app.visitor("v-new-3"), phone, Some(recovery)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("login.totpWrong")));
    }

    layouts_and_texts_are_checked_by_the_cores_rules(app) {
        let manager = staff(&app, MANAGER).await;
        // The demo's layouts have no drawing: they are listed with the service that uses them.
        let (_, listed) = manager.get("/v1/api/staff/layouts").await;
        let launch = listed["data"]["layouts"].as_array().unwrap().iter().find(|l| l["id"] == "launch-large").cloned().unwrap();
        assert_eq!(launch["spec"]["service"], "LAUNCH");
        // A launch of two floors with a cabin class, from the editor's starting point.
        let launch = json!({"code": "mv-two-floors", "spec": core_wasm::staff::layout::two_floor_launch("MV Test", 5, 6)});
        let (status, body) = manager.post("/v1/api/staff/layouts", launch).await;
        assert_eq!(ok_data(status, &body)["spec"]["decks"].as_array().unwrap().len(), 2);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM layout_seats WHERE layout_id = 'op-hanif:mv-two-floors' AND seat_class = 'double'").await, 6);
        let mut bad = coach("bad", 2);
        bad["spec"]["decks"][0]["cells"][1]["label"] = json!("<script>");
        bad["spec"]["decks"][0]["cells"][2]["row"] = json!(9);
        let (status, body) = manager.post("/v1/api/staff/layouts", bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let codes: Vec<&str> = body["details"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
        assert!(codes.contains(&"layout.label") && codes.contains(&"layout.offGrid"), "{codes:?}");
        for code in ["<script>", "javascript:alert(1)", "A", ""] {
            let (status, _) = manager.post("/v1/api/staff/layouts", coach(code, 2)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "code {code:?}");
        }
        // Texts are stored as given and answered as JSON text: the pages print them as text.
        let city = json!({"id": "x-town", "name": "<script>alert(1)</script>", "district": "javascript:alert(1)", "division": "D"});
        let (status, body) = manager.post("/v1/api/staff/places/city", city).await;
        let saved = ok_data(status, &body);
        assert_eq!(saved["name"], "<script>alert(1)</script>");
    }

    a_csv_with_three_bad_lines_writes_nothing_and_names_them(app) {
        let manager = staff(&app, MANAGER).await;
        let good = timetable_csv(50, "dhaka-kushtia-csv", 30);
        assert_eq!(good.lines().count(), 201, "a header and 200 rows");
        let mut lines: Vec<String> = good.lines().map(str::to_owned).collect();
        lines[10] = lines[10].replace(",daily,", ",Funday,");
        let mut cells: Vec<&str> = lines[57].split(',').collect();
        cells[3] = "Atlantis";
        lines[57] = cells.join(",");
        lines[120] = lines[120].replace("bus-economy-36", "no-such-layout");
        let bad = lines.join("\n");
        let before = count(&app, "SELECT COUNT(*) FROM schedules").await;
        let entries = count(&app, "SELECT COUNT(*) FROM audit_log").await;
        let (status, body) = import(&manager, "", &bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let errors = body["data"]["errors"].as_array().unwrap();
        let found: Vec<(u64, &str)> = errors.iter().map(|e| (e["line"].as_u64().unwrap(), e["column"].as_str().unwrap())).collect();
        assert_eq!(found, vec![(11, "days"), (58, "stop"), (121, "layout")], "{body}");
        assert!(errors.iter().all(|e| !e["message"]["textBn"].as_str().unwrap().is_empty()), "English and Bangla");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM schedules").await, before, "nothing written");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log").await, entries);
        // A dry run of the fixed file checks it and writes nothing.
        let (status, body) = import(&manager, "?dryRun=1", &good).await;
        let dry = ok_data(status, &body);
        assert_eq!((dry["dryRun"].as_bool(), dry["schedules"].as_u64()), (Some(true), Some(50)));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM schedules").await, before);
        let (status, body) = import(&manager, "", &good).await;
        let done = ok_data(status, &body);
        assert_eq!((done["schedules"].as_u64(), done["stops"].as_u64(), done["trips"].as_u64()), (Some(50), Some(200), Some(1500)));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM schedules").await, before + 50);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM trips WHERE schedule_id LIKE 'op-hanif:s-%'").await, 50 * 30);
        // Export, then import again: nothing changes.
        let exported = export(&manager).await;
        assert_eq!(exported.lines().next().unwrap(), ticket_api::staff::csv::HEADER.join(","));
        assert_eq!(exported.lines().count(), 201);
        let revisions = count(&app, "SELECT CAST(SUM(revision) AS BIGINT) FROM schedules").await;
        let trips = count(&app, "SELECT COUNT(*) FROM trips").await;
        let (status, body) = import(&manager, "", &exported).await;
        assert_eq!(ok_data(status, &body)["changed"], 0, "{body}");
        assert_eq!(count(&app, "SELECT CAST(SUM(revision) AS BIGINT) FROM schedules").await, revisions);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM trips").await, trips);
        assert_eq!(export(&manager).await, exported);
        // The traveller finds the imported trips, priced as the file says.
        let (status, body) = app
            .post("/v1/api/intercity/get-schedule-trips", json!({"from": "Faridpur", "to": "Kushtia", "journeyDate": tomorrow()}))
            .await;
        let found = ok_data(status, &body);
        assert!(found["trips"].as_array().unwrap().iter().filter(|t| t["_id"].as_str().unwrap().contains(":s-")).count() >= 50, "{found}");
    }

    the_readmes_example_file_imports(app) {
        let manager = staff(&app, MANAGER).await;
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/schedules-example.csv")).unwrap();
        let (status, body) = import(&manager, "?dryRun=1", &text).await;
        let checked = ok_data(status, &body);
        assert_eq!((checked["schedules"].as_u64(), checked["stops"].as_u64()), (Some(2), Some(6)), "{checked}");
    }

    csv_cells_that_a_spreadsheet_would_run_are_guarded(app) {
        let manager = staff(&app, MANAGER).await;
        let text = timetable_csv(1, "dhaka-kushtia-csv", 3).replace("AC Economy", "=HYPERLINK(\"http://x\")");
        let (status, body) = import(&manager, "", &text).await;
        ok_data(status, &body);
        let exported = export(&manager).await;
        assert!(exported.contains("\"'=HYPERLINK(\"\"http://x\"\")\""), "{exported}");
        let (status, body) = import(&manager, "", &exported).await;
        assert_eq!(ok_data(status, &body)["changed"], 0, "the guard reads back");
        let (status, _) = manager.post_raw("/v1/api/staff/schedules/import", "application/json", "{}".into()).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }

    three_hundred_saves_of_one_new_promo_code_at_once_give_it_one_owner(app) {
        // Half from Hanif's manager, half from the admin (a site-wide code): whoever's first
        // save lands owns the code; the other's saves are refused; every save that was answered
        // 200 left one entry, and the code stored is the last entry's.
        let manager = staff(&app, MANAGER).await;
        let admin = staff(&app, ADMIN).await;
        let before = count(&app, "SELECT COUNT(*) FROM audit_log").await;
        let mut tasks = Vec::new();
        for i in 0..300_i64 {
            let caller = if i % 2 == 0 { manager.clone() } else { admin.clone() };
            let promo = json!({"code": "RACE300", "kind": "flat", "amount": 10 + i, "fromDate": common::today().to_string(),
                "toDate": common::today().add_days(5).to_string(), "totalUses": 100, "usesPerPhone": 1});
            tasks.push(tokio::spawn(async move { caller.post("/v1/api/staff/promos", promo).await }));
        }
        let mut answers = Vec::new();
        for (i, t) in tasks.into_iter().enumerate() {
            answers.push((i, t.await.unwrap()));
        }
        let won: Vec<&(usize, (StatusCode, Value))> = answers.iter().filter(|(_, (s, _))| *s == StatusCode::OK).collect();
        let owners: std::collections::HashSet<usize> = won.iter().map(|(i, _)| i % 2).collect();
        assert_eq!(owners.len(), 1, "one owner");
        let owner = *owners.iter().next().unwrap();
        assert!((1..=150).contains(&won.len()));
        for (i, (status, body)) in &answers {
            if i % 2 != owner {
                assert_eq!((*status, body["code"].as_str()), (StatusCode::CONFLICT, Some("staff.exists")), "{body}");
            }
        }
        let entries = count(&app, "SELECT COUNT(*) FROM audit_log").await;
        assert_eq!(entries, before + won.len() as i64, "one entry per save answered 200");
        let last: String = sqlx::query_scalar("SELECT after_json FROM audit_log ORDER BY seq DESC LIMIT 1")
            .fetch_one(&app.state.pool)
            .await
            .unwrap();
        let last: Value = serde_json::from_str(&last).unwrap();
        let stored: i64 = sqlx::query_scalar("SELECT amount FROM promo_codes WHERE code = 'RACE300'").fetch_one(&app.state.pool).await.unwrap();
        assert_eq!(last["amount"], stored, "the code stored is the last entry's");
        assert_eq!(ticket_api::staff::audit::verify(&app.state.pool).await.unwrap(), Ok(entries));
    }

    a_managers_promo_works_on_their_operators_trips_only(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network(&manager).await;
        let promo = json!({"code": "HANIF50", "kind": "flat", "amount": 50, "fromDate": common::today().to_string(),
            "toDate": common::today().add_days(10).to_string(), "totalUses": 100, "usesPerPhone": 1});
        let (status, body) = manager.post("/v1/api/staff/promos", promo.clone()).await;
        assert_eq!(ok_data(status, &body)["operatorId"], "op-hanif");
        for (bad, why) in [(json!({"code": "hanif 50"}), "lower case and a space"), (json!({"kind": "free"}), "a kind"), (json!({"amount": 0}), "nothing off")] {
            let mut wrong = promo.clone();
            wrong.as_object_mut().unwrap().extend(bad.as_object().unwrap().clone());
            assert_eq!(manager.post("/v1/api/staff/promos", wrong).await.0, StatusCode::BAD_REQUEST, "{why}");
        }
        // The site's demo codes are an admin's: a manager cannot take one over.
        let (_, site) = staff(&app, ADMIN).await.get("/v1/api/staff/promos").await;
        let site_code = site["data"]["promos"].as_array().unwrap().iter().find(|p| p["operatorId"].is_null()).unwrap()["code"].clone();
        let mut takeover = promo.clone();
        takeover["code"] = site_code;
        assert_eq!(manager.post("/v1/api/staff/promos", takeover).await.0, StatusCode::CONFLICT);
        let (_, mine) = manager.get("/v1/api/staff/promos").await;
        assert_eq!(mine["data"]["promos"].as_array().unwrap().len(), 1, "only Hanif's codes: {mine}");
        // A traveller on Hanif's trip gets 50 off; on another operator's trip, nothing.
        let trip = format!("trip-{schedule}-{}", tomorrow().replace('-', ""));
        let buyer = app.visitor("v-promo");
        assert_eq!(buyer.lock(&trip, &["B1"]).await.0, StatusCode::OK);
        let tnx = buyer.book(&trip, &["B1"]).await;
        let (_, applied) = buyer.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": "HANIF50"})).await;
        assert_eq!(applied["data"]["discount"].as_f64(), Some(50.0), "{applied}");
        let other: String = sqlx::query_scalar("SELECT id FROM trips WHERE operator_id = 'op-green-line' AND departs_at >= $1 ORDER BY departs_at LIMIT 1")
            .bind(common::today().add_days(1).days_since_epoch() * 1440)
            .fetch_one(&app.state.pool)
            .await
            .unwrap();
        let seat = common::free_seats(&app, &other).await.remove(0);
        let elsewhere = app.visitor("v-promo-2");
        assert_eq!(elsewhere.lock(&other, &[&seat]).await.0, StatusCode::OK);
        let tnx = elsewhere.book(&other, &[&seat]).await;
        let (_, applied) = elsewhere.post("/v1/api/intercity/apply-promo-code", json!({"tnxId": tnx, "promoCode": "HANIF50"})).await;
        assert_eq!(applied["data"], Value::Null, "Hanif's code on Green Line's trip: {applied}");
    }

    only_an_admin_changes_a_headline(app) {
        let manager = staff(&app, MANAGER).await;
        let headline = json!({"service": "BUS", "text": "Eid tickets open on Friday", "textBn": "ঈদের টিকিট শুক্রবার থেকে", "visible": true});
        assert_eq!(manager.post("/v1/api/staff/headlines", headline.clone()).await.0, StatusCode::FORBIDDEN);
        let admin = staff(&app, ADMIN).await;
        let (status, body) = admin.post("/v1/api/staff/headlines", headline).await;
        ok_data(status, &body);
        let (_, shown) = app.get("/v1/api/intercity/get-head-line").await;
        assert_eq!(shown["data"]["busSettings"]["headline"]["text"], "Eid tickets open on Friday", "{shown}");
    }

    images_are_checked_from_their_bytes_and_served_for_a_year(app) {
        let manager = staff(&app, MANAGER).await;
        let entries = count(&app, "SELECT COUNT(*) FROM audit_log").await;
        // A 1 MB file claiming 20,000 x 20,000 pixels (1.6 GB decoded) is refused from its header.
        let (status, body) = upload(&manager, png_claiming(20_000, 20_000, 1024 * 1024), "image/png").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("content.imageSides")), "{body}");
        // Over 1 MB, an SVG, or bytes that are not what the request says: refused.
        let (status, body) = upload(&manager, png_claiming(100, 100, 1024 * 1024 + 1), "image/png").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("content.image")), "{body}");
        let svg = b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>".to_vec();
        assert_eq!(upload(&manager, svg, "image/svg+xml").await.0, StatusCode::BAD_REQUEST);
        assert_eq!(upload(&manager, BANNER_PNG.to_vec(), "image/jpeg").await.0, StatusCode::BAD_REQUEST);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM content_images").await, 0);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log").await, entries, "refusals leave no entry");
        // A real PNG: stored once by its bytes, served with a year's cache.
        let (status, body) = upload(&manager, BANNER_PNG.to_vec(), "image/png").await;
        let image = ok_data(status, &body);
        assert_eq!((image["width"].as_u64(), image["height"].as_u64()), (Some(640), Some(240)));
        let path = image["path"].as_str().unwrap().to_owned();
        assert!(path.starts_with("/content/images/") && path.ends_with(".png"), "{path}");
        let (status, again) = upload(&manager, BANNER_PNG.to_vec(), "image/png").await;
        assert_eq!(ok_data(status, &again)["path"], path.as_str());
        assert_eq!(count(&app, "SELECT COUNT(*) FROM content_images").await, 1);
        let (status, headers, bytes) = fetch(&app, &path).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(bytes, BANNER_PNG);
        assert_eq!(headers["content-type"], "image/png");
        assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(fetch(&app, &path.replace(".png", ".webp")).await.0, StatusCode::NOT_FOUND);
        assert_eq!(fetch(&app, "/content/images/..%2F..%2Fetc%2Fpasswd").await.0, StatusCode::NOT_FOUND);
        // A traveller is no staff: no uploads.
        assert_eq!(upload(&traveller(&app).await, BANNER_PNG.to_vec(), "image/png").await.0, StatusCode::FORBIDDEN);
    }

    a_managers_banner_offer_and_popular_route_show_on_the_site_and_nothing_in_them_runs(app) {
        let manager = staff(&app, MANAGER).await;
        let (status, body) = upload(&manager, BANNER_PNG.to_vec(), "image/png").await;
        let image = ok_data(status, &body)["path"].as_str().unwrap().to_owned();
        let banner = json!({"code": "eid-kushtia", "service": "BUS", "title": "<script>alert(1)</script> Eid to Kushtia",
            "image": image, "link": "/bus", "position": 0, "visible": true});
        for (field, bad) in [("link", "javascript:alert(1)"), ("link", "//evil.example"), ("image", "javascript:alert(1)"), ("image", "https://evil.example/x.png")] {
            let mut wrong = banner.clone();
            wrong[field] = json!(bad);
            let (status, body) = manager.post("/v1/api/staff/content/banners", wrong).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{field} {bad}: {body}");
        }
        let (status, body) = manager.post("/v1/api/staff/content/banners", banner.clone()).await;
        let saved = ok_data(status, &body);
        assert_eq!((saved["id"].as_str(), saved["operatorId"].as_str()), (Some("op-hanif:eid-kushtia"), Some("op-hanif")));
        let (_, shown) = app.get("/v1/api/intercity/banners?moduleType=intercity").await;
        let titles: Vec<&str> = shown["data"]["banners"].as_array().unwrap().iter().filter_map(|b| b["title"].as_str()).collect();
        assert!(titles.contains(&"<script>alert(1)</script> Eid to Kushtia"), "stored and answered as text, shown by React as text: {titles:?}");
        // Hidden, it leaves the site; saved twice from one revision, the second is stale.
        let mut hidden = saved.clone();
        hidden["visible"] = json!(false);
        ok_data_of(manager.post("/v1/api/staff/content/banners", hidden.clone()).await);
        assert_eq!(manager.post("/v1/api/staff/content/banners", hidden).await.0, StatusCode::CONFLICT);
        let (_, shown) = app.get("/v1/api/intercity/banners?moduleType=intercity").await;
        assert!(!shown.to_string().contains("Eid to Kushtia"), "{shown}");
        // Another operator's content is not the manager's to write.
        let mut theirs = banner.clone();
        theirs["operatorId"] = json!("op-green-line");
        assert_eq!(manager.post("/v1/api/staff/content/banners", theirs).await.0, StatusCode::NOT_FOUND);
        // An offer with its promo code; a popular route between two cities.
        let offer = json!({"code": "eid50", "title": "Eid 50", "image": image, "promoCode": "HANIF50", "visible": true});
        ok_data_of(manager.post("/v1/api/staff/content/offers", offer).await);
        let (_, offers) = app.get("/v1/api/intercity/offer-and-promo-images").await;
        assert!(offers.to_string().contains("HANIF50"), "{offers}");
        let popular = json!({"code": "dhaka-kushtia", "service": "BUS", "fromCityId": "dhaka", "toCityId": "kushtia",
            "title": "Dhaka to Kushtia", "titleBn": "ঢাকা থেকে কুষ্টিয়া", "visible": true});
        let mut same = popular.clone();
        same["toCityId"] = json!("dhaka");
        assert_eq!(manager.post("/v1/api/staff/content/popular-routes", same).await.1["code"], "content.sameCity");
        ok_data_of(manager.post("/v1/api/staff/content/popular-routes", popular).await);
        let (_, routes) = app.get("/v1/api/intercity/popular-routes").await;
        assert!(routes.to_string().contains("ঢাকা থেকে কুষ্টিয়া"), "{routes}");
        // The manager's list is theirs only; the admin's has the site's too.
        let (_, mine) = manager.get("/v1/api/staff/content").await;
        assert_eq!(mine["data"]["banners"].as_array().unwrap().len(), 1, "{mine}");
        let (_, all) = staff(&app, ADMIN).await.get("/v1/api/staff/content").await;
        assert!(all["data"]["banners"].as_array().unwrap().len() > 1);
    }

    a_blog_post_is_rendered_and_sanitised_and_nothing_in_it_runs(app) {
        let manager = staff(&app, MANAGER).await;
        let markdown = "## Eid travel\n\nBook **early**.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n\
            [click](javascript:alert(1)) [safe](https://hanif.example/eid)\n\n<a href=\"javascript:alert(2)\">x</a>";
        let post = json!({"code": "eid-tips", "title": "Eid <b>tips</b>", "summary": "How to travel home", "image": "/images/blogs/kuakata.png",
            "body": markdown, "visible": true});
        let (status, body) = manager.post("/v1/api/staff/content/blogs", post).await;
        let saved = ok_data(status, &body);
        let url = saved["url"].as_str().unwrap().to_owned();
        assert_eq!(url, "/blog/op-hanif:eid-tips");
        assert_eq!(saved["body"], markdown, "the Markdown is kept as written");
        let (_, blogs) = app.get("/v1/api/intercity/blogs").await;
        assert!(blogs.to_string().contains(&url), "{blogs}");
        let (status, headers, page) = fetch(&app, &url).await;
        assert_eq!(status, StatusCode::OK);
        let page = String::from_utf8(page).unwrap();
        assert!(page.contains("<h2>Eid travel</h2>") && page.contains("<strong>early</strong>"), "{page}");
        assert!(page.contains("<a href=\"https://hanif.example/eid\" rel=\"noopener noreferrer nofollow\">safe</a>"), "{page}");
        assert!(page.contains("Eid &lt;b&gt;tips&lt;/b&gt;"), "the title is text");
        // What stays as text is harmless; every real tag of the page is plain.
        let lower = page.to_lowercase();
        for tag in lower.split('<').skip(1).map(|rest| rest.split('>').next().unwrap_or_default()) {
            assert!(!tag.starts_with("script") && !tag.starts_with("img src=x"), "<{tag}> in {page}");
            assert!(!tag.contains("javascript:") && !tag.contains(" on"), "<{tag}> in {page}");
        }
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "written HTML shows as text");
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(policy.starts_with("default-src 'none'") && !policy.contains("script-src"), "no script may run: {policy}");
        assert_eq!(fetch(&app, "/blog/op-hanif:nothing").await.0, StatusCode::NOT_FOUND);
    }

    an_admins_sale_window_puts_the_waiting_room_in_front_of_its_trips_at_once(app) {
        let admin = staff(&app, ADMIN).await;
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network(&manager).await;
        let trip = format!("trip-{schedule}-{}", tomorrow().replace('-', ""));
        let buyer = app.visitor("v-window");
        // Opening in 10 minutes, its pre-queue under way: tomorrow's Dhaka - Kushtia trips.
        let now = ticket_api::clock::now_unix_ms() + 6 * 3_600_000 + 10 * 60_000;
        let opens = core_wasm::time::DateTime::from_epoch_minutes(now / 60_000);
        let opens_at = format!("{}T{:02}:{:02}", opens.date, opens.minute_of_day / 60, opens.minute_of_day % 60);
        let window = json!({"id": "eid-kushtia", "service": "BUS", "routes": [{"from": "dhaka", "to": "kushtia"}],
            "travelDates": {"from": tomorrow(), "to": tomorrow()}, "opensAt": opens_at, "admitPerMinute": 100});
        let mut wrong = window.clone();
        wrong["admitPerMinute"] = json!(0);
        assert_eq!(admin.post("/v1/api/staff/sale-windows", wrong).await.0, StatusCode::BAD_REQUEST);
        assert_eq!(manager.post("/v1/api/staff/sale-windows", window.clone()).await.0, StatusCode::FORBIDDEN);
        let saved = ok_data_of(admin.post("/v1/api/staff/sale-windows", window).await);
        assert_eq!(saved["revision"], 1);
        let (status, body) = buyer.lock(&trip, &["C1"]).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("queue.required")), "the room is in front of the trip: {body}");
        let (_, list) = admin.get("/v1/api/staff/sale-windows").await;
        assert_eq!(list["data"]["windows"][0]["id"], "eid-kushtia");
        // Off again: the trip sells as always.
        let mut off = saved.clone();
        off["active"] = json!(false);
        ok_data_of(admin.post("/v1/api/staff/sale-windows", off).await);
        let (status, body) = buyer.lock(&trip, &["C1"]).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM audit_log WHERE call = 'sale-windows'").await, 2);
    }

    an_eid_fare_replaces_the_base_fare_on_its_dates_only(app) {
        let manager = staff(&app, MANAGER).await;
        let schedule = kushtia_network(&manager).await;
        let day = |n: i64| common::today().add_days(n).to_string();
        let eid = json!({"routeId": "op-hanif:dhaka-kushtia", "seatClass": "economy",
            "period": {"fromDate": day(1), "toDate": day(2)}, "fares": [{"fromStop": 0, "toStop": 2, "fare": 1200}]});
        let saved = ok_data_of(manager.post("/v1/api/staff/fares", eid.clone()).await);
        assert_eq!(saved["period"]["fromDate"], day(1));
        let fare_on = |n: i64| {
            let app = app.clone();
            let schedule = schedule.clone();
            async move {
                let (_, found) = app
                    .post("/v1/api/intercity/get-schedule-trips", json!({"from": "Dhaka", "to": "Kushtia", "journeyDate": day(n)}))
                    .await;
                let trips = found["data"]["trips"].as_array().cloned().unwrap_or_default();
                let ours = trips.into_iter().find(|t| t["_id"].as_str().unwrap_or_default().contains(&schedule)).unwrap();
                ours["seatFare"].clone()
            }
        };
        assert_eq!(fare_on(1).await, json!(1200.0), "the Eid fare on its dates");
        assert_eq!(fare_on(3).await, json!(700.0), "the base fare after");
        // What the traveller pays is the fare of the trip's date.
        let trip = format!("trip-{schedule}-{}", day(2).replace('-', ""));
        let buyer = app.visitor("v-eid");
        assert_eq!(buyer.lock(&trip, &["A1"]).await.0, StatusCode::OK);
        let tnx = buyer.book(&trip, &["A1"]).await;
        let (_, info) = buyer.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(info["data"]["amount"].as_f64(), Some(1200.0), "{info}");
        // A period sharing a day with it is refused; its own dates again replace it.
        let mut overlapping = eid.clone();
        overlapping["period"] = json!({"fromDate": day(2), "toDate": day(4)});
        let (status, body) = manager.post("/v1/api/staff/fares", overlapping).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("fare.periodOverlap")), "{body}");
        let mut backwards = eid.clone();
        backwards["period"] = json!({"fromDate": day(4), "toDate": day(3)});
        assert_eq!(manager.post("/v1/api/staff/fares", backwards).await.0, StatusCode::BAD_REQUEST);
        let (_, list) = manager.get("/v1/api/staff/fares").await;
        let periods: Vec<&Value> = list["data"]["fares"].as_array().unwrap().iter().filter(|f| !f["period"].is_null()).collect();
        assert_eq!(periods.len(), 1, "{list}");
        // Saved with no fares, the period is gone.
        let mut removed = eid.clone();
        removed["fares"] = json!([]);
        ok_data_of(manager.post("/v1/api/staff/fares", removed).await);
        assert_eq!(fare_on(1).await, json!(700.0));
    }
}
