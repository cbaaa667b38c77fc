//! The embedded fonts, and text shaping: a string becomes runs of positioned glyphs, each run in
//! one font (Latin or Bengali), shaped by rustybuzz so Bengali conjuncts and vowel signs are right.

use std::ops::Range;
use std::sync::OnceLock;

use rustybuzz::ttf_parser::Tag;
use rustybuzz::{Direction, Face, Feature, Script, ShapePlan, UnicodeBuffer, script};

use super::PdfError;

/// The fonts a ticket can use. Bengali has one weight: bold Bengali is the regular face drawn with
/// a thin outline of its own colour ([`Run::synthetic_bold`]), which keeps the binary 120 KB
/// smaller than embedding Noto Sans Bengali Bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FontId {
    Latin,
    LatinBold,
    Bengali,
}

impl FontId {
    pub(super) const ALL: [FontId; 3] = [FontId::Latin, FontId::LatinBold, FontId::Bengali];

    pub(super) fn index(self) -> usize {
        match self {
            FontId::Latin => 0,
            FontId::LatinBold => 1,
            FontId::Bengali => 2,
        }
    }

    pub(super) fn data(self) -> &'static [u8] {
        match self {
            FontId::Latin => include_bytes!("../../assets/fonts/NotoSans-Regular.ttf"),
            FontId::LatinBold => include_bytes!("../../assets/fonts/NotoSans-Bold.ttf"),
            FontId::Bengali => include_bytes!("../../assets/fonts/NotoSansBengali-Regular.ttf"),
        }
    }

    /// The PostScript name, used in the PDF's `/BaseFont`.
    /// The script a run in this font is shaped as.
    fn script(self) -> Script {
        match self {
            FontId::Latin | FontId::LatinBold => script::LATIN,
            FontId::Bengali => script::BENGALI,
        }
    }

    /// Latin ligatures (fi, fl) are off: a ligature glyph extracts as two characters through a
    /// multi-character ToUnicode entry, which some extractors (Ghostscript's) garble, and a
    /// ticket gains nothing from them. Bengali keeps every feature: its conjuncts are ligatures.
    fn features(self) -> Vec<Feature> {
        match self {
            FontId::Latin | FontId::LatinBold => vec![Feature::new(Tag::from_bytes(b"liga"), 0, ..)],
            FontId::Bengali => Vec::new(),
        }
    }

    pub(super) fn postscript_name(self) -> &'static str {
        match self {
            FontId::Latin => "NotoSans-Regular",
            FontId::LatinBold => "NotoSans-Bold",
            FontId::Bengali => "NotoSansBengali-Regular",
        }
    }

    /// The resource name in the page's font dictionary.
    pub(super) fn resource_name(self) -> &'static [u8] {
        match self {
            FontId::Latin => b"F1",
            FontId::LatinBold => b"F2",
            FontId::Bengali => b"F3",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Weight {
    Regular,
    Bold,
}

/// The parsed faces and a shaping plan for each. A plan compiles the font's features once, which
/// would otherwise happen on every one of a page's ~150 shapings.
pub(super) struct Fonts {
    faces: [Face<'static>; 3],
    plans: [ShapePlan; 3],
}

impl Fonts {
    /// The fonts, loaded on first use and kept for the life of the process.
    pub(super) fn shared() -> Result<&'static Fonts, PdfError> {
        static FONTS: OnceLock<Result<Fonts, PdfError>> = OnceLock::new();
        FONTS.get_or_init(Fonts::load).as_ref().map_err(Clone::clone)
    }

    pub(super) fn load() -> Result<Self, PdfError> {
        let load = |id: FontId| Face::from_slice(id.data(), 0).ok_or(PdfError::Font(id.postscript_name()));
        let faces = [load(FontId::Latin)?, load(FontId::LatinBold)?, load(FontId::Bengali)?];
        let plans = FontId::ALL.map(|id| {
            ShapePlan::new(&faces[id.index()], Direction::LeftToRight, Some(id.script()), None, &id.features())
        });
        Ok(Fonts { faces, plans })
    }

    pub(super) fn face(&self, id: FontId) -> &Face<'static> {
        &self.faces[id.index()]
    }

    /// Shapes `text` into runs, one per stretch of a single font.
    pub(super) fn shape(&self, text: &str, weight: Weight) -> Shaped {
        let runs = self
            .segment(text, weight)
            .into_iter()
            .map(|(font, range)| self.shape_run(font, &text[range], weight))
            .collect();
        Shaped { runs }
    }

    /// Splits `text` by font. Bengali letters and signs take the Bengali face, other letters the
    /// Latin face; spaces, digits and punctuation stay with the run they are in when its face has
    /// them, so "রহিম উদ্দিন" is one run and shapes as one word sequence.
    fn segment(&self, text: &str, weight: Weight) -> Vec<(FontId, Range<usize>)> {
        let latin = match weight {
            Weight::Regular => FontId::Latin,
            Weight::Bold => FontId::LatinBold,
        };
        let mut runs: Vec<(FontId, Range<usize>)> = Vec::new();
        for (at, c) in text.char_indices() {
            let end = at + c.len_utf8();
            let current = runs.last().map(|(font, _)| *font);
            let font = if is_bengali(c) {
                FontId::Bengali
            } else if is_joiner(c) {
                current.unwrap_or(latin)
            } else if !c.is_alphabetic() {
                match current {
                    Some(font) if self.covers(font, c) => font,
                    _ if self.covers(latin, c) => latin,
                    _ if self.covers(FontId::Bengali, c) => FontId::Bengali,
                    _ => current.unwrap_or(latin),
                }
            } else if !self.covers(latin, c) && self.covers(FontId::Bengali, c) {
                FontId::Bengali
            } else {
                latin
            };
            match runs.last_mut() {
                Some((last, range)) if *last == font => range.end = end,
                _ => runs.push((font, at..end)),
            }
        }
        runs
    }

    /// Whether every character of `text` that shows is drawn by an embedded face (Latin or
    /// Bengali): Arabic, Chinese, Devanagari or Thai would print as blanks.
    pub(super) fn draws(&self, text: &str) -> bool {
        text.chars()
            .filter(|c| !c.is_whitespace() && !core_wasm::passenger::is_invisible(*c))
            .all(|c| self.covers(FontId::Latin, c) || self.covers(FontId::Bengali, c))
    }

    fn covers(&self, font: FontId, c: char) -> bool {
        self.face(font).glyph_index(c).is_some()
    }

    fn shape_run(&self, font: FontId, text: &str, weight: Weight) -> Run {
        let face = self.face(font);
        let mut buffer = UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(Direction::LeftToRight);
        buffer.set_script(font.script());
        let shaped = rustybuzz::shape_with_plan(face, &self.plans[font.index()], buffer);

        // A glyph's cluster is the byte offset of the first character it came from; the cluster
        // ends where the next larger cluster starts (clusters rise left to right for LTR text).
        let mut starts: Vec<usize> = shaped.glyph_infos().iter().map(|info| info.cluster as usize).collect();
        starts.sort_unstable();
        starts.dedup();
        let cluster_end = |start: usize| starts.iter().copied().find(|s| *s > start).unwrap_or(text.len());

        let glyphs = shaped
            .glyph_infos()
            .iter()
            .zip(shaped.glyph_positions())
            .map(|(info, pos)| {
                let start = info.cluster as usize;
                Glyph {
                    id: u16::try_from(info.glyph_id).unwrap_or(0),
                    advance: pos.x_advance,
                    dx: pos.x_offset,
                    dy: pos.y_offset,
                    cluster: start.min(text.len())..cluster_end(start),
                }
            })
            .collect();
        Run {
            font,
            text: text.to_owned(),
            glyphs,
            units_per_em: face.units_per_em() as f32,
            synthetic_bold: weight == Weight::Bold && font == FontId::Bengali,
        }
    }
}

