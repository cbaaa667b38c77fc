//! What a failed call shows the traveller (SPEC §8).

use crate::contract::envelope::{ErrorBody, MessageField};

/// The toast text when a server says nothing usable.
pub const FALLBACK: &str = "Something went wrong!";

/// How long a toast stays, in milliseconds (SPEC §8/§9 give 5000 and 2000; we use 5000 so a
/// slow reader on a small screen can finish the message).
pub const TOAST_MS: u32 = 5000;

/// The toast text for an error body: its message; of a list, the first item, except for a
/// payment block, which shows the whole list one per line; nothing usable -> 'Something went
/// wrong!'.
pub fn toast_message(body: Option<&ErrorBody>, is_payment_block: bool) -> String {
    let text = match body.and_then(|b| b.message.as_ref()) {
        Some(MessageField::One(text)) => text.trim().to_owned(),
        Some(MessageField::Many(list)) => {
            let items = list.iter().map(|s| s.trim()).filter(|s| !s.is_empty());
            if is_payment_block { items.collect::<Vec<_>>().join("\n") } else { items.take(1).collect() }
        }
        None => String::new(),
    };
    if text.is_empty() { FALLBACK.to_owned() } else { text }
}

/// SPEC §8: after a failed ticket search, a message that mentions OTP keeps the OTP popup open
/// (the traveller can retry the code); any other message closes it and shows 'ticket not found'.
pub fn mentions_otp(message: &str) -> bool {
    message.to_ascii_lowercase().contains("otp")
}

/// The page is reloaded (after a chunk-load failure, or a 404 from seat view or boarding points)
/// at most once per this many milliseconds (SPEC §9 "Chunk reload guard").
pub const RELOAD_GUARD_MS: f64 = 60_000.0;

/// Whether the page may reload now, given when it last reloaded for this reason (if ever).
/// A last-reload time in the future (a clock moved back) does not block forever.
pub fn may_reload(last_reload_ms: Option<f64>, now_ms: f64) -> bool {
    match last_reload_ms {
        Some(last) if last <= now_ms => now_ms - last >= RELOAD_GUARD_MS,
        _ => true,
    }
}
