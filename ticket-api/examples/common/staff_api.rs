//! The demo staff's API client for the load examples: a login as the staff site makes it (a
//! visitor token, the OTP from the demo outbox, the authenticator's code where the role asks for
//! one), then JSON calls with the staff token.
#![allow(dead_code)]

use std::time::Duration;

use serde_json::{Value, json};

fn demo_secret(phone: &str) -> Option<&'static str> {
    ticket_api::staff::demo::STAFF.iter().find(|s| s.0 == phone).map(|s| s.3)
}

pub struct Api {
    pub base: String,
    pub http: reqwest::Client,
    pub token: String,
}

impl Api {
    pub async fn send(&self, request: reqwest::RequestBuilder) -> Result<(u16, Value), String> {
        let response = request.bearer_auth(&self.token).send().await.map_err(|e| e.to_string())?;
        let status = response.status().as_u16();
        let text = response.text().await.map_err(|e| e.to_string())?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::String(text))))
    }

    pub async fn post(&self, path: &str, body: Value) -> Result<(u16, Value), String> {
        let request = self.http.post(format!("{}{path}", self.base)).header("content-type", "application/json");
        self.send(request.body(body.to_string())).await
    }

    pub async fn get(&self, path: &str) -> Result<(u16, Value), String> {
        self.send(self.http.get(format!("{}{path}", self.base))).await
    }
}

/// A demo staff member's login: a visitor token, the OTP from the demo outbox, and the
/// authenticator's code where the demo gave them one that their role asks for.
pub async fn log_in(base: &str, phone: &str) -> Result<Api, String> {
    let http = reqwest::Client::builder().timeout(Duration::from_secs(600)).build().map_err(|e| e.to_string())?;
    let token = http
        .post(format!("{base}/oauth/access_token"))
        .header("content-type", "application/json")
        .body(json!({"grant_type": "client_credentials", "client_id": "web"}).to_string())
        .send()
        .await
        .map_err(|e| e.to_string())?
        .text()
        .await
        .map_err(|e| e.to_string())?;
    let token: Value = serde_json::from_str(&token).map_err(|e| e.to_string())?;
    let mut api =
        Api { base: base.to_owned(), http, token: token["access_token"].as_str().unwrap_or_default().to_owned() };
    let (status, body) = api.post("/v1/api/common/login-otp", json!({"phone": phone})).await?;
    if status != 200 {
        return Err(format!("login-otp: {status} {body}"));
    }
    let (_, outbox) = api.get("/v1/api/dev/sms-outbox").await?;
    let text = outbox["data"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["phone"] == phone))
        .and_then(|m| m["body"].as_str())
        .unwrap_or_default()
        .to_owned();
    let otp = text.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 4).ok_or("no OTP in the outbox")?;
    let mut request = json!({"phone": phone, "otpCode": otp});
    let role = ticket_api::staff::demo::STAFF.iter().find(|s| s.0 == phone);
    let role = role.and_then(|s| core_wasm::staff::roles::Role::parse(s.1));
    if let Some(secret) = role.filter(|r| r.needs_second_factor()).and_then(|_| demo_secret(phone)) {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_err(|e| e.to_string())?;
        request["totpCode"] = json!(ticket_api::domain::totp::code_at(secret, now.as_secs()).ok_or("no TOTP code")?);
    }
    let (status, body) = api.post("/v1/api/common/login", request).await?;
    if status != 200 {
        return Err(format!("login: {status} {body}"));
    }
    api.token = body["data"]["accessToken"].as_str().unwrap_or_default().to_owned();
    Ok(api)
}
