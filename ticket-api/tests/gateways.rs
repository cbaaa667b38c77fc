//! The payment adapters against local stand-ins of SSLCommerz's and bKash's documented HTTP APIs
//! (test doubles of the external services, on loopback, started here), on SQLite and PostgreSQL:
//! the happy paths; a forged IPN; another amount; a validation that says INVALID or FAILED;
//! returns and notifications repeated, reordered and concurrent (one ticket, one charge); a
//! gateway that times out, then the status query; refunds that succeed, fail and are retried;
//! and a site without demo mode, where the sandbox does not exist.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Form;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use sqlx::Row;
use ticket_api::domain::payments::{reconcile, refunds};

const STORE: &str = "teststore";
const STORE_PASSWORD: &str = "store-secret";

/// One SSLCommerz transaction as the stand-in keeps it.
#[derive(Debug, Clone, Default)]
struct SslTxn {
    amount: String,
    status: String,
    val_id: String,
    bank_tran_id: String,
}

/// One bKash payment as the stand-in keeps it.
#[derive(Debug, Clone, Default)]
struct BkPayment {
    amount: String,
    invoice: String,
    status: String,
    trx_id: Option<String>,
}

/// What the stand-ins know and how they are told to behave.
#[derive(Debug, Default)]
struct Gateways {
    base: String,
    ssl: HashMap<String, SslTxn>,
    /// What the validation API says instead of the truth: (status, amount, currency).
    validation_lie: Option<(String, String, String)>,
    /// Every answer of the stand-ins waits this long (a slow gateway).
    delay_ms: u64,
    /// bKash's execute waits this long (then answers; our client gives up first).
    execute_delay_ms: u64,
    refunds_fail: bool,
    refund_calls: usize,
    /// Calls to the validation and transaction query APIs.
    validations: usize,
    refunded: Vec<String>,
    grants: usize,
    token: String,
    bkash: HashMap<String, BkPayment>,
    executions: usize,
    /// Every execute asked for, answered or not.
    execute_calls: usize,
    /// bKash's execute never answers in time and moves nothing yet (its status stays as it was).
    execute_hangs: bool,
    /// The amounts refunds asked for, as sent.
    refund_amounts: Vec<String>,
}

type Shared = Arc<Mutex<Gateways>>;

fn form_of(query: &HashMap<String, String>, name: &str) -> String {
    query.get(name).cloned().unwrap_or_default()
}

