//! Migrations move data that is already there: a store written before a migration reads the
//! same after it, on SQLite and PostgreSQL.
#![allow(clippy::unwrap_used)]

mod common;

use std::borrow::Cow;

use common::Backend;
use sqlx::migrate::Migrator;
use sqlx::pool::PoolConnection;
use sqlx::{Any, Executor};
use ticket_api::store::pool::{MIGRATOR, connect};

/// A store at the schema of its first `migrations`, and a connection to it on which references
/// are not checked: what the rows written there point at is not needed to move them.
async fn store_before(backend: Backend, migrations: usize) -> (sqlx::AnyPool, PoolConnection<Any>) {
    let url = common::empty_database_url(backend).await;
    let (pool, _) = connect(&url, 1).await.unwrap();
    let before = Migrator { migrations: Cow::Owned(MIGRATOR.migrations[..migrations].to_vec()), ..Migrator::DEFAULT };
    before.run(&pool).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    match backend {
        Backend::Sqlite => conn.execute("PRAGMA foreign_keys = OFF").await.unwrap(),
        Backend::Postgres => conn.execute("SET session_replication_role = replica").await.unwrap(),
    };
    (pool, conn)
}

/// A store at the schema before seats had their own rows (migrations 1-4), holding a hold of
/// two seats and a ticketed booking of three, written as the old code wrote them.
async fn store_before_seat_rows(backend: Backend) -> sqlx::AnyPool {
    let (pool, mut conn) = store_before(backend, 4).await;
    for statement in [
        "INSERT INTO holds (id, trip_id, visitor, seats, from_stop, to_stop, expires_at, created_at) \
         VALUES ('hold-1', 'trip-1', 'v1', 'A1,B2', 0, 2, 99, 1)",
        "INSERT INTO bookings (id, tnx_id, service, trip_id, hold_id, visitor, seats, from_stop, to_stop, \
         passenger_name, phone, gender, sub_total, discount, promo_code, service_charge, gateway_commission, amount, \
         status, created_at) VALUES ('bk-1', 'TNX1', 'LAUNCH', 'trip-1', 'hold-0', 'v1', 'C3,D4,E10', 0, 2, 'Rahim', \
         '01712345678', 'male', 3000, 100, 'EID100', 60, 45, 3005, 'ticketed', 1)",
        "INSERT INTO payments (tnx_id, gateway, amount, outcome, recorded_at) VALUES ('TNX1', 'sandbox', 3005, 'paid', 2)",
        "INSERT INTO tickets (id, pnr, booking_id, status, issued_at) VALUES ('t-1', 'ABCD2345', 'bk-1', 'confirmed', 2)",
    ] {
        conn.execute(statement).await.unwrap();
    }
    MIGRATOR.run(&mut *conn).await.unwrap();
    drop(conn);
    pool
}

async fn seats_move_into_their_own_rows_in_order(backend: Backend) {
    let pool = store_before_seat_rows(backend).await;
    let booking: Vec<String> =
        sqlx::query_scalar("SELECT seat_no FROM booking_seats WHERE booking_id = 'bk-1' ORDER BY ordinal")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(booking, ["C3", "D4", "E10"]);
    let hold: Vec<String> =
        sqlx::query_scalar("SELECT seat_no FROM hold_seats WHERE hold_id = 'hold-1' ORDER BY ordinal")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(hold, ["A1", "B2"]);
    let row = ticket_api::store::bookings::by_tnx(&pool, "TNX1").await.unwrap().unwrap();
    assert_eq!((row.amount, row.promo_code.as_deref(), row.status.as_str()), (3005, Some("EID100"), "ticketed"));
    let ticket: String =
        sqlx::query_scalar("SELECT pnr FROM tickets WHERE booking_id = 'bk-1'").fetch_one(&pool).await.unwrap();
    assert_eq!(ticket, "ABCD2345");
}

async fn the_schema_refuses_a_status_that_does_not_exist(backend: Backend) {
    let pool = store_before_seat_rows(backend).await;
    for statement in [
        "UPDATE bookings SET status = 'paid' WHERE id = 'bk-1'",
        "UPDATE bookings SET discount = sub_total + 1 WHERE id = 'bk-1'",
        "UPDATE payments SET outcome = 'maybe' WHERE tnx_id = 'TNX1'",
        "UPDATE tickets SET status = 'pending' WHERE id = 't-1'",
        "UPDATE bookings SET gender = 'x' WHERE id = 'bk-1'",
    ] {
        assert!(pool.execute(statement).await.is_err(), "{statement} was accepted");
    }
}

