//! The ticket API (DESIGN §3): an axum [`Router`] over an sqlx store, SQLite by default or
//! PostgreSQL, with migrations and a demo network. The static server mounts it in-process; it
//! can also run on its own origin (CORS for the site's origin only).
//!
//! Paths: `/oauth/access_token`; `/v1/api/intercity/<purpose>` (bus), `/v1/api/water/<purpose>`
//! (launch), `/v1/api/common/<purpose>`; the OpenAPI document at `/v1/api/openapi.json`. Bodies
//! are the core's contract types (`core_wasm::contract`), answers the original API's envelope.
//!
//! Layers, as the tree shows them:
//! - [`http`]: one thin handler per call (extract, call the domain, answer), the bearer-token
//!   and Idempotency-Key middleware, the OpenAPI document. The router below is built from the
//!   core's call table (`core_wasm::contract::calls`): a call is a contract type, a table row
//!   and a handler in [`handler`].
//! - [`domain`]: the rules over the store: booking, promos, tickets, OTP, gateway settlement,
//!   search and seat view over the timetable in memory.
//! - [`store`]: typed rows and one function per query; [`claims`] keeps seat claims coherent in
//!   memory for search and seat view.

pub mod claims;
pub mod clock;
pub mod config;
pub mod domain;
pub mod error;
pub mod http;
pub mod ids;
pub mod language;
pub mod limits;
pub mod pdf;
pub mod sealed;
pub mod seed;
pub mod settings;
pub mod staff;
pub mod store;
pub mod waiting_room;

use std::sync::Arc;

use crate::store::pool::Pool;
use axum::Extension;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, Method};
use axum::routing::{MethodRouter, get, post};
use core_wasm::contract::calls::{CALLS, CallName};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::config::Config;

/// Requests larger than this are refused with 413: no call of ours needs more.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A request that takes longer is answered 408 (its work is dropped, its transaction rolled
/// back); shorter than an Idempotency-Key's lease, so a repeat never runs beside it.
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// How often the janitor forgets what has expired (idle rate-limit buckets, old Idempotency-Keys,
/// ended phone grants, logins that ended a day ago).
const JANITOR_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// What every request reaches, shared: one pointer to clone, however many layers take it (a
/// clone of each of its fields was a tenth of a status poll's time).
#[derive(Clone)]
pub struct AppState(Arc<Services>);

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

pub struct Services {
    pub pool: Pool,
    /// The timetable in memory.
    pub network: Arc<domain::network::NetworkCache>,
    /// Seat claims as search and seat view read them: copies at most `CLAIMS_MAX_AGE_MS` old.
    pub claims: Arc<claims::Claims>,
    pub tokens: Arc<domain::tokens::Tokens>,
    /// Logins this process confirmed lately (`domain::sessions`).
    pub sessions: Arc<domain::sessions::Sessions>,
    pub config: Arc<Config>,
    /// How OTPs reach phones.
    pub sms: domain::sms::Sms,
    pub limits: Arc<limits::Limiters>,
    /// The payment gateways offered (the sandbox in demo mode only).
    pub gateways: Arc<domain::payments::Gateways>,
    /// The waiting rooms of the Eid sale windows (issue 16).
    pub waiting_room: Arc<waiting_room::WaitingRoom>,
    /// The operators' boarding-code signing keys, as last read (issue 36).
    pub boarding_keys: domain::boarding::KeyCache,
}

