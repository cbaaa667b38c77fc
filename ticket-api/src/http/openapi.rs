//! The OpenAPI 3.1 document at `/v1/api/openapi.json`, generated from the contract types (their
//! JSON Schemas come from the same serde types the handlers use) and the table of calls below,
//! so the document cannot drift from the code: a call added to the router without a row here
//! fails the test that compares the two.

use std::sync::OnceLock;

use axum::Json;
use core_wasm::contract::calls::{CALLS, CallName, CallSpec, Method, Scope};
use core_wasm::contract::{auth, envelope};
use schemars::Schema;
use schemars::generate::{SchemaGenerator, SchemaSettings};

use crate::BODY_LIMIT;
use serde_json::{Map, Value, json};

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

/// Every status the server can answer a call with, beside its success, and when.
fn failures(call: &CallSpec) -> Vec<(&'static str, String)> {
    let unauthorized = if call.needs_login {
        "Missing or expired token, a visitor's token (this call needs a login), or a login that has ended"
    } else {
        "Missing or expired token, or a login that has ended (logout)"
    };
    let mut statuses = vec![
        ("400", "Invalid input: every failing field is listed (malformed JSON, wrong types, rule violations)".into()),
        ("401", unauthorized.into()),
    ];
    if call.names_visitor {
        let mut forbidden = "The body names another visitor (or user) than the token's".to_owned();
        if call.name == CallName::Login {
            forbidden.push_str("; or the token is a service account's (only the site's visitors log in)");
        }
        statuses.push(("403", forbidden));
    }
    statuses.push((
        "404",
        "Not found: an unknown id, one that is not the caller's (the same answer), or a path outside the call's \
         services"
            .into(),
    ));
    statuses.push(("408", "The request took longer than 30 s".into()));
    if call.method == Method::Post {
        let mut conflict =
            "The world changed: a hold expired, a seat was just taken, a booking is no longer waiting for payment"
                .to_owned();
        if call.idempotent {
            conflict.push_str("; or a request with the same Idempotency-Key is still running, or failed");
        }
        statuses.push(("409", conflict));
        statuses.push(("413", format!("The body is larger than {} KB", BODY_LIMIT / 1024)));
        statuses.push(("415", "The body is not sent as application/json".into()));
    }
    if call.idempotent {
        statuses.push(("422", "The Idempotency-Key was used with another request".into()));
    }
    let limit = if call.limited {
        "Too many of these from this visitor (or this address, or for this phone): Retry-After says when to try again"
    } else {
        "The site is at its ceiling of requests: Retry-After says when to try again"
    };
    statuses.push(("429", limit.into()));
    let unavailable = "The store is unavailable for a moment (a failover): Retry-After says when to try again";
    if matches!(call.name, CallName::SendOtp | CallName::SendOtpByPhone | CallName::LoginOtp) {
        statuses.push(("503", format!("The SMS could not be sent; nothing was used up, try again. {unavailable}")));
    } else {
        statuses.push(("503", unavailable.into()));
    }
    statuses.push(("500", "An internal failure (logged); the message is generic".into()));
    statuses
}

/// A GET's request type as query parameters: its properties.
fn query_parameters(schema: &Schema) -> Vec<Value> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return Vec::new() };
    properties
        .iter()
        .map(|(name, property)| {
            let mut parameter = json!({"name": name, "in": "query", "required": required.contains(&name.as_str()), "schema": {"type": "string"}});
            if let Some(about) = property.get("description") {
                parameter["description"] = about.clone();
            }
            parameter
        })
        .collect()
}

