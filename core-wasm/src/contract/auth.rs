//! `POST /oauth/access_token` (DESIGN §3 "Auth"): a standard OAuth token response, not enveloped.

use super::contract;

contract! {
    /// The site is a public client: `{grant_type: "client_credentials", client_id: "web"}` with no
    /// secret, which makes a new visitor; `grant_type: "refresh_token"` with the visitor's
    /// `refresh_token` renews the same visitor's token. Service accounts use `grant_type:
    /// "password"` with secret, username and password.
    pub struct TokenRequest {
        pub grant_type: String,
        pub client_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub client_secret: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub username: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub password: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub refresh_token: Option<String>,
    }

    pub struct TokenResponse {
        pub access_token: String,
        pub token_type: String,
        /// Seconds until the token expires.
        pub expires_in: u32,
        /// The public client's: renews the token for the same visitor (RFC 6749 §6).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub refresh_token: Option<String>,
        /// The public client's: the visitor id the server made, which the token carries (SPEC §3
        /// `anon_id`). Calls that name the visitor (`anonymousId`) must name this one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub visitor_id: Option<String>,
    }
}

impl TokenRequest {
    /// The site's own request: the public web client, no secret.
    pub fn public_client() -> Self {
        TokenRequest {
            grant_type: "client_credentials".to_owned(),
            client_id: "web".to_owned(),
            client_secret: None,
            username: None,
            password: None,
            refresh_token: None,
        }
    }
}
