//! The back office (issue 35, DESIGN §5c): staff, their grants and authenticators, the network
//! as operators edit it, schedules and the trips made from them, CSV in and out, and the
//! hash-chained audit log of every staff write.
//!
//! A wing of its own: nothing on the traveller's sale path reads it. It reuses the traveller's
//! rules instead of copying them: the core's (roles, layouts, schedules, messages), the store's
//! tables the timetable in memory reads (`domain::network`, reloaded after every network write),
//! and the login of `common/login` (a staff member is a user with grants).
//!
//! - [`access`]: grants, and the gate in front of every staff call.
//! - [`write`]: how a staff write runs (audited, one transaction, the timetable refreshed).
//! - [`audit`]: the chain, appended and verified.
//! - [`grants`]: giving and taking roles, setting up an authenticator (`domain::totp`).
//! - [`places`], [`routes`], [`layouts`], [`vehicles`], [`schedules`], [`fares`], [`trips`]: the
//!   network, per operator.
//! - [`promos`]: promo codes, and the services' headlines.
//! - [`content`], [`images`], [`markdown`]: banners, offers, blog posts and popular routes, the
//!   images they show, and posts' Markdown rendered and sanitised.
//! - [`sale_windows`]: the waiting room's sale windows.
//! - [`counter`], [`shifts`], [`blocks`], [`reports`] (issue 41): selling at a counter, counters
//!   and sellers' shifts, seats held back and online quotas, sales reports and settlement.
//! - [`csv`], [`import`]: schedules as a spreadsheet.
//! - [`http`]: the handlers and the router, from `core_wasm::contract::staff::STAFF_CALLS`.

pub mod access;
pub mod audit;
pub mod blocks;
pub mod boarding;
pub mod content;
pub mod counter;
pub mod csv;
pub mod demo;
pub mod devices;
pub mod fares;
pub mod grants;
pub mod http;
pub mod images;
pub mod import;
pub mod layouts;
pub mod markdown;
pub mod places;
pub mod plans;
pub mod promos;
pub mod reports;
pub mod routes;
pub mod sale_windows;
pub mod schedules;
pub mod shifts;
pub mod trips;
pub mod vehicles;
pub mod write;
