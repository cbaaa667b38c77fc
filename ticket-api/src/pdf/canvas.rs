//! A page being drawn: the content stream plus, per font, the glyphs used (for subsetting) and
//! what text each glyph stands for (for the ToUnicode map). Coordinates are points from the top
//! left, as a designer thinks; the canvas flips them to PDF's bottom-left origin.

use std::collections::BTreeMap;

use pdf_writer::types::TextRenderingMode;
use pdf_writer::{Content, Name, Str, TextStr};
use rustybuzz::ttf_parser::{GlyphId, OutlineBuilder};
use subsetter::GlyphRemapper;

use super::fonts::{Fonts, Run, Shaped, Weight};

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Rgb(pub(super) f32, pub(super) f32, pub(super) f32);

/// Glyphs a page uses from one font.
pub(super) struct FontUse {
    /// Old glyph id -> id in the subset; the content stream is written with the new ids.
    pub(super) remapper: GlyphRemapper,
    /// New glyph id -> the text it stands for.
    pub(super) to_unicode: BTreeMap<u16, String>,
    pub(super) used: bool,
}

/// The graphics state dictionary name for the translucent stamp.
pub(super) const STAMP_STATE: &[u8] = b"GS1";

pub(super) struct Canvas<'f> {
    pub(super) fonts: &'f Fonts,
    pub(super) width: f32,
    pub(super) height: f32,
    content: Content,
    /// The content of the pages before this one (a manifest runs to many; a ticket has one).
    done: Vec<Vec<u8>>,
    uses: [FontUse; 3],
    pub(super) uses_stamp_state: bool,
}

/// What a finished document hands to the PDF writer: its pages, of one size, with the glyphs
/// they use (one subset of each font for them all).
pub(super) struct Page {
    pub(super) width: f32,
    pub(super) height: f32,
    pub(super) contents: Vec<Vec<u8>>,
    pub(super) uses: [FontUse; 3],
    pub(super) uses_stamp_state: bool,
}

impl<'f> Canvas<'f> {
    pub(super) fn new(fonts: &'f Fonts, width: f32, height: f32) -> Self {
        let font_use = || FontUse { remapper: GlyphRemapper::new(), to_unicode: BTreeMap::new(), used: false };
        Canvas {
            fonts,
            width,
            height,
            content: Content::new(),
            done: Vec::new(),
            uses: [font_use(), font_use(), font_use()],
            uses_stamp_state: false,
        }
    }

    /// Ends this page; what is drawn next goes on a new one.
    pub(super) fn next_page(&mut self) {
        let page = std::mem::replace(&mut self.content, Content::new());
        self.done.push(page.finish().into_vec());
    }

    pub(super) fn finish(mut self) -> Page {
        self.next_page();
        Page {
            width: self.width,
            height: self.height,
            contents: self.done,
            uses: self.uses,
            uses_stamp_state: self.uses_stamp_state,
        }
    }

    pub(super) fn shape(&self, text: &str, weight: Weight) -> Shaped {
        self.fonts.shape(text, weight)
    }

    pub(super) fn measure(&self, text: &str, weight: Weight, size: f32) -> f32 {
        self.shape(text, weight).width(size)
    }

    pub(super) fn fill_rect(&mut self, x: f32, top: f32, w: f32, h: f32, color: Rgb) {
        self.content.set_fill_rgb(color.0, color.1, color.2);
        self.content.rect(x, self.height - top - h, w, h).fill_nonzero();
    }

    /// A rectangle with rounded corners (radius `r`), filled.
    pub(super) fn fill_round_rect(&mut self, x: f32, top: f32, w: f32, h: f32, r: f32, color: Rgb) {
        let r = r.min(w / 2.0).min(h / 2.0);
        let (x0, y0, x1, y1) = (x, self.height - top - h, x + w, self.height - top);
        // Bezier handle length for a quarter circle.
        let k = r * 0.552_284_8;
        let c = &mut self.content;
        c.set_fill_rgb(color.0, color.1, color.2);
        c.move_to(x0 + r, y0);
        c.line_to(x1 - r, y0);
        c.cubic_to(x1 - r + k, y0, x1, y0 + r - k, x1, y0 + r);
        c.line_to(x1, y1 - r);
        c.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
        c.line_to(x0 + r, y1);
        c.cubic_to(x0 + r - k, y1, x0, y1 - r + k, x0, y1 - r);
        c.line_to(x0, y0 + r);
        c.cubic_to(x0, y0 + r - k, x0 + r - k, y0, x0 + r, y0);
        c.close_path().fill_nonzero();
    }

