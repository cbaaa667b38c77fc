//! Writes the drawn pages as a PDF file: each page's content stream, and each font they use as
//! one subset Type 0 / CIDFontType2 font (Identity-H, glyph ids as CIDs) with a ToUnicode map.

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use rustybuzz::ttf_parser::GlyphId;

use super::PdfError;
use super::canvas::{FontUse, Page, STAMP_STATE};
use super::fonts::{FontId, Fonts};

pub(super) struct Info<'a> {
    pub(super) title: &'a str,
    pub(super) author: &'a str,
}

/// Allocates object numbers in order.
struct Refs(i32);

impl Refs {
    fn next(&mut self) -> Ref {
        self.0 += 1;
        Ref::new(self.0)
    }
}

pub(super) fn assemble(fonts: &Fonts, page: Page, info: &Info<'_>) -> Result<Vec<u8>, PdfError> {
    let mut refs = Refs(0);
    let catalog_id = refs.next();
    let pages_id = refs.next();
    let page_ids: Vec<(Ref, Ref)> = page.contents.iter().map(|_| (refs.next(), refs.next())).collect();
    let info_id = refs.next();
    let stamp_state_id = refs.next();

    let mut pdf = Pdf::new();
    pdf.catalog(catalog_id).pages(pages_id);
    let count = i32::try_from(page_ids.len()).unwrap_or(i32::MAX);
    pdf.pages(pages_id).kids(page_ids.iter().map(|(id, _)| *id)).count(count);
    pdf.document_info(info_id).title(TextStr(info.title)).author(TextStr(info.author)).creator(TextStr(info.author));

    let font_ids: Vec<(FontId, Ref)> =
        FontId::ALL.into_iter().filter(|id| page.uses[id.index()].used).map(|id| (id, refs.next())).collect();

    for ((page_id, content_id), content) in page_ids.iter().zip(&page.contents) {
        {
            let mut page_writer = pdf.page(*page_id);
            page_writer.parent(pages_id).media_box(Rect::new(0.0, 0.0, page.width, page.height)).contents(*content_id);
            let mut resources = page_writer.resources();
            {
                let mut font_dict = resources.fonts();
                for (id, font_ref) in &font_ids {
                    font_dict.pair(Name(id.resource_name()), *font_ref);
                }
            }
            if page.uses_stamp_state {
                resources.ext_g_states().pair(Name(STAMP_STATE), stamp_state_id);
            }
        }
        pdf.stream(*content_id, &deflate(content)).filter(Filter::FlateDecode);
    }
    if page.uses_stamp_state {
        // The stamp is see-through so the details under it stay readable.
        pdf.ext_graphics(stamp_state_id).non_stroking_alpha(0.22).stroking_alpha(0.45);
    }

    for (id, type0_ref) in font_ids {
        write_font(&mut pdf, &mut refs, fonts, id, type0_ref, &page.uses[id.index()])?;
    }
    Ok(pdf.finish())
}

fn write_font(
    pdf: &mut Pdf,
    refs: &mut Refs,
    fonts: &Fonts,
    id: FontId,
    type0_ref: Ref,
    font_use: &FontUse,
) -> Result<(), PdfError> {
    let cid_ref = refs.next();
    let descriptor_ref = refs.next();
    let file_ref = refs.next();
    let cmap_ref = refs.next();

    let face = fonts.face(id);
    let per_mille = |units: f32| units * 1000.0 / face.units_per_em() as f32;
    let old_ids: Vec<u16> = font_use.remapper.remapped_gids().collect();
    // A subset font carries a tag unique to its glyph set, as the PDF spec asks.
    let base_font = format!("{}+{}", subset_tag(&old_ids), id.postscript_name());
    let system_info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

    pdf.type0_font(type0_ref)
        .base_font(Name(base_font.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_ref)
        .to_unicode(cmap_ref);

    let widths: Vec<f32> =
        old_ids.iter().map(|old| per_mille(face.glyph_hor_advance(GlyphId(*old)).map_or(0.0, f32::from))).collect();
    let mut cid = pdf.cid_font(cid_ref);
    cid.subtype(CidFontType::Type2)
        .base_font(Name(base_font.as_bytes()))
        .system_info(system_info)
        .font_descriptor(descriptor_ref)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    cid.widths().consecutive(0, widths);
    cid.finish();

    let bbox = face.global_bounding_box();
    let flags = if id == FontId::Bengali { FontFlags::SYMBOLIC } else { FontFlags::NON_SYMBOLIC };
    let weight = face.weight().to_number();
    pdf.font_descriptor(descriptor_ref)
        .name(Name(base_font.as_bytes()))
        .flags(flags)
        .bbox(Rect::new(
            per_mille(f32::from(bbox.x_min)),
            per_mille(f32::from(bbox.y_min)),
            per_mille(f32::from(bbox.x_max)),
            per_mille(f32::from(bbox.y_max)),
        ))
        .italic_angle(0.0)
        .ascent(per_mille(f32::from(face.ascender())))
        .descent(per_mille(f32::from(face.descender())))
        .cap_height(per_mille(f32::from(face.capital_height().unwrap_or(face.ascender()))))
        // The usual estimate from the weight class; viewers use it only without the font file.
        .stem_v(10.0 + 0.244 * (f32::from(weight) - 50.0))
        .font_file2(file_ref);

    let program = subsetter::subset(id.data(), 0, &font_use.remapper)
        .map_err(|e| PdfError::Subset { font: id.postscript_name(), reason: e.to_string() })?;
    let length1 = i32::try_from(program.len()).unwrap_or(i32::MAX);
    pdf.stream(file_ref, &deflate(&program)).filter(Filter::FlateDecode).pair(Name(b"Length1"), length1);

    let mut cmap = UnicodeCmap::new(Name(b"Custom"), system_info);
    for (glyph, text) in &font_use.to_unicode {
        cmap.pair_with_multiple(*glyph, text.chars());
    }
    pdf.cmap(cmap_ref, &deflate(&cmap.finish())).filter(Filter::FlateDecode);
    Ok(())
}

fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// Six capital letters from a hash of the glyph set (FNV-1a): the same ticket always gives the
/// same bytes, which keeps the output reproducible.
fn subset_tag(glyphs: &[u16]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for glyph in glyphs {
        for byte in glyph.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    (0..6)
        .map(|i| {
            let letter = (hash >> (i * 5)) % 26;
            char::from(b'A' + u8::try_from(letter).unwrap_or(0))
        })
        .collect()
}
