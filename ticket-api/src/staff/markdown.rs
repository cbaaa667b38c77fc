//! Blog posts: Markdown rendered to HTML, then sanitised by an allow-list (ammonia), so what a
//! post says is shown and nothing in it runs: raw HTML is escaped by the renderer, and whatever
//! a link or image could still carry (`javascript:`, `data:`, event attributes) the sanitiser
//! removes. Pure: the staff wing stores the result with the post.

use pulldown_cmark::{Event, Options, Parser, html};

/// The HTML of a post's Markdown, safe to put in a page.
pub fn render(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    // Raw HTML in the Markdown is shown as written, as text.
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        other => other,
    });
    let mut rendered = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut rendered, events);
    ammonia::Builder::default()
        .url_schemes(["https", "http", "mailto"].into())
        .link_rel(Some("noopener noreferrer nofollow"))
        .clean(&rendered)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_its_html() {
        let html =
            render("# Eid travel\n\nBook **early**: [our routes](https://hanif.example/routes).\n\n- Dhaka\n- Kushtia");
        assert!(html.contains("<h1>Eid travel</h1>"), "{html}");
        assert!(html.contains("<strong>early</strong>"));
        assert!(
            html.contains(
                "<a href=\"https://hanif.example/routes\" rel=\"noopener noreferrer nofollow\">our routes</a>"
            ),
            "{html}"
        );
        assert!(html.contains("<li>Kushtia</li>"));
    }

    #[test]
    fn nothing_in_a_post_runs() {
        for attack in [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "[click](javascript:alert(1))",
            "[click](JaVaScRiPt:alert(1))",
            "![x](javascript:alert(1))",
            "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
            "<a href=\"javascript:alert(1)\">x</a>",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<svg onload=alert(1)>",
            "[x](<javascript:alert(1)>)",
            "<style>body{display:none}</style>",
        ] {
            let html = render(attack).to_lowercase();
            // Whatever stays as text is harmless; every real tag must be plain.
            for tag in html.split('<').skip(1).map(|rest| rest.split('>').next().unwrap_or_default()) {
                let name = tag.trim_start_matches('/').split_whitespace().next().unwrap_or_default();
                assert!(["p", "a", "img", "code", "pre", "em", "strong"].contains(&name), "{attack} gave <{tag}>");
                for sign in [" on", "javascript:", "data:", "style="] {
                    assert!(!tag.contains(sign), "{attack} gave <{tag}>");
                }
            }
        }
        // Written HTML is shown as the text it is.
        assert!(render("<script>alert(1)</script>").contains("&lt;script&gt;"));
    }
}