fn is_bengali(c: char) -> bool {
    // The Bengali block, and the dandas Bengali shares with Devanagari.
    matches!(c, '\u{0980}'..='\u{09FF}' | '\u{0964}' | '\u{0965}')
}

fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// One glyph as shaped: font units, offsets relative to the pen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Glyph {
    pub(super) id: u16,
    pub(super) advance: i32,
    pub(super) dx: i32,
    pub(super) dy: i32,
    /// The byte range of the run's text this glyph belongs to.
    pub(super) cluster: Range<usize>,
}

/// A stretch of text in one font, shaped.
#[derive(Debug, Clone)]
pub(super) struct Run {
    pub(super) font: FontId,
    pub(super) text: String,
    pub(super) glyphs: Vec<Glyph>,
    pub(super) units_per_em: f32,
    /// Bold asked of a face that has no bold: stroke the glyphs as well as fill them.
    pub(super) synthetic_bold: bool,
}

impl Run {
    pub(super) fn width(&self, size: f32) -> f32 {
        let units: i32 = self.glyphs.iter().map(|g| g.advance).sum();
        units as f32 * size / self.units_per_em
    }

    /// Whether extracting this run glyph by glyph could give the wrong text: shaped Bengali
    /// (reordered vowel signs, conjuncts) or a character no embedded font has.
    pub(super) fn needs_actual_text(&self) -> bool {
        self.font == FontId::Bengali || self.glyphs.iter().any(|g| g.id == 0)
    }
}

/// A shaped string: its runs, left to right.
#[derive(Debug, Clone)]
pub(super) struct Shaped {
    pub(super) runs: Vec<Run>,
}

impl Shaped {
    pub(super) fn width(&self, size: f32) -> f32 {
        self.runs.iter().map(|run| run.width(size)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdf_fonts_load_and_split_scripts() {
        let fonts = Fonts::load().expect("embedded fonts parse");
        let shaped = fonts.shape("Rahim রহিম উদ্দিন, Dhaka", Weight::Regular);
        let fonts_used: Vec<FontId> = shaped.runs.iter().map(|r| r.font).collect();
        assert_eq!(fonts_used, [FontId::Latin, FontId::Bengali, FontId::Latin]);
        assert_eq!(shaped.runs[1].text, "রহিম উদ্দিন, ");
        assert!(shaped.runs.iter().all(|r| r.glyphs.iter().all(|g| g.id != 0)), "no missing glyphs");
    }

    #[test]
    fn pdf_bengali_is_shaped_vowel_sign_first_and_conjunct_formed() {
        let fonts = Fonts::load().expect("embedded fonts parse");
        let face = fonts.face(FontId::Bengali);
        let nominal = |c: char| face.glyph_index(c).map(|g| g.0).unwrap_or(0);
        let run = &fonts.shape("রহিম", Weight::Regular).runs[0];
        let ids: Vec<u16> = run.glyphs.iter().map(|g| g.id).collect();
        // The i-sign is drawn before হ although typed after it.
        assert_eq!(ids[1], nominal('ি'), "{ids:?}");
        assert_eq!(ids[2], nominal('হ'), "{ids:?}");
        // দ + ্ + দ becomes one conjunct glyph, not three.
        let run = &fonts.shape("দ্দ", Weight::Regular).runs[0];
        assert_eq!(run.glyphs.len(), 1, "{:?}", run.glyphs);
    }

    #[test]
    fn pdf_latin_has_no_ligatures() {
        let fonts = Fonts::load().expect("embedded fonts parse");
        assert_eq!(fonts.shape("2nd floor office", Weight::Bold).runs[0].glyphs.len(), 16);
    }
}