    pub(super) fn line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, width: f32, color: Rgb) {
        let c = &mut self.content;
        c.set_stroke_rgb(color.0, color.1, color.2).set_line_width(width);
        c.move_to(x0, self.height - y0).line_to(x1, self.height - y1).stroke();
    }

    /// A dashed horizontal rule, like the tear line of a paper ticket.
    pub(super) fn dashed_line(&mut self, x0: f32, x1: f32, y: f32, color: Rgb) {
        let c = &mut self.content;
        c.save_state();
        c.set_stroke_rgb(color.0, color.1, color.2).set_line_width(0.8).set_dash_pattern([3.0, 2.5], 0.0);
        c.move_to(x0, self.height - y).line_to(x1, self.height - y).stroke();
        c.restore_state();
    }

    /// A filled triangle (arrow heads).
    pub(super) fn fill_triangle(&mut self, points: [(f32, f32); 3], color: Rgb) {
        let h = self.height;
        let c = &mut self.content;
        c.set_fill_rgb(color.0, color.1, color.2);
        c.move_to(points[0].0, h - points[0].1);
        c.line_to(points[1].0, h - points[1].1);
        c.line_to(points[2].0, h - points[2].1);
        c.close_path().fill_nonzero();
    }

    /// Fills many unit squares of a grid as one path, so viewers show no seams between them.
    pub(super) fn fill_cells(&mut self, cells: &[(f32, f32, f32, f32)], color: Rgb) {
        if cells.is_empty() {
            return;
        }
        let h = self.height;
        let c = &mut self.content;
        c.set_fill_rgb(color.0, color.1, color.2);
        for &(x, top, w, height) in cells {
            c.rect(x, h - top - height, w, height);
        }
        c.fill_nonzero();
    }

    /// Draws shaped text with its left end at `x` and its baseline at `baseline` (from the top).
    pub(super) fn text(&mut self, shaped: &Shaped, x: f32, baseline: f32, size: f32, color: Rgb) {
        let y = self.height - baseline;
        self.content.set_fill_rgb(color.0, color.1, color.2);
        self.content.begin_text();
        let mut pen = x;
        for run in &shaped.runs {
            self.show_run(run, pen, y, size, color);
            pen += run.width(size);
        }
        self.content.end_text();
    }

    /// Shapes and draws `text`; returns its width.
    pub(super) fn text_at(&mut self, text: &str, weight: Weight, size: f32, x: f32, baseline: f32, color: Rgb) -> f32 {
        let shaped = self.shape(text, weight);
        self.text(&shaped, x, baseline, size, color);
        shaped.width(size)
    }

    /// Shapes and draws `text` with its right end at `right`.
    pub(super) fn text_right(&mut self, text: &str, weight: Weight, size: f32, right: f32, baseline: f32, color: Rgb) {
        let shaped = self.shape(text, weight);
        let width = shaped.width(size);
        self.text(&shaped, right - width, baseline, size, color);
    }

    /// One run: positioned with `Tm`, glyphs placed by `TJ` adjustments so the PDF's own advance
    /// (the `/W` widths, the font's advances) plus our adjustment equals the shaped position.
    /// Vertical offsets (marks shifted up or down by GPOS) use the text rise.
    fn show_run(&mut self, run: &Run, x: f32, y: f32, size: f32, color: Rgb) {
        let font = run.font;
        let face = self.fonts.face(font);
        let thousandths = 1000.0 / run.units_per_em;
        let font_use = &mut self.uses[font.index()];
        font_use.used = true;

        // Glyph ids in the subset, recording what text each stands for on first use.
        let mut new_ids = Vec::with_capacity(run.glyphs.len());
        for (i, glyph) in run.glyphs.iter().enumerate() {
            let new_id = font_use.remapper.remap(glyph.id);
            new_ids.push(new_id);
            if !font_use.to_unicode.contains_key(&new_id)
                && let Some(text) = glyph_text(face, run, i)
            {
                font_use.to_unicode.insert(new_id, text);
            }
        }

        if run.needs_actual_text() {
            self.content
                .begin_marked_content_with_properties(Name(b"Span"))
                .properties()
                .actual_text(TextStr(&run.text));
        }
        self.content.set_font(Name(font.resource_name()), size);
        self.content.set_text_matrix([1.0, 0.0, 0.0, 1.0, x, y]);
        if run.synthetic_bold {
            self.content.set_text_rendering_mode(TextRenderingMode::FillStroke);
            self.content.set_stroke_rgb(color.0, color.1, color.2).set_line_width(size * 0.04);
        }

        let mut rise = 0;
        let mut start = 0;
        while start < run.glyphs.len() {
            // A stretch of glyphs on the same vertical offset goes into one TJ.
            let dy = run.glyphs[start].dy;
            let end = run.glyphs[start..].iter().position(|g| g.dy != dy).map_or(run.glyphs.len(), |n| start + n);
            if dy != rise {
                self.content.set_rise(dy as f32 * size / run.units_per_em);
                rise = dy;
            }
            let mut shown = self.content.show_positioned();
            let mut items = shown.items();
            let mut pending = 0.0_f32;
            for (glyph, new_id) in run.glyphs[start..end].iter().zip(&new_ids[start..end]) {
                let width = face.glyph_hor_advance(GlyphId(glyph.id)).map_or(0.0, f32::from);
                // TJ numbers move the pen left by n/1000 of the font size.
                pending -= glyph.dx as f32 * thousandths;
                if pending.abs() > 0.01 {
                    items.adjust(pending);
                }
                items.show(Str(&new_id.to_be_bytes()));
                pending = -((glyph.advance - glyph.dx) as f32 - width) * thousandths;
            }
            if pending.abs() > 0.01 {
                items.adjust(pending);
            }
            drop(items);
            drop(shown);
            start = end;
        }
        if rise != 0 {
            self.content.set_rise(0.0);
        }
        if run.synthetic_bold {
            self.content.set_text_rendering_mode(TextRenderingMode::Fill);
        }
        if run.needs_actual_text() {
            self.content.end_marked_content();
        }
    }

    /// A rubber stamp: bold `text` in a frame, rotated by `angle` (radians, counter-clockwise)
    /// about `centre`, see-through. The letters are drawn as filled outlines rather than as text:
    /// as graphics they cannot jumble the extracted text, which states the same thing elsewhere.
    pub(super) fn stamp(&mut self, text: &str, size: f32, centre: (f32, f32), angle: f32, color: Rgb) {
        let shaped = self.shape(text, Weight::Bold);
        let width = shaped.width(size);
        let (sin, cos) = angle.sin_cos();
        self.uses_stamp_state = true;
        let c = &mut self.content;
        c.save_state();
        c.set_parameters(Name(STAMP_STATE));
        c.transform([cos, sin, -sin, cos, centre.0, self.height - centre.1]);
        // Cap height is about 0.71 em in Noto Sans: the frame hugs the capitals.
        let (frame_w, frame_h) = (width + 28.0, size * 0.72 + 26.0);
        c.set_stroke_rgb(color.0, color.1, color.2).set_line_width(3.0);
        c.rect(-frame_w / 2.0, -frame_h / 2.0, frame_w, frame_h).stroke();
        c.set_fill_rgb(color.0, color.1, color.2);
        let mut pen = -width / 2.0;
        let baseline = -size * 0.355;
        for run in &shaped.runs {
            let face = self.fonts.face(run.font);
            let scale = size / run.units_per_em;
            for glyph in &run.glyphs {
                let origin = (pen + glyph.dx as f32 * scale, baseline + glyph.dy as f32 * scale);
                let mut outline = Outline { content: &mut *c, scale, origin, last: (0.0, 0.0) };
                if face.outline_glyph(GlyphId(glyph.id), &mut outline).is_some() {
                    c.fill_nonzero();
                }
                pen += glyph.advance as f32 * scale;
            }
        }
        c.restore_state();
    }

    /// Wraps `text` at spaces into at most `max_lines` lines of `max_width`; a longer text ends
    /// its last line with "…". A single word wider than the line is cut the same way. Words are
    /// measured one by one (shaping never crosses a space in our scripts), each line shaped once.
    pub(super) fn wrap(&self, text: &str, weight: Weight, size: f32, max_width: f32, max_lines: usize) -> Vec<Shaped> {
        let max_lines = max_lines.max(1);
        let words: Vec<&str> = text.split_whitespace().collect();
        let space = self.measure(" ", weight, size);
        let mut lines: Vec<(usize, usize)> = Vec::new();
        let (mut start, mut width) = (0, 0.0);
        let mut overflow = false;
        for (i, word) in words.iter().enumerate() {
            let word_width = self.measure(word, weight, size);
            if i == start || width + space + word_width <= max_width {
                width += if i == start { word_width } else { space + word_width };
            } else if lines.len() + 1 == max_lines {
                // The last line allowed takes every remaining word and is cut to fit below.
                overflow = true;
                break;
            } else {
                lines.push((start, i));
                (start, width) = (i, word_width);
            }
        }
        if start < words.len() {
            lines.push((start, words.len()));
        }
        let last = lines.len().saturating_sub(1);
        lines
            .into_iter()
            .enumerate()
            .map(|(i, (from, to))| {
                let line = words[from..to].join(" ");
                let shaped = self.shape(&line, weight);
                if (i == last && overflow) || shaped.width(size) > max_width {
                    self.shape(&self.ellipsize(&line, weight, size, max_width), weight)
                } else {
                    shaped
                }
            })
            .collect()
    }

    /// The longest start of `text` that fits `max_width` with a trailing "…".
    fn ellipsize(&self, text: &str, weight: Weight, size: f32, max_width: f32) -> String {
        let ends: Vec<usize> = text.char_indices().map(|(at, _)| at).skip(1).chain([text.len()]).collect();
        let with_ellipsis = |n: usize| {
            let mut cut = text[..ends.get(n.wrapping_sub(1)).copied().unwrap_or(0)].trim_end();
            // Never end on a virama or joiner: it would fuse with the ellipsis.
            while let Some(rest) = cut.strip_suffix(['\u{09CD}', '\u{200C}', '\u{200D}']) {
                cut = rest;
            }
            format!("{cut}…")
        };
        // Binary search on the number of characters kept: wider is monotonic in it.
        let (mut lo, mut hi) = (0, ends.len());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if self.measure(&with_ellipsis(mid), weight, size) <= max_width {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        with_ellipsis(lo)
    }

    /// The largest size from `max` down to `min` (in half points) at which `text` fits on one line.
    pub(super) fn fit_size(&self, text: &str, weight: Weight, max: f32, min: f32, max_width: f32) -> f32 {
        let width = self.measure(text, weight, max);
        if width <= max_width || width <= 0.0 {
            return max;
        }
        let fitted = (max * max_width / width * 2.0).floor() / 2.0;
        fitted.clamp(min, max)
    }
}