async fn pause(stand: &Shared) {
    let ms = stand.lock().unwrap().delay_ms;
    if ms > 0 {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
}

async fn ssl_session(State(stand): State<Shared>, Form(f): Form<HashMap<String, String>>) -> Json<Value> {
    pause(&stand).await;
    let mut s = stand.lock().unwrap();
    if form_of(&f, "store_id") != STORE || form_of(&f, "store_passwd") != STORE_PASSWORD {
        return Json(json!({"status": "FAILED", "failedreason": "Store Credential Error Or Store is De-active"}));
    }
    for required in [
        "total_amount",
        "currency",
        "tran_id",
        "success_url",
        "fail_url",
        "cancel_url",
        "ipn_url",
        "cus_phone",
        "product_profile",
    ] {
        if form_of(&f, required).is_empty() {
            return Json(json!({"status": "FAILED", "failedreason": format!("missing {required}")}));
        }
    }
    assert_eq!(form_of(&f, "currency"), "BDT");
    assert_eq!(form_of(&f, "product_profile"), "travel-vertical");
    let tran = form_of(&f, "tran_id");
    s.ssl.insert(
        tran.clone(),
        SslTxn { amount: form_of(&f, "total_amount"), status: "PENDING".into(), ..SslTxn::default() },
    );
    Json(
        json!({"status": "SUCCESS", "sessionkey": format!("SK{tran}"), "GatewayPageURL": format!("{}/pay/{tran}", s.base)}),
    )
}

fn ssl_element(tran: &str, t: &SslTxn) -> Value {
    json!({"status": t.status, "tran_id": tran, "val_id": t.val_id, "amount": t.amount, "currency": "BDT",
           "currency_type": "BDT", "currency_amount": t.amount, "bank_tran_id": t.bank_tran_id})
}

async fn ssl_validation(State(stand): State<Shared>, Query(q): Query<HashMap<String, String>>) -> Json<Value> {
    pause(&stand).await;
    let mut s = stand.lock().unwrap();
    s.validations += 1;
    assert_eq!((form_of(&q, "store_id").as_str(), form_of(&q, "store_passwd").as_str()), (STORE, STORE_PASSWORD));
    let val_id = form_of(&q, "val_id");
    let Some((tran, t)) = s.ssl.iter().find(|(_, t)| !t.val_id.is_empty() && t.val_id == val_id) else {
        return Json(json!({"status": "INVALID_TRANSACTION"}));
    };
    let mut answer = ssl_element(tran, t);
    if let Some((status, amount, currency)) = &s.validation_lie {
        answer["status"] = json!(status);
        answer["amount"] = json!(amount);
        answer["currency_amount"] = json!(amount);
        answer["currency_type"] = json!(currency);
    }
    Json(answer)
}

/// The transaction query, the refund request and the refund query share one endpoint.
async fn ssl_merchant_api(State(stand): State<Shared>, Query(q): Query<HashMap<String, String>>) -> Json<Value> {
    pause(&stand).await;
    let mut s = stand.lock().unwrap();
    assert_eq!((form_of(&q, "store_id").as_str(), form_of(&q, "store_passwd").as_str()), (STORE, STORE_PASSWORD));
    if let Some(tran) = q.get("tran_id") {
        s.validations += 1;
        let element: Vec<Value> = s.ssl.get(tran).map(|t| ssl_element(tran, t)).into_iter().collect();
        return Json(json!({"APIConnect": "DONE", "no_of_trans_found": element.len(), "element": element}));
    }
    if q.contains_key("refund_amount") {
        s.refund_calls += 1;
        if s.refunds_fail {
            return Json(json!({"APIConnect": "DONE", "status": "failed", "errorReason": "bank unavailable"}));
        }
        let reference = form_of(&q, "refe_id");
        s.refunded.push(reference.clone());
        s.refund_amounts.push(form_of(&q, "refund_amount"));
        return Json(
            json!({"APIConnect": "DONE", "bank_tran_id": form_of(&q, "bank_tran_id"), "status": "success", "refund_ref_id": format!("RR{reference}")}),
        );
    }
    if q.contains_key("refund_ref_id") {
        return Json(
            json!({"APIConnect": "DONE", "status": "refunded", "refund_ref_id": form_of(&q, "refund_ref_id")}),
        );
    }
    Json(json!({"APIConnect": "INVALID_REQUEST"}))
}

async fn bkash_grant(State(stand): State<Shared>, headers: HeaderMap, Json(body): Json<Value>) -> Json<Value> {
    let mut s = stand.lock().unwrap();
    assert_eq!(headers.get("username").unwrap(), "merchant");
    assert_eq!(body["app_key"], "app-key");
    s.grants += 1;
    s.token = format!("id-token-{}", s.grants);
    Json(
        json!({"statusCode": "0000", "statusMessage": "Successful", "id_token": s.token, "token_type": "Bearer", "expires_in": 3600, "refresh_token": "refresh"}),
    )
}

fn authorised(s: &Gateways, headers: &HeaderMap) -> bool {
    headers.get(header::AUTHORIZATION).is_some_and(|t| t == s.token.as_str())
        && headers.get("x-app-key").is_some_and(|k| k == "app-key")
}

fn bk_answer(id: &str, p: &BkPayment) -> Value {
    json!({"statusCode": "0000", "paymentID": id, "transactionStatus": p.status, "trxID": p.trx_id, "amount": p.amount,
           "currency": "BDT", "merchantInvoiceNumber": p.invoice, "intent": "sale"})
}

async fn bkash_create(State(stand): State<Shared>, headers: HeaderMap, Json(body): Json<Value>) -> Json<Value> {
    pause(&stand).await;
    let mut s = stand.lock().unwrap();
    if !authorised(&s, &headers) {
        return Json(json!({"statusCode": "2079", "statusMessage": "Invalid app token"}));
    }
    assert_eq!(
        (body["mode"].as_str(), body["currency"].as_str(), body["intent"].as_str()),
        (Some("0011"), Some("BDT"), Some("sale"))
    );
    let id = format!("PAY{}", s.bkash.len() + 1);
    let payment = BkPayment {
        amount: body["amount"].as_str().unwrap().to_owned(),
        invoice: body["merchantInvoiceNumber"].as_str().unwrap().to_owned(),
        status: "Initiated".into(),
        trx_id: None,
    };
    s.bkash.insert(id.clone(), payment);
    Json(
        json!({"statusCode": "0000", "paymentID": id, "bkashURL": format!("{}/bkash-pay/{id}", s.base), "transactionStatus": "Initiated"}),
    )
}

async fn bkash_execute(State(stand): State<Shared>, headers: HeaderMap, Json(body): Json<Value>) -> Json<Value> {
    let (delay, hangs) = {
        let mut s = stand.lock().unwrap();
        s.execute_calls += 1;
        (s.execute_delay_ms, s.execute_hangs)
    };
    if hangs {
        tokio::time::sleep(Duration::from_millis(3000)).await;
        return Json(json!({"statusCode": "9999", "statusMessage": "System Error"}));
    }
    let id = body["paymentID"].as_str().unwrap_or_default().to_owned();
    // The money moves whether or not the answer arrives in time.
    let answer = {
        let mut s = stand.lock().unwrap();
        if !authorised(&s, &headers) {
            return Json(json!({"statusCode": "2079", "statusMessage": "Invalid app token"}));
        }
        let trx = format!("TRX{}", s.executions + 1);
        let Some(p) = s.bkash.get_mut(&id) else {
            return Json(json!({"statusCode": "2056", "statusMessage": "Invalid Payment State"}));
        };
        if p.status != "Authorized" {
            return Json(json!({"statusCode": "2056", "statusMessage": "Invalid Payment State"}));
        }
        p.status = "Completed".into();
        p.trx_id = Some(trx);
        let answer = bk_answer(&id, p);
        s.executions += 1;
        answer
    };
    if delay > 0 {
        tokio::time::sleep(Duration::from_millis(delay)).await;
    }
    Json(answer)
}

async fn bkash_status(State(stand): State<Shared>, headers: HeaderMap, Json(body): Json<Value>) -> Json<Value> {
    let s = stand.lock().unwrap();
    if !authorised(&s, &headers) {
        return Json(json!({"statusCode": "2079", "statusMessage": "Invalid app token"}));
    }
    let id = body["paymentID"].as_str().unwrap_or_default();
    match s.bkash.get(id) {
        Some(p) => Json(bk_answer(id, p)),
        None => Json(json!({"statusCode": "2023", "statusMessage": "Invalid Payment ID"})),
    }
}

async fn bkash_refund(State(stand): State<Shared>, headers: HeaderMap, Json(body): Json<Value>) -> Json<Value> {
    let mut s = stand.lock().unwrap();
    if !authorised(&s, &headers) {
        return Json(json!({"statusCode": "2079", "statusMessage": "Invalid app token"}));
    }
    s.refund_calls += 1;
    if s.refunds_fail {
        return Json(json!({"statusCode": "2071", "statusMessage": "Duplicate for Refund"}));
    }
    if let Some(amount) = body["amount"].as_str() {
        s.refund_amounts.push(amount.to_owned());
    }
    let sku = body["sku"].as_str().map(str::to_owned);
    if let Some(sku) = sku {
        s.refunded.push(sku);
    }
    Json(
        json!({"statusCode": "0000", "transactionStatus": "Completed", "originalTrxID": body["trxID"], "refundTrxID": "RTX1", "amount": body["amount"], "currency": "BDT"}),
    )
}

/// Starts the stand-ins of both gateways on a loopback port.
async fn stand_ins() -> (Shared, SocketAddr) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let stand: Shared = Arc::new(Mutex::new(Gateways { base: format!("http://{addr}"), ..Gateways::default() }));
    let app = Router::new()
        .route("/ssl/gwprocess/v4/api.php", post(ssl_session))
        .route("/ssl/validator/api/validationserverAPI.php", get(ssl_validation))
        .route("/ssl/validator/api/merchantTransIDvalidationAPI.php", get(ssl_merchant_api))
        .route("/bk/tokenized/checkout/token/grant", post(bkash_grant))
        .route("/bk/tokenized/checkout/create", post(bkash_create))
        .route("/bk/tokenized/checkout/execute", post(bkash_execute))
        .route("/bk/tokenized/checkout/payment/status", post(bkash_status))
        .route("/bk/tokenized/checkout/payment/refund", post(bkash_refund))
        .with_state(stand.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (stand, addr)
}

/// The site with both gateways pointing at the stand-ins; demo mode as asked.
async fn site(backend: common::Backend, demo: bool) -> (common::TestApp, Shared) {
    let (stand, addr) = stand_ins().await;
    let ssl = format!("http://{addr}/ssl");
    let bk = format!("http://{addr}/bk");
    let app = common::TestApp::with_settings(
        backend,
        60,
        &[
            ("DEMO_MODE", if demo { "1" } else { "0" }),
            ("PUBLIC_URL", "https://tickets.example"),
            ("GATEWAY_TIMEOUT_SECONDS", "1"),
            // Tomorrow's first trip may be close: the cut-off is not what these tests are about.
            ("CANCEL_CUTOFF_HOURS", "0"),
            ("SSLCOMMERZ_API_URL", &ssl),
            ("SSLCOMMERZ_STORE_ID", STORE),
            ("SSLCOMMERZ_STORE_PASSWORD", STORE_PASSWORD),
            ("BKASH_API_URL", &bk),
            ("BKASH_APP_KEY", "app-key"),
            ("BKASH_APP_SECRET", "app-secret"),
            ("BKASH_USERNAME", "merchant"),
            ("BKASH_PASSWORD", "merchant-password"),
        ],
    )
    .await;
    (app, stand)
}

/// A traveller's pending booking of one free seat: (the traveller, its transaction id).
async fn pending(app: &common::TestApp, who: &str) -> (common::TestApp, String) {
    let (trip, _, _, _) = common::three_stop_trip(app).await;
    let traveller = app.visitor(who);
    for seat in common::free_seats(app, &trip).await {
        if traveller.lock(&trip, &[&seat]).await.0 == StatusCode::OK {
            let tnx = traveller.book(&trip, &[&seat]).await;
            return (traveller, tnx);
        }
    }
    panic!("no free seat");
}

/// update-gateway: (status, redirect URL).
async fn choose(traveller: &common::TestApp, tnx: &str, gateway: &str) -> (StatusCode, Value) {
    traveller.post("/v1/api/intercity/update-gateway", json!({"tnxId": tnx, "gateway": gateway})).await
}

/// The id of the session update-gateway just opened (its answer names the gateway's page).
async fn opened(app: &common::TestApp, tnx: &str, answer: &Value) -> String {
    assert!(answer["data"]["redirectUrl"].as_str().is_some_and(|u| u.starts_with("http://")), "{answer}");
    sqlx::query("SELECT id FROM payment_sessions WHERE tnx_id = $1 AND redirect_url IS NOT NULL ORDER BY opened_at DESC LIMIT 1")
        .bind(tnx)
        .fetch_one(&app.state.pool)
        .await
        .unwrap()
        .get(0)
}

/// A browser POST to one of our gateway URLs (form body): (status, Location).
async fn browser_post(app: &common::TestApp, path: &str, form: &[(&str, &str)]) -> (StatusCode, String) {
    app.visit("POST", path, form).await
}

async fn browser_get(app: &common::TestApp, path: &str) -> (StatusCode, String) {
    app.visit("GET", path, &[]).await
}

/// The traveller pays on SSLCommerz's page: the stand-in marks the transaction valid.
fn ssl_customer_pays(stand: &Shared, tran: &str) -> String {
    let mut s = stand.lock().unwrap();
    let t = s.ssl.get_mut(tran).unwrap();
    t.status = "VALID".into();
    t.val_id = format!("VAL{tran}");
    t.bank_tran_id = format!("BANK{tran}");
    t.val_id.clone()
}

/// An IPN as SSLCommerz signs it (or with `sign` forged).
fn ipn(stand: &Shared, tran: &str, forged: bool) -> Vec<(String, String)> {
    let s = stand.lock().unwrap();
    let t = s.ssl.get(tran).unwrap();
    let mut fields: BTreeMap<String, String> = [
        ("tran_id", tran.to_owned()),
        ("val_id", t.val_id.clone()),
        ("amount", t.amount.clone()),
        ("status", "VALID".to_owned()),
        ("bank_tran_id", t.bank_tran_id.clone()),
        ("currency", "BDT".to_owned()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let keys = "amount,bank_tran_id,currency,status,tran_id,val_id";
    let mut signed: BTreeMap<String, String> = keys.split(',').map(|k| (k.to_owned(), fields[k].clone())).collect();
    signed.insert("store_passwd".into(), ticket_api::domain::payments::sslcommerz::md5_hex(STORE_PASSWORD.as_bytes()));
    let text = signed.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
    let sign = if forged { "0".repeat(32) } else { ticket_api::domain::payments::sslcommerz::md5_hex(text.as_bytes()) };
    fields.insert("verify_key".into(), keys.into());
    fields.insert("verify_sign".into(), sign);
    fields.into_iter().collect()
}

async fn notify(app: &common::TestApp, fields: &[(String, String)]) -> StatusCode {
    let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    browser_post(app, "/gateway/sslcommerz/notify", &pairs).await.0
}

async fn booking_status(app: &common::TestApp, tnx: &str) -> String {
    sqlx::query("SELECT status FROM bookings WHERE tnx_id = $1")
        .bind(tnx)
        .fetch_one(&app.state.pool)
        .await
        .unwrap()
        .get(0)
}

async fn refund_state(app: &common::TestApp, tnx: &str) -> Option<(String, String, i64)> {
    sqlx::query("SELECT state, reason, tries FROM refunds WHERE tnx_id = $1 ORDER BY requested_at DESC LIMIT 1")
        .bind(tnx)
        .fetch_optional(&app.state.pool)
        .await
        .unwrap()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
}

macro_rules! both {
    ($($name:ident($backend:ident) $body:block)*) => {
        mod sqlite {
            use super::*;
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { let $backend = common::Backend::Sqlite; $body })*
        }
        mod postgres {
            use super::*;
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { let $backend = common::Backend::Postgres; $body })*
        }
    };
}

both! {
    sslcommerz_pays_once_however_often_and_in_whatever_order_the_browser_and_the_ipn_come(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "ssl-happy").await;
        let (status, answer) = choose(&traveller, &tnx, "sslcommerz").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(answer["data"]["redirectUrl"].as_str().unwrap().contains("/pay/"), "{answer}");
        let tran = opened(&app, &tnx, &answer).await;
        let val_id = ssl_customer_pays(&stand, &tran);
        // The browser's return without validation proof: the server asks the gateway itself.
        let page = format!("/gateway/sslcommerz/{tran}");
        let mut calls = Vec::new();
        for i in 0..30 {
            let (app, page, val_id, fields) = (app.clone(), page.clone(), val_id.clone(), ipn(&stand, &tran, false));
            calls.push(tokio::spawn(async move {
                match i % 3 {
                    0 => browser_post(&app, &format!("{page}/success"), &[("tran_id", &tran_of(&page)), ("val_id", &val_id), ("status", "VALID")]).await.1,
                    1 => { assert_eq!(notify(&app, &fields).await, StatusCode::OK); String::new() }
                    _ => browser_post(&app, &format!("{page}/fail"), &[("status", "FAILED")]).await.1,
                }
            }));
        }
        for call in calls {
            let location = call.await.unwrap();
            assert!(location.is_empty() || location == format!("/bus/payment/success?tnxId={tnx}"), "{location}");
        }
        assert_eq!(common::tickets_of(&app, &tnx).await, 1, "one ticket");
        assert_eq!(common::count_of(&app, "SELECT COUNT(*) FROM payments WHERE tnx_id = $1", &tnx).await, 1, "one payment");
        assert_eq!(refund_state(&app, &tnx).await, None, "nothing to give back");
        // A bot repeating the return of a paid session costs a read, not a call to the gateway.
        let asked = stand.lock().unwrap().validations;
        for _ in 0..20 {
            let (_, location) = browser_post(&app, &format!("{page}/success"), &[("val_id", &val_id)]).await;
            assert_eq!(location, format!("/bus/payment/success?tnxId={tnx}"));
        }
        assert_eq!(stand.lock().unwrap().validations, asked);
        let (status, ticket) = traveller.post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
        assert_eq!(status, StatusCode::OK, "{ticket}");
        assert_eq!(ticket["data"]["paymentHistory"]["gateway"], "sslcommerz");
    }

    a_booking_shows_the_gateway_last_chosen_and_its_ticket_the_one_that_took_the_money(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "two-gateways").await;
        let shown = || async {
            let (_, booking) = traveller.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
            booking["data"]["gateway"].clone()
        };
        assert_eq!(shown().await, Value::Null, "none chosen yet");
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        assert_eq!(shown().await, "sslcommerz");
        let (status, answer) = choose(&traveller, &tnx, "bkash").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(shown().await, "bkash", "the latest choice");
        // The traveller pays at the SSLCommerz page still open in another tab.
        let val_id = ssl_customer_pays(&stand, &tran);
        let (_, location) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        assert_eq!(location, format!("/bus/payment/success?tnxId={tnx}"));
        assert_eq!(shown().await, "sslcommerz", "the gateway that took the money");
        let (_, ticket) = traveller.post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
        assert_eq!(ticket["data"]["paymentHistory"]["gateway"], "sslcommerz", "{ticket}");
    }

    a_forged_ipn_a_lie_about_the_amount_and_an_invalid_validation_issue_no_ticket(backend) {
        let (app, stand) = site(backend, false).await;
        // A forged signature: refused before anything is asked.
        let (traveller, tnx) = pending(&app, "ssl-forged").await;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        ssl_customer_pays(&stand, &tran);
        assert_eq!(notify(&app, &ipn(&stand, &tran, true)).await, StatusCode::BAD_REQUEST);
        assert_eq!(common::tickets_of(&app, &tnx).await, 0);

        // The validation API says VALID but for another amount: no ticket, the money goes back.
        stand.lock().unwrap().validation_lie = Some(("VALID".into(), "1.00".into(), "BDT".into()));
        let val_id = stand.lock().unwrap().ssl[&tran].val_id.clone();
        let (_, location) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        assert_eq!(location, format!("/bus/payment/failed?tnxId={tnx}"));
        assert_eq!(common::tickets_of(&app, &tnx).await, 0, "another amount buys nothing");
        assert_eq!(refund_state(&app, &tnx).await.map(|r| r.1), Some("amount-mismatch".to_owned()));

        // Another currency: the same.
        let (traveller, tnx) = pending(&app, "ssl-currency").await;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        let val_id = ssl_customer_pays(&stand, &tran);
        let amount = stand.lock().unwrap().ssl[&tran].amount.clone();
        stand.lock().unwrap().validation_lie = Some(("VALID".into(), amount, "USD".into()));
        browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        assert_eq!(common::tickets_of(&app, &tnx).await, 0, "another currency buys nothing");

        // The validation API says INVALID_TRANSACTION (a made-up val_id), then FAILED.
        for (who, lie) in [("ssl-invalid", "INVALID_TRANSACTION"), ("ssl-failed", "FAILED")] {
            let (traveller, tnx) = pending(&app, who).await;
            let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
            let val_id = ssl_customer_pays(&stand, &tran);
            stand.lock().unwrap().ssl.get_mut(&tran).unwrap().status = "FAILED".into();
            stand.lock().unwrap().validation_lie = Some((lie.into(), "0".into(), "BDT".into()));
            let (_, location) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id), ("status", "VALID")]).await;
            assert_eq!(location, format!("/bus/payment/failed?tnxId={tnx}"), "{lie}");
            assert_eq!(common::tickets_of(&app, &tnx).await, 0, "{lie}");
            assert_eq!(booking_status(&app, &tnx).await, "failed", "{lie}: the seats are released");
        }
    }

    a_gateway_that_times_out_is_asked_again_and_the_reconciler_settles_by_its_answer(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "ssl-slow").await;
        // Opening a session at a gateway that does not answer in time: 503, nothing changes.
        stand.lock().unwrap().delay_ms = 1500;
        let (status, body) = choose(&traveller, &tnx, "sslcommerz").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(booking_status(&app, &tnx).await, "pending");
        stand.lock().unwrap().delay_ms = 0;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        let val_id = ssl_customer_pays(&stand, &tran);
        // The browser comes back while the validation API is too slow: no guess.
        stand.lock().unwrap().delay_ms = 1500;
        let (_, location) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        assert_eq!(location, format!("/bus/payment/success?tnxId={tnx}"), "the success page waits for the ticket");
        assert_eq!(common::tickets_of(&app, &tnx).await, 0, "not yet known");
        let (status, _) = traveller.post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "payment not complete yet");
        // The gateway answers again; the reconciler asks about the session when it is due.
        stand.lock().unwrap().delay_ms = 0;
        sqlx::query("UPDATE payment_sessions SET check_at = 0").execute(&app.state.pool).await.unwrap();
        let report = reconcile::once(&app.state).await.unwrap();
        assert!(report.sessions_settled >= 1, "{report:?}");
        assert_eq!(common::tickets_of(&app, &tnx).await, 1);

        // bKash: execute takes the money but its answer is too late; the status query settles it.
        let (traveller, tnx) = pending(&app, "bkash-slow").await;
        let answer = choose(&traveller, &tnx, "bkash").await.1;
        let session = opened(&app, &tnx, &answer).await;
        let payment_id: String = sqlx::query("SELECT gateway_ref FROM payment_sessions WHERE id = $1").bind(&session).fetch_one(&app.state.pool).await.unwrap().get(0);
        stand.lock().unwrap().bkash.get_mut(&payment_id).unwrap().status = "Authorized".into();
        stand.lock().unwrap().execute_delay_ms = 1500;
        let (_, location) = browser_get(&app, &format!("/gateway/bkash/{session}?paymentID={payment_id}&status=success")).await;
        assert_eq!(location, format!("/bus/payment/success?tnxId={tnx}"));
        assert_eq!(common::tickets_of(&app, &tnx).await, 1, "settled by the status query after the execute timed out");
        assert_eq!(stand.lock().unwrap().executions, 1, "charged once");
    }

    bkash_grants_one_token_executes_once_and_a_cancel_releases_the_seats(backend) {
        let (app, stand) = site(backend, true).await;
        assert_eq!(app.state.gateways.names(), ["sslcommerz", "bkash", "sandbox"]);
        let mut paid = Vec::new();
        for who in ["bk-1", "bk-2"] {
            let (traveller, tnx) = pending(&app, who).await;
            let (status, answer) = choose(&traveller, &tnx, "bkash").await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            let session = opened(&app, &tnx, &answer).await;
            let payment_id: String = sqlx::query("SELECT gateway_ref FROM payment_sessions WHERE id = $1").bind(&session).fetch_one(&app.state.pool).await.unwrap().get(0);
            stand.lock().unwrap().bkash.get_mut(&payment_id).unwrap().status = "Authorized".into();
            // The callback, repeated at once: one execute, one ticket.
            let path = format!("/gateway/bkash/{session}?paymentID={payment_id}&status=success");
            let (a, b) = tokio::join!(browser_get(&app, &path), browser_get(&app, &path));
            assert_eq!(a.1, format!("/bus/payment/success?tnxId={tnx}"));
            assert_eq!(b.1, a.1);
            assert_eq!(common::tickets_of(&app, &tnx).await, 1);
            // Someone else's paymentID on this session is not ours to settle.
            assert_eq!(browser_get(&app, &format!("/gateway/bkash/{session}?paymentID=PAY999&status=cancel")).await.0, StatusCode::NOT_FOUND);
            paid.push(tnx);
        }
        assert_eq!(stand.lock().unwrap().grants, 1, "the token is kept until it expires");
        assert_eq!(stand.lock().unwrap().executions, 2);

        let (traveller, tnx) = pending(&app, "bk-cancel").await;
        let session = opened(&app, &tnx, &choose(&traveller, &tnx, "bkash").await.1).await;
        let payment_id: String = sqlx::query("SELECT gateway_ref FROM payment_sessions WHERE id = $1").bind(&session).fetch_one(&app.state.pool).await.unwrap().get(0);
        let (_, location) = browser_get(&app, &format!("/gateway/bkash/{session}?paymentID={payment_id}&status=cancel")).await;
        assert_eq!(location, format!("/bus/payment/cancel?tnxId={tnx}"));
        assert_eq!(booking_status(&app, &tnx).await, "cancelled");
        assert_eq!(stand.lock().unwrap().executions, 2, "a cancel takes no money");
    }

    refunds_go_through_the_gateway_are_retried_when_it_fails_and_the_traveller_sees_their_state(backend) {
        let (app, stand) = site(backend, true).await;
        let (traveller, tnx) = pending(&app, "refund-me").await;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        let val_id = ssl_customer_pays(&stand, &tran);
        browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        let (_, ticket) = traveller.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
        let id = ticket["data"]["_id"].as_str().unwrap().to_owned();
        stand.lock().unwrap().refunds_fail = true;
        let (status, _) = traveller.post("/v1/api/common/send-otp", json!({"ticketId": id, "service": "BUS"})).await;
        assert_eq!(status, StatusCode::OK);
        let code = common::sms_code(&app, "01712345678").await;
        let (status, cancelled) = traveller.post("/v1/api/intercity/cancel-ticket", json!({"ticketId": id, "otpCode": code, "phone": "01712345678"})).await;
        assert_eq!(status, StatusCode::OK, "{cancelled}");
        assert_eq!(cancelled["data"]["refundStatus"], "requested", "the gateway refused: to be retried");
        assert_eq!(refund_state(&app, &tnx).await, Some(("requested".into(), "cancelled".into(), 1)));
        // Retried when due, still failing: the tries count, the next try waits longer.
        sqlx::query("UPDATE refunds SET next_try_at = 0").execute(&app.state.pool).await.unwrap();
        reconcile::once(&app.state).await.unwrap();
        assert_eq!(refund_state(&app, &tnx).await, Some(("requested".into(), "cancelled".into(), 2)));
        let wait: i64 = sqlx::query("SELECT next_try_at FROM refunds WHERE tnx_id = $1").bind(&tnx).fetch_one(&app.state.pool).await.unwrap().get(0);
        assert!(wait > ticket_api::clock::now_unix_ms() + 60_000, "backs off");
        // The gateway works again: accepted (processing), then done on the status query.
        stand.lock().unwrap().refunds_fail = false;
        sqlx::query("UPDATE refunds SET next_try_at = 0").execute(&app.state.pool).await.unwrap();
        reconcile::once(&app.state).await.unwrap();
        assert_eq!(refund_state(&app, &tnx).await.unwrap().0, "processing");
        sqlx::query("UPDATE refunds SET next_try_at = 0").execute(&app.state.pool).await.unwrap();
        let report = reconcile::once(&app.state).await.unwrap();
        assert_eq!(report.refunds_done, 1, "{report:?}");
        let (_, ticket) = traveller.post("/v1/api/intercity/get-ticket-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(ticket["data"]["paymentHistory"]["refundStatus"], "done", "{ticket}");
        assert_eq!(stand.lock().unwrap().refunded, vec![tran], "one refund, named by our reference");
        let calls = stand.lock().unwrap().refund_calls;
        reconcile::once(&app.state).await.unwrap();
        assert_eq!(stand.lock().unwrap().refund_calls, calls, "a done refund is never sent again");

        // Given up after the last try: failed, for an operator.
        let (traveller, tnx) = pending(&app, "refund-never").await;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        ssl_customer_pays(&stand, &tran);
        stand.lock().unwrap().validation_lie = Some(("VALID".into(), "1.00".into(), "BDT".into()));
        let val_id = stand.lock().unwrap().ssl[&tran].val_id.clone();
        browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        stand.lock().unwrap().refunds_fail = true;
        sqlx::query("UPDATE refunds SET next_try_at = 0, tries = $1 WHERE tnx_id = $2").bind(refunds::MAX_REFUND_TRIES - 1).bind(&tnx).execute(&app.state.pool).await.unwrap();
        reconcile::once(&app.state).await.unwrap();
        assert_eq!(refund_state(&app, &tnx).await.unwrap().0, "failed");
        let (_, booking) = traveller.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(booking["data"]["refundStatus"], "failed", "{booking}");
    }

    a_payment_left_without_its_ticket_is_ticketed_or_refunded_by_the_reconciler(backend) {
        let (app, _stand) = site(backend, true).await;
        // What a crash between two transactions would have left: a payment, no ticket.
        let mut left = Vec::new();
        for who in ["crash-1", "crash-2"] {
            let (_, tnx) = pending(&app, who).await;
            let booking = ticket_api::store::bookings::by_tnx(&app.state.pool, &tnx).await.unwrap().unwrap();
            let session = ticket_api::domain::payments::open_session(&app.state, &booking, "sandbox").await.unwrap();
            ticket_api::store::payments::close_session(&app.state.pool, &session.id, ticket_api::store::payments::SessionState::Paid, Some("p")).await.unwrap();
            ticket_api::store::payments::record_once(&app.state.pool, &session, ticket_api::store::payments::PaymentOutcome::Paid, 1).await.unwrap();
            left.push((tnx, booking));
        }
        // The second one's seats were taken meanwhile (its hold ran out, someone else sold them).
        let (tnx, booking) = &left[1];
        sqlx::query("DELETE FROM seat_claims WHERE claim_id = $1").bind(&booking.hold_id).execute(&app.state.pool).await.unwrap();
        let seats = ticket_api::store::bookings::seats(&app.state.pool, &booking.id).await.unwrap();
        let thief = app.visitor("thief");
        app.state.claims.forget(&booking.trip_id);
        assert_eq!(thief.lock(&booking.trip_id, &[&seats[0]]).await.0, StatusCode::OK);
        let report = reconcile::once(&app.state).await.unwrap();
        assert_eq!((report.tickets_issued, report.paid_refunded), (1, 1), "{report:?}");
        assert_eq!(common::tickets_of(&app, &left[0].0).await, 1);
        assert_eq!(common::tickets_of(&app, tnx).await, 0);
        assert_eq!(booking_status(&app, tnx).await, "refunded");
        assert_eq!(refund_state(&app, tnx).await.map(|r| (r.0, r.1)), Some(("done".into(), "seats-lost".into())), "the sandbox refunds at once");
        assert_eq!(reconcile::once(&app.state).await.unwrap(), reconcile::Report::default(), "nothing left to do");
    }

    a_gateway_return_settles_only_a_session_of_that_gateway(backend) {
        let (app, _stand) = site(backend, true).await;
        let (traveller, tnx) = pending(&app, "cross-gateway").await;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        // An SSLCommerz session paid "through" the sandbox's page, or a made-up session: nothing.
        for path in [format!("/gateway/sandbox/{tran}/pay"), format!("/gateway/sandbox/{tran}/fail"), "/gateway/sandbox/made-up/pay".to_owned()] {
            assert_eq!(app.visit("POST", &path, &[]).await.0, StatusCode::NOT_FOUND, "{path}");
        }
        assert_eq!(browser_get(&app, &format!("/gateway/sandbox/{tran}")).await.0, StatusCode::NOT_FOUND);
        assert_eq!(common::tickets_of(&app, &tnx).await, 0);
        assert_eq!(booking_status(&app, &tnx).await, "pending");
    }

    without_demo_mode_the_sandbox_does_not_exist_and_nothing_is_ticketed_unpaid(backend) {
        let (app, stand) = site(backend, false).await;
        assert_eq!(app.state.gateways.names(), ["sslcommerz", "bkash"]);
        let (traveller, tnx) = pending(&app, "no-sandbox").await;
        let (status, body) = choose(&traveller, &tnx, "sandbox").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        for path in ["/gateway/sandbox/anything", "/gateway/sandbox/anything/pay"] {
            assert_eq!(app.visit("POST", path, &[]).await.0, StatusCode::NOT_FOUND, "{path}");
        }
        assert_eq!(browser_get(&app, "/gateway/sandbox/anything").await.0, StatusCode::NOT_FOUND);
        // A browser return claiming success for a session nobody paid: asked, not believed.
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        let (_, location) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("status", "VALID"), ("val_id", "made-up")]).await;
        assert_ne!(location, String::new());
        let (status, _) = traveller.post("/v1/api/intercity/confirm-ticket", json!({"tnxId": tnx})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(common::tickets_of(&app, &tnx).await, 0);
        drop(stand);

        // No gateway at all and no demo: the site says online payment is not available.
        let bare = common::TestApp::with_settings(backend, 60, &[("DEMO_MODE", "0")]).await;
        let (traveller, tnx) = pending(&bare, "no-gateway").await;
        let (_, booking) = traveller.post("/v1/api/intercity/get-booking-info-by-txn-id", json!({"tnxId": tnx})).await;
        assert_eq!(booking["data"]["paymentGateways"], json!([]));
        let (status, body) = choose(&traveller, &tnx, "sandbox").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(body["message"], "Online payment is not available right now");
    }

    // Issue 39, 1: a failure return after an execute is not believed; the payment bKash confirms
    // late is ticketed. And a session a cancel return closed is asked again by the reconciler.
    a_failure_return_after_an_execute_leaves_the_session_to_bkash_and_a_late_payment_is_ticketed(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "bk-late").await;
        let session = opened(&app, &tnx, &choose(&traveller, &tnx, "bkash").await.1).await;
        let payment_id = payment_id_of(&app, &session).await;
        // The traveller approves; execute is sent but does not answer in time, and bKash's
        // status still says Initiated.
        stand.lock().unwrap().execute_hangs = true;
        let (_, location) = browser_get(&app, &format!("/gateway/bkash/{session}?paymentID={payment_id}&status=success")).await;
        assert_eq!(location, format!("/bus/payment/success?tnxId={tnx}"), "unknown yet: the success page waits");
        assert_eq!(booking_status(&app, &tnx).await, "pending");
        // A failure return for the same session (another tab, the back button, anyone with both ids).
        let (_, location) = browser_get(&app, &format!("/gateway/bkash/{session}?paymentID={payment_id}&status=failure")).await;
        assert_ne!(location, String::new());
        assert_eq!(booking_status(&app, &tnx).await, "pending", "an execute was sent: the browser's word ends nothing");
        // bKash completes the payment after all; the reconciler asks when it is due.
        {
            let mut s = stand.lock().unwrap();
            let p = s.bkash.get_mut(&payment_id).unwrap();
            p.status = "Completed".into();
            p.trx_id = Some("TRX-LATE".into());
        }
        sqlx::query("UPDATE payment_sessions SET check_at = 0").execute(&app.state.pool).await.unwrap();
        reconcile::once(&app.state).await.unwrap();
        assert_eq!(common::count_of(&app, "SELECT COUNT(*) FROM payments WHERE tnx_id = $1", &tnx).await, 1, "the payment is recorded");
        assert_eq!(common::tickets_of(&app, &tnx).await, 1, "and ticketed");

        // A cancel return before any execute ends the booking at once (no money can move without
        // one), but bKash is still asked again: a payment it confirms later is not kept.
        let (traveller, tnx) = pending(&app, "bk-word").await;
        let session = opened(&app, &tnx, &choose(&traveller, &tnx, "bkash").await.1).await;
        let payment_id = payment_id_of(&app, &session).await;
        let (_, location) = browser_get(&app, &format!("/gateway/bkash/{session}?paymentID={payment_id}&status=cancel")).await;
        assert_eq!(location, format!("/bus/payment/cancel?tnxId={tnx}"));
        assert_eq!(booking_status(&app, &tnx).await, "cancelled");
        {
            let mut s = stand.lock().unwrap();
            let p = s.bkash.get_mut(&payment_id).unwrap();
            p.status = "Completed".into();
            p.trx_id = Some("TRX-ODD".into());
        }
        sqlx::query("UPDATE payment_sessions SET check_at = 0").execute(&app.state.pool).await.unwrap();
        let report = reconcile::once(&app.state).await.unwrap();
        assert_eq!(report.sessions_settled, 1, "{report:?}");
        let tickets = common::tickets_of(&app, &tnx).await;
        let refunds = common::count_of(&app, "SELECT COUNT(*) FROM refunds WHERE tnx_id = $1", &tnx).await;
        assert_eq!(tickets + refunds, 1, "a ticket or a refund, never the money kept");
        assert_eq!(reconcile::once(&app.state).await.unwrap(), reconcile::Report::default(), "nothing left to ask");
    }

    // Issue 39, 2: an unsigned return with a made-up val_id proves nothing about the session.
    a_made_up_val_id_fails_nobodys_booking(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "ssl-victim").await;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        // Only the session id is needed: it is in the gateway's URL.
        for claim in ["success", "fail", "cancel"] {
            let (status, _) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/{claim}"), &[("val_id", "MADEUP123"), ("status", "FAILED")]).await;
            assert_eq!(status, StatusCode::SEE_OTHER, "{claim}");
            assert_eq!(booking_status(&app, &tnx).await, "pending", "{claim}: the booking still waits");
        }
        // The traveller pays after all: a ticket.
        let val_id = ssl_customer_pays(&stand, &tran);
        let (_, location) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        assert_eq!(location, format!("/bus/payment/success?tnxId={tnx}"));
        assert_eq!(common::tickets_of(&app, &tnx).await, 1);
    }

    // Issue 39, 3: update-gateway opens one session per booking and gateway, and few in all.
    update_gateway_opens_one_session_however_often_it_is_called_and_few_per_booking(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "gw-spam").await;
        let calls: Vec<_> = (0..40)
            .map(|_| {
                let (traveller, tnx) = (traveller.clone(), tnx.clone());
                tokio::spawn(async move { choose(&traveller, &tnx, "bkash").await })
            })
            .collect();
        let mut urls = Vec::new();
        for call in calls {
            let (status, answer) = call.await.unwrap();
            assert_eq!(status, StatusCode::OK, "{answer}");
            urls.push(answer["data"]["redirectUrl"].as_str().unwrap().to_owned());
        }
        urls.dedup();
        assert_eq!(urls.len(), 1, "one session, given to every call");
        assert_eq!(stand.lock().unwrap().bkash.len(), 1, "one create at bKash");
        assert_eq!(common::count_of(&app, "SELECT COUNT(*) FROM payment_sessions WHERE tnx_id = $1", &tnx).await, 1);
        // Another gateway is another session; back to the first gives the first again.
        assert_eq!(choose(&traveller, &tnx, "sslcommerz").await.0, StatusCode::OK);
        let (_, again) = choose(&traveller, &tnx, "bkash").await;
        assert_eq!(again["data"]["redirectUrl"].as_str(), Some(urls[0].as_str()));
        assert_eq!(common::count_of(&app, "SELECT COUNT(*) FROM payment_sessions WHERE tnx_id = $1", &tnx).await, 2);
        // Sessions that ended (each cancelled at the gateway's page) are not given again, and a
        // booking opens a few at most.
        let mut refused = None;
        for _ in 0..20 {
            sqlx::query("UPDATE payment_sessions SET state = 'cancelled' WHERE tnx_id = $1").bind(&tnx).execute(&app.state.pool).await.unwrap();
            let (status, answer) = choose(&traveller, &tnx, "sslcommerz").await;
            if status != StatusCode::OK {
                refused = Some((status, answer));
                break;
            }
        }
        let (status, answer) = refused.expect("a limit per booking");
        assert_eq!((status, answer["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("payment.tooManyAttempts")), "{answer}");
        let opened = common::count_of(&app, "SELECT COUNT(*) FROM payment_sessions WHERE tnx_id = $1", &tnx).await;
        assert_eq!(opened, ticket_api::domain::payments::MAX_SESSIONS_PER_BOOKING);
    }

    // Issue 39, 3: thirty success returns at once send one execute.
    thirty_success_returns_at_once_send_one_execute(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "bk-thirty").await;
        let session = opened(&app, &tnx, &choose(&traveller, &tnx, "bkash").await.1).await;
        let payment_id = payment_id_of(&app, &session).await;
        stand.lock().unwrap().bkash.get_mut(&payment_id).unwrap().status = "Authorized".into();
        let path = format!("/gateway/bkash/{session}?paymentID={payment_id}&status=success");
        let returns: Vec<_> = (0..30)
            .map(|_| {
                let (app, path) = (app.clone(), path.clone());
                tokio::spawn(async move { browser_get(&app, &path).await })
            })
            .collect();
        for r in returns {
            assert_eq!(r.await.unwrap().1, format!("/bus/payment/success?tnxId={tnx}"));
        }
        assert_eq!(stand.lock().unwrap().execute_calls, 1, "one execute");
        assert_eq!(common::tickets_of(&app, &tnx).await, 1);
    }

    // Issue 39, 4: another amount goes back to the paisa.
    a_payment_of_another_amount_is_refunded_to_the_paisa(backend) {
        let (app, stand) = site(backend, false).await;
        let (traveller, tnx) = pending(&app, "ssl-paisa").await;
        let tran = opened(&app, &tnx, &choose(&traveller, &tnx, "sslcommerz").await.1).await;
        let val_id = ssl_customer_pays(&stand, &tran);
        stand.lock().unwrap().validation_lie = Some(("VALID".into(), "10.50".into(), "BDT".into()));
        let (_, location) = browser_post(&app, &format!("/gateway/sslcommerz/{tran}/success"), &[("val_id", &val_id)]).await;
        assert_eq!(location, format!("/bus/payment/failed?tnxId={tnx}"));
        sqlx::query("UPDATE refunds SET next_try_at = 0").execute(&app.state.pool).await.unwrap();
        reconcile::once(&app.state).await.unwrap();
        assert_eq!(stand.lock().unwrap().refund_amounts, vec!["10.50".to_owned()], "10 taka 50 paisa back, not 10 taka");
    }
}

/// bKash's paymentID of one of our sessions.
async fn payment_id_of(app: &common::TestApp, session: &str) -> String {
    sqlx::query("SELECT gateway_ref FROM payment_sessions WHERE id = $1")
        .bind(session)
        .fetch_one(&app.state.pool)
        .await
        .unwrap()
        .get(0)
}

fn tran_of(page: &str) -> String {
    page.rsplit('/').next().unwrap().to_owned()
}
