//! The PNR as a QR code, drawn as vector squares so it stays sharp at any zoom or print size.

use qrcode::{Color, EcLevel, QrCode};

use super::PdfError;
use super::canvas::{Canvas, Rgb};

/// Modules of white margin around the symbol; the QR standard asks for four.
const QUIET_ZONE: usize = 4;

/// Draws a QR code of `data` in the square at (`x`, `top`) of side `size`, quiet zone included.
pub(super) fn draw(
    canvas: &mut Canvas<'_>,
    data: &str,
    x: f32,
    top: f32,
    size: f32,
    dark: Rgb,
) -> Result<(), PdfError> {
    // Level M survives a crease or a scuff on a printed ticket and keeps a PNR at version 1.
    let code =
        QrCode::with_error_correction_level(data.as_bytes(), EcLevel::M).map_err(|e| PdfError::Qr(e.to_string()))?;
    let width = code.width();
    let module = size / (width + 2 * QUIET_ZONE) as f32;
    canvas.fill_rect(x, top, size, size, Rgb(1.0, 1.0, 1.0));

    // One rectangle per horizontal stretch of dark modules keeps the path short.
    let colors = code.to_colors();
    let mut cells = Vec::new();
    for (row, line) in colors.chunks(width).enumerate() {
        let mut col = 0;
        while col < width {
            if line[col] == Color::Dark {
                let start = col;
                while col < width && line[col] == Color::Dark {
                    col += 1;
                }
                cells.push((
                    x + (QUIET_ZONE + start) as f32 * module,
                    top + (QUIET_ZONE + row) as f32 * module,
                    (col - start) as f32 * module,
                    module,
                ));
            } else {
                col += 1;
            }
        }
    }
    canvas.fill_cells(&cells, dark);
    Ok(())
}
