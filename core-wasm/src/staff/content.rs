//! What the home pages' content may hold (issue 35): images uploaded here within bounds, and
//! links that go to a page (never run a script). The staff wing checks every save with these,
//! and the staff site checks an image's size before it uploads.

use super::messages::{self as say, StaffSaid};

/// An uploaded image is at most 1 MB.
pub const MAX_IMAGE_BYTES: usize = 1024 * 1024;
/// And at most this many pixels a side...
pub const MAX_IMAGE_SIDE: u32 = 4096;
/// ...and this many in all (16 megapixels: 64 MB decoded at 4 bytes a pixel, on a cheap phone).
pub const MAX_IMAGE_PIXELS: u64 = 16 * 1024 * 1024;
/// Where uploaded images are served, by the SHA-256 of their bytes.
pub const IMAGE_PREFIX: &str = "/content/images/";

/// The image formats travellers' browsers show and we accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Webp,
}

impl ImageFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Png => "png",
            ImageFormat::Jpeg => "jpg",
            ImageFormat::Webp => "webp",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Webp => "image/webp",
        }
    }

    pub fn from_extension(ext: &str) -> Option<ImageFormat> {
        [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Webp].into_iter().find(|f| f.extension() == ext)
    }
}

/// Whether an image of `width` x `height` may be shown: checked from its header, before anything
/// decodes it (a 1 MB file can claim 20,000 x 20,000 pixels, 1.6 GB decoded).
pub fn image_sides(width: u32, height: u32) -> Result<(), StaffSaid> {
    let pixels = u64::from(width) * u64::from(height);
    if width == 0 || height == 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || pixels > MAX_IMAGE_PIXELS {
        return Err(say::IMAGE_SIDES.with(&[
            ("width", &width.to_string()),
            ("height", &height.to_string()),
            ("max", &MAX_IMAGE_SIDE.to_string()),
            ("pixels", &(MAX_IMAGE_PIXELS / (1024 * 1024)).to_string()),
        ]));
    }
    Ok(())
}

/// The path an image with this SHA-256 (hex) and format is served at.
pub fn image_path(sha256_hex: &str, format: ImageFormat) -> String {
    format!("{IMAGE_PREFIX}{sha256_hex}.{}", format.extension())
}

/// An uploaded image's name (`<64 hex>.<ext>`) read back: its hash and format.
pub fn image_name(name: &str) -> Option<(&str, ImageFormat)> {
    let (hash, ext) = name.split_once('.')?;
    let hex = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    Some((hash, ImageFormat::from_extension(ext)?)).filter(|_| hex)
}

/// An image field: one uploaded here, or one of the site's own (`/images/...`).
pub fn image_field(field: &str, value: &str) -> Result<String, StaffSaid> {
    let value = value.trim();
    let uploaded = value.strip_prefix(IMAGE_PREFIX).is_some_and(|name| image_name(name).is_some());
    let own = value.strip_prefix("/images/").is_some_and(|rest| {
        !rest.is_empty()
            && !rest.contains("..")
            && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_./".contains(&b))
    });
    if uploaded || own { Ok(value.to_owned()) } else { Err(say::IMAGE_PATH.with(&[("field", field)])) }
}

/// A link travellers follow: an `https://` address or a path on this site; never `javascript:`,
/// `data:` or a protocol-relative `//host`.
pub fn link_field(field: &str, value: &str) -> Result<String, StaffSaid> {
    let value = value.trim();
    let https = value.get(..8).is_some_and(|s| s.eq_ignore_ascii_case("https://")) && value.len() > 8;
    let path = value.starts_with('/') && !value.starts_with("//") && !value.starts_with("/\\");
    let clean = !value.chars().any(|c| c.is_control() || c.is_whitespace() || c == '"' || c == '<' || c == '>');
    if (https || path) && clean && value.len() <= 300 {
        Ok(value.to_owned())
    } else {
        Err(say::LINK.with(&[("field", field)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_claiming_twenty_thousand_pixels_a_side_is_refused_before_decoding() {
        assert!(image_sides(1200, 400).is_ok());
        assert!(image_sides(4096, 4096).is_ok());
        let bomb = image_sides(20_000, 20_000).unwrap_err();
        assert_eq!(bomb.text, "The image is 20000 x 20000 pixels; at most 4096 a side and 16 megapixels");
        assert!(image_sides(4097, 10).is_err() && image_sides(0, 10).is_err());
    }

    #[test]
    fn an_image_field_names_an_upload_or_the_sites_own() {
        let hash = "a".repeat(64);
        assert!(image_field("image", &image_path(&hash, ImageFormat::Webp)).is_ok());
        assert!(image_field("image", "/images/banners/eid.png").is_ok());
        for bad in [
            "javascript:alert(1)",
            "/images/../etc/passwd",
            "https://evil.example/x.png",
            "/content/images/abc.png",
            "/images/a b.png",
        ] {
            assert!(image_field("image", bad).is_err(), "{bad}");
        }
        assert_eq!(image_name(&format!("{hash}.jpg")), Some((hash.as_str(), ImageFormat::Jpeg)));
        assert_eq!(image_name(&format!("{hash}.svg")), None);
    }

    #[test]
    fn a_link_goes_to_a_page_and_never_runs_a_script() {
        for good in ["https://hanif.example/eid", "/bus/offer/eid200", "/blog/op-hanif:tips"] {
            assert!(link_field("link", good).is_ok(), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "JAVASCRIPT:alert(1)",
            "data:text/html,x",
            "//evil.example",
            "/\\evil.example",
            "http://plain.example",
            "https://",
            "/x\" onmouseover=\"y",
            " java\tscript:x",
        ] {
            assert!(link_field("link", bad).is_err(), "{bad}");
        }
    }
}
