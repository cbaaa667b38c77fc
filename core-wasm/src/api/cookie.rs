//! The token cookie's text (SPEC §7: the token is stored in a cookie).

/// The cookie's name.
pub const TOKEN_COOKIE: &str = "token";

/// The `document.cookie` assignment that stores a token for `max_age_seconds`. Strict same-site:
/// the token is only ever sent by our own pages.
pub fn token_cookie(token: &str, max_age_seconds: u32) -> String {
    format!("{TOKEN_COOKIE}={token}; Max-Age={max_age_seconds}; Path=/; SameSite=Strict")
}

/// The assignment that deletes the token cookie.
pub fn expired_token_cookie() -> String {
    token_cookie("", 0)
}

/// The value of cookie `name` in a `document.cookie` string (`a=1; b=2`), if set and non-empty.
pub fn read_cookie(cookies: &str, name: &str) -> Option<String> {
    cookies
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| k.trim() == name)
        .map(|(_, v)| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_its_own_cookie_among_others() {
        assert_eq!(read_cookie("a=1; token=abc.def; b=2", TOKEN_COOKIE).as_deref(), Some("abc.def"));
        assert_eq!(read_cookie("tokenx=1", TOKEN_COOKIE), None);
        assert_eq!(read_cookie("token=", TOKEN_COOKIE), None);
        assert!(token_cookie("t", 60).starts_with("token=t; Max-Age=60;"));
    }
}
