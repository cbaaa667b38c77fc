//! The OpenAPI 3.1 document at `/v1/api/openapi.json`, generated from the contract types (their
//! JSON Schemas come from the same serde types the handlers use) and the table of calls below,
//! so the document cannot drift from the code: a call added to the router without a row here
//! fails the test that compares the two.

use std::sync::OnceLock;

use axum::Json;
use core_wasm::contract::{auth, booking, content, envelope, reservation, seats, tickets, trips};
use schemars::generate::{SchemaGenerator, SchemaSettings};
use schemars::{JsonSchema, Schema};
use serde_json::{Map, Value, json};

/// One call: method, path (with `{service}` for the per-service calls), summary, request and
/// response (`data`) schemas.
#[derive(Debug)]
pub struct Call {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub query: &'static [(&'static str, &'static str)],
    request: Option<fn(&mut SchemaGenerator) -> Schema>,
    response: fn(&mut SchemaGenerator) -> Schema,
}

fn schema<T: JsonSchema>(g: &mut SchemaGenerator) -> Schema {
    g.subschema_for::<T>()
}

/// Both services' calls live under `/v1/api/intercity` (bus) and `/v1/api/water` (launch).
pub const CALLS: &[Call] = &[
    Call {
        method: "get",
        path: "/v1/api/{service}/get-head-line",
        summary: "Headline of the service's ticker",
        query: &[],
        request: None,
        response: schema::<content::HeadlineResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/blogs",
        summary: "Blog posts",
        query: &[],
        request: None,
        response: schema::<content::BlogsResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/offer-and-promo-images",
        summary: "Offer and promo images",
        query: &[],
        request: None,
        response: schema::<content::OfferImagesResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/cities",
        summary: "Cities the service stops at",
        query: &[],
        request: None,
        response: schema::<content::CitiesResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/operators",
        summary: "Operators (bus companies or launch owners)",
        query: &[],
        request: None,
        response: schema::<content::OperatorsResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/operator",
        summary: "An operator's page",
        query: &[("id", "operator id or slug")],
        request: None,
        response: schema::<content::OperatorResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/popular-routes",
        summary: "Popular routes",
        query: &[],
        request: None,
        response: schema::<content::PopularRoutesResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/popular-route",
        summary: "A popular route",
        query: &[("id", "popular route id")],
        request: None,
        response: schema::<content::PopularRouteResponse>,
    },
    Call {
        method: "get",
        path: "/v1/api/{service}/banners",
        summary: "Banners",
        query: &[("moduleType", "intercity (bus) or water (launch)")],
        request: None,
        response: schema::<content::BannersResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/intercity/get-schedule-trips",
        summary: "Bus departures between two cities on a date",
        query: &[],
        request: Some(schema::<trips::TripSearchRequest>),
        response: schema::<trips::BusTripsResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/water/get-schedule-trips",
        summary: "Launch departures between two places on a date",
        query: &[],
        request: Some(schema::<trips::TripSearchRequest>),
        response: schema::<trips::LaunchTripsResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/intercity/get-seat-view",
        summary: "A bus trip's seats for a segment",
        query: &[],
        request: Some(schema::<seats::SeatViewRequest>),
        response: schema::<seats::BusSeatViewResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/water/get-seat-view",
        summary: "A launch trip's classes, cabins and seats",
        query: &[],
        request: Some(schema::<seats::SeatViewRequest>),
        response: schema::<seats::LaunchSeatViewResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/seat-lock",
        summary: "Hold up to 4 seats for the visitor (409 names a seat someone else holds)",
        query: &[],
        request: Some(schema::<booking::SeatLockRequest>),
        response: schema::<booking::SeatLockResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/intercity/payment-pending",
        summary: "Passenger details for the visitor's hold: a bus booking with its invoice",
        query: &[],
        request: Some(schema::<booking::PaymentPendingRequest>),
        response: schema::<booking::BusBooking>,
    },
    Call {
        method: "post",
        path: "/v1/api/water/payment-pending",
        summary: "Passenger details for the visitor's hold: a launch booking with its invoice",
        query: &[],
        request: Some(schema::<booking::PaymentPendingRequest>),
        response: schema::<booking::LaunchBooking>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/update-gateway",
        summary: "Choose the payment gateway: where to send the traveller",
        query: &[],
        request: Some(schema::<booking::UpdateGatewayRequest>),
        response: schema::<booking::UpdateGatewayResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/confirm-ticket",
        summary: "The ticket of a paid booking (idempotent)",
        query: &[],
        request: Some(schema::<booking::TxnRequest>),
        response: schema::<tickets::Ticket>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/get-ticket-info-by-txn-id",
        summary: "A ticket by transaction id",
        query: &[],
        request: Some(schema::<booking::TxnRequest>),
        response: schema::<tickets::Ticket>,
    },
    Call {
        method: "post",
        path: "/v1/api/intercity/get-booking-info-by-txn-id",
        summary: "A bus booking by transaction id",
        query: &[],
        request: Some(schema::<booking::TxnRequest>),
        response: schema::<booking::BusBooking>,
    },
    Call {
        method: "post",
        path: "/v1/api/water/get-booking-info-by-txn-id",
        summary: "A launch booking by transaction id",
        query: &[],
        request: Some(schema::<booking::TxnRequest>),
        response: schema::<booking::LaunchBooking>,
    },
    Call {
        method: "post",
        path: "/v1/api/water/passenger-details-payment",
        summary: "Launch passenger details for the visitor's hold (as payment-pending)",
        query: &[],
        request: Some(schema::<booking::PaymentPendingRequest>),
        response: schema::<booking::LaunchBooking>,
    },
    Call {
        method: "post",
        path: "/v1/api/water/payment-seat-remove",
        summary: "Drop one seat from a pending launch booking; amounts recomputed",
        query: &[],
        request: Some(schema::<booking::SeatRemoveRequest>),
        response: schema::<booking::SeatRemoveResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/check-promo-code",
        summary: "What a promo code would give (data null: invalid)",
        query: &[],
        request: Some(schema::<booking::PromoRequest>),
        response: schema::<booking::PromoResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/apply-promo-code",
        summary: "Apply a promo code or claim a surprise deal (data null: invalid)",
        query: &[],
        request: Some(schema::<booking::PromoRequest>),
        response: schema::<booking::PromoResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/intercity/remove-promo-code",
        summary: "Remove the promo: full amount again",
        query: &[],
        request: Some(schema::<booking::TxnRequest>),
        response: schema::<booking::PromoResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/get-surprise-deal",
        summary: "Sometimes a deal for the booking, claimable for 120 s (404: Sorry!! No deal found now.)",
        query: &[],
        request: Some(schema::<booking::TxnRequest>),
        response: schema::<booking::SurpriseDeal>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/search-ticket",
        summary: "The phone's tickets, newest first, with the OTP sent to it",
        query: &[],
        request: Some(schema::<tickets::SearchTicketRequest>),
        response: schema::<tickets::SearchTicketResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/{service}/cancel-ticket",
        summary: "Cancel a ticket with the OTP sent to its phone: refund per policy",
        query: &[],
        request: Some(schema::<tickets::CancelTicketRequest>),
        response: schema::<tickets::CancelTicketResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/common/send-otp",
        summary: "An OTP to cancel a ticket, sent to the ticket's phone",
        query: &[],
        request: Some(schema::<tickets::SendOtpRequest>),
        response: schema::<tickets::SendOtpResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/common/send-otp-by-phone",
        summary: "An OTP to find a phone's tickets",
        query: &[],
        request: Some(schema::<tickets::SendOtpByPhoneRequest>),
        response: schema::<tickets::SendOtpResponse>,
    },
    Call {
        method: "post",
        path: "/v1/api/intercity/bus-reservation",
        summary: "A full-bus reservation request (fields of SPEC §3)",
        query: &[],
        request: Some(schema::<reservation::ReservationForm>),
        response: schema::<crate::requests::Acknowledged>,
    },
];

