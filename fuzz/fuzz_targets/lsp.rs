//! Fuzz target: the language server's answers for any text. The text is
//! analysed as an editor's document, then asked for definitions,
//! references, hovers and completions at offsets the first bytes choose,
//! and formatted. Every span answered lies inside the text, on character
//! boundaries; nothing may panic or hang.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::diag::{SourceFile, Span};
use rulebook::ide::Document;

fuzz_target!(|data: &[u8]| {
    let [a, b, c, rest @ ..] = data else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let doc = Document::new("fuzz.rules", text);
    let inside = |span: Span| {
        assert!(span.start <= span.end && span.end <= text.len(), "span {span:?} outside the text");
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end), "span {span:?} splits a character");
    };
    for p in &doc.problems {
        inside(p.span);
    }
    for (span, _) in doc.classes() {
        inside(span);
    }
    for pick in [*a, *b, *c] {
        let offset = if text.is_empty() { 0 } else { pick as usize * text.len() / 255 };
        if let Some((span, _)) = doc.word_at(offset) {
            inside(span);
        }
        if let Some(declared) = doc.definition(offset) {
            inside(declared.span);
        }
        doc.references(offset).into_iter().for_each(inside);
        if let Some((span, _)) = doc.hover(offset) {
            inside(span);
        }
        let _ = doc.completions(offset);
    }
    let _ = rulebook::format::format(&SourceFile::new("fuzz.rules", text));
});
