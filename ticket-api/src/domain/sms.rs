//! Text messages (DESIGN §3 "OTP and SMS"): how an OTP reaches a phone.
//!
//! - A demo writes each message to the outbox table, where the demo page and the browser tests
//!   read the code; nothing leaves the machine.
//! - A real site sends through an HTTP SMS gateway (`SMS_GATEWAY_URL`, `SMS_API_KEY`,
//!   `SMS_SENDER_ID`): a JSON POST `{"to", "message", "senderId"}` with the key as a bearer
//!   token, any 2xx answer meaning accepted. A provider with another request shape is one more
//!   variant here. Codes are then never written anywhere readable: the store keeps only their
//!   keyed hash.
//! - A real site with no gateway configured cannot send: the send answers 503 and consumes
//!   nothing (the server says so at start).

use std::time::Duration;

use crate::store::pool::Pool;
use core_wasm::server_messages as say;

use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::ids::ordered_id;
use crate::store::otp as store;

/// How long a gateway may take to accept a message.
const GATEWAY_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub enum Sms {
    /// Demo mode: the outbox table.
    Outbox,
    Gateway(HttpGateway),
    /// No way to send (demo mode off, no gateway configured).
    Unavailable,
}

/// An HTTP SMS gateway.
#[derive(Clone)]
pub struct HttpGateway {
    client: reqwest::Client,
    url: String,
    api_key: String,
    sender_id: String,
}

impl std::fmt::Debug for HttpGateway {
    /// The key never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpGateway").field("url", &self.url).field("sender_id", &self.sender_id).finish()
    }
}

impl HttpGateway {
    pub fn new(url: &str, api_key: &str, sender_id: &str) -> Result<HttpGateway, reqwest::Error> {
        let client = reqwest::Client::builder().timeout(GATEWAY_TIMEOUT).build()?;
        Ok(HttpGateway { client, url: url.to_owned(), api_key: api_key.to_owned(), sender_id: sender_id.to_owned() })
    }

    pub(crate) async fn send(&self, phone: &str, text: &str) -> Result<(), String> {
        let body = serde_json::json!({"to": phone, "message": text, "senderId": self.sender_id});
        let response = self
            .client
            .post(&self.url)
            .bearer_auth(&self.api_key)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_string())
            .send()
            .await
            .map_err(|e| e.without_url().to_string())?;
        let status = response.status();
        if status.is_success() { Ok(()) } else { Err(format!("the gateway answered {status}")) }
    }
}

impl Sms {
    /// Sends `text` to `phone`; a failure is a 503 the traveller may retry at once.
    pub async fn send(&self, pool: &Pool, phone: &str, text: &str) -> Result<(), ApiError> {
        match self {
            Sms::Outbox => {
                let now = now_unix_ms();
                store::queue_sms(pool, &ordered_id("sms", now)?, phone, text, now).await?;
                tracing::info!(phone, "SMS queued in the demo outbox");
                Ok(())
            }
            Sms::Gateway(gateway) => gateway.send(phone, text).await.map_err(|reason| {
                tracing::warn!(%reason, "the SMS gateway did not take a message");
                ApiError::Unavailable(say::OTP_NOT_SENT.into())
            }),
            Sms::Unavailable => {
                tracing::warn!("an OTP was asked for, but no SMS gateway is configured");
                Err(ApiError::Unavailable(say::OTP_NOT_SENT.into()))
            }
        }
    }
}
