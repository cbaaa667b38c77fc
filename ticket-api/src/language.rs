//! The traveller's language (issue 15): what the server itself writes, the OTP's SMS and the
//! e-ticket PDF, is in Bangla or in English, in the core's formats (`core_wasm::language`, the
//! site's too). The site's texts are the site's (app/src/i18n); the API's answers carry codes
//! and both scripts of every name, never a text in one language only.
//!
//! A request says its language by the site's `lang` cookie (the traveller's choice on the site,
//! sent with a plain link such as the PDF's) or by `Accept-Language` (the core's API client sends
//! the choice there, `ApiClient.setLanguage`; a browser sends the phone's languages). The cookie
//! wins: it is a choice, the header may be only the phone's setting.

pub use core_wasm::language::Language;

/// The language of a request: its `lang` cookie, else the first of Bangla or English in its
/// `Accept-Language` by preference (q), else English.
pub fn of_request(cookie_header: Option<&str>, accept_language: Option<&str>) -> Language {
    cookie_header
        .and_then(|header| cookie(header, "lang"))
        .and_then(Language::from_tag)
        .or_else(|| accept_language.and_then(preferred))
        .unwrap_or_default()
}

/// A cookie's value from a `Cookie` header (`a=1; lang=bn`).
fn cookie<'h>(header: &'h str, name: &str) -> Option<&'h str> {
    header.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key.trim() == name).then(|| value.trim().trim_matches('"'))
    })
}

/// The most preferred of Bangla and English in an `Accept-Language` header ('bn-BD,bn;q=0.9,en;q=0.8').
fn preferred(header: &str) -> Option<Language> {
    let mut best: Option<(f32, Language)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let Some(language) = parts.next().and_then(Language::from_tag) else { continue };
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .filter(|q| q.is_finite() && *q > 0.0);
        // Of equal weight, the first listed wins (the header's order).
        if let Some(q) = q
            && best.is_none_or(|(top, _)| q > top)
        {
            best = Some((q, language));
        }
    }
    best.map(|(_, language)| language)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::Language::{Bangla, English};
    use super::of_request;

    #[test]
    fn the_site_cookie_is_the_travellers_choice_and_wins_over_the_phone_setting() {
        assert_eq!(of_request(Some("theme=dark; lang=bn"), Some("en-US,en;q=0.9")), Bangla);
        assert_eq!(of_request(Some("lang=en"), Some("bn-BD")), English);
    }

    #[test]
    fn without_the_cookie_accept_language_decides_by_preference() {
        assert_eq!(of_request(None, Some("bn-BD,bn;q=0.9,en;q=0.8")), Bangla);
        assert_eq!(of_request(None, Some("en;q=0.5, bn;q=0.8")), Bangla);
        assert_eq!(of_request(None, Some("fr-FR, en;q=0.7, bn;q=0.3")), English);
        assert_eq!(of_request(Some("other=1"), Some("bn")), Bangla);
    }

    #[test]
    fn anything_else_is_english() {
        assert_eq!(of_request(None, None), English);
        assert_eq!(of_request(Some("lang=fr"), Some("hi-IN")), English);
        assert_eq!(of_request(None, Some("bn;q=0, en;q=abc")), English);
        assert_eq!(of_request(Some(";;=;lang"), Some(",,;")), English);
    }
}
