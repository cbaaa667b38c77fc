//! The Eid waiting room (issue 16): a fair queue in front of seat holds while an operator's
//! advance sale opens. Its calls are `http/waiting_room.rs`.
//!
//! - [`windows`]: which trips a sale window covers, when each opening's pre-queue and sale run;
//! - [`draw`]: the pre-queue's order, drawn at the opening from a seed committed to beforehand;
//! - [`pacing`]: how many places are let in by a moment, and how long a place still waits;
//! - [`admission`]: the signed proof a visitor's turn has come, which seat-lock asks for;
//! - [`room`]: joins, status polls and the gate in front of seat-lock, answered from memory;
//! - [`writer`]: the task that writes joins to the store, batched, and draws at the opening;
//! - [`placing`]: the pre-queue's positions, written in draw order after the opening;
//! - [`places`]: the queue's rows in the store.
//!
//! A place is written to the store when a visitor joins (a restart keeps it; processes sharing
//! the store see it) and kept in memory, where status polls are answered from: a poll writes
//! nothing, save the one moment a place's turn comes (its admission runs from then). Each queue's
//! counts (kept as counters in its opening's row) are re-read at most once a second, so what
//! other processes did shows within a second. A process reads a place from the store the first
//! time it is asked about it, never the whole queue (a restart serves at once).
//!
//! Joins go through one writer task per process ([`writer`]).

pub mod admission;
pub mod draw;
pub mod pacing;
mod places;
mod placing;
mod room;
pub mod windows;
mod writer;

pub use room::{RoomError, Standing, Turned, WaitingRoom};