/// What text glyph `i` of `run` stands for in a ToUnicode map. A glyph that is the font's nominal
/// glyph for a character of its cluster stands for that character (so the reordered Bengali
/// i-sign maps to "ি", not to its whole syllable); the first other glyph of a cluster takes the
/// cluster's remaining characters (a conjunct "দ্দ", a ligature "fi"); any further glyph, none.
fn glyph_text(face: &rustybuzz::Face<'_>, run: &Run, i: usize) -> Option<String> {
    let glyph = run.glyphs.get(i)?;
    let cluster_text = run.text.get(glyph.cluster.clone())?;
    let nominal = |c: char| face.glyph_index(c).map(|g| g.0);
    if let Some(c) = cluster_text.chars().find(|c| nominal(*c) == Some(glyph.id)) {
        return Some(c.to_string());
    }
    let siblings = run.glyphs.iter().enumerate().filter(|(_, g)| g.cluster == glyph.cluster);
    let first_other = siblings.clone().find(|(_, g)| !cluster_text.chars().any(|c| nominal(c) == Some(g.id)));
    if first_other.map(|(j, _)| j) != Some(i) {
        return None;
    }
    let claimed: Vec<u16> = siblings.map(|(_, g)| g.id).collect();
    let rest: String = cluster_text.chars().filter(|c| nominal(*c).is_none_or(|id| !claimed.contains(&id))).collect();
    let rest = if rest.is_empty() { cluster_text.to_owned() } else { rest };
    // A glyph standing for nothing visible (a lone joiner) is left unmapped.
    if rest.chars().all(|c| matches!(c, '\u{200C}' | '\u{200D}')) { None } else { Some(rest) }
}

