//! A throwaway, seeded ticket API per test (zero2prod's `spawn_app`), on SQLite or PostgreSQL.
//!
//! The demo network is seeded once per backend and test binary: into a template SQLite file that
//! each test copies, or a template PostgreSQL database each test clones (`CREATE DATABASE ...
//! TEMPLATE`). Tests are then isolated and start in milliseconds.
//! PostgreSQL comes from `TICKET_API_TEST_POSTGRES` (a server URL); `make test` starts a
//! throwaway server and sets it. Without it the PostgreSQL tests fail: nothing is skipped.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use sqlx::Connection;
use ticket_api::config::Config;
use ticket_api::seed::{SeedOptions, seed_demo};
use tower::ServiceExt;

pub mod plans;
pub mod staff;

/// Days of demo trips in the test databases: tests pick trips up to the day after tomorrow, and
/// a run that crosses Dhaka's midnight after its template was seeded still finds them.
pub const DAYS: u32 = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn unique(prefix: &str) -> String {
    format!("{prefix}_{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst))
}

pub fn today() -> core_wasm::time::Date {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as f64;
    core_wasm::time::today_in_dhaka(now)
}

fn config(url: &str, ttl: u32, extra: &[(&str, &str)]) -> Config {
    let url = url.to_owned();
    let ttl = ttl.to_string();
    let extra: Vec<(String, String)> = extra.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    Config::from_lookup(&move |name| {
        if let Some((_, v)) = extra.iter().find(|(k, _)| k == name) {
            return Some(v.clone());
        }
        match name {
            "DATABASE_URL" => Some(url.clone()),
            "TOKEN_TTL_SECONDS" => Some(ttl.clone()),
            "TOKEN_SECRET" => Some("a test secret, at least 32 bytes long".into()),
            "OTP_SECRET" => Some("another test secret, 32 bytes or more".into()),
            // Demo mode for its SMS outbox, where the tests read the codes (the database is
            // seeded already, so nothing is seeded again).
            "DEMO_MODE" => Some("1".into()),
            "SERVICE_ACCOUNTS" => Some("partner:s3cret:agent:pass".into()),
            "DB_MAX_CONNECTIONS" => Some("8".into()),
            // No waiting room unless a test sets its own windows (tests/queue.rs).
            "SALE_WINDOWS" => Some("none".into()),
            _ => None,
        }
    })
    .unwrap()
}

/// Runs `f` on a runtime of its own: the templates outlive any one test's runtime.
fn on_own_runtime<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(f).join().unwrap()
}

/// Removes the SQLite files of test processes that have ended (each test has a database file
/// of its own, about 4 MB, and a run leaves hundreds: run after run they filled the disk).
fn sweep_ended_runs() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = ["ticket_api_test_", "ticket_api_empty_", "ticket_api_template_"]
            .iter()
            .find_map(|prefix| name.strip_prefix(prefix))
        else {
            continue;
        };
        let pid = rest.split('_').next().unwrap_or_default();
        let ended = pid.parse::<u32>().is_ok_and(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists());
        if ended {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn sqlite_template() -> &'static PathBuf {
    static TEMPLATE: OnceLock<PathBuf> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        sweep_ended_runs();
        on_own_runtime(|| {
            let path = std::env::temp_dir().join(format!("{}.db", unique("ticket_api_template")));
            let rt = tokio::runtime::Runtime::new().unwrap();
            rt.block_on(async {
                let (pool, _) =
                    ticket_api::store::pool::open(&format!("sqlite://{}", path.display()), 2).await.unwrap();
                seed_demo(&pool, &SeedOptions { today: today(), days: DAYS }).await.unwrap();
                // Fold the WAL into the file so a plain copy holds everything.
                sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&pool).await.unwrap();
                pool.close().await;
            });
            path
        })
    })
}

pub fn postgres_server() -> String {
    std::env::var("TICKET_API_TEST_POSTGRES")
        .expect("TICKET_API_TEST_POSTGRES is not set: the PostgreSQL tests need a server (make test starts one)")
}

fn with_database(server: &str, database: &str) -> String {
    let base = server.trim_end_matches('/');
    let base = match base.rsplit_once('/') {
        Some((head, _)) if head.contains("://") && head.len() > "postgres://".len() => head.to_owned(),
        _ => base.to_owned(),
    };
    format!("{base}/{database}")
}

async fn admin(server: &str, statement: &str) {
    let mut conn = sqlx::PgConnection::connect(&with_database(server, "postgres")).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(statement.to_owned())).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

