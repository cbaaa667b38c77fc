//! Every call of the ticket API, part 1, on SQLite and PostgreSQL: happy paths, validation,
//! tokens, malformed and oversized bodies, unknown ids, per-leg availability.
#![allow(clippy::unwrap_used)]

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::Row;

fn tomorrow() -> String {
    common::today().add_days(1).to_string()
}

async fn search(app: &common::TestApp, service: &str, from: &str, to: &str) -> Value {
    let (status, body) = app
        .post(
            &format!("/v1/api/{service}/get-schedule-trips"),
            json!({"from": from, "to": to, "journeyDate": tomorrow()}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// A seat of the trip that has no claim at all.
async fn free_seat(app: &common::TestApp, trip: &str) -> String {
    common::free_seats(app, trip).await.remove(0)
}

async fn claim(app: &common::TestApp, trip: &str, seat: &str, leg: i64, state: &str, expires_at: Option<i64>) {
    sqlx::query(
        "INSERT INTO seat_claims (trip_id, seat_no, leg, claim_id, state, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(trip)
    .bind(seat)
    .bind(leg)
    .bind(format!("test-{seat}-{leg}"))
    .bind(state)
    .bind(expires_at)
    .execute(&app.state.pool)
    .await
    .unwrap();
    // Written behind the server's back: its claims cache is told.
    app.state.claims.forget(trip);
}

fn all_seats(plan: &Value) -> Vec<Value> {
    ["seatList", "upperDeckSeatList", "lowerDeckSeatList"]
        .iter()
        .flat_map(|k| plan[k].as_array().cloned().unwrap_or_default())
        .collect()
}

fn seat<'a>(plan: &'a [Value], no: &str) -> &'a Value {
    plan.iter().find(|s| s["seatNo"] == no).unwrap()
}

on_both! {
    content_calls_answer_with_the_keys_spec_names(app) {
        for service in ["intercity", "water"] {
            for (path, key) in [
                ("blogs", "blogs"),
                ("offer-and-promo-images", "offerAndPromoImages"),
                ("cities", "cities"),
                ("operators", "operators"),
                ("popular-routes", "popularRoutes"),
                ("banners", "banners"),
            ] {
                let (status, body) = app.get(&format!("/v1/api/{service}/{path}")).await;
                assert_eq!(status, StatusCode::OK, "{service}/{path}: {body}");
                assert_eq!(body["statusCode"], 200);
                let list = body["data"][key].as_array().unwrap_or_else(|| panic!("{service}/{path} has {key}: {body}"));
                assert!(!list.is_empty(), "{service}/{path} is empty");
            }
        }
        let (_, bus) = app.get("/v1/api/intercity/get-head-line").await;
        assert!(bus["data"]["busSettings"]["headline"]["text"].as_str().unwrap().len() > 10);
        assert_eq!(bus["data"]["busSettings"]["headline"]["isVisible"], true);
        let (_, launch) = app.get("/v1/api/water/get-head-line").await;
        assert!(launch["data"]["launchSettings"]["headline"]["text"].is_string());
    }

    cities_are_places_not_terminals(app) {
        let (_, body) = app.get("/v1/api/intercity/cities").await;
        let names: Vec<&str> = body["data"]["cities"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert!(names.len() >= 25, "{names:?}");
        assert_eq!(names[0], "Dhaka");
        assert!(names.contains(&"Chattogram"));
        for terminal in ["Gabtoli", "Sayedabad", "Sadarghat"] {
            assert!(!names.iter().any(|n| n.contains(terminal)), "{terminal} is a point, not a city");
        }
    }

    an_operator_page_and_an_unknown_one(app) {
        let (_, list) = app.get("/v1/api/intercity/operators").await;
        let id = list["data"]["operators"][0]["_id"].as_str().unwrap().to_owned();
        let (status, body) = app.get(&format!("/v1/api/intercity/operator?id={id}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["operator"]["_id"], id.as_str());
        assert!(!body["data"]["operator"]["routes"].as_array().unwrap().is_empty());
        let (status, body) = app.get("/v1/api/intercity/operator?id=nobody").await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("Operator not found")));
        assert_eq!(body["error"], "Not Found");
        let (status, body) = app.get("/v1/api/intercity/operator").await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("id is required")));
    }

    a_popular_route_and_an_unknown_one(app) {
        let (_, list) = app.get("/v1/api/water/popular-routes").await;
        let first = &list["data"]["popularRoutes"][0];
        let (status, body) = app.get(&format!("/v1/api/water/popular-route?id={}", first["_id"].as_str().unwrap())).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["data"]["popularRoute"]["from"], first["from"]);
        let (status, body) = app.get("/v1/api/water/popular-route?id=nope").await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("Popular route not found")));
    }

    banners_follow_their_module_type(app) {
        let (_, water) = app.get("/v1/api/intercity/banners?moduleType=water").await;
        let (_, intercity) = app.get("/v1/api/intercity/banners?moduleType=intercity").await;
        assert_ne!(water["data"]["banners"], intercity["data"]["banners"]);
        let (status, body) = app.get("/v1/api/intercity/banners?moduleType=air").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }

    bus_search_lists_trips_with_what_travellers_compare(app) {
        let data = search(&app, "intercity", "Dhaka", "Chittagong").await;
        let trips = data["trips"].as_array().unwrap();
        assert!(trips.len() >= 3, "several departures a day: {}", trips.len());
        for trip in trips {
            for key in ["_id", "companyName", "coachNo", "busClass", "departureDateTime", "arrivalDateTime", "seatFare", "availableSeats"] {
                assert!(!trip[key].is_null(), "{key} in {trip}");
            }
            let shown = core_wasm::time::display(trip["departureDateTime"].as_str().unwrap(), Default::default()).unwrap();
            assert_eq!(shown.date, tomorrow(), "a trip of the searched Dhaka date");
            assert!(!trip["boardingPoints"].as_array().unwrap().is_empty());
        }
        assert!(!data["boardingPoints"].as_array().unwrap().is_empty());
        assert!(!data["companies"].as_array().unwrap().is_empty());
        assert!(!data["busClasses"].as_array().unwrap().is_empty());
        let ac = app
            .visitor("a")
            .post("/v1/api/intercity/get-schedule-trips", json!({"from": "dhaka", "to": "Chattogram", "journeyDate": tomorrow(), "coachType": "ac", "anonymousId": "a"}))
            .await
            .1;
        assert!(ac["data"]["trips"].as_array().unwrap().iter().all(|t| t["coachType"] == "ac"));
    }

    a_search_for_today_offers_no_trip_that_has_left(app) {
        // Booking one would be refused ('This trip has already left'): it is not offered.
        let today = common::today().to_string();
        let (status, body) = app.post("/v1/api/intercity/get-schedule-trips", json!({"from": "Dhaka", "to": "Chattogram", "journeyDate": today})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let now_ms = ticket_api::clock::now_unix_ms();
        let now = ticket_api::clock::wire_time(core_wasm::time::dhaka_now(now_ms as f64).epoch_minutes());
        for trip in body["data"]["trips"].as_array().unwrap() {
            let departs = trip["departureDateTime"].as_str().unwrap();
            assert!(departs > now.as_str(), "{departs} has left (now {now})");
        }
        let later = search(&app, "intercity", "Dhaka", "Chattogram").await;
        assert!(!later["trips"].as_array().unwrap().is_empty(), "tomorrow's trips are all offered");
    }

    launch_search_lists_ships(app) {
        let data = search(&app, "water", "Dhaka", "Barishal").await;
        let trips = data["trips"].as_array().unwrap();
        assert!(!trips.is_empty());
        assert!(trips.iter().all(|t| t["shipName"].is_string()));
        assert!(!data["ships"].as_array().unwrap().is_empty());
        // Cabins and deck cost differently: a range.
        assert!(trips.iter().any(|t| t["seatFare"].as_str().is_some_and(|f| f.contains('-'))), "{trips:?}");
    }

    search_validation_lists_every_problem(app) {
        let (status, body) = app
            .post("/v1/api/intercity/get-schedule-trips", json!({"from": "", "to": "", "journeyDate": "2020-13-01", "coachType": "luxury"}))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["message"].as_array().unwrap().len(), 4, "{body}");
        let yesterday = common::today().add_days(-1).to_string();
        let (status, body) = app
            .post("/v1/api/intercity/get-schedule-trips", json!({"from": "Dhaka", "to": "Sylhet", "journeyDate": yesterday}))
            .await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("journeyDate cannot be before today")));
        let (status, body) = app
            .post("/v1/api/intercity/get-schedule-trips", json!({"from": "Atlantis", "to": "Sylhet", "journeyDate": tomorrow()}))
            .await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("City not found: Atlantis")));
    }

    malformed_wrong_typed_and_oversized_bodies_are_4xx(app) {
        let path = "/v1/api/intercity/get-schedule-trips";
        let (status, body) = app.post_raw(path, "application/json", "{\"from\": ".into()).await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Malformed JSON")));
        let (status, body) = app.post(path, json!({"from": 1, "to": "x", "journeyDate": "2030-01-01"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(body["message"].as_str().unwrap().contains("from"), "{body}");
        let (status, _) = app.post(path, json!([])).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = app.post_raw(path, "text/plain", "{}".into()).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let huge = json!({"from": "x".repeat(ticket_api::BODY_LIMIT + 1), "to": "y", "journeyDate": "2030-01-01"});
        let (status, body) = app.post(path, huge).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
        assert_eq!(body["statusCode"], 413);
    }

    unknown_paths_are_enveloped_404s(app) {
        let (status, body) = app.get("/v1/api/intercity/no-such-call").await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("This page could not be found")));
        let (status, _) = app.get("/v1/api/air/cities").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }

    bus_seat_view_has_decks_points_and_statuses(app) {
        let data = search(&app, "intercity", "Dhaka", "Chattogram").await;
        let trip = data["trips"][0]["_id"].as_str().unwrap().to_owned();
        let (status, body) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip, "from": "Dhaka", "to": "Chattogram"})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let plan = &body["data"]["seatPlan"];
        let seats = all_seats(plan);
        assert!(seats.len() >= 15);
        assert!(seats.iter().any(|s| s["status"] == "booked"), "some seats already sold");
        assert!(seats.iter().any(|s| s["status"] == "available"));
        assert!(!plan["bordingPoints"].as_array().unwrap().is_empty(), "spelt as SPEC spells it");
        assert!(!plan["droppingPoints"].as_array().unwrap().is_empty());
        assert!(plan["bordingPoints"][0]["time"].is_string());
        let (status, body) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": "no-such-trip"})).await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("Trip not found")));
    }

    sleeper_coaches_have_two_decks(app) {
        let row = sqlx::query(
            "SELECT t.id FROM trips t JOIN vehicles v ON v.id = t.vehicle_id \
             WHERE EXISTS (SELECT 1 FROM layout_seats s WHERE s.layout_id = v.layout_id AND s.deck = 'upper') LIMIT 1",
        )
        .fetch_one(&app.state.pool)
        .await
        .expect("the demo network has a sleeper");
        let trip: String = row.get("id");
        let (_, body) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await;
        let plan = &body["data"]["seatPlan"];
        assert!(!plan["upperDeckSeatList"].as_array().unwrap().is_empty(), "{body}");
        assert!(!plan["lowerDeckSeatList"].as_array().unwrap().is_empty());
    }

    a_seat_sold_for_the_first_leg_is_free_for_the_second(app) {
        let (trip, first, middle, last) = common::three_stop_trip(&app).await;
        let seat_no = free_seat(&app, &trip).await;
        claim(&app, &trip, &seat_no, 0, "sold", None).await;

        let view = |from: &str, to: &str| json!({"tripId": trip, "from": from, "to": to});
        let (_, whole) = app.post("/v1/api/intercity/get-seat-view", view(&first, &last)).await;
        let seats = all_seats(&whole["data"]["seatPlan"]);
        let s = seat(&seats, &seat_no);
        assert_eq!(s["status"], "booked", "booked for the whole trip");
        let entries = s["fareList"].as_array().expect("a fare per segment on a three-stop route");
        let middle_points: Vec<String> = whole["data"]["seatPlan"]["bordingPoints"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect();
        assert!(entries.iter().any(|e| e["status"] == "available"), "free from {middle} on: {entries:?} {middle_points:?}");
        assert!(entries.iter().any(|e| e["status"] == "booked"));

        let (_, second_leg) = app.post("/v1/api/intercity/get-seat-view", view(&middle, &last)).await;
        assert_eq!(seat(&all_seats(&second_leg["data"]["seatPlan"]), &seat_no)["status"], "available");
        let (_, first_leg) = app.post("/v1/api/intercity/get-seat-view", view(&first, &middle)).await;
        assert_eq!(seat(&all_seats(&first_leg["data"]["seatPlan"]), &seat_no)["status"], "booked");
    }

    a_held_seat_shows_locked_until_its_hold_expires(app) {
        let (trip, first, _, last) = common::three_stop_trip(&app).await;
        let held = free_seat(&app, &trip).await;
        let far_future = i64::MAX / 2;
        claim(&app, &trip, &held, 0, "held", Some(far_future)).await;
        claim(&app, &trip, &held, 1, "held", Some(far_future)).await;
        let expired = {
            let s = free_seat(&app, &trip).await;
            claim(&app, &trip, &s, 0, "held", Some(1)).await;
            s
        };
        let (_, body) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip, "from": first, "to": last})).await;
        let seats = all_seats(&body["data"]["seatPlan"]);
        assert_eq!(seat(&seats, &held)["status"], "locked");
        assert_eq!(seat(&seats, &expired)["status"], "available", "an expired hold frees the seat, no job needed");
    }

    availability_in_search_counts_only_the_searched_legs(app) {
        let (trip, first, middle, last) = common::three_stop_trip(&app).await;
        let available = |data: &Value| {
            data["trips"].as_array().unwrap().iter().find(|t| t["_id"] == trip.as_str()).map(|t| t["availableSeats"].as_i64().unwrap())
        };
        let whole_before = available(&search(&app, "intercity", &first, &last).await).unwrap();
        let second_before = available(&search(&app, "intercity", &middle, &last).await).unwrap();
        let seat_no = free_seat(&app, &trip).await;
        claim(&app, &trip, &seat_no, 0, "sold", None).await;
        assert_eq!(available(&search(&app, "intercity", &first, &last).await).unwrap(), whole_before - 1);
        assert_eq!(available(&search(&app, "intercity", &middle, &last).await).unwrap(), second_before, "claimed a moment ago, never shown wrong");
    }

    launch_seat_view_has_classes_on_floors(app) {
        let data = search(&app, "water", "Dhaka", "Barishal").await;
        let trip = data["trips"][0]["_id"].as_str().unwrap().to_owned();
        let (status, body) = app.post("/v1/api/water/get-seat-view", json!({"tripId": trip})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let classes = body["data"]["seatPlan"]["ClassWiseSeatPlan"].as_array().unwrap();
        assert!(classes.len() >= 4, "deck, chair and cabins: {}", classes.len());
        let class_ids: Vec<&str> = classes.iter().map(|c| c["classId"].as_str().unwrap()).collect();
        for class in ["deck", "single", "double", "vip"] {
            assert!(class_ids.contains(&class), "{class} in {class_ids:?}");
        }
        assert!(classes.iter().any(|c| c["floorId"].is_string()));
        let rows = classes[0]["seats"].as_array().unwrap();
        let width = rows[0].as_array().unwrap().len();
        assert!(rows.iter().all(|r| r.as_array().unwrap().len() == width), "a grid");
        assert!(rows.iter().flat_map(|r| r.as_array().unwrap()).any(|c| c["available"] == true));
        // A launch trip is not a bus trip.
        let (status, _) = app.post("/v1/api/intercity/get-seat-view", json!({"tripId": trip})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

mod tokens {
    use super::*;
    use core_wasm::contract::calls::{CallSpec, Under};

    async fn app() -> common::TestApp {
        common::TestApp::new(common::Backend::Sqlite).await
    }

    async fn call_with(app: &common::TestApp, authorization: Option<String>) -> (StatusCode, Value) {
        let mut request = Request::get("/v1/api/intercity/cities");
        if let Some(a) = authorization {
            request = request.header(header::AUTHORIZATION, a);
        }
        app.send(request.body(Body::empty()).unwrap()).await
    }

    #[tokio::test]
    async fn every_call_without_a_valid_token_is_a_401_in_the_envelope() {
        let app = app().await;
        for auth in [None, Some("Bearer".into()), Some("Bearer nonsense".into()), Some(format!("Basic {}", app.token))]
        {
            let (status, body) = call_with(&app, auth).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
            assert_eq!((body["statusCode"].as_u64(), body["message"].as_str()), (Some(401), Some("Unauthorized")));
        }
        let (status, _) = call_with(&app, Some(format!("Bearer {}", app.token))).await;
        assert_eq!(status, StatusCode::OK);
    }

    #[tokio::test]
    async fn the_public_client_gets_a_token_by_json_or_form() {
        let app = app().await;
        let json_request = Request::post("/oauth/access_token")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(json!({"grant_type": "client_credentials", "client_id": "web"}).to_string()))
            .unwrap();
        let (status, body) = app.send(json_request).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!((body["token_type"].as_str(), body["expires_in"].as_u64()), (Some("Bearer"), Some(60)));
        let (status, _) = call_with(&app, Some(format!("Bearer {}", body["access_token"].as_str().unwrap()))).await;
        assert_eq!(status, StatusCode::OK);

        let form = Request::post("/oauth/access_token")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from("grant_type=password&client_id=partner&client_secret=s3cret&username=agent&password=pass"))
            .unwrap();
        let (status, body) = app.send(form).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    #[tokio::test]
    async fn wrong_credentials_are_oauth_errors() {
        let app = app().await;
        for (body, status, code) in [
            (
                json!({"grant_type": "client_credentials", "client_id": "mobile"}),
                StatusCode::UNAUTHORIZED,
                "invalid_client",
            ),
            (
                json!({"grant_type": "password", "client_id": "partner", "client_secret": "s3cret", "username": "agent", "password": "nope"}),
                StatusCode::BAD_REQUEST,
                "invalid_grant",
            ),
            (json!({"grant_type": "implicit", "client_id": "web"}), StatusCode::BAD_REQUEST, "unsupported_grant_type"),
            (json!({"client_id": "web"}), StatusCode::BAD_REQUEST, "invalid_request"),
        ] {
            let request = Request::post("/oauth/access_token")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string()))
                .unwrap();
            let (got, answer) = app.send(request).await;
            assert_eq!((got, answer["error"].as_str()), (status, Some(code)), "{body}");
        }
    }

    #[tokio::test]
    async fn an_expired_token_is_refused() {
        let app = common::TestApp::with_ttl(common::Backend::Sqlite, 1).await;
        let (status, _) = call_with(&app, Some(format!("Bearer {}", app.token))).await;
        assert_eq!(status, StatusCode::OK);
        tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
        let (status, body) = call_with(&app, Some(format!("Bearer {}", app.token))).await;
        assert_eq!((status, body["statusCode"].as_u64()), (StatusCode::UNAUTHORIZED, Some(401)));
    }

    #[tokio::test]
    async fn the_openapi_document_lists_every_call_with_schemas() {
        let app = app().await;
        let request = Request::get("/v1/api/openapi.json").body(Body::empty()).unwrap();
        let (status, doc) = app.send(request).await;
        assert_eq!(status, StatusCode::OK, "readable without a token");
        assert_eq!(doc["openapi"], "3.1.0");
        let paths = doc["paths"].as_object().unwrap();
        for call in [
            "get-head-line",
            "blogs",
            "offer-and-promo-images",
            "cities",
            "operators",
            "operator",
            "popular-routes",
            "popular-route",
            "banners",
            "get-schedule-trips",
            "get-seat-view",
        ] {
            for service in ["intercity", "water"] {
                assert!(paths.contains_key(&format!("/v1/api/{service}/{call}")), "{service}/{call}");
            }
        }
        assert!(paths.contains_key("/oauth/access_token"));
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for name in ["Trip", "BusSeatPlan", "ClassPlan", "City", "ErrorBody", "TripSearchRequest"] {
            assert!(schemas.contains_key(name), "{name} in {:?}", schemas.keys().collect::<Vec<_>>());
        }
        let plan = &schemas["BusSeatPlan"]["properties"];
        assert!(plan.get("bordingPoints").is_some(), "keys as SPEC spells them");
    }

    #[tokio::test]
    async fn the_openapi_document_has_an_operation_for_every_row_of_the_call_table() {
        use core_wasm::contract::calls::{CALLS, Method};
        let app = app().await;
        let (_, doc) = app.send(Request::get("/v1/api/openapi.json").body(Body::empty()).unwrap()).await;
        for call in CALLS {
            for under in call.scope.prefixes() {
                let path = call.path(*under);
                let op = &doc["paths"][&path][call.method.as_str().to_lowercase()];
                assert!(op.is_object(), "{path}");
                let statuses = op["responses"].as_object().unwrap();
                for status in ["200", "400", "401", "404", "408", "429", "500", "503"] {
                    assert!(statuses.contains_key(status), "{path} {status}");
                }
                if call.method == Method::Post {
                    for status in ["409", "413", "415"] {
                        assert!(statuses.contains_key(status), "{path} {status}");
                    }
                }
                assert_eq!(statuses.contains_key("403"), call.names_visitor, "{path} 403");
                assert_eq!(statuses.contains_key("422"), call.idempotent, "{path} 422");
                let per_address = statuses["429"]["description"].as_str().unwrap().contains("from this visitor");
                assert_eq!(per_address, call.limited, "{path} 429");
            }
            // Outside its scope a call has no path at all.
            for under in [Under::Bus, Under::Launch, Under::Common] {
                if !call.scope.serves(under) && CallSpec::find(call.purpose_name(), under).is_none() {
                    assert!(doc["paths"].get(call.path(under)).is_none(), "{}", call.path(under));
                }
            }
        }
        let schemas = &doc["components"]["schemas"];
        assert_eq!(schemas["SeatLockRequest"]["properties"]["seats"]["maxItems"], 4, "the limits the server enforces");
        assert_eq!(schemas["PaymentPendingRequest"]["properties"]["name"]["maxLength"], 100);
        let banners = &doc["paths"]["/v1/api/water/banners"]["get"]["parameters"];
        assert_eq!(banners[0]["name"], "moduleType", "a GET's request type gives its query: {banners}");
    }

    #[tokio::test]
    async fn a_call_outside_its_scope_is_not_found_before_its_handler_runs() {
        let app = app().await;
        // Bodies that would be 400 if a handler read them: the 404 comes first.
        for path in [
            "/v1/api/water/remove-promo-code",
            "/v1/api/water/bus-reservation",
            "/v1/api/intercity/payment-seat-remove",
            "/v1/api/intercity/passenger-details-payment",
            "/v1/api/common/seat-lock",
            "/v1/api/intercity/send-otp",
        ] {
            let (status, body) = app.post(path, json!({"tnxId": 5})).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
            assert_eq!(body["message"], "This page could not be found", "{path}");
            assert_eq!(body["code"], "page.notFound", "the site shows messages by code: {body}");
        }
    }

    #[tokio::test]
    async fn an_api_on_its_own_origin_allows_the_site_origin_only() {
        let app =
            common::TestApp::with_settings(common::Backend::Sqlite, 60, &[("CORS_ORIGINS", "https://tickets.example")])
                .await;
        let preflight = |origin: &str| {
            Request::builder()
                .method("OPTIONS")
                .uri("/v1/api/intercity/get-schedule-trips")
                .header(header::ORIGIN, origin)
                .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
                .header(header::ACCESS_CONTROL_REQUEST_HEADERS, "authorization,content-type,idempotency-key")
                .body(Body::empty())
                .unwrap()
        };
        let allowed =
            tower::ServiceExt::oneshot(app.router.clone(), preflight("https://tickets.example")).await.unwrap();
        assert_eq!(allowed.headers().get(header::ACCESS_CONTROL_ALLOW_ORIGIN).unwrap(), "https://tickets.example");
        let refused = tower::ServiceExt::oneshot(app.router.clone(), preflight("https://evil.example")).await.unwrap();
        assert!(refused.headers().get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
    }
}

mod nul {
    use super::*;

    on_both! {
        a_nul_character_is_a_400_on_both_stores_never_a_500(app) {
            for (path, body) in [
                ("/v1/api/intercity/get-schedule-trips", r#"{"from":"Dha\u0000ka","to":"Sylhet","journeyDate":"2030-01-01"}"#),
                ("/v1/api/intercity/seat-lock", r#"{"tripId":"t\u0000","seats":["A1"],"anonymousId":"v"}"#),
                ("/v1/api/intercity/get-booking-info-by-txn-id", r#"{"tnxId":"TNX\u0000"}"#),
                ("/v1/api/common/send-otp-by-phone", r#"{"phone":"0171234567\u0000"}"#),
            ] {
                let (status, answer) = app.post_raw(path, "application/json", body.to_owned()).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {answer}");
                assert_eq!(answer["code"], "request.nul", "{path}");
            }
            for path in ["/v1/api/intercity/operator?id=%00", "/v1/api/intercity/download-ticket-pdf/a%00b"] {
                let (status, answer) = app.get(path).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {answer}");
            }
            // A backslash and the text u0000 is ordinary text: no refusal.
            let (status, _) = app
                .post_raw("/v1/api/intercity/get-booking-info-by-txn-id", "application/json", r#"{"tnxId":"a\\u0000"}"#.to_owned())
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }

        a_nul_in_the_gateways_own_paths_is_a_400_too(app) {
            // Every gateway's routes exist (they are only mounted when configured); nothing
            // listens at the gateways' API: the NUL is refused before anything is asked.
            let site = common::TestApp::with_settings(
                app.backend(),
                60,
                &[
                    ("PUBLIC_URL", "https://tickets.example"),
                    ("GATEWAY_TIMEOUT_SECONDS", "1"),
                    ("SSLCOMMERZ_API_URL", "http://127.0.0.1:9/ssl"),
                    ("SSLCOMMERZ_STORE_ID", "store"),
                    ("SSLCOMMERZ_STORE_PASSWORD", "secret"),
                    ("BKASH_API_URL", "http://127.0.0.1:9/bk"),
                    ("BKASH_APP_KEY", "key"),
                    ("BKASH_APP_SECRET", "secret"),
                    ("BKASH_USERNAME", "user"),
                    ("BKASH_PASSWORD", "password"),
                ],
            )
            .await;
            for (method, path) in [
                ("POST", "/gateway/sslcommerz/%00/success"),
                ("POST", "/gateway/sslcommerz/%00/fail"),
                ("GET", "/gateway/bkash/%00"),
                ("GET", "/gateway/bkash/%00?paymentID=%00&status=failure"),
                ("GET", "/gateway/sandbox/%00"),
                ("POST", "/gateway/sandbox/%00/pay"),
                ("POST", "/oauth/access_token?x=%00"),
            ] {
                let (status, _) = site.visit(method, path, &[("val_id", "V")]).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{method} {path}");
            }
        }
    }
}