/// A draw's positions written before its table lost the foreign key (migration 26) stay, and its
/// keys still refuse a position or a place twice.
async fn the_draw_s_positions_survive_its_table_s_rebuild(backend: Backend) {
    let (pool, mut conn) = store_before(backend, 25).await;
    conn.execute("INSERT INTO queue_draw (queue_id, position, draw_key, place_id) VALUES ('q', 0, 'k0', 'p0'), ('q', 1, 'k1', 'p1')")
        .await
        .unwrap();
    MIGRATOR.run(&mut *conn).await.unwrap();
    drop(conn);
    let rows: Vec<(i64, String)> =
        sqlx::query_as("SELECT position, place_id FROM queue_draw ORDER BY position").fetch_all(&pool).await.unwrap();
    assert_eq!(rows, [(0, "p0".to_owned()), (1, "p1".to_owned())]);
    for twice in [
        "INSERT INTO queue_draw (queue_id, position, draw_key, place_id) VALUES ('q', 1, 'k2', 'p2')",
        "INSERT INTO queue_draw (queue_id, position, draw_key, place_id) VALUES ('q', 2, 'k1', 'p1')",
    ] {
        assert!(pool.execute(twice).await.is_err(), "{twice} was accepted");
    }
}

#[tokio::test]
async fn sqlite_the_draw_s_positions_survive_its_table_s_rebuild() {
    the_draw_s_positions_survive_its_table_s_rebuild(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_the_draw_s_positions_survive_its_table_s_rebuild() {
    the_draw_s_positions_survive_its_table_s_rebuild(Backend::Postgres).await;
}

#[tokio::test]
async fn sqlite_seats_move_into_their_own_rows_in_order() {
    seats_move_into_their_own_rows_in_order(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_seats_move_into_their_own_rows_in_order() {
    seats_move_into_their_own_rows_in_order(Backend::Postgres).await;
}

#[tokio::test]
async fn sqlite_the_schema_refuses_a_status_that_does_not_exist() {
    the_schema_refuses_a_status_that_does_not_exist(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_the_schema_refuses_a_status_that_does_not_exist() {
    the_schema_refuses_a_status_that_does_not_exist(Backend::Postgres).await;
}

/// A server that does not migrate refuses a store behind its migrations, naming the release
/// step; once the step ran (once, twice: the second applies nothing) it starts, with no
/// advisory lock of its own.
async fn a_server_without_migrating_waits_for_the_release_step(backend: Backend) {
    let url = common::empty_database_url(backend).await;
    let without = |url: &str| {
        let url = url.to_owned();
        ticket_api::config::Config::from_lookup(&move |name| match name {
            "DATABASE_URL" => Some(url.clone()),
            "MIGRATE_ON_START" => Some("off".into()),
            "SALE_WINDOWS" => Some("none".into()),
            "TOKEN_SECRET" => Some("a test secret, at least 32 bytes long".into()),
            "OTP_SECRET" => Some("another test secret, 32 bytes or more".into()),
            "DEMO_MODE" => Some("1".into()),
            "DEMO_DAYS" => Some("1".into()),
            _ => None,
        })
        .unwrap()
    };
    let Err(refused) = ticket_api::start(without(&url)).await else { panic!("started on an empty store") };
    assert!(refused.to_string().contains("ticket-api migrate"), "{refused}");
    assert_eq!(ticket_api::store::pool::migrate(&url).await.unwrap(), MIGRATOR.iter().count());
    assert_eq!(ticket_api::store::pool::migrate(&url).await.unwrap(), 0, "a second run applies nothing");
    let state = ticket_api::start(without(&url)).await.unwrap();
    if backend == Backend::Postgres {
        let locks: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' \
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        )
        .fetch_one(&state.pool)
        .await
        .unwrap();
        assert_eq!(locks, 0, "a server that does not migrate holds no advisory lock");
    }
}

#[tokio::test]
async fn sqlite_a_server_without_migrating_waits_for_the_release_step() {
    a_server_without_migrating_waits_for_the_release_step(Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_server_without_migrating_waits_for_the_release_step() {
    a_server_without_migrating_waits_for_the_release_step(Backend::Postgres).await;
}
