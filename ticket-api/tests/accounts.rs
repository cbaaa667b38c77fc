//! Logging in by phone and OTP, a user's trips, logout, and the attacks on them (issue 13), on
//! SQLite and PostgreSQL.
#![allow(clippy::unwrap_used)]

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use serde_json::{Value, json};
use sqlx::Row;

const PHONE: &str = "01712345678";
const OTHER_PHONE: &str = "01812345678";
const FRIEND_PHONE: &str = "01912345678";

fn message(body: &Value) -> String {
    body["message"].as_str().unwrap_or_default().to_owned()
}

fn code_of(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

/// A code that is not `code`.
fn wrong(code: &str) -> &'static str {
    if code == "0000" { "1111" } else { "0000" }
}

/// Lets the next OTP be sent at once (the 115 s resend wait is tested on its own).
async fn forget_last_send(app: &common::TestApp) {
    sqlx::query("UPDATE otp_codes SET sent_at = sent_at - 200000").execute(&app.state.pool).await.unwrap();
    sqlx::query("UPDATE otp_sends SET last_sent = last_sent - 200000").execute(&app.state.pool).await.unwrap();
}

/// Sends a login code to `phone` as `app`'s visitor: the code, as the SMS carries it.
async fn login_code(app: &common::TestApp, phone: &str) -> String {
    let (status, body) = app.post("/v1/api/common/login-otp", json!({"phone": phone})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    common::sms_code(app, phone).await
}

/// `app`'s visitor logs in with `phone`: the same app with the user's token, and the user id.
async fn log_in(app: &common::TestApp, phone: &str) -> (common::TestApp, String) {
    forget_last_send(app).await;
    let code = login_code(app, phone).await;
    let (status, body) = app.post("/v1/api/common/login", json!({"phone": phone, "otpCode": code})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let user = body["data"]["userId"].as_str().unwrap().to_owned();
    let token = body["data"]["accessToken"].as_str().unwrap().to_owned();
    (common::TestApp { token, ..app.clone() }, user)
}

/// The first launch trip tomorrow.
async fn launch_trip(app: &common::TestApp) -> String {
    sqlx::query("SELECT id FROM trips WHERE service = 'LAUNCH' AND departs_at >= $1 ORDER BY departs_at LIMIT 1")
        .bind(common::today().add_days(1).days_since_epoch() * 1440)
        .fetch_one(&app.state.pool)
        .await
        .unwrap()
        .get("id")
}

/// `app`'s caller holds then books one free seat of `trip` for `phone` (bus or launch): the
/// transaction id.
async fn pending(app: &common::TestApp, api: &str, trip: &str, phone: &str) -> String {
    let seat = common::free_seats(app, trip).await.remove(0);
    let (status, body) = app.post(&format!("/v1/api/{api}/seat-lock"), json!({"tripId": trip, "seats": [seat]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let path = if api == "water" { "passenger-details-payment" } else { "payment-pending" };
    let details = json!({"tripId": trip, "seats": [seat], "name": "Karim Mia", "phone": phone, "gender": "male"});
    let (status, body) = app.post(&format!("/v1/api/{api}/{path}"), details).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["tnxId"].as_str().unwrap().to_owned()
}

/// `app`'s caller buys one seat of `trip` for `phone`: the ticket.
async fn ticketed(app: &common::TestApp, api: &str, trip: &str, phone: &str) -> Value {
    let tnx = pending(app, api, trip, phone).await;
    app.pay(&tnx).await;
    let (status, body) = app.post(&format!("/v1/api/{api}/confirm-ticket"), json!({"tnxId": tnx})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

async fn pdf_status(app: &common::TestApp, ticket_id: &str) -> StatusCode {
    let request = Request::get(format!("/v1/api/intercity/download-ticket-pdf/{ticket_id}"))
        .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
        .body(Body::empty())
        .unwrap();
    app.send(request).await.0
}

fn ids(tickets: &Value) -> Vec<String> {
    tickets.as_array().unwrap().iter().map(|t| t["_id"].as_str().unwrap().to_owned()).collect()
}

async fn count(app: &common::TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&app.state.pool).await.unwrap()
}

mod login {
    use super::*;

    on_both! {
        a_wrong_code_then_the_right_one_logs_in_once(app) {
            let visitor = app.visitor("tab-1");
            let (status, body) = visitor.post("/v1/api/common/login-otp", json!({"phone": "+880 1712-345678"})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["data"]["resendAfterSeconds"], 115);
            assert!(common::last_sms(&app, PHONE).await.starts_with("Your OTP to log in is "));
            let code = common::sms_code(&app, PHONE).await;
            let login = |otp: &str| json!({"phone": PHONE, "otpCode": otp, "anonymousId": "tab-1"});

            let (status, body) = visitor.post("/v1/api/common/login", login(wrong(&code))).await;
            assert_eq!((status, code_of(&body)), (StatusCode::BAD_REQUEST, "otp.wrong"), "{body}");
            assert!(message(&body).contains("OTP"));
            let (status, body) = visitor.post("/v1/api/common/login", login(&code)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let data = &body["data"];
            let user = data["userId"].as_str().unwrap().to_owned();
            assert!(user.starts_with("user-") && user.len() > 16, "a random id: {user}");
            assert_eq!(data["expiresIn"], 30 * 24 * 60 * 60, "the session's life");
            assert_eq!(data.as_object().unwrap().len(), 3, "userId, accessToken, expiresIn: {data}");

            let (status, body) = visitor.post("/v1/api/common/login", login(&code)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "a code logs in once: {body}");
            assert!(message(&body).contains("OTP"));
            assert_eq!(count(&app, "SELECT COUNT(*) FROM user_sessions").await, 1);

            let user_app = common::TestApp { token: data["accessToken"].as_str().unwrap().to_owned(), ..app.clone() };
            let (status, me) = user_app.get("/v1/api/common/me").await;
            assert_eq!(status, StatusCode::OK, "{me}");
            assert_eq!(me["data"], json!({"userId": user, "phone": PHONE, "name": null, "grants": []}));

            // The phone is the identity: the next login of the phone is the same user.
            let (_, again) = log_in(&app.visitor("tab-2"), PHONE).await;
            assert_eq!(again, user);
            assert_eq!(count(&app, "SELECT COUNT(*) FROM users WHERE id NOT IN (SELECT user_id FROM staff_grants)").await, 1);
        }

        a_wrong_phone_is_the_cores_message(app) {
            let (status, body) = app.post("/v1/api/common/login-otp", json!({"phone": "12345"})).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(code_of(&body).starts_with("phone."), "{body}");
            let (status, body) = app.post("/v1/api/common/login", json!({"phone": "0171234", "otpCode": "1234"})).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(code_of(&body).starts_with("phone."), "{body}");
        }

        login_codes_keep_the_otp_limits(app) {
            let code = login_code(&app, PHONE).await;
            let (status, body) = app.post("/v1/api/common/login-otp", json!({"phone": PHONE})).await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "a resend before 115 s is refused: {body}");
            assert!(message(&body).contains("OTP"));
            for _ in 0..5 {
                let (status, _) = app.post("/v1/api/common/login", json!({"phone": PHONE, "otpCode": wrong(&code)})).await;
                assert_eq!(status, StatusCode::BAD_REQUEST);
            }
            let (status, body) = app.post("/v1/api/common/login", json!({"phone": PHONE, "otpCode": code})).await;
            assert_eq!((status, code_of(&body)), (StatusCode::BAD_REQUEST, "otp.locked"), "five wrong tries lock the code: {body}");
            forget_last_send(&app).await;
            let code = login_code(&app, PHONE).await;
            let (status, body) = app.post("/v1/api/common/login", json!({"phone": PHONE, "otpCode": code})).await;
            assert_eq!(status, StatusCode::OK, "a new code works: {body}");
        }

        a_find_ticket_code_never_logs_in_and_a_login_code_never_finds_tickets(app) {
            let (status, _) = app.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await;
            assert_eq!(status, StatusCode::OK);
            let search_code = common::sms_code(&app, PHONE).await;
            let (status, body) = app.post("/v1/api/common/login", json!({"phone": PHONE, "otpCode": search_code})).await;
            assert_eq!((status, code_of(&body)), (StatusCode::BAD_REQUEST, "otp.none"), "{body}");
            // The purposes wait apart: a login code may be sent at once.
            let login = login_code(&app, PHONE).await;
            let search = json!({"otpCode": login, "phone": PHONE, "pnr": "", "transactionId": ""});
            let (status, body) = app.post("/v1/api/intercity/search-ticket", search).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(message(&body).contains("OTP"));
            let (status, body) = app.post("/v1/api/common/login", json!({"phone": PHONE, "otpCode": login})).await;
            assert_eq!(status, StatusCode::OK, "the login code itself is untouched: {body}");
        }

        the_login_sms_follows_the_travellers_language(app) {
            let request = Request::post("/v1/api/common/login-otp")
                .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
                .header(header::CONTENT_TYPE, "application/json")
                .header(header::COOKIE, "lang=bn")
                .body(Body::from(json!({"phone": PHONE}).to_string()))
                .unwrap();
            assert_eq!(app.send(request).await.0, StatusCode::OK);
            let sms = common::last_sms(&app, PHONE).await;
            assert!(sms.contains("লগ ইন") && sms.contains("OTP"), "{sms}");
            assert_eq!(common::sms_code(&app, PHONE).await.len(), 4, "the code in ASCII digits: {sms}");
        }

        login_calls_share_the_otp_limits_per_visitor(app) {
            let app = common::TestApp::with_settings(app.backend(), 60, &[("RATE_LIMITS", "otp-send=2/min,otp-check=2/min")]).await;
            assert_eq!(app.post("/v1/api/common/send-otp-by-phone", json!({"phone": PHONE})).await.0, StatusCode::OK);
            assert_eq!(app.post("/v1/api/common/login-otp", json!({"phone": OTHER_PHONE})).await.0, StatusCode::OK);
            let (status, body) = app.post("/v1/api/common/login-otp", json!({"phone": FRIEND_PHONE})).await;
            assert_eq!((status, code_of(&body)), (StatusCode::TOO_MANY_REQUESTS, "request.tooMany"), "{body}");
            let check = json!({"otpCode": "0000", "phone": PHONE, "pnr": "", "transactionId": ""});
            app.post("/v1/api/intercity/search-ticket", check).await;
            app.post("/v1/api/common/login", json!({"phone": OTHER_PHONE, "otpCode": "0000"})).await;
            let (status, _) = app.post("/v1/api/common/login", json!({"phone": OTHER_PHONE, "otpCode": "0000"})).await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "tries of every purpose count together");
            let elsewhere = app.at_address("198.51.100.9");
            assert_eq!(elsewhere.post("/v1/api/common/login-otp", json!({"phone": FRIEND_PHONE})).await.0, StatusCode::TOO_MANY_REQUESTS, "the visitor's limit, wherever it is");
            let neighbour = app.visitor("neighbour");
            assert_eq!(neighbour.post("/v1/api/common/login-otp", json!({"phone": FRIEND_PHONE})).await.0, StatusCode::OK, "another traveller behind the same address");
        }
    }
}

mod sessions {
    use super::*;

    on_both! {
        a_token_after_logout_is_refused_and_another_session_still_works(app) {
            let (first, user) = log_in(&app.visitor("phone-tab"), PHONE).await;
            let (second, same) = log_in(&app.visitor("laptop-tab"), PHONE).await;
            assert_eq!(user, same);
            assert_eq!(first.get("/v1/api/common/me").await.0, StatusCode::OK);
            let (status, body) = first.post("/v1/api/common/logout", json!({})).await;
            assert_eq!((status, body["data"].clone()), (StatusCode::OK, json!({"loggedOut": true})), "{body}");
            let (status, body) = first.get("/v1/api/common/me").await;
            assert_eq!((status, code_of(&body)), (StatusCode::UNAUTHORIZED, "auth.sessionEnded"), "{body}");
            assert_eq!(body["statusCode"], 401, "in the envelope");
            let (status, _) = first.get("/v1/api/intercity/cities").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "every call refuses the ended login's token");
            assert_eq!(first.post("/v1/api/common/logout", json!({})).await.0, StatusCode::UNAUTHORIZED);
            let (status, body) = second.get("/v1/api/common/me").await;
            assert_eq!((status, body["data"]["userId"].as_str()), (StatusCode::OK, Some(user.as_str())), "the other login stands");
            assert_eq!(second.post("/v1/api/common/my-tickets", json!({})).await.0, StatusCode::OK);
        }

        an_expired_session_is_refused(app) {
            let (user, _) = log_in(&app.visitor("tab"), PHONE).await;
            // Ended a second ago (the login and this call may come within the same millisecond).
            let a_second_ago = ticket_api::clock::now_unix_ms() - 1_000;
            sqlx::query("UPDATE user_sessions SET created_at = $1, expires_at = $2")
                .bind(a_second_ago - 1_000)
                .bind(a_second_ago)
                .execute(&app.state.pool)
                .await
                .unwrap();
            let (status, body) = user.get("/v1/api/common/me").await;
            assert_eq!((status, code_of(&body)), (StatusCode::UNAUTHORIZED, "auth.sessionEnded"), "{body}");
        }

        the_account_calls_need_a_login(app) {
            for (status, body) in [
                app.get("/v1/api/common/me").await,
                app.post("/v1/api/common/my-tickets", json!({})).await,
                app.post("/v1/api/common/logout", json!({})).await,
            ] {
                assert_eq!((status, code_of(&body)), (StatusCode::UNAUTHORIZED, "auth.loginRequired"), "{body}");
                assert_eq!((body["statusCode"].as_u64(), message(&body).as_str()), (Some(401), "Please log in first"));
            }
        }
    }
}

mod trips {
    use super::*;

    on_both! {
        my_tickets_are_the_users_and_their_phones_only(app) {
            let bus = common::bus_trips(&app, 2, 2).await;
            // Issued a few milliseconds apart, so "newest first" has one answer.
            let later = || tokio::time::sleep(std::time::Duration::from_millis(5));
            let theirs = ticketed(&app.visitor("stranger"), "intercity", &bus[0].0, OTHER_PHONE).await;
            later().await;
            let anonymous_bus = ticketed(&app.visitor("yesterday"), "intercity", &bus[0].0, PHONE).await;
            later().await;
            let launch = launch_trip(&app).await;
            let anonymous_launch = ticketed(&app.visitor("last-eid"), "water", &launch, PHONE).await;
            later().await;
            let (user, user_id) = log_in(&app.visitor("today"), PHONE).await;
            let for_a_friend = ticketed(&user, "intercity", &bus[1].0, FRIEND_PHONE).await;

            let (status, body) = user.post("/v1/api/common/my-tickets", json!({"userId": user_id, "anonymousId": "today"})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let tickets = &body["data"]["tickets"];
            assert_eq!(
                ids(tickets),
                [&for_a_friend, &anonymous_launch, &anonymous_bus].map(|t| t["_id"].as_str().unwrap().to_owned()),
                "theirs and their phone's, both services, newest first; never another traveller's"
            );
            assert!(!ids(tickets).contains(&theirs["_id"].as_str().unwrap().to_owned()));
            assert_eq!(tickets[1], anonymous_launch, "each as search-ticket shows a ticket");
            assert_eq!(tickets[1]["service"], "LAUNCH");

            // Their phone's tickets are theirs to read as a proved phone's are.
            let anonymous_id = anonymous_bus["_id"].as_str().unwrap();
            assert_eq!(pdf_status(&user, anonymous_id).await, StatusCode::OK);
            assert_eq!(pdf_status(&user, theirs["_id"].as_str().unwrap()).await, StatusCode::NOT_FOUND);
            let (status, _) = user.post("/v1/api/common/send-otp", json!({"ticketId": anonymous_id, "service": "BUS"})).await;
            assert_eq!(status, StatusCode::OK, "cancelling their phone's ticket still asks for an OTP");

            let (_, me) = user.get("/v1/api/common/me").await;
            assert_eq!(me["data"]["name"], "Karim Mia", "the name they booked under, to prefill");
        }

        a_hold_made_anonymously_moves_to_the_user_at_login(app) {
            let trips = common::bus_trips(&app, 2, 2).await;
            let (held_trip, seats) = (&trips[0].0, &trips[0].1[..2]);
            let visitor = app.visitor("mid-journey");
            let (status, body) = visitor.post("/v1/api/intercity/seat-lock", json!({"tripId": held_trip, "seats": seats})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            // Seen by the visitor (kept in the claims cache on SQLite) before the login.
            let (_, view) = visitor.post("/v1/api/intercity/get-seat-view", json!({"tripId": held_trip})).await;
            let plan = &view["data"]["seatPlan"]["seatList"];
            let status_of = |plan: &Value, seat: &str| {
                plan.as_array().unwrap().iter().find(|s| s["seatNo"] == seat).map(|s| s["status"].clone())
            };
            assert_eq!(status_of(plan, &seats[0]), Some(json!("available")), "the visitor's own hold: {view}");
            let paying = pending(&visitor, "intercity", &trips[1].0, PHONE).await;

            let (user, user_id) = log_in(&visitor, PHONE).await;
            assert_eq!(count(&app, "SELECT COUNT(*) FROM holds WHERE visitor = 'v:mid-journey'").await, 0);

            // The user's seat view still shows the seats as theirs, and their booking goes on.
            let (_, view) = user.post("/v1/api/intercity/get-seat-view", json!({"tripId": held_trip, "userId": user_id})).await;
            assert_eq!(status_of(&view["data"]["seatPlan"]["seatList"], &seats[0]), Some(json!("available")), "{view}");
            let (_, view) = app.visitor("someone-else").post("/v1/api/intercity/get-seat-view", json!({"tripId": held_trip})).await;
            assert_eq!(status_of(&view["data"]["seatPlan"]["seatList"], &seats[0]), Some(json!("locked")), "still held for everyone else");
            let details = json!({"tripId": held_trip, "seats": seats, "name": "Karim Mia", "phone": PHONE, "gender": "male", "userId": user_id});
            let (status, body) = user.post("/v1/api/intercity/payment-pending", details.clone()).await;
            assert_eq!(status, StatusCode::OK, "the same hold, now the user's: {body}");
            let (status, body) = user.post("/v1/api/intercity/update-gateway", json!({"tnxId": paying, "gateway": "sandbox"})).await;
            assert_eq!(status, StatusCode::OK, "the pending booking is the user's: {body}");

            // The anonymous token owns neither any more.
            let anonymous = json!({"tripId": held_trip, "seats": seats, "name": "Karim Mia", "phone": PHONE, "gender": "male"});
            let (status, body) = visitor.post("/v1/api/intercity/payment-pending", anonymous).await;
            assert_eq!((status, code_of(&body)), (StatusCode::CONFLICT, "hold.expired"), "{body}");
            let (status, _) = visitor.post("/v1/api/intercity/update-gateway", json!({"tnxId": paying, "gateway": "sandbox"})).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
            let (status, _) = visitor.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": paying})).await;
            assert_eq!(status, StatusCode::NOT_FOUND);

            // The seats were never let go: paid by the user, the ticket is theirs.
            let tnx = body_tnx(&user, &details).await;
            user.pay(&tnx).await;
            let (status, ticket) = user.post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
            assert_eq!(status, StatusCode::OK, "{ticket}");
            let (_, mine) = user.post("/v1/api/common/my-tickets", json!({})).await;
            assert!(ids(&mine["data"]["tickets"]).contains(&ticket["data"]["_id"].as_str().unwrap().to_owned()));
        }

        // Issue 39, 5: the login moves the hold of a seat-lock answered at the same moment (on
        // PostgreSQL 7 of 20 such holds stayed the visitor's), whichever commits first.
        a_seat_lock_in_flight_at_login_leaves_the_hold_with_the_user(app) {
            let (trip, mut seats) = common::bus_trips(&app, 1, 21).await.remove(0);
            // Sent before the login's answer came, handled after it: the hold is still the user's.
            let seat = seats.pop().unwrap();
            let late = app.visitor("late-lock").at_address("10.39.0.100");
            let (user, _) = log_in(&late, OTHER_PHONE).await;
            assert_eq!(late.post("/v1/api/intercity/seat-lock", json!({"tripId": trip, "seats": [seat]})).await.0, StatusCode::OK);
            let details = json!({"tripId": trip, "seats": [seat], "name": "Karim Mia", "phone": OTHER_PHONE, "gender": "male"});
            let (status, body) = user.post("/v1/api/intercity/payment-pending", details).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            // Twenty pairs at once, whichever of each commits first.
            let mut pairs = Vec::new();
            for (i, seat) in seats.into_iter().take(20).enumerate() {
                let visitor = app.visitor(&format!("racing-{i}")).at_address(&format!("10.39.0.{}", i + 1));
                let phone = format!("0171500{i:04}");
                let code = login_code(&visitor, &phone).await;
                let trip = trip.clone();
                pairs.push(tokio::spawn(async move {
                    let lock = visitor.post("/v1/api/intercity/seat-lock", json!({"tripId": trip, "seats": [seat]}));
                    let login = visitor.post("/v1/api/common/login", json!({"phone": phone, "otpCode": code}));
                    let ((locked, answer), (logged_in, body)) = tokio::join!(lock, login);
                    assert_eq!((locked, logged_in), (StatusCode::OK, StatusCode::OK), "{answer} {body}");
                    let user = common::TestApp { token: body["data"]["accessToken"].as_str().unwrap().to_owned(), ..visitor.clone() };
                    let details = json!({"tripId": trip, "seats": [seat], "name": "Karim Mia", "phone": phone, "gender": "male"});
                    let (status, body) = user.post("/v1/api/intercity/payment-pending", details).await;
                    assert_eq!(status, StatusCode::OK, "the user books the seat the visitor held: {body}");
                }));
            }
            for pair in pairs {
                pair.await.unwrap();
            }
            assert_eq!(count(&app, "SELECT COUNT(*) FROM holds WHERE visitor LIKE 'v:racing-%'").await, 0, "no hold stranded");
        }

        // Issue 39, 5: two visitors' holds meet at a login within one visitor's cap (8 seats):
        // the newest stay, and a hold being paid for is never let go.
        a_login_never_leaves_the_user_holding_more_than_one_visitor_may(app) {
            let trips = common::bus_trips(&app, 4, 4).await;
            let lock = |who: &common::TestApp, (trip, free): &(String, Vec<String>)| {
                let (who, trip, seats) = (who.clone(), trip.clone(), free[..4].to_vec());
                async move {
                    let (status, body) = who.post("/v1/api/intercity/seat-lock", json!({"tripId": trip, "seats": seats})).await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                }
            };
            // On a phone: logged in, 8 seats held.
            let (phone_app, _) = log_in(&app.visitor("on-the-phone").at_address("10.39.1.1"), PHONE).await;
            lock(&phone_app, &trips[0]).await;
            lock(&phone_app, &trips[1]).await;
            // On a laptop, anonymous, later: 8 more, then the login.
            let laptop = app.visitor("on-the-laptop").at_address("10.39.1.2");
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            lock(&laptop, &trips[2]).await;
            lock(&laptop, &trips[3]).await;
            let (user, user_id) = log_in(&laptop, PHONE).await;
            let held = count(&app, &format!("SELECT COUNT(*) FROM hold_seats s JOIN holds h ON h.id = s.hold_id WHERE h.visitor = 'u:{user_id}'")).await;
            assert_eq!(held, 8, "at most one visitor's cap");
            // The newest (the laptop's) stay; the phone's older ones were let go for others.
            for (trip, free) in &trips[2..] {
                let details = json!({"tripId": trip, "seats": &free[..4], "name": "Karim Mia", "phone": PHONE, "gender": "male"});
                assert_eq!(user.post("/v1/api/intercity/payment-pending", details).await.0, StatusCode::OK);
            }
            let other = app.visitor("someone-else").at_address("10.39.1.3");
            lock(&other, &trips[0]).await;
        }
    }

    /// The transaction id of the user's latest pending booking of the trip in `details`.
    async fn body_tnx(user: &common::TestApp, details: &Value) -> String {
        let trip = details["tripId"].as_str().unwrap();
        sqlx::query_scalar("SELECT tnx_id FROM bookings WHERE trip_id = $1 AND status = 'pending' AND visitor LIKE 'u:%' ORDER BY created_at DESC LIMIT 1")
            .bind(trip)
            .fetch_one(&user.state.pool)
            .await
            .unwrap()
    }
}

mod attacks {
    use super::*;

    on_both! {
        three_hundred_logins_with_one_code_make_one_session(app) {
            let code = login_code(&app, PHONE).await;
            let mut logins = Vec::new();
            for i in 0..300 {
                // Bots at many addresses, each with a visitor token of its own.
                let bot = app.visitor(&format!("bot-{i}")).at_address(&format!("198.51.{}.{}", 100 + i / 200, i % 200 + 1));
                let body = json!({"phone": PHONE, "otpCode": code});
                logins.push(tokio::spawn(async move { bot.post("/v1/api/common/login", body).await }));
            }
            let mut answers = Vec::new();
            for login in logins {
                answers.push(login.await.unwrap());
            }
            let won: Vec<&(StatusCode, Value)> = answers.iter().filter(|(s, _)| *s == StatusCode::OK).collect();
            assert_eq!(won.len(), 1, "exactly one login: {:?}", answers.iter().map(|a| a.0).collect::<Vec<_>>());
            assert!(answers.iter().all(|(s, _)| *s == StatusCode::OK || *s == StatusCode::BAD_REQUEST));
            assert_eq!(count(&app, "SELECT COUNT(*) FROM user_sessions").await, 1);
            assert_eq!(count(&app, "SELECT COUNT(*) FROM users WHERE id NOT IN (SELECT user_id FROM staff_grants)").await, 1);
        }

        two_first_logins_of_one_phone_make_one_user(app) {
            let mut made = Vec::new();
            for i in 0..20 {
                let pool = app.state.pool.clone();
                made.push(tokio::spawn(async move {
                    ticket_api::store::accounts::user_of_phone(&pool, &format!("user-race-{i}"), PHONE, 1).await.unwrap()
                }));
            }
            let mut ids = Vec::new();
            for m in made {
                ids.push(m.await.unwrap());
            }
            ids.dedup();
            assert_eq!(ids.len(), 1, "{ids:?}");
            assert_eq!(count(&app, "SELECT COUNT(*) FROM users WHERE id NOT IN (SELECT user_id FROM staff_grants)").await, 1);
        }

        a_user_cannot_read_or_change_another_users_booking(app) {
            let trips = common::bus_trips(&app, 2, 2).await;
            let (alice, _) = log_in(&app.visitor("alice-tab"), PHONE).await;
            let (bob, _) = log_in(&app.visitor("bob-tab"), OTHER_PHONE).await;
            let ticket = ticketed(&alice, "intercity", &trips[0].0, PHONE).await;
            let waiting = pending(&alice, "intercity", &trips[1].0, PHONE).await;
            let (ticket_id, tnx) = (ticket["_id"].as_str().unwrap(), ticket["tnxId"].as_str().unwrap());

            for (path, body) in [
                ("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})),
                ("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})),
                ("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})),
                ("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": waiting})),
                ("/v1/api/intercity/update-gateway", json!({"tnxId": waiting, "gateway": "sandbox"})),
                ("/v1/api/intercity/apply-promo-code", json!({"tnxId": waiting, "promoCode": "EID100"})),
                ("/v1/api/common/send-otp", json!({"ticketId": ticket_id, "service": "BUS"})),
                ("/v1/api/intercity/cancel-ticket", json!({"ticketId": ticket_id, "otpCode": "1234", "phone": OTHER_PHONE})),
            ] {
                let (status, answer) = bob.post(path, body).await;
                let (unknown, _) = bob.post(path, json!({"tnxId": "TNXNOSUCH", "ticketId": "ticket-none", "service": "BUS", "gateway": "sandbox", "promoCode": "EID100", "otpCode": "1234", "phone": OTHER_PHONE})).await;
                assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
                assert_eq!(status, unknown, "{path}: as an unknown id");
                assert!(!answer.to_string().contains(PHONE), "{path} tells nothing of it: {answer}");
            }
            assert_eq!(pdf_status(&bob, ticket_id).await, StatusCode::NOT_FOUND);
            let (_, mine) = bob.post("/v1/api/common/my-tickets", json!({})).await;
            assert_eq!(mine["data"]["tickets"], json!([]));
            assert_eq!(pdf_status(&alice, ticket_id).await, StatusCode::OK, "while its owner reads it");
        }

        a_forged_or_edited_token_is_refused(app) {
            let (alice, alice_id) = log_in(&app.visitor("alice-tab"), PHONE).await;
            let (_, bob_id) = log_in(&app.visitor("bob-tab"), OTHER_PHONE).await;
            let (payload, mac) = alice.token.split_once('.').unwrap();
            let claims = String::from_utf8(B64.decode(payload).unwrap()).unwrap();
            assert!(claims.contains(&alice_id), "{claims}");
            let edited = B64.encode(claims.replace(&alice_id, &bob_id));
            let forged = common::TestApp { token: format!("{edited}.{mac}"), ..app.clone() };
            let (status, body) = forged.get("/v1/api/common/me").await;
            assert_eq!((status, body["statusCode"].as_u64()), (StatusCode::UNAUTHORIZED, Some(401)), "{body}");
            let unsigned = common::TestApp { token: format!("{edited}.{}", B64.encode([0u8; 32])), ..app.clone() };
            assert_eq!(unsigned.get("/v1/api/common/me").await.0, StatusCode::UNAUTHORIZED);
            // A session id of another user's login, signed: the store says whose it is.
            let bob_session: String = sqlx::query_scalar("SELECT s.id FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE u.phone = $1")
                .bind(OTHER_PHONE).fetch_one(&app.state.pool).await.unwrap();
            let claim = ticket_api::domain::sessions::SessionClaim { user_id: alice_id.clone(), session_id: bob_session };
            let mixed = app.state.tokens.issue_login("alice-tab", &claim, u64::MAX / 2);
            let mixed = common::TestApp { token: mixed, ..app.clone() };
            assert_eq!(mixed.get("/v1/api/common/me").await.0, StatusCode::UNAUTHORIZED);
            assert_eq!(alice.get("/v1/api/common/me").await.0, StatusCode::OK);
        }

        a_body_naming_another_user_or_visitor_is_refused(app) {
            let trips = common::bus_trips(&app, 1, 1).await;
            let (user, user_id) = log_in(&app.visitor("own-tab"), PHONE).await;
            let seat = &trips[0].1[0];
            for body in [
                json!({"tripId": trips[0].0, "seats": [seat], "userId": "user-of-someone"}),
                json!({"tripId": trips[0].0, "seats": [seat], "anonymousId": "someone-elses-tab"}),
            ] {
                let (status, answer) = user.post("/v1/api/intercity/seat-lock", body).await;
                assert_eq!((status, code_of(&answer)), (StatusCode::FORBIDDEN, "visitor.notYours"), "{answer}");
            }
            let (status, _) = user.post("/v1/api/common/my-tickets", json!({"userId": "user-of-someone"})).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let (status, _) = user.post("/v1/api/intercity/get-schedule-trips", json!({"from": "Dhaka", "to": "Chattogram", "journeyDate": common::today().add_days(1).to_string(), "userId": "user-of-someone"})).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let own = json!({"tripId": trips[0].0, "seats": [seat], "userId": user_id, "anonymousId": "own-tab"});
            assert_eq!(user.post("/v1/api/intercity/seat-lock", own).await.0, StatusCode::OK, "naming oneself is fine");
            // A visitor's token names no user at all.
            let (status, _) = app.visitor("own-tab").post("/v1/api/common/my-tickets", json!({"userId": user_id})).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "needs a login before anything else");
            let (status, body) = app.visitor("tab-b").post("/v1/api/common/login", json!({"phone": PHONE, "otpCode": "1234", "anonymousId": "tab-a"})).await;
            assert_eq!((status, code_of(&body)), (StatusCode::FORBIDDEN, "visitor.notYours"), "{body}");
        }

        a_service_account_cannot_log_in(app) {
            let request = Request::post("/oauth/access_token")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(json!({"grant_type": "password", "client_id": "partner", "client_secret": "s3cret", "username": "agent", "password": "pass"}).to_string()))
                .unwrap();
            let (_, token) = app.send(request).await;
            let partner = common::TestApp { token: token["access_token"].as_str().unwrap().to_owned(), ..app.clone() };
            let code = login_code(&partner, PHONE).await;
            let (status, body) = partner.post("/v1/api/common/login", json!({"phone": PHONE, "otpCode": code})).await;
            assert_eq!((status, code_of(&body)), (StatusCode::FORBIDDEN, "auth.loginPublicOnly"), "{body}");
        }

        idempotency_keys_are_the_users(app) {
            let trips = common::bus_trips(&app, 1, 2).await;
            let (trip, seats) = (&trips[0].0, &trips[0].1);
            let (phone_tab, _) = log_in(&app.visitor("phone-tab"), PHONE).await;
            let (laptop_tab, _) = log_in(&app.visitor("laptop-tab"), PHONE).await;
            let (bob, _) = log_in(&app.visitor("bob-tab"), OTHER_PHONE).await;
            let lock = json!({"tripId": trip, "seats": [seats[0]]});
            let path = "/v1/api/intercity/seat-lock";
            let (status, first, replayed) = common::post_with_key(&phone_tab, path, &lock, "key-1").await;
            assert_eq!((status, replayed), (StatusCode::OK, false), "{first}");
            let (_, again, replayed) = common::post_with_key(&laptop_tab, path, &lock, "key-1").await;
            assert!(replayed, "the same user's key, from another tab: {again}");
            assert_eq!(again, first);
            let (status, theirs, replayed) = common::post_with_key(&bob, path, &lock, "key-1").await;
            assert!(!replayed, "another user's key never matches: {theirs}");
            assert_eq!(status, StatusCode::CONFLICT, "bob's own lock ran (the seat is the user's): {theirs}");
            let (_, anonymous, replayed) = common::post_with_key(&app.visitor("phone-tab"), path, &lock, "key-1").await;
            assert!(!replayed, "nor the visitor's without the login: {anonymous}");
        }
    }
}
