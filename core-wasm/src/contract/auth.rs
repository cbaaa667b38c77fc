//! `POST /oauth/access_token` (DESIGN §3 "Auth"): a standard OAuth token response, not enveloped.

use super::contract;

contract! {
    /// The site is a public client: `{grant_type: "client_credentials", client_id: "web"}` with no
    /// secret. Service accounts use `grant_type: "password"` with secret, username and password.
    pub struct TokenRequest {
        pub grant_type: String,
        pub client_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub client_secret: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub username: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub password: Option<String>,
    }

    pub struct TokenResponse {
        pub access_token: String,
        pub token_type: String,
        /// Seconds until the token expires.
        pub expires_in: u32,
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
        }
    }
}