impl std::fmt::Debug for Services {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Services").field("config", &self.config).finish_non_exhaustive()
    }
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Debug)]
pub enum StartError {
    Config(config::ConfigError),
    Db(store::pool::DbError),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Config(e) => write!(f, "{e}"),
            StartError::Db(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// Opens the store (migrations applied), seeds the demo network into an empty database in demo
/// mode, and returns the state the router serves.
pub async fn start(config: Config) -> Result<AppState, StartError> {
    config.ready_for_real_travellers().map_err(StartError::Config)?;
    let (pool, _) = if config.migrate_on_start {
        store::pool::open(&config.database_url, config.max_connections).await
    } else {
        store::pool::open_migrated(&config.database_url, config.max_connections).await
    }
    .map_err(StartError::Db)?;
    if config.demo && seed::is_empty(&pool).await.map_err(|e| StartError::Db(e.into()))? {
        let options = seed::SeedOptions { today: clock::today(), days: config.demo_days };
        let summary = seed::seed_demo(&pool, &options).await.map_err(|e| StartError::Db(e.into()))?;
        tracing::info!(trips = summary.trips, cities = summary.cities, "seeded the demo network");
    }
    if config.demo && staff::demo::seed(&pool, clock::now_unix_ms()).await.map_err(|e| StartError::Db(e.into()))? {
        tracing::info!("wrote the demo's staff (README: the back office)");
    }
    let tokens =
        domain::tokens::Tokens::new(&config.token_secret, config.token_ttl_seconds, config.service_accounts.clone())
            .ok_or_else(|| {
                StartError::Config(config::ConfigError {
                    variable: "TOKEN_SECRET",
                    value: String::new(),
                    reason: "must not be empty".into(),
                })
            })?;
    let pool = store::pool::Pool::serving(pool, &config.database_url).await.map_err(StartError::Db)?;
    clock::skew_own_clock(config.test_clock_skew_ms);
    clock::follow_store(&pool).await;
    let network = domain::network::NetworkCache::load(&pool).await.map_err(|e| StartError::Db(e.into()))?;
    let claims = claims::Claims::start(&config.database_url, &config.claims_listen, &pool, config.claims_max_age_ms);
    tracing::info!(max_age_ms = config.claims_max_age_ms, notices = claims.has_notices(), "seat claims");
    let sms = sms_of(&config).map_err(StartError::Config)?;
    let limits = Arc::new(limits::Limiters::new(&config.rate_limits));
    let gateways = domain::payments::Gateways::from_settings(&config.payments, config.demo).map_err(|e| {
        StartError::Config(config::ConfigError {
            variable: "GATEWAY_TIMEOUT_SECONDS",
            value: String::new(),
            reason: e.to_string(),
        })
    })?;
    if gateways.names().is_empty() {
        tracing::warn!("no payment gateway configured: travellers cannot pay online (docs/payments.md)");
    }
    let windows = match &config.sale_windows {
        config::SaleWindowsSetting::Windows(specs) => {
            let imported = staff::sale_windows::import(&pool, specs)
                .await
                .map_err(|e| StartError::Db(store::pool::DbError::Sqlx(e)))?;
            tracing::info!(imported, "sale windows file imported (windows the store had are kept)");
            waiting_room::windows::SaleWindows::default()
        }
        config::SaleWindowsSetting::Demo => {
            waiting_room::windows::SaleWindows::demo(clock::now_unix_ms(), clock::today())
        }
        config::SaleWindowsSetting::Default if config.demo => {
            waiting_room::windows::SaleWindows::demo(clock::now_unix_ms(), clock::today())
        }
        config::SaleWindowsSetting::Default | config::SaleWindowsSetting::Off => {
            waiting_room::windows::SaleWindows::default()
        }
    };
    tracing::info!(windows = windows.0.len(), "configured sale windows");
    // Admissions are signed under the token secret (kept apart from tokens inside Admissions).
    let admissions = waiting_room::admission::Admissions::new(&config.token_secret).ok_or_else(|| {
        StartError::Config(config::ConfigError {
            variable: "TOKEN_SECRET",
            value: String::new(),
            reason: "must not be empty".into(),
        })
    })?;
    let waiting_room = waiting_room::WaitingRoom::start(pool.clone(), windows, admissions);
    // The windows staff wrote are in force before the first seat-lock.
    waiting_room.reload(true).await.map_err(|e| StartError::Db(store::pool::DbError::Sqlx(e)))?;
    let state = AppState(Arc::new(Services {
        pool,
        network: Arc::new(network),
        claims: Arc::new(claims),
        tokens: Arc::new(tokens),
        sessions: Arc::default(),
        config: Arc::new(config),
        sms,
        limits,
        gateways: Arc::new(gateways),
        waiting_room,
        boarding_keys: domain::boarding::KeyCache::default(),
    }));
    // Trips of the back office's schedules, up to the horizon, before the first search.
    if let Err(e) = staff::trips::run_job(&state).await {
        tracing::warn!(error = ?e, "could not make the schedules' trips");
    }
    tokio::spawn(janitor(state.clone()));
    tokio::spawn(domain::payments::reconcile::run(state.clone()));
    tokio::spawn(domain::messages::run(state.clone()));
    tokio::spawn(staff::plans::resume(state.clone()));
    Ok(state)
}

/// The SMS sender the settings ask for: the gateway when one is configured, else the demo's
/// outbox, else none (a real site without a gateway cannot send OTPs, and says so).
fn sms_of(config: &Config) -> Result<domain::sms::Sms, config::ConfigError> {
    use domain::sms::{HttpGateway, Sms};
    match &config.sms_gateway {
        Some(g) => HttpGateway::new(&g.url, &g.api_key, &g.sender_id).map(Sms::Gateway).map_err(|e| {
            config::ConfigError { variable: "SMS_GATEWAY_URL", value: g.url.clone(), reason: e.to_string() }
        }),
        None if config.demo => Ok(Sms::Outbox),
        None => {
            tracing::warn!("no SMS_GATEWAY_URL: OTPs cannot be sent (find and cancel ticket will say so)");
            Ok(Sms::Unavailable)
        }
    }
}

/// Forgets what has expired, every [`JANITOR_EVERY`], while the pool is open.
async fn janitor(state: AppState) {
    let mut every = tokio::time::interval(JANITOR_EVERY);
    every.tick().await;
    let mut ticks: u64 = 0;
    while !state.pool.is_closed() {
        every.tick().await;
        ticks += 1;
        // Every hour, the schedules' trips reach the horizon again (a new day comes into it).
        if ticks.is_multiple_of(60)
            && let Err(e) = staff::trips::run_job(&state).await
        {
            tracing::warn!(error = ?e, "could not make the schedules' trips");
        }
        state.limits.forget_idle();
        let now = clock::now_unix_ms();
        state.sessions.forget_stale(now);
        let keys = store::idempotency::prune(&state.pool, now - http::idempotency::KEEP.as_millis() as i64).await;
        let grants = store::grants::prune(&state.pool, now).await;
        // A day after its end, a login is no use to anyone (its token is refused either way).
        let logins = store::accounts::prune_sessions(&state.pool, now - 24 * 60 * 60 * 1000).await;
        if let Err(e) = keys.and(grants).and(logins) {
            tracing::warn!(error = %e, "the janitor could not prune");
        }
    }
}

/// Answers 408 for a request that runs longer than [`REQUEST_TIMEOUT`].
async fn time_limit(request: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => error::ApiError::Timeout.into_response(),
    }
}

/// The handler of each call of the table. The match is exhaustive: a row without a handler does
/// not compile.
fn handler(name: CallName) -> MethodRouter<AppState> {
    match name {
        CallName::Headline => get(http::content::headline),
        CallName::Blogs => get(http::content::blogs),
        CallName::Offers => get(http::content::offers),
        CallName::Cities => get(http::content::cities),
        CallName::Operators => get(http::content::operators),
        CallName::Operator => get(http::content::operator),
        CallName::PopularRoutes => get(http::content::popular_routes),
        CallName::PopularRoute => get(http::content::popular_route),
        CallName::Banners => get(http::content::banners),
        CallName::BusTrips | CallName::LaunchTrips => post(http::search::schedule_trips),
        CallName::BusSeatView | CallName::LaunchSeatView => post(http::seat_view::seat_view),
        CallName::SeatLock => post(http::booking::seat_lock),
        CallName::BusPaymentPending | CallName::LaunchPaymentPending | CallName::PassengerDetailsPayment => {
            post(http::booking::payment_pending)
        }
        CallName::UpdateGateway => post(http::booking::update_gateway),
        CallName::ConfirmTicket => post(http::booking::confirm_ticket),
        CallName::TicketInfo => post(http::booking::ticket_info),
        CallName::BusBookingInfo | CallName::LaunchBookingInfo => post(http::booking::booking_info),
        CallName::SeatRemove => post(http::booking::remove_seat),
        CallName::CheckPromo => post(http::promos::check),
        CallName::ApplyPromo => post(http::promos::apply),
        CallName::RemovePromo => post(http::promos::remove),
        CallName::SurpriseDeal => post(http::promos::surprise_deal),
        CallName::SearchTicket => post(http::tickets::search_ticket),
        CallName::CancelTicket => post(http::tickets::cancel_ticket),
        CallName::ChangeTicket => post(http::tickets::change_ticket),
        CallName::TicketPdf => get(http::ticket_pdf::download),
        CallName::BusReservation => post(http::reservation::bus_reservation),
        CallName::SendOtp => post(http::tickets::send_otp),
        CallName::SendOtpByPhone => post(http::tickets::send_otp_by_phone),
        CallName::LoginOtp => post(http::accounts::login_otp),
        CallName::Login => post(http::accounts::login),
        CallName::Me => get(http::accounts::me),
        CallName::Logout => post(http::accounts::logout),
        CallName::MyTickets => post(http::accounts::my_tickets),
        CallName::QueueJoin => post(http::waiting_room::join),
        CallName::QueueStatus => get(http::waiting_room::status),
    }
}

/// The calls of the table, each under the prefixes of its scope only (a bus-only call asked of
/// the launch prefix is the 404 of an unknown path, before any handler runs). Service routes
/// carry their [`Service`] for the handler; state-changing calls answer a repeated
/// Idempotency-Key with their first answer; calls for logged-in users refuse a visitor's token.
fn call_routes(state: &AppState) -> Router<AppState> {
    let once = axum::middleware::from_fn_with_state(state.clone(), http::idempotency::layer);
    let mut routes = Router::new();
    for call in CALLS {
        let limited = axum::middleware::from_fn_with_state(
            (state.clone(), limits::Limit::of_call(call.name)),
            http::limits::layer,
        );
        for under in call.scope.prefixes() {
            let mut route = handler(call.name);
            if let Some(service) = under.service() {
                route = route.layer(Extension(service));
            }
            if call.idempotent {
                // Contention is retried inside the Idempotency-Key: the key waits for the last run.
                route = route.route_layer(http::retry::RetryBusy { body_limit: BODY_LIMIT });
                route = route.route_layer(once.clone());
            }
            if call.needs_login {
                route = route.route_layer(axum::middleware::from_fn(http::auth::require_login));
            }
            // Outside the Idempotency-Key: a limited repeat is refused before it waits.
            route = route.route_layer(limited.clone());
            routes = routes.route(&format!("/{}/{}", under.segment(), call.purpose), route);
        }
    }
    routes
}

/// Where gateways send travellers back and notify us: visited by browsers and the gateways'
/// servers, so no bearer token. Only the configured gateways' routes exist; the sandbox's only in
/// demo mode (anywhere else its paths are the 404 of an unknown path).
fn gateway_routes(state: &AppState) -> Router<AppState> {
    use domain::payments::{bkash, sandbox, sslcommerz};
    let mut routes = Router::new();
    if state.gateways.get(sandbox::NAME).is_some() {
        routes = routes
            .route("/gateway/sandbox/{session}", get(http::sandbox::page))
            .route("/gateway/sandbox/{session}/{action}", post(http::sandbox::callback));
    }
    if state.gateways.get(sslcommerz::NAME).is_some() {
        routes = routes
            .route("/gateway/sslcommerz/notify", post(http::gateways::sslcommerz_notify))
            .route("/gateway/sslcommerz/{session}/{claim}", post(http::gateways::sslcommerz_return));
    }
    if state.gateways.get(bkash::NAME).is_some() {
        routes = routes.route("/gateway/bkash/{session}", get(http::gateways::bkash_return));
    }
    if !routes.has_routes() {
        return routes;
    }
    // A gateway's word on a payment settles it: contention must not lose it.
    routes.route_layer(http::retry::RetryBusy { body_limit: BODY_LIMIT })
}

/// The whole API. Every `/v1/api` call needs a bearer token (401 otherwise), except the OpenAPI
/// document, which describes the API to anyone.
pub fn router(state: AppState) -> Router {
    let calls = call_routes(&state)
        // The back office's calls: their own gate per row, none of the traveller's limits.
        .merge(staff::http::routes(&state))
        // Demo mode's SMS outbox: infrastructure, not a call of the contract.
        .route("/dev/sms-outbox", get(http::tickets::outbox))
        .fallback(error::not_found)
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), http::auth::require_token));
    let api =
        Router::new().route("/openapi.json", get(http::openapi::document)).merge(calls).fallback(error::not_found);
    // The `%00` guard covers every path, the gateways' own too (a session id with a NUL was a 500
    // on PostgreSQL).
    let routes = Router::new()
        .route("/oauth/access_token", post(http::auth::access_token))
        // Content a browser asks for by address, without a token: uploaded images, blog posts.
        .route("/content/images/{name}", get(http::content::image))
        .route("/blog/{id}", get(http::content::blog_page))
        .merge(gateway_routes(&state))
        .nest("/v1/api", api)
        .layer(axum::middleware::from_fn(http::extract::refuse_nul))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let mut router = routes.layer(axum::middleware::from_fn(time_limit)).with_state(state.clone());
    if !state.config.cors_origins.is_empty() {
        let origins: Vec<HeaderValue> =
            state.config.cors_origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
        router = router.layer(
            CorsLayer::new()
                .allow_origin(AllowOrigin::list(origins))
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([
                    axum::http::header::AUTHORIZATION,
                    axum::http::header::CONTENT_TYPE,
                    axum::http::HeaderName::from_static("idempotency-key"),
                ]),
        );
    }
    router
}