fn postgres_template() -> &'static String {
    static TEMPLATE: OnceLock<String> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let server = postgres_server();
        on_own_runtime(move || {
            let name = unique("tpl");
            let rt = tokio::runtime::Runtime::new().unwrap();
            rt.block_on(async {
                admin(&server, &format!("CREATE DATABASE {name}")).await;
                let (pool, _) = ticket_api::store::pool::open(&with_database(&server, &name), 2).await.unwrap();
                seed_demo(&pool, &SeedOptions { today: today(), days: DAYS }).await.unwrap();
                pool.close().await;
            });
            name
        })
    })
}

/// A fresh database with nothing in it, not even the migrations.
pub async fn empty_database_url(backend: Backend) -> String {
    match backend {
        Backend::Sqlite => {
            format!("sqlite://{}", std::env::temp_dir().join(format!("{}.db", unique("ticket_api_empty"))).display())
        }
        Backend::Postgres => {
            let server = postgres_server();
            let name = unique("e");
            admin(&server, &format!("CREATE DATABASE {name}")).await;
            with_database(&server, &name)
        }
    }
}

/// A fresh database holding the seeded demo network.
pub async fn database_url(backend: Backend) -> String {
    match backend {
        Backend::Sqlite => {
            let template = sqlite_template().clone();
            let copy = std::env::temp_dir().join(format!("{}.db", unique("ticket_api_test")));
            std::fs::copy(&template, &copy).unwrap();
            format!("sqlite://{}", copy.display())
        }
        Backend::Postgres => {
            let template = postgres_template().clone();
            let server = postgres_server();
            let name = unique("t");
            admin(&server, &format!("CREATE DATABASE {name} TEMPLATE {template}")).await;
            with_database(&server, &name)
        }
    }
}

#[derive(Clone)]
pub struct TestApp {
    pub router: Router,
    pub state: ticket_api::AppState,
    pub token: String,
    /// The client address requests come from (the socket's, as a server would see it).
    pub address: std::net::SocketAddr,
}

impl TestApp {
    pub async fn new(backend: Backend) -> TestApp {
        TestApp::with_ttl(backend, 60).await
    }

    pub async fn with_ttl(backend: Backend, ttl: u32) -> TestApp {
        TestApp::with_settings(backend, ttl, &[]).await
    }

    pub async fn with_settings(backend: Backend, ttl: u32, extra: &[(&str, &str)]) -> TestApp {
        let url = database_url(backend).await;
        let state = ticket_api::start(config(&url, ttl, extra)).await.unwrap();
        let token = state.tokens.new_visitor().unwrap().access_token;
        let address = "127.0.0.1:40000".parse().unwrap();
        TestApp { router: ticket_api::router(state.clone()), state, token, address }
    }

    /// The same app as the public site's visitor `id` (a token the server issued for that id):
    /// its holds, bookings and tickets are that visitor's.
    pub fn visitor(&self, id: &str) -> TestApp {
        let caller = ticket_api::domain::identity::Caller::new("web", id);
        TestApp { token: self.state.tokens.issue(&caller).access_token, ..self.clone() }
    }

    /// A new server process on the same database with the same settings (it loads the
    /// timetable afresh, as a restart would).
    pub async fn restarted(&self) -> TestApp {
        let state = ticket_api::start((*self.state.config).clone()).await.unwrap();
        TestApp { router: ticket_api::router(state.clone()), state, ..self.clone() }
    }

    /// The same app, requests coming from another client address.
    pub fn at_address(&self, address: &str) -> TestApp {
        TestApp { address: format!("{address}:40000").parse().unwrap(), ..self.clone() }
    }

    /// The store this app runs on.
    pub fn backend(&self) -> Backend {
        if self.state.config.database_url.starts_with("sqlite:") { Backend::Sqlite } else { Backend::Postgres }
    }

    pub async fn send(&self, mut request: Request<Body>) -> (StatusCode, Value) {
        request.extensions_mut().insert(axum::extract::ConnectInfo(self.address));
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let json =
            serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
        (status, json)
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let request = Request::get(path).header(header::AUTHORIZATION, format!("Bearer {}", self.token));
        self.send(request.body(Body::empty()).unwrap()).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.post_raw(path, "application/json", body.to_string()).await
    }

    pub async fn post_raw(&self, path: &str, content_type: &str, body: String) -> (StatusCode, Value) {
        let request = Request::post(path)
            .header(header::AUTHORIZATION, format!("Bearer {}", self.token))
            .header(header::CONTENT_TYPE, content_type);
        self.send(request.body(Body::from(body)).unwrap()).await
    }
}

impl TestApp {
    /// This visitor's seat-lock of `seats` on a bus trip.
    pub async fn lock(&self, trip: &str, seats: &[&str]) -> (StatusCode, Value) {
        self.post("/v1/api/intercity/seat-lock", serde_json::json!({"tripId": trip, "seats": seats})).await
    }

