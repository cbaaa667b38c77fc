//! SSLCommerz, their documented v4 flow:
//!
//! 1. session: `POST {api}/gwprocess/v4/api.php` (form) with the amount, currency BDT, tran_id,
//!    success / fail / cancel / IPN URLs and the travel product profile -> `GatewayPageURL`;
//! 2. the browser comes back by POST to the success, fail or cancel URL: never believed. With a
//!    `val_id`, the validation API (`/validator/api/validationserverAPI.php`) is asked; without
//!    one, the transaction query (`/validator/api/merchantTransIDvalidationAPI.php?tran_id=`);
//! 3. the IPN is believed only when its `verify_sign` checks out, and then validated the same way;
//! 4. refunds through the refund API (`merchantTransIDvalidationAPI.php?bank_tran_id=...&refund_amount=`)
//!    with our reference (`refe_id`), their `refund_ref_id` stored and its status queried.
//!
//! Only VALID or VALIDATED with our tran_id, amount and currency is a payment (checked in
//! `payments::settle`).

use std::collections::BTreeMap;

use md5::{Digest, Md5};
use serde::Deserialize;

use super::{
    Charge, GatewayError, Opened, PaymentGateway, RefundAnswer, Verdict, decimal, decimal_paisa, paisa_of, read_json,
};
use crate::config::SslCommerzSettings;
use crate::store::payments::SessionRow;

pub const NAME: &str = "sslcommerz";

pub struct SslCommerz {
    client: reqwest::Client,
    api: String,
    store_id: String,
    store_password: String,
}

impl std::fmt::Debug for SslCommerz {
    /// The store password never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SslCommerz").field("api", &self.api).field("store_id", &self.store_id).finish()
    }
}

#[derive(Debug, Deserialize)]
struct SessionAnswer {
    status: String,
    #[serde(default, rename = "GatewayPageURL")]
    gateway_page_url: Option<String>,
    #[serde(default)]
    sessionkey: Option<String>,
    #[serde(default)]
    failedreason: Option<String>,
}

/// A transaction as the validation and query APIs describe it.
#[derive(Debug, Clone, Deserialize)]
pub struct Transaction {
    pub status: String,
    #[serde(default)]
    pub tran_id: Option<String>,
    #[serde(default)]
    pub val_id: Option<String>,
    #[serde(default)]
    pub amount: Option<String>,
    #[serde(default)]
    pub currency: Option<String>,
    /// The currency and amount the session asked for (`currency`/`amount` may be a conversion).
    #[serde(default)]
    pub currency_type: Option<String>,
    #[serde(default)]
    pub currency_amount: Option<String>,
    #[serde(default)]
    pub bank_tran_id: Option<String>,
}

#[derive(Debug, Deserialize)]
struct QueryAnswer {
    #[serde(rename = "APIConnect")]
    api_connect: String,
    #[serde(default)]
    element: Vec<Transaction>,
}

#[derive(Debug, Deserialize)]
struct RefundReply {
    #[serde(rename = "APIConnect")]
    api_connect: String,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    refund_ref_id: Option<String>,
    #[serde(default, rename = "errorReason")]
    error_reason: Option<String>,
}

impl SslCommerz {
    pub fn new(client: reqwest::Client, settings: &SslCommerzSettings) -> SslCommerz {
        SslCommerz {
            client,
            api: settings.api_url.clone(),
            store_id: settings.store_id.clone(),
            store_password: settings.store_password.clone(),
        }
    }

    async fn get<T: serde::de::DeserializeOwned>(&self, path: &str, query: &[(&str, &str)]) -> Result<T, GatewayError> {
        let mut all: Vec<(&str, &str)> = vec![("store_id", &self.store_id), ("store_passwd", &self.store_password)];
        all.extend_from_slice(query);
        all.push(("format", "json"));
        let query = serde_urlencoded::to_string(&all).map_err(|e| GatewayError::Answer(e.to_string()))?;
        let response = self.client.get(format!("{}{path}?{query}", self.api)).send().await?;
        read_json(response).await
    }

    /// The validation API's word on a `val_id`.
    pub async fn validate(&self, val_id: &str) -> Result<Verdict, GatewayError> {
        let t: Transaction =
            self.get("/validator/api/validationserverAPI.php", &[("val_id", val_id), ("v", "1")]).await?;
        Ok(verdict_of(&t))
    }

