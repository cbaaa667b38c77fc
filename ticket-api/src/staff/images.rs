//! Images staff upload for banners, offers, blog posts and popular routes (issue 35). The bytes
//! must be PNG, JPEG or WebP (read from the bytes, whatever the request says) of at most 1 MB,
//! and the header's size within the core's bounds: nothing here decodes the pixels, so a small
//! file claiming 20,000 x 20,000 pixels costs a header read and a refusal. An image is stored
//! once, named by the SHA-256 of its bytes, so its address never changes meaning and is served
//! with a year's cache (`crate::http::content::image`).

use core_wasm::contract::staff::StaffImage;
use core_wasm::staff::content::{self as rules, ImageFormat, MAX_IMAGE_BYTES};
use core_wasm::staff::messages as say;
use sha2::{Digest, Sha256};

use super::access::Staff;
use super::write;
use crate::AppState;
use crate::error::ApiError;

fn refused() -> ApiError {
    ApiError::bad(say::IMAGE.with(&[("max", "1 MB")]))
}

/// The format the bytes are (not what the request claims).
fn format_of(bytes: &[u8]) -> Option<ImageFormat> {
    match imagesize::image_type(bytes).ok()? {
        imagesize::ImageType::Png => Some(ImageFormat::Png),
        imagesize::ImageType::Jpeg => Some(ImageFormat::Jpeg),
        imagesize::ImageType::Webp => Some(ImageFormat::Webp),
        _ => None,
    }
}

/// What an upload is, checked: its format, width and height.
pub fn check(bytes: &[u8]) -> Result<(ImageFormat, u32, u32), ApiError> {
    if bytes.is_empty() || bytes.len() > MAX_IMAGE_BYTES {
        return Err(refused());
    }
    let format = format_of(bytes).ok_or_else(refused)?;
    let size = imagesize::blob_size(bytes).map_err(|_| refused())?;
    let (width, height) =
        (u32::try_from(size.width).unwrap_or(u32::MAX), u32::try_from(size.height).unwrap_or(u32::MAX));
    rules::image_sides(width, height).map_err(ApiError::bad)?;
    Ok((format, width, height))
}

/// `POST staff/images`.
pub async fn upload(
    state: &AppState,
    staff: &Staff,
    claimed: Option<&str>,
    bytes: &[u8],
) -> Result<StaffImage, ApiError> {
    let (format, width, height) = check(bytes)?;
    if claimed.is_some_and(|c| !c.trim().eq_ignore_ascii_case(format.content_type())) {
        return Err(refused());
    }
    let hash = hex(&Sha256::digest(bytes));
    let path = rules::image_path(&hash, format);
    let name = path.trim_start_matches(rules::IMAGE_PREFIX).to_owned();
    let image =
        StaffImage { path, content_type: format.content_type().to_owned(), width, height, bytes: bytes.len() as u32 };
    let mut w = write::begin(state).await?;
    sqlx::query(
        "INSERT INTO content_images (id, content_type, width, height, size, bytes, uploaded_by, uploaded_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
    )
    .bind(&name)
    .bind(format.content_type())
    .bind(i64::from(width))
    .bind(i64::from(height))
    .bind(bytes.len() as i64)
    .bind(bytes.to_vec())
    .bind(&staff.login.user_id)
    .bind(crate::clock::now_unix_ms())
    .execute(&mut *w.tx)
    .await?;
    let operator = staff.reach.single().map(str::to_owned);
    w.finish(state, staff, operator.as_deref(), &format!("image {name}"), None, Some(&image)).await?;
    Ok(image)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG's signature and IHDR chunk claiming `width` x `height` (no pixels follow).
    fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&width.to_be_bytes());
        png.extend_from_slice(&height.to_be_bytes());
        png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        png
    }

    #[test]
    fn the_format_and_size_come_from_the_bytes() {
        assert_eq!(check(&png_header(1200, 400)).unwrap(), (ImageFormat::Png, 1200, 400));
        assert!(check(b"<svg onload=alert(1)></svg>").is_err(), "an SVG is no image here");
        assert!(check(&png_header(20_000, 20_000)).is_err(), "a decompression bomb");
        assert!(check(&vec![0u8; MAX_IMAGE_BYTES + 1]).is_err());
        assert!(check(&[]).is_err());
    }
}
