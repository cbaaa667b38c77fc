//! বাংলা (issue 15) on SQLite and PostgreSQL: the API's names in both scripts, a search typed in
//! Bangla, and what the server writes itself (the OTP's SMS, the e-ticket PDF) in the
//! traveller's language.
#![allow(clippy::unwrap_used)]

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};

const PHONE: &str = "01712345678";

fn tomorrow() -> String {
    common::today().add_days(1).to_string()
}

async fn search(app: &common::TestApp, from: &str, to: &str) -> Value {
    let request = json!({"from": from, "to": to, "journeyDate": tomorrow()});
    let (status, body) = app.post("/v1/api/intercity/get-schedule-trips", request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

fn texts(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
}

/// A paid bus ticket from Dhaka to Chattogram for `visitor`, with its points chosen as the site
/// sends them (by their English names).
async fn ticket(app: &common::TestApp, visitor: &str) -> Value {
    ticket_named(app, visitor, "রহিম উদ্দিন").await
}

/// The same, for a passenger of that `name`.
async fn ticket_named(app: &common::TestApp, visitor: &str, name: &str) -> Value {
    let data = search(app, "Dhaka", "Chattogram").await;
    let trip = &data["trips"][0];
    let id = trip["_id"].as_str().unwrap();
    let seat = common::free_seats(app, id).await.remove(0);
    let app = app.visitor(visitor);
    let (status, body) = app.lock(id, &[seat.as_str()]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let details = json!({
        "tripId": id, "seats": [seat], "name": name, "phone": PHONE, "gender": "male",
        "boardingPoint": trip["boardingPoints"][0], "droppingPoint": trip["droppingPoints"][0],
    });
    let (status, body) = app.post("/v1/api/intercity/payment-pending", details).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let tnx = body["data"]["tnxId"].as_str().unwrap().to_owned();
    app.pay(&tnx).await;
    let (status, body) = app.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

on_both! {
    every_city_operator_and_headline_has_its_bangla_name(app) {
        for service in ["intercity", "water"] {
            let (_, body) = app.get(&format!("/v1/api/{service}/cities")).await;
            let cities = body["data"]["cities"].as_array().unwrap();
            assert!(!cities.is_empty());
            for city in cities {
                assert!(city["nameBn"].as_str().is_some_and(|n| !n.is_empty()), "{city}");
            }
            let (_, body) = app.get(&format!("/v1/api/{service}/operators")).await;
            for operator in body["data"]["operators"].as_array().unwrap() {
                assert!(operator["titleBn"].as_str().is_some_and(|n| !n.is_empty()), "{operator}");
            }
            let (_, body) = app.get(&format!("/v1/api/{service}/popular-routes")).await;
            for route in body["data"]["popularRoutes"].as_array().unwrap() {
                assert!(route["fromBn"].is_string() && route["toBn"].is_string(), "{route}");
                assert!(route["titleBn"].as_str().unwrap().contains("থেকে"), "{route}");
            }
        }
        let (_, body) = app.get("/v1/api/intercity/cities").await;
        let dhaka = body["data"]["cities"].as_array().unwrap().iter().find(|c| c["name"] == "Dhaka").unwrap().clone();
        assert_eq!(dhaka["nameBn"], "ঢাকা");
        let (_, body) = app.get("/v1/api/intercity/get-head-line").await;
        assert!(body["data"]["busSettings"]["headline"]["textBn"].as_str().unwrap().contains("ঈদ"), "{body}");
    }

    a_search_typed_in_bangla_finds_what_the_english_one_finds(app) {
        let english = search(&app, "Dhaka", "Chattogram").await;
        let bangla = search(&app, "ঢাকা", " চট্টগ্রাম ").await;
        assert!(!english["trips"].as_array().unwrap().is_empty());
        assert_eq!(english, bangla);
    }

    a_trip_names_its_operator_class_route_and_points_in_both_scripts(app) {
        let data = search(&app, "Dhaka", "Chattogram").await;
        let trip = &data["trips"][0];
        assert!(trip["companyNameBn"].is_string() && trip["busClassBn"].is_string(), "{trip}");
        assert_eq!(trip["routeNameBn"].as_str().unwrap().split(" - ").next(), Some("ঢাকা"), "{trip}");
        // Item by item: the site shows boardingPointsBn[i] for boardingPoints[i].
        for list in ["boardingPoints", "droppingPoints"] {
            let (english, bangla) = (texts(&trip[list]), texts(&trip[format!("{list}Bn")]));
            assert_eq!(english.len(), bangla.len(), "{trip}");
            assert!(bangla.iter().zip(&english).all(|(bn, en)| bn != en), "every point has Bangla: {bangla:?}");
        }
        let (english, bangla) = (texts(&data["boardingPoints"]), texts(&data["boardingPointsBn"]));
        assert_eq!(english.len(), bangla.len());
        let (english, bangla) = (texts(&data["busClasses"]), texts(&data["busClassesBn"]));
        assert_eq!(english.len(), bangla.len());
        assert!(data["companies"].as_array().unwrap().iter().all(|c| c["nameBn"].is_string()), "{data}");

        let id = trip["_id"].as_str().unwrap();
        let (status, body) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": id, "from": "Dhaka", "to": "Chattogram"})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        for point in body["data"]["seatPlan"]["bordingPoints"].as_array().unwrap() {
            assert!(point["nameBn"].is_string(), "{point}");
        }

        let launch = app
            .post("/v1/api/water/get-schedule-trips", json!({"from": "Dhaka", "to": "Barishal", "journeyDate": tomorrow()}))
            .await
            .1;
        let ship = &launch["data"]["ships"][0];
        assert!(ship["nameBn"].as_str().is_some_and(|n| n.starts_with("এমভি")), "{ship}");
        assert_eq!(launch["data"]["trips"][0]["shipNameBn"], ship["nameBn"]);
        let trip = launch["data"]["trips"][0]["_id"].as_str().unwrap();
        let (status, body) = app.post("/v1/api/water/get-seat-view", json!({"tripId": trip})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        for class in body["data"]["seatPlan"]["ClassWiseSeatPlan"].as_array().unwrap() {
            assert!(class["classNameBn"].is_string() && class["floorNameBn"].is_string(), "{class}");
        }
    }

    a_ticket_carries_its_names_and_fare_lines_in_bangla(app) {
        let ticket = ticket(&app, "bn-ticket").await;
        assert_eq!(ticket["fromBn"], "ঢাকা", "{ticket}");
        assert_eq!(ticket["toBn"], "চট্টগ্রাম", "{ticket}");
        for field in ["companyNameBn", "vehicleBn", "boardingPointBn", "droppingPointBn"] {
            assert!(ticket[field].as_str().is_some_and(|v| !v.is_empty()), "{field} in {ticket}");
        }
        assert_eq!(ticket["fareLines"][0]["labelBn"], "ভাড়া");
    }

    the_pdf_is_written_in_the_language_the_traveller_chose(app) {
        let ticket = ticket(&app, "bn-pdf").await;
        let app = app.visitor("bn-pdf");
        let id = ticket["_id"].as_str().unwrap();
        let (status, bangla) = common::ticket_pdf_text(&app, id, &[("cookie", "theme=x; lang=bn")]).await;
        assert_eq!(status, StatusCode::OK);
        let boarding = ticket["boardingPointBn"].as_str().unwrap();
        for expected in ["রহিম উদ্দিন", "ঢাকা", "চট্টগ্রাম", boarding, "যাত্রী", "টাকা", ticket["pnr"].as_str().unwrap()] {
            assert!(bangla.contains(expected), "{expected} in the Bangla PDF:\n{bangla}");
        }
        assert!(!bangla.contains("PASSENGER") && !bangla.contains("FARE DETAILS"), "{bangla}");
        // The API client says it in Accept-Language; the cookie, the site's choice, wins.
        let (_, by_header) = common::ticket_pdf_text(&app, id, &[("accept-language", "bn-BD,en;q=0.5")]).await;
        assert!(by_header.contains("যাত্রী"), "{by_header}");
        let (_, english) = common::ticket_pdf_text(&app, id, &[("cookie", "lang=en"), ("accept-language", "bn")]).await;
        for expected in ["PASSENGER", "Chittagong", "Rahim", "TK"] {
            let expected = if expected == "Rahim" { "রহিম উদ্দিন" } else { expected };
            assert!(english.contains(expected), "{expected} in the English PDF:\n{english}");
        }
        assert!(!english.contains("চট্টগ্রাম"), "{english}");
    }

    // Issue 39, 10: the ticket has faces for Latin and Bengali only; a name in another script
    // printed as a blank. It is kept as typed, and the ticket says whose it is by its PNR.
    a_name_the_ticket_cannot_draw_is_printed_as_the_name_booked_for_its_pnr(app) {
        for (who, name) in [("arabic", "محمد أحمد"), ("chinese", "王小明"), ("hindi", "राहुल शर्मा"), ("thai", "สมชาย ใจดี")] {
            let ticket = ticket_named(&app, who, name).await;
            assert_eq!(ticket["passengerName"], name, "kept as typed: {ticket}");
            let pnr = ticket["pnr"].as_str().unwrap();
            let (status, english) = common::ticket_pdf_text(&app.visitor(who), ticket["_id"].as_str().unwrap(), &[("cookie", "lang=en")]).await;
            assert_eq!(status, StatusCode::OK);
            // As read back, a line wrapped in the field is a space.
            let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(words(&english).contains(&format!("PASSENGER MOBILE Name as booked for PNR {pnr}")), "{who}:\n{english}");
            let (_, bangla) = common::ticket_pdf_text(&app.visitor(who), ticket["_id"].as_str().unwrap(), &[("cookie", "lang=bn")]).await;
            assert!(words(&bangla).contains(&format!("PNR {pnr}-এ বুক করা নাম")), "{who}:\n{bangla}");
        }
        // A name of Latin letters and Bengali prints as it is.
        let ticket = ticket_named(&app, "mixed", "Rahim রহিম").await;
        let (_, text) = common::ticket_pdf_text(&app.visitor("mixed"), ticket["_id"].as_str().unwrap(), &[("cookie", "lang=en")]).await;
        assert!(text.contains("Rahim রহিম") && !text.contains("Name as booked"), "{text}");
    }

    // Issue 39, 10: a name of invisible characters only is refused with its own message.
    a_name_of_invisible_characters_is_refused_at_booking(app) {
        let data = search(&app, "Dhaka", "Chattogram").await;
        let id = data["trips"][0]["_id"].as_str().unwrap();
        let seat = common::free_seats(&app, id).await.remove(0);
        let app = app.visitor("zero-width");
        assert_eq!(app.lock(id, &[seat.as_str()]).await.0, StatusCode::OK);
        for name in ["\u{200B}\u{200B}\u{200B}", "\u{200B} \u{FEFF} \u{2060}", "\u{3164}\u{3164}"] {
            let details = json!({"tripId": id, "seats": [seat], "name": name, "phone": PHONE, "gender": "male"});
            let (status, body) = app.post("/v1/api/intercity/payment-pending", details).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("passenger.nameInvisible")), "{name:?}: {body}");
        }
        // Invisible characters around a real name are trimmed off it.
        let details = json!({"tripId": id, "seats": [seat], "name": "\u{200B}Rahim Uddin\u{200B}", "phone": PHONE, "gender": "male"});
        let (status, body) = app.post("/v1/api/intercity/payment-pending", details).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let stored: String = sqlx::query_scalar("SELECT passenger_name FROM bookings WHERE tnx_id = $1")
            .bind(body["data"]["tnxId"].as_str().unwrap())
            .fetch_one(&app.state.pool)
            .await
            .unwrap();
        assert_eq!(stored, "Rahim Uddin");
    }

    the_otp_sms_is_in_the_language_of_the_request(app) {
        let send = |language: &'static str| {
            let app = app.clone();
            async move {
                sqlx::query("DELETE FROM otp_sends").execute(&app.state.pool).await.unwrap();
                let request = axum::http::Request::post("/v1/api/common/send-otp-by-phone")
                    .header("authorization", format!("Bearer {}", app.token))
                    .header("content-type", "application/json")
                    .header("accept-language", language)
                    .body(axum::body::Body::from(json!({"phone": PHONE}).to_string()))
                    .unwrap();
                let (status, body) = app.send(request).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                common::last_sms(&app, PHONE).await
            }
        };
        let bangla = send("bn").await;
        assert!(bangla.contains("টিকিট খুঁজতে আপনার OTP"), "{bangla}");
        let code = common::sms_code(&app, PHONE).await;
        assert!(bangla.contains(&code), "the code stays in ASCII digits: {bangla}");
        let english = send("en-GB").await;
        assert!(english.starts_with("Your OTP to find your tickets is"), "{english}");
    }
}