    /// This visitor's bus booking of the seats they hold: its transaction id.
    pub async fn book(&self, trip: &str, seats: &[&str]) -> String {
        let details = serde_json::json!({"tripId": trip, "seats": seats, "name": "Rahim Uddin", "phone": "01712345678", "gender": "male"});
        let (status, body) = self.post("/v1/api/intercity/payment-pending", details).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["data"]["tnxId"].as_str().unwrap().to_owned()
    }

    /// The traveller pays at the sandbox gateway.
    pub async fn pay(&self, tnx: &str) {
        assert_eq!(self.sandbox(tnx, "pay").await.0, StatusCode::SEE_OTHER);
    }

    /// A button of the sandbox's page for a new session of the booking (opened as update-gateway
    /// opens it, whoever the booking's owner is): the status and where the browser is sent.
    pub async fn sandbox(&self, tnx: &str, action: &str) -> (StatusCode, String) {
        let booking = ticket_api::store::bookings::by_tnx(&self.state.pool, tnx).await.unwrap().unwrap();
        let session = ticket_api::domain::payments::open_session(&self.state, &booking, "sandbox").await.unwrap();
        self.visit("POST", &format!("/gateway/sandbox/{}/{action}", session.id), &[]).await
    }

    /// A browser's visit with no token (a form POST or a GET): the status and where the
    /// browser is sent next (`Location`, empty if none).
    pub async fn visit(&self, method: &str, path: &str, form: &[(&str, &str)]) -> (StatusCode, String) {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(axum::http::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(serde_urlencoded::to_string(form).unwrap()))
            .unwrap();
        let response = tower::ServiceExt::oneshot(self.router.clone(), request).await.unwrap();
        let location = response
            .headers()
            .get(axum::http::header::LOCATION)
            .map(|l| l.to_str().unwrap().to_owned())
            .unwrap_or_default();
        (response.status(), location)
    }
}

/// The last OTP's SMS to `phone` (the demo outbox; the ticket's own messages go there too).
pub async fn last_sms(app: &TestApp, phone: &str) -> String {
    use sqlx::Row;
    sqlx::query(
        "SELECT body FROM sms_outbox WHERE phone = $1 AND body LIKE '%OTP%' ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(phone)
    .fetch_one(&app.state.pool)
    .await
    .unwrap()
    .get("body")
}

/// The code in the last SMS to `phone`, as the traveller reads it: its only run of four digits,
/// in either language's text.
pub async fn sms_code(app: &TestApp, phone: &str) -> String {
    let body = last_sms(app, phone).await;
    let code = body.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 4);
    code.unwrap_or_else(|| panic!("no code in {body:?}")).to_owned()
}

/// The e-ticket PDF of `ticket_id` as this visitor downloads it, with the request's extra
/// `headers` (a `Cookie` with the site's language): its status and its text as pdftotext reads it.
pub async fn ticket_pdf_text(app: &TestApp, ticket_id: &str, headers: &[(&str, &str)]) -> (StatusCode, String) {
    let mut request = Request::get(format!("/v1/api/intercity/download-ticket-pdf/{ticket_id}"))
        .header(header::AUTHORIZATION, format!("Bearer {}", app.token));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = app.router.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let path = std::env::temp_dir().join(format!("ticket-{}-{ticket_id}.pdf", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg("-enc")
        .arg("UTF-8")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    std::fs::remove_file(&path).ok();
    (status, String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A POST with an Idempotency-Key as `app`'s visitor: status, body, and whether it was a replay.
pub async fn post_with_key(app: &TestApp, path: &str, body: &Value, key: &str) -> (StatusCode, Value, bool) {
    let mut request = Request::post(path)
        .header(header::AUTHORIZATION, format!("Bearer {}", app.token))
        .header(header::CONTENT_TYPE, "application/json")
        .header("Idempotency-Key", key)
        .body(Body::from(body.to_string()))
        .unwrap();
    request.extensions_mut().insert(axum::extract::ConnectInfo(app.address));
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let replayed = response.headers().contains_key("idempotent-replay");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null), replayed)
}

/// A bus trip tomorrow on a route with an intermediate stop (e.g. Dhaka - Cumilla - Chattogram):
/// its id and its first, middle and last city.
pub async fn three_stop_trip(app: &TestApp) -> (String, String, String, String) {
    use sqlx::Row;
    let row = sqlx::query(
        "SELECT t.id, a.name AS first, b.name AS middle, c.name AS last FROM trips t \
         JOIN route_stops s0 ON s0.route_id = t.route_id AND s0.stop_index = 0 \
         JOIN route_stops s1 ON s1.route_id = t.route_id AND s1.stop_index = 1 \
         JOIN route_stops s2 ON s2.route_id = t.route_id AND s2.stop_index = 2 \
         JOIN cities a ON a.id = s0.city_id JOIN cities b ON b.id = s1.city_id JOIN cities c ON c.id = s2.city_id \
         WHERE t.service = 'BUS' AND t.departs_at >= $1 ORDER BY t.departs_at LIMIT 1",
    )
    .bind(today().add_days(1).days_since_epoch() * 1440)
    .fetch_one(&app.state.pool)
    .await
    .expect("the demo network has a bus route with an intermediate stop");
    (row.get("id"), row.get("first"), row.get("middle"), row.get("last"))
}

/// Seats of the trip with no claim at all, in seat order; not the ladies seats, so the tests'
/// male passengers may book them.
/// A count `sql` makes of the booking `tnx` (its one parameter).
pub async fn count_of(app: &TestApp, sql: &str, tnx: &str) -> i64 {
    use sqlx::Row;
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned())).bind(tnx).fetch_one(&app.state.pool).await.unwrap().get(0)
}

