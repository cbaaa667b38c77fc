//! What a failed call shows the traveller (SPEC §8).

use std::collections::BTreeMap;

use crate::contract::envelope::{ErrorBody, MessageField};
use crate::server_messages::Said;

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

/// The toast in the language shown, from a failure's messages and their codes (`details`):
/// each message's text from `texts` by its code with its values put in, or as the server wrote
/// it when `texts` has none; the first message, or all one per line for a payment block (as
/// [`toast_message`]); none usable -> `fallback`, if any.
pub fn toast_by_code(
    details: &[Said],
    is_payment_block: bool,
    texts: &BTreeMap<String, String>,
    fallback: Option<&str>,
) -> Option<String> {
    let lines = details.iter().map(|said| match texts.get(&said.code) {
        Some(template) => fill(template, said),
        None => said.text.clone(),
    });
    let lines: Vec<String> = lines.map(|line| line.trim().to_owned()).filter(|line| !line.is_empty()).collect();
    let shown = if is_payment_block { lines.join("\n") } else { lines.into_iter().next().unwrap_or_default() };
    if shown.is_empty() { fallback.map(str::to_owned) } else { Some(shown) }
}

/// `{name}` replaced by the value the message gives for it; a name it gives none for stays.
fn fill(template: &str, said: &Said) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_end = after.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(after.len());
        let value = after[name_end..]
            .starts_with('}')
            .then(|| said.params.iter().find(|p| name_end > 0 && p.name == after[..name_end]))
            .flatten();
        match value {
            Some(param) => {
                out.push_str(&param.value);
                rest = &after[name_end + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
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