fn envelope_of(data: Schema) -> Value {
    json!({
        "type": "object",
        "required": ["statusCode", "message", "data"],
        "properties": {
            "statusCode": {"type": "integer", "example": 200},
            "message": {"type": "string"},
            "data": data,
        }
    })
}

fn build() -> Value {
    let settings = SchemaSettings::openapi3().with(|s| s.definitions_path = "#/components/schemas/".into());
    let mut g = SchemaGenerator::new(settings);
    let error = g.subschema_for::<envelope::ErrorBody>();
    let error_response = |text: &str| json!({"description": text, "content": {"application/json": {"schema": error}}});
    let mut paths = Map::new();
    for call in CALLS {
        let services: &[&str] = if call.path.contains("{service}") { &["intercity", "water"] } else { &[""] };
        for service in services {
            let path = call.path.replace("{service}", service);
            let mut op = json!({
                "summary": call.summary,
                "security": [{"bearer": []}],
                "responses": {
                    "200": {"description": "Success", "content": {"application/json": {"schema": envelope_of((call.response)(&mut g))}}},
                    "400": error_response("Invalid input: every failing field is listed"),
                    "401": error_response("Missing or expired token"),
                    "404": error_response("Not found"),
                    "413": error_response("Body too large"),
                }
            });
            if let Some(request) = call.request {
                op["requestBody"] =
                    json!({"required": true, "content": {"application/json": {"schema": request(&mut g)}}});
            }
            if !call.query.is_empty() {
                op["parameters"] = call
                    .query
                    .iter()
                    .map(|(name, about)| json!({"name": name, "in": "query", "description": about, "schema": {"type": "string"}}))
                    .collect();
            }
            let entry = paths.entry(path).or_insert_with(|| json!({}));
            entry[call.method] = op;
        }
    }
    for service in ["intercity", "water"] {
        paths.insert(
            format!("/v1/api/{service}/download-ticket-pdf/{{id}}"),
            json!({"get": {
                "summary": "The e-ticket as a PDF (PNR, passenger, route, times, points, seats, fares, QR code)",
                "security": [{"bearer": []}],
                "parameters": [{"name": "id", "in": "path", "required": true, "description": "the ticket's _id", "schema": {"type": "string"}}],
                "responses": {
                    "200": {"description": "A PDF, as an attachment named ticket-PNR.pdf", "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}},
                    "404": error_response("Ticket not found"),
                }
            }}),
        );
    }
    paths.insert(
        "/oauth/access_token".into(),
        json!({"post": {
            "summary": "A bearer token: client_credentials for the public web client, password for service accounts",
            "requestBody": {"required": true, "content": {
                "application/json": {"schema": g.subschema_for::<auth::TokenRequest>()},
                "application/x-www-form-urlencoded": {"schema": g.subschema_for::<auth::TokenRequest>()}
            }},
            "responses": {
                "200": {"description": "A token (not enveloped)", "content": {"application/json": {"schema": g.subschema_for::<auth::TokenResponse>()}}},
                "400": {"description": "OAuth error"},
                "401": {"description": "Unknown client"}
            }
        }}),
    );
    let schemas: Map<String, Value> = g.take_definitions(true).into_iter().collect();
    json!({
        "openapi": "3.1.0",
        "info": {"title": "Ticket API", "version": env!("CARGO_PKG_VERSION"),
                 "description": "Bus (intercity) and launch (water) tickets in Bangladesh. Times are ISO strings whose clock reads Dhaka time + 6 h."},
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}
        }
    })
}

/// The document, built once.
pub fn openapi() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(build)
}

pub async fn document() -> Json<&'static Value> {
    Json(openapi())
}