fn build() -> Value {
    let settings = SchemaSettings::openapi3().with(|s| {
        s.definitions_path = "#/components/schemas/".into();
        // Query types are read inline for their properties.
        s.inline_subschemas = false;
    });
    let mut g = SchemaGenerator::new(settings);
    let mut inline = SchemaGenerator::new(SchemaSettings::openapi3().with(|s| s.inline_subschemas = true));
    let error = g.subschema_for::<envelope::ErrorBody>();
    let error_response = |text: &str| json!({"description": text, "content": {"application/json": {"schema": error}}});
    let mut paths = Map::new();
    for call in CALLS {
        for under in call.scope.prefixes() {
            let success = if call.file {
                json!({"description": "A PDF, as an attachment named ticket-PNR.pdf", "content": {"application/pdf": {"schema": (call.response_schema)(&mut g)}}})
            } else {
                json!({"description": "Success", "content": {"application/json": {"schema": envelope_of((call.response_schema)(&mut g))}}})
            };
            let mut responses = Map::new();
            responses.insert("200".into(), success);
            for (status, text) in failures(call) {
                responses.insert(status.into(), error_response(&text));
            }
            let mut op = json!({
                "operationId": format!("{:?}{}", call.name, if call.scope == Scope::Both { under.segment() } else { "" }),
                "summary": call.summary,
                "security": [{"bearer": []}],
                "responses": responses,
            });
            if call.idempotent {
                op["x-idempotent"] = json!(true);
            }
            let mut parameters: Vec<Value> = call
                .path_params()
                .map(|name| json!({"name": name, "in": "path", "required": true, "schema": {"type": "string"}}))
                .collect();
            match call.method {
                Method::Post => {
                    op["requestBody"] = json!({"required": true, "content": {"application/json": {"schema": (call.request_schema)(&mut g)}}});
                }
                Method::Get if call.path_params().next().is_none() => {
                    parameters.extend(query_parameters(&(call.request_schema)(&mut inline)));
                }
                Method::Get => {}
            }
            if call.idempotent {
                parameters.push(json!({"name": "Idempotency-Key", "in": "header", "required": false,
                    "description": "Makes the call safe to repeat: a repeat gets the first answer", "schema": {"type": "string", "maxLength": 200}}));
            }
            if !parameters.is_empty() {
                op["parameters"] = Value::Array(parameters);
            }
            let entry = paths.entry(call.path(*under)).or_insert_with(|| json!({}));
            entry[call.method.as_str().to_lowercase()] = op;
        }
    }
    staff_paths(&mut paths, &mut g, &mut inline);
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

/// The back office's calls (issue 35): each with the roles that may make it (`x-roles`).
fn staff_paths(paths: &mut Map<String, Value>, g: &mut SchemaGenerator, inline: &mut SchemaGenerator) {
    use core_wasm::contract::staff::{STAFF_CALLS, StaffCallName};
    let error = g.subschema_for::<envelope::ErrorBody>();
    let error_response = |text: &str| json!({"description": text, "content": {"application/json": {"schema": error}}});
    for call in STAFF_CALLS {
        let csv_out = call.name == StaffCallName::ExportSchedules;
        let csv_in = call.name == StaffCallName::ImportSchedules;
        let image_in = call.name == StaffCallName::UploadImage;
        let success = if csv_out {
            json!({"description": "The schedules as CSV (text/csv), header first", "content": {"text/csv": {"schema": {"type": "string"}}}})
        } else {
            json!({"description": "Success", "content": {"application/json": {"schema": envelope_of((call.response_schema)(g))}}})
        };
        let roles: Vec<&str> = call.roles.iter().map(|r| r.as_str()).collect();
        let mut responses = Map::new();
        responses.insert("200".into(), success);
        let mut failures = vec![
            ("400", "Invalid input: the failing fields are named".to_owned()),
            ("401", "No login, a login that ended, or (login) a second factor needed".to_owned()),
            (
                "403",
                format!(
                    "The caller holds none of the roles {}; or has not set up the authenticator a role needs",
                    roles.join(", ")
                ),
            ),
            ("404", "Not found, or another operator's (the same answer)".to_owned()),
        ];
        if call.writes {
            failures.push((
                "409",
                "Someone saved the object since it was read (its revision), or it exists already".to_owned(),
            ));
        }
        failures.push(("503", "The store is unavailable for a moment".to_owned()));
        for (status, text) in failures {
            responses.insert(status.into(), error_response(&text));
        }
        let mut op = json!({
            "operationId": format!("staff{:?}", call.name),
            "summary": call.summary,
            "security": [{"bearer": []}],
            "x-roles": roles,
            "x-audited": call.writes,
            "responses": responses,
        });
        let mut parameters: Vec<Value> = call
            .purpose
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .map(|name| json!({"name": name, "in": "path", "required": true, "schema": {"type": "string"}}))
            .collect();
        match call.method {
            Method::Post if csv_in => {
                op["requestBody"] = json!({"required": true, "content": {"text/csv": {"schema": {"type": "string"}}}});
                parameters.extend(query_parameters(&(call.request_schema)(inline)));
                parameters.push(
                    json!({"name": "operatorId", "in": "query", "required": false, "schema": {"type": "string"}}),
                );
            }
            Method::Post if image_in => {
                let bytes = json!({"schema": {"type": "string", "format": "binary"}});
                op["requestBody"] = json!({"required": true, "content": {"image/png": bytes, "image/jpeg": bytes, "image/webp": bytes}});
            }
            Method::Post => {
                op["requestBody"] =
                    json!({"required": true, "content": {"application/json": {"schema": (call.request_schema)(g)}}});
            }
            Method::Get if parameters.is_empty() => {
                parameters.extend(query_parameters(&(call.request_schema)(inline)));
                if csv_out {
                    parameters.push(
                        json!({"name": "operatorId", "in": "query", "required": false, "schema": {"type": "string"}}),
                    );
                }
            }
            Method::Get => {}
        }
        if !parameters.is_empty() {
            op["parameters"] = Value::Array(parameters);
        }
        let entry = paths.entry(call.path()).or_insert_with(|| json!({}));
        entry[call.method.as_str().to_lowercase()] = op;
    }
}

/// The document, built once.
pub fn openapi() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(build)
}

pub async fn document() -> Json<&'static Value> {
    Json(openapi())
}
