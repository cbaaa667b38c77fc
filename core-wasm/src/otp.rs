//! The OTP modal's state (SPEC §4 "OTP modals", §5 "OTP inputs"): four one-character boxes,
//! paste, backspace, a 120-second countdown and resend.

use serde::{Deserialize, Serialize};

use crate::digits::ascii_digit;

/// Boxes in the modal; codes are 4 digits (SPEC §9).
pub const LENGTH: usize = 4;
/// Seconds before 'Did not get code?' appears (SPEC §9).
pub const RESEND_SECONDS: u32 = 120;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct OtpState {
    /// One digit or "" per box.
    pub digits: [String; LENGTH],
    /// The box that has focus.
    pub focus: usize,
    pub seconds_left: u32,
    /// The last error from the server, shown under the boxes until a digit is typed.
    pub error: Option<String>,
    /// Verify OTP is enabled only when all four digits are filled.
    pub can_verify: bool,
    /// 'Did not get code?' shows when the countdown reached zero.
    pub can_resend: bool,
}

impl Default for OtpState {
    fn default() -> Self {
        OtpState {
            digits: Default::default(),
            focus: 0,
            seconds_left: RESEND_SECONDS,
            error: None,
            can_verify: false,
            can_resend: false,
        }
    }
}

impl OtpState {
    /// The code as typed, once all boxes are filled.
    pub fn code(&self) -> Option<String> {
        self.can_verify.then(|| self.digits.concat())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum OtpEvent {
    /// A code was sent (the modal opened, or a resend succeeded): boxes cleared, countdown
    /// restarted. The countdown starts when the send succeeds, never before.
    Sent,
    /// One second passed.
    Tick,
    /// Text typed into box `index`: its last digit is kept (typing over a filled box replaces
    /// it) and focus moves on; a non-digit changes nothing.
    Input { index: usize, value: String },
    /// Text pasted into any box: its digits fill the boxes from the first.
    Paste { text: String },
    /// Backspace in box `index`: clears it, or, when it is already empty, clears the previous
    /// box and moves focus back.
    Backspace { index: usize },
    /// The server refused the code.
    Failed { message: String },
}

/// The OTP modal reducer.
pub fn reduce(state: OtpState, event: OtpEvent) -> OtpState {
    let mut s = state;
    match event {
        OtpEvent::Sent => s = OtpState::default(),
        OtpEvent::Tick => s.seconds_left = s.seconds_left.saturating_sub(1),
        OtpEvent::Input { index, value } => {
            if let Some(d) = value.chars().rev().find_map(ascii_digit)
                && index < LENGTH
            {
                s.digits[index] = d.to_string();
                s.focus = (index + 1).min(LENGTH - 1);
                s.error = None;
            }
        }
        OtpEvent::Paste { text } => {
            let digits: Vec<char> = text.chars().filter_map(ascii_digit).take(LENGTH).collect();
            if !digits.is_empty() {
                for (i, slot) in s.digits.iter_mut().enumerate() {
                    *slot = digits.get(i).map(char::to_string).unwrap_or_default();
                }
                s.focus = digits.len().min(LENGTH - 1);
                s.error = None;
            }
        }
        OtpEvent::Backspace { index } if index < LENGTH => {
            if !s.digits[index].is_empty() {
                s.digits[index].clear();
                s.focus = index;
            } else if index > 0 {
                s.digits[index - 1].clear();
                s.focus = index - 1;
            }
        }
        OtpEvent::Backspace { .. } => {}
        OtpEvent::Failed { message } => s.error = Some(message),
    }
    s.can_verify = s.digits.iter().all(|d| !d.is_empty());
    s.can_resend = s.seconds_left == 0;
    s
}