/// Writes a glyph outline into the content stream, scaled and moved to the glyph's origin.
struct Outline<'c> {
    content: &'c mut Content,
    scale: f32,
    origin: (f32, f32),
    last: (f32, f32),
}

impl Outline<'_> {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.origin.0 + x * self.scale, self.origin.1 + y * self.scale)
    }
}

impl OutlineBuilder for Outline<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let p = self.at(x, y);
        self.content.move_to(p.0, p.1);
        self.last = p;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.at(x, y);
        self.content.line_to(p.0, p.1);
        self.last = p;
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        // TrueType outlines are quadratic; PDF paths are cubic: raise the degree.
        let (q, p, s) = (self.at(x1, y1), self.at(x, y), self.last);
        let c1 = (s.0 + 2.0 / 3.0 * (q.0 - s.0), s.1 + 2.0 / 3.0 * (q.1 - s.1));
        let c2 = (p.0 + 2.0 / 3.0 * (q.0 - p.0), p.1 + 2.0 / 3.0 * (q.1 - p.1));
        self.content.cubic_to(c1.0, c1.1, c2.0, c2.1, p.0, p.1);
        self.last = p;
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (a, b, p) = (self.at(x1, y1), self.at(x2, y2), self.at(x, y));
        self.content.cubic_to(a.0, a.1, b.0, b.1, p.0, p.1);
        self.last = p;
    }

    fn close(&mut self) {
        self.content.close_path();
    }
}
