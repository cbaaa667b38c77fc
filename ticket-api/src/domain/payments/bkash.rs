//! bKash tokenized checkout (their v1.2.0-beta API):
//!
//! 1. grant token: `POST {api}/tokenized/checkout/token/grant` with `username`/`password` headers
//!    and `{app_key, app_secret}` -> `id_token`, kept until shortly before it expires and renewed
//!    with `token/refresh` (a failed refresh grants anew);
//! 2. create: `POST {api}/tokenized/checkout/create` -> `paymentID`, `bkashURL`;
//! 3. the traveller comes back to our callback with `?paymentID=..&status=success|failure|cancel`;
//!    on success we execute (`/tokenized/checkout/execute`), which is what takes the money:
//!    `Completed` with a `trxID` is a payment. A timeout or an answer we do not understand is
//!    settled by the status query (`/tokenized/checkout/payment/status`), never by a guess;
//! 4. refund: `POST {api}/tokenized/checkout/payment/refund` with the paymentID, trxID, amount
//!    and our reference as `sku`; the same call without an amount asks its status.
//!
//! Every call but the grant carries `Authorization: {id_token}` and `X-App-Key`.

use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use super::{
    Charge, GatewayError, Opened, PaymentGateway, RefundAnswer, Verdict, decimal, decimal_paisa, paisa_of, read_json,
};
use crate::config::BkashSettings;
use crate::store::payments::SessionRow;

pub const NAME: &str = "bkash";

/// A token is renewed this long before bKash says it expires.
const TOKEN_MARGIN: Duration = Duration::from_secs(60);

struct Grant {
    id_token: String,
    refresh_token: Option<String>,
    until: Instant,
}

pub struct Bkash {
    client: reqwest::Client,
    api: String,
    app_key: String,
    app_secret: String,
    username: String,
    password: String,
    grant: Mutex<Option<Grant>>,
}

impl std::fmt::Debug for Bkash {
    /// Keys, secrets and tokens never reach a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bkash").field("api", &self.api).finish()
    }
}

/// bKash names the token fields in snake_case and the status in camelCase.
#[derive(Debug, Deserialize)]
struct TokenAnswer {
    #[serde(default, rename = "statusCode")]
    status_code: Option<String>,
    #[serde(default, rename = "statusMessage")]
    status_message: Option<String>,
    #[serde(default)]
    id_token: Option<String>,
    #[serde(default)]
    refresh_token: Option<String>,
    #[serde(default)]
    expires_in: Option<Value>,
}

/// A payment as create, execute and the status query describe it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    #[serde(default)]
    pub status_code: Option<String>,
    #[serde(default)]
    pub status_message: Option<String>,
    #[serde(default, rename = "paymentID")]
    pub payment_id: Option<String>,
    #[serde(default, rename = "bkashURL")]
    pub bkash_url: Option<String>,
    #[serde(default, rename = "trxID")]
    pub trx_id: Option<String>,
    #[serde(default)]
    pub transaction_status: Option<String>,
    #[serde(default)]
    pub amount: Option<String>,
    #[serde(default)]
    pub currency: Option<String>,
    #[serde(default)]
    pub merchant_invoice_number: Option<String>,
    #[serde(default, rename = "refundTrxID")]
    pub refund_trx_id: Option<String>,
}

impl Payment {
    fn ok(&self) -> bool {
        self.status_code.as_deref().is_none_or(|c| c == "0000")
    }

    fn problem(&self) -> GatewayError {
        GatewayError::Answer(format!(
            "{} {}",
            self.status_code.as_deref().unwrap_or("?"),
            self.status_message.as_deref().unwrap_or_default()
        ))
    }
}

/// A payment's verdict; the checks against the session are `settle`'s.
pub fn verdict_of(p: &Payment, session: &SessionRow) -> Verdict {
    match p.transaction_status.as_deref() {
        Some("Completed") => match (p.amount.as_deref().and_then(paisa_of), &p.trx_id) {
            (Some(amount_paisa), Some(trx)) => Verdict::Paid {
                // bKash names our transaction by the invoice number we gave it.
                tran_id: p.merchant_invoice_number.clone().unwrap_or_else(|| session.id.clone()),
                amount_paisa,
                currency: p.currency.clone().unwrap_or_default(),
                paid_ref: trx.clone(),
            },
            _ => Verdict::Pending,
        },
        Some("Failed" | "Expired" | "Declined") => Verdict::Failed,
        Some("Cancelled") => Verdict::Cancelled,
        // Initiated, Inprogress, Pending Authorized, or something new.
        _ => Verdict::Pending,
    }
}

impl Bkash {
    pub fn new(client: reqwest::Client, settings: &BkashSettings) -> Bkash {
        Bkash {
            client,
            api: settings.api_url.clone(),
            app_key: settings.app_key.clone(),
            app_secret: settings.app_secret.clone(),
            username: settings.username.clone(),
            password: settings.password.clone(),
            grant: Mutex::new(None),
        }
    }