    /// Whether an IPN's `verify_sign` is SSLCommerz's: the MD5 of the fields `verify_key` names,
    /// with `store_passwd` = MD5(store password), sorted by name, as `name=value` joined by `&`.
    pub fn signed(&self, fields: &BTreeMap<String, String>) -> bool {
        let (Some(sign), Some(keys)) = (fields.get("verify_sign"), fields.get("verify_key")) else {
            return false;
        };
        let mut signed: BTreeMap<&str, String> =
            keys.split(',').filter_map(|k| fields.get(k).map(|v| (k, v.clone()))).collect();
        signed.insert("store_passwd", md5_hex(self.store_password.as_bytes()));
        let text = signed.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        // Not secret-dependent timing in a way that helps: the expected value is public once sent,
        // but compare in constant time anyway.
        constant_eq(md5_hex(text.as_bytes()).as_bytes(), sign.to_ascii_lowercase().as_bytes())
    }
}

pub fn md5_hex(bytes: &[u8]) -> String {
    Md5::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A validated transaction's verdict; the checks against the session are `settle`'s.
pub fn verdict_of(t: &Transaction) -> Verdict {
    match t.status.as_str() {
        "VALID" | "VALIDATED" => {
            let amount = t.currency_amount.as_deref().or(t.amount.as_deref()).and_then(paisa_of);
            let currency = t.currency_type.as_deref().or(t.currency.as_deref()).unwrap_or_default();
            match (amount, &t.tran_id) {
                (Some(amount_paisa), Some(tran_id)) => Verdict::Paid {
                    tran_id: tran_id.clone(),
                    amount_paisa,
                    currency: currency.to_owned(),
                    // A refund names the bank's transaction.
                    paid_ref: t.bank_tran_id.clone().or_else(|| t.val_id.clone()).unwrap_or_default(),
                },
                _ => Verdict::Pending,
            }
        }
        "FAILED" => Verdict::Failed,
        "CANCELLED" => Verdict::Cancelled,
        // INVALID_TRANSACTION: the val_id is not one SSLCommerz knows (anyone can make one up),
        // so it says nothing about the session.
        // PENDING, UNATTEMPTED, EXPIRED, or anything new: not a payment yet.
        _ => Verdict::Pending,
    }
}

impl PaymentGateway for SslCommerz {
    async fn open(&self, charge: &Charge<'_>) -> Result<Opened, GatewayError> {
        let amount = decimal(charge.amount);
        let hours = format!("{} hrs", charge.hours_till_departure);
        let success = format!("{}/success", charge.return_url);
        let fail = format!("{}/fail", charge.return_url);
        let cancel = format!("{}/cancel", charge.return_url);
        let kind = match charge.service {
            core_wasm::service::Service::Bus => "Bus",
            core_wasm::service::Service::Launch => "Launch",
        };
        let product = format!("{kind} ticket {}", charge.journey);
        let form: Vec<(&str, &str)> = vec![
            ("store_id", &self.store_id),
            ("store_passwd", &self.store_password),
            ("total_amount", &amount),
            ("currency", charge.currency),
            ("tran_id", charge.session_id),
            ("success_url", &success),
            ("fail_url", &fail),
            ("cancel_url", &cancel),
            ("ipn_url", &charge.notify_url),
            ("cus_name", charge.name),
            ("cus_email", charge.email.unwrap_or("no-email@example.invalid")),
            ("cus_phone", charge.phone),
            ("cus_add1", "Bangladesh"),
            ("cus_city", "Dhaka"),
            ("cus_country", "Bangladesh"),
            ("shipping_method", "NO"),
            ("num_of_item", "1"),
            ("product_name", &product),
            ("product_category", "travel"),
            ("product_profile", "travel-vertical"),
            ("hours_till_departure", &hours),
            ("flight_type", kind),
            ("pnr", charge.tnx_id),
            ("journey_from_to", &charge.journey),
            ("third_party_booking", "No"),
            ("value_a", charge.tnx_id),
        ];
        let body = serde_urlencoded::to_string(&form).map_err(|e| GatewayError::Answer(e.to_string()))?;
        let response = self
            .client
            .post(format!("{}/gwprocess/v4/api.php", self.api))
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await?;
        let answer: SessionAnswer = read_json(response).await?;
        match (answer.status.as_str(), answer.gateway_page_url) {
            ("SUCCESS", Some(url)) if url.starts_with("https://") || url.starts_with("http://") => {
                Ok(Opened { redirect_url: url, gateway_ref: answer.sessionkey })
            }
            _ => Err(GatewayError::Answer(answer.failedreason.unwrap_or(answer.status))),
        }
    }

    async fn query(&self, session: &SessionRow) -> Result<Verdict, GatewayError> {
        let answer: QueryAnswer =
            self.get("/validator/api/merchantTransIDvalidationAPI.php", &[("tran_id", &session.id)]).await?;
        if answer.api_connect != "DONE" {
            return Err(GatewayError::Answer(answer.api_connect));
        }
        let verdicts: Vec<Verdict> = answer.element.iter().map(verdict_of).collect();
        // A payment anywhere among the attempts wins; then one still going; then how it ended.
        Ok(verdicts
            .iter()
            .find(|v| matches!(v, Verdict::Paid { .. }))
            .or_else(|| verdicts.iter().find(|v| **v == Verdict::Pending))
            .or_else(|| verdicts.first())
            .cloned()
            .unwrap_or(Verdict::Pending))
    }

    async fn refund(
        &self,
        session: &SessionRow,
        amount_paisa: i64,
        reference: &str,
    ) -> Result<RefundAnswer, GatewayError> {
        let bank_tran_id = session.paid_ref.as_deref().unwrap_or_default();
        let amount = decimal_paisa(amount_paisa);
        let reply: RefundReply = self
            .get(
                "/validator/api/merchantTransIDvalidationAPI.php",
                &[
                    ("bank_tran_id", bank_tran_id),
                    ("refund_amount", &amount),
                    ("refund_remarks", "Ticket refund"),
                    ("refe_id", reference),
                ],
            )
            .await?;
        refund_answer(reply)
    }

    async fn refund_status(&self, _session: &SessionRow, refund_ref: &str) -> Result<RefundAnswer, GatewayError> {
        let reply: RefundReply =
            self.get("/validator/api/merchantTransIDvalidationAPI.php", &[("refund_ref_id", refund_ref)]).await?;
        refund_answer(reply)
    }
}

fn refund_answer(reply: RefundReply) -> Result<RefundAnswer, GatewayError> {
    if reply.api_connect != "DONE" {
        return Err(GatewayError::Answer(reply.api_connect));
    }
    let refund_ref = reply.refund_ref_id.unwrap_or_default();
    match reply.status.as_deref() {
        Some("refunded") => Ok(RefundAnswer::Done { refund_ref }),
        // The request is accepted ("success") or being worked on: asked about again later.
        Some("success" | "processing") if !refund_ref.is_empty() => Ok(RefundAnswer::Processing { refund_ref }),
        other => Err(GatewayError::Answer(format!(
            "refund {}: {}",
            other.unwrap_or("without a status"),
            reply.error_reason.unwrap_or_default()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gateway() -> SslCommerz {
        SslCommerz::new(
            reqwest::Client::new(),
            &SslCommerzSettings {
                api_url: "http://x".into(),
                store_id: "store".into(),
                store_password: "secret".into(),
            },
        )
    }

    fn ipn(sign: &str) -> BTreeMap<String, String> {
        [
            ("tran_id", "T1"),
            ("val_id", "V1"),
            ("amount", "100.00"),
            ("status", "VALID"),
            ("verify_key", "amount,status,tran_id,val_id"),
            ("verify_sign", sign),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
    }

    #[test]
    fn an_ipn_is_believed_only_with_the_stores_signature() {
        let expected = md5_hex(
            format!("amount=100.00&status=VALID&store_passwd={}&tran_id=T1&val_id=V1", md5_hex(b"secret")).as_bytes(),
        );
        assert!(gateway().signed(&ipn(&expected)));
        assert!(gateway().signed(&ipn(&expected.to_uppercase())), "hex case does not matter");
        assert!(!gateway().signed(&ipn("0123456789abcdef0123456789abcdef")));
        let mut changed = ipn(&expected);
        changed.insert("amount".into(), "1.00".into());
        assert!(!gateway().signed(&changed), "a field changed after signing");
        let mut unsigned = ipn(&expected);
        unsigned.remove("verify_sign");
        assert!(!gateway().signed(&unsigned));
    }

    #[test]
    fn only_valid_or_validated_is_a_payment() {
        let t = |status: &str| Transaction {
            status: status.into(),
            tran_id: Some("T1".into()),
            val_id: Some("V1".into()),
            amount: Some("100.00".into()),
            currency: Some("BDT".into()),
            currency_type: None,
            currency_amount: None,
            bank_tran_id: Some("B1".into()),
        };
        let paid =
            Verdict::Paid { tran_id: "T1".into(), amount_paisa: 10_000, currency: "BDT".into(), paid_ref: "B1".into() };
        assert_eq!(verdict_of(&t("VALID")), paid);
        assert_eq!(verdict_of(&t("VALIDATED")), paid);
        assert_eq!(verdict_of(&t("INVALID_TRANSACTION")), Verdict::Pending, "an unknown val_id proves nothing");
        assert_eq!(verdict_of(&t("FAILED")), Verdict::Failed);
        assert_eq!(verdict_of(&t("CANCELLED")), Verdict::Cancelled);
        assert_eq!(verdict_of(&t("PENDING")), Verdict::Pending);
        assert_eq!(verdict_of(&t("SOMETHING NEW")), Verdict::Pending);
    }
}