/// The tickets issued for the booking `tnx` (a booking has one at most).
pub async fn tickets_of(app: &TestApp, tnx: &str) -> i64 {
    count_of(app, "SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.tnx_id = $1", tnx)
        .await
}

/// Bus trips from tomorrow, the first `limit` to leave.
pub async fn bus_trip_ids(app: &TestApp, limit: i64) -> Vec<String> {
    use sqlx::Row;
    sqlx::query("SELECT id FROM trips WHERE service = 'BUS' AND departs_at >= $1 ORDER BY departs_at LIMIT $2")
        .bind(today().add_days(1).days_since_epoch() * 1440)
        .bind(limit)
        .fetch_all(&app.state.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get("id"))
        .collect()
}

/// `count` bus trips from tomorrow, each with at least `seats` free seats: (trip, its free seats).
pub async fn bus_trips(app: &TestApp, count: usize, seats: usize) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    for id in bus_trip_ids(app, 40).await {
        let free = free_seats(app, &id).await;
        if free.len() >= seats {
            found.push((id, free));
        }
        if found.len() == count {
            break;
        }
    }
    assert_eq!(found.len(), count, "the demo has enough trips");
    found
}

/// A seat's status in a seat view's answer, on whichever deck it is.
pub fn status_in_view(view: &Value, seat: &str) -> Value {
    let plan = &view["data"]["seatPlan"];
    ["seatList", "upperDeckSeatList", "lowerDeckSeatList"]
        .iter()
        .flat_map(|k| plan[k].as_array().cloned().unwrap_or_default())
        .find(|s| s["seatNo"] == seat)
        .unwrap()["status"]
        .clone()
}

pub async fn free_seats(app: &TestApp, trip: &str) -> Vec<String> {
    use sqlx::Row;
    sqlx::query(
        "SELECT ls.seat_no FROM trips t JOIN vehicles v ON v.id = t.vehicle_id JOIN layout_seats ls ON ls.layout_id = COALESCE(t.layout_id, v.layout_id) \
         WHERE t.id = $1 AND ls.is_ladies = 0 \
         AND NOT EXISTS (SELECT 1 FROM seat_claims c WHERE c.trip_id = t.id AND c.seat_no = ls.seat_no) \
         ORDER BY ls.seat_no",
    )
    .bind(trip)
    .fetch_all(&app.state.pool)
    .await
    .unwrap()
    .iter()
    .map(|r| r.get("seat_no"))
    .collect()
}

/// A loopback port nobody listens on (for a real server process).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Waits (up to 30 s) until a real server answers at `addr`: a new visitor's access token.
pub async fn ready(addr: std::net::SocketAddr) -> String {
    for _ in 0..300 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            let grant = serde_json::json!({"grant_type": "client_credentials", "client_id": "web"});
            let (status, _, token) = http(addr, "POST", "/oauth/access_token", None, Some(&grant)).await;
            if status == 200 {
                return token["access_token"].as_str().unwrap().to_owned();
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the server at {addr} did not start");
}

/// One HTTP/1.1 request over a fresh TCP connection to a real server: (status, head, JSON body).
pub async fn http(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, String, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, json) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status: u16 = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_owned(), serde_json::from_str(json).unwrap_or(Value::Null))
}

/// Runs each listed test on SQLite and on PostgreSQL.
#[macro_export]
macro_rules! on_both {
    ($($name:ident($app:ident) $body:block)*) => {
        mod sqlite {
            #[allow(unused_imports)]
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    let $app = common::TestApp::new(common::Backend::Sqlite).await;
                    $body
                }
            )*
        }
        mod postgres {
            #[allow(unused_imports)]
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    let $app = common::TestApp::new(common::Backend::Postgres).await;
                    $body
                }
            )*
        }
    };
}