    /// A live id_token: the kept one, else refreshed, else granted anew. One caller renews at a
    /// time; the others wait for its token.
    async fn token(&self) -> Result<String, GatewayError> {
        let mut grant = self.grant.lock().await;
        if let Some(g) = grant.as_ref().filter(|g| Instant::now() < g.until) {
            return Ok(g.id_token.clone());
        }
        let refreshed = match grant.as_ref().and_then(|g| g.refresh_token.clone()) {
            Some(refresh) => {
                let body = json!({"app_key": self.app_key, "app_secret": self.app_secret, "refresh_token": refresh});
                self.token_call("refresh", &body).await.ok()
            }
            None => None,
        };
        let fresh = match refreshed {
            Some(g) => g,
            None => self.token_call("grant", &json!({"app_key": self.app_key, "app_secret": self.app_secret})).await?,
        };
        let token = fresh.id_token.clone();
        *grant = Some(fresh);
        Ok(token)
    }

    async fn token_call(&self, which: &str, body: &Value) -> Result<Grant, GatewayError> {
        let response = self
            .client
            .post(format!("{}/tokenized/checkout/token/{which}", self.api))
            .header("username", &self.username)
            .header("password", &self.password)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(reqwest::header::ACCEPT, "application/json")
            .body(body.to_string())
            .send()
            .await?;
        let answer: TokenAnswer = read_json(response).await?;
        let seconds = match &answer.expires_in {
            Some(Value::Number(n)) => n.as_u64(),
            Some(Value::String(s)) => s.parse().ok(),
            _ => None,
        }
        .unwrap_or(3600);
        match answer.id_token {
            Some(id_token) if answer.status_code.as_deref().is_none_or(|c| c == "0000") => Ok(Grant {
                id_token,
                refresh_token: answer.refresh_token,
                until: Instant::now() + Duration::from_secs(seconds).saturating_sub(TOKEN_MARGIN),
            }),
            _ => Err(GatewayError::Answer(format!("token {which}: {}", answer.status_message.unwrap_or_default()))),
        }
    }

    async fn call(&self, path: &str, body: &Value) -> Result<Payment, GatewayError> {
        let token = self.token().await?;
        let response = self
            .client
            .post(format!("{}/tokenized/checkout/{path}", self.api))
            .header(reqwest::header::AUTHORIZATION, token)
            .header("X-App-Key", &self.app_key)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(reqwest::header::ACCEPT, "application/json")
            .body(body.to_string())
            .send()
            .await?;
        read_json(response).await
    }

    /// Takes the money the traveller approved: a timeout or an unclear answer is asked of the
    /// status query instead of being guessed.
    pub async fn execute(&self, session: &SessionRow) -> Result<Verdict, GatewayError> {
        let payment_id = session.gateway_ref.as_deref().unwrap_or_default();
        match self.call("execute", &json!({"paymentID": payment_id})).await {
            Ok(p) if p.ok() && p.transaction_status.as_deref() == Some("Completed") => Ok(verdict_of(&p, session)),
            Ok(p) => {
                tracing::info!(session = session.id, answer = %p.problem(), "bKash execute unclear: asking its status");
                self.query(session).await
            }
            Err(e) => {
                tracing::warn!(session = session.id, error = %e, "bKash execute failed: asking its status");
                self.query(session).await
            }
        }
    }
}

impl PaymentGateway for Bkash {
    async fn open(&self, charge: &Charge<'_>) -> Result<Opened, GatewayError> {
        let body = json!({
            "mode": "0011",
            "payerReference": charge.phone,
            "callbackURL": charge.return_url,
            "amount": decimal(charge.amount),
            "currency": charge.currency,
            "intent": "sale",
            "merchantInvoiceNumber": charge.session_id,
        });
        let p = self.call("create", &body).await?;
        match (p.ok(), p.payment_id.clone(), p.bkash_url.clone()) {
            (true, Some(id), Some(url)) if url.starts_with("https://") || url.starts_with("http://") => {
                Ok(Opened { redirect_url: url, gateway_ref: Some(id) })
            }
            _ => Err(p.problem()),
        }
    }

    async fn query(&self, session: &SessionRow) -> Result<Verdict, GatewayError> {
        let Some(payment_id) = session.gateway_ref.as_deref() else {
            // Never created at bKash: no money can have moved.
            return Ok(Verdict::Failed);
        };
        let p = self.call("payment/status", &json!({"paymentID": payment_id})).await?;
        if !p.ok() {
            return Err(p.problem());
        }
        Ok(verdict_of(&p, session))
    }

    async fn refund(
        &self,
        session: &SessionRow,
        amount_paisa: i64,
        reference: &str,
    ) -> Result<RefundAnswer, GatewayError> {
        let body = json!({
            "paymentID": session.gateway_ref,
            "trxID": session.paid_ref,
            "amount": decimal_paisa(amount_paisa),
            "sku": reference,
            "reason": "Ticket refund",
        });
        let p = self.call("payment/refund", &body).await?;
        refund_answer(&p)
    }

    async fn refund_status(&self, session: &SessionRow, _refund_ref: &str) -> Result<RefundAnswer, GatewayError> {
        let p =
            self.call("payment/refund", &json!({"paymentID": session.gateway_ref, "trxID": session.paid_ref})).await?;
        refund_answer(&p)
    }
}

fn refund_answer(p: &Payment) -> Result<RefundAnswer, GatewayError> {
    match (p.ok(), p.transaction_status.as_deref(), &p.refund_trx_id) {
        (true, Some("Completed"), Some(r)) => Ok(RefundAnswer::Done { refund_ref: r.clone() }),
        (true, Some(_), Some(r)) => Ok(RefundAnswer::Processing { refund_ref: r.clone() }),
        _ => Err(p.problem()),
    }
}
