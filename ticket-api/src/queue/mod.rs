//! The Eid waiting room (issue 16): a fair queue in front of seat holds while an operator's
//! advance sale opens.
//!
//! - [`windows`]: which trips a sale window covers, when each opening's pre-queue and sale run;
//! - [`draw`]: the pre-queue's order, drawn at the opening from a seed committed to beforehand;
//! - [`pacing`]: how many places are let in by a moment, and how long a place still waits;
//! - [`admission`]: the signed proof a visitor's turn has come, which seat-lock asks for.
//!
//! All pure: the queue's places live in the store, and in memory for status polls.

pub mod admission;
pub mod draw;
pub mod pacing;
pub mod windows;
