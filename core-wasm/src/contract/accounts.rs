//! Logging in by phone and OTP (issue 13; SPEC §3 "Identity", §6 "Logged-in visitor"): the
//! phone is the identity, so the first login makes the user. A login answers a user token that
//! the site keeps beside `user_id`; calls made with it act for the user.

use super::contract;
use super::tickets::Ticket;

contract! {
    /// `common/login-otp`: a code to log in, sent by SMS to the phone. Answered like
    /// `send-otp-by-phone` (`SendOtpResponse`), with the same limits, but a login code logs in
    /// only, and a find-ticket code never logs in.
    #[serde(rename_all = "camelCase")]
    pub struct LoginOtpRequest {
        pub phone: String,
    }

    /// `common/login`, made with the visitor's own token: the visitor's holds and pending
    /// bookings become the user's (no seat is lost by logging in mid-journey).
    #[serde(rename_all = "camelCase")]
    pub struct LoginRequest {
        pub phone: String,
        /// The 4 digits sent by SMS.
        #[cfg_attr(feature = "schema", schemars(regex(pattern = r"^[0-9]{4}$")))]
        pub otp_code: String,
        /// The visitor logging in: the token's own, if given.
        #[serde(default)]
        pub anonymous_id: Option<String>,
        /// Staff whose roles change the network or move money (issue 35): the 6 digits of their
        /// authenticator, or one of their recovery codes. Without it such a login answers 401
        /// `login.totpRequired`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub totp_code: Option<String>,
    }

    /// A login: the user and the bearer token that acts for them, until it expires (`expiresIn`
    /// seconds, the session's life) or `common/logout` ends it.
    #[serde(rename_all = "camelCase")]
    pub struct LoginResponse {
        pub user_id: String,
        pub access_token: String,
        pub expires_in: u32,
    }

    /// `common/me`: the logged-in user.
    #[serde(rename_all = "camelCase")]
    pub struct Me {
        pub user_id: String,
        /// The phone they logged in with, 11 digits.
        pub phone: String,
        /// The passenger name of their latest booking (for their own phone first), to prefill
        /// the passenger details; null before any booking.
        pub name: Option<String>,
        /// Staff roles (issue 35); empty for a traveller.
        #[serde(default)]
        pub grants: Vec<crate::staff::roles::Grant>,
    }

    /// `common/my-tickets`: the logged-in user's tickets; the ids, if given, must be the token's.
    #[serde(rename_all = "camelCase")]
    pub struct MyTicketsRequest {
        #[serde(default)]
        pub user_id: Option<String>,
        #[serde(default)]
        pub anonymous_id: Option<String>,
    }

    /// Bus and launch tickets, newest first, each as `search-ticket` answers a ticket.
    #[serde(rename_all = "camelCase")]
    pub struct MyTicketsResponse {
        pub tickets: Vec<Ticket>,
    }

    /// `common/logout`: the session has ended; its token is refused from now on.
    #[serde(rename_all = "camelCase")]
    pub struct LogoutResponse {
        pub logged_out: bool,
    }
}
