//! Pages the API writes itself (the sandbox's payment page, blog posts): text put in HTML.

/// `s` as HTML text or an attribute's value.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}
