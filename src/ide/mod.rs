//! What editors ask of a rules file, answered from its text: the problems,
//! where a name is declared and used, what a word means, the names and
//! words that may be typed, and a class for every token (highlighting).
//! `rulebook lsp` and the web page's editor are built on it.

mod words;

use crate::diag::{Problem, SourceFile, Span};
use crate::format::lexer::{self, Kind};
use crate::syntax::ast::{Ident, Item};
pub use words::{WORDS, Word};

/// A name the file declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    /// The name.
    pub name: String,
    /// What it names: "piece", "direction", "region", …
    pub kind: &'static str,
    /// Where it is declared.
    pub span: Span,
}

/// How a token is highlighted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A word of the language (`piece`, `onto`, `empty`).
    Keyword,
    /// A name the file declares, of this kind ("piece", "region", …).
    Name(&'static str),
    /// A number.
    Number,
    /// A quoted string.
    Str,
    /// A comment.
    Comment,
    /// A move of a test.
    Move,
}

impl Class {
    /// The class as one word (for CSS classes and JSON).
    pub fn word(self) -> &'static str {
        match self {
            Class::Keyword => "keyword",
            Class::Name(kind) => kind,
            Class::Number => "number",
            Class::Str => "string",
            Class::Comment => "comment",
            Class::Move => "move",
        }
    }
}

/// Something that may be typed at a place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// The text.
    pub label: String,
    /// What it is: "keyword", or the kind of a declared name.
    pub kind: &'static str,
    /// One line about it.
    pub detail: String,
}

/// A rules file, analysed for an editor.
pub struct Document {
    /// Its text.
    pub text: String,
    /// Its problems (errors and warnings), as `rulebook check` gives them.
    pub problems: Vec<Problem>,
    /// The names it declares, in order.
    pub declared: Vec<Declared>,
    /// Its words (names, keywords, numbers) with where they stand.
    words: Vec<(Span, Class)>,
    /// Every token but words, with its class.
    others: Vec<(Span, Class)>,
}

impl Document {
    /// Analyses `text`, named `name` in its problems.
    pub fn new(name: &str, text: &str) -> Document {
        let source = SourceFile::new(name, text);
        let (file, syntax_errors) = crate::syntax::parse(&source);
        let (_, problems) = crate::check_parsed(&file, syntax_errors, &[]);
        let mut declared = Vec::new();
        for item in &file.items {
            declarations(item, &mut declared);
        }
        // The first declaration of each name and kind.
        let mut seen = std::collections::HashSet::new();
        declared.retain(|d: &Declared| seen.insert((d.name.clone(), d.kind)));
        let mut doc = Document {
            text: text.to_string(),
            problems,
            declared,
            words: Vec::new(),
            others: Vec::new(),
        };
        doc.classify();
        doc
    }

    /// Sorts every token into a class; words named by `save` are saved cells.
    fn classify(&mut self) {
        let Some(tokens) = lexer::tokens(&self.text) else {
            return;
        };
        let mut saved: Vec<Declared> = Vec::new();
        // The kind of each name: its first declaration's, then a saved cell's
        // (looked up once per word: a file of thousands of names stays linear).
        let mut kinds: std::collections::HashMap<String, &'static str> = std::collections::HashMap::new();
        for d in &self.declared {
            kinds.entry(d.name.clone()).or_insert(d.kind);
        }
        let mut saved_names = std::collections::HashSet::new();
        for (i, t) in tokens.iter().enumerate() {
            let span = Span::new(t.start, t.start + t.text.len());
            let class = match t.kind {
                Kind::Comment => Class::Comment,
                Kind::Str => Class::Str,
                Kind::Move => Class::Move,
                Kind::Punct => continue,
                Kind::Word if t.text.starts_with(|c: char| c.is_ascii_digit()) => Class::Number,
                Kind::Word => {
                    if i > 0 && tokens[i - 1].text == "save" && saved_names.insert(t.text) {
                        saved.push(Declared {
                            name: t.text.to_string(),
                            kind: "saved cell",
                            span,
                        });
                        kinds.entry(t.text.to_string()).or_insert("saved cell");
                    }
                    match kinds.get(t.text) {
                        Some(kind) => Class::Name(kind),
                        None if words::word(t.text).is_some() => Class::Keyword,
                        None => continue,
                    }
                }
            };
            if t.kind == Kind::Word {
                self.words.push((span, class));
            } else {
                self.others.push((span, class));
            }
        }
        self.declared.extend(saved);
    }

    /// The word at byte `offset` (or just before it), with its span.
    pub fn word_at(&self, offset: usize) -> Option<(Span, &str)> {
        self.words
            .iter()
            .find(|(s, _)| s.start <= offset && offset <= s.end)
            .map(|(s, _)| (*s, &self.text[s.start..s.end]))
    }

    /// Where the name at `offset` is declared.
    pub fn definition(&self, offset: usize) -> Option<&Declared> {
        let (_, name) = self.word_at(offset)?;
        self.declared.iter().find(|d| d.name == name)
    }

    /// Every place the name at `offset` is written, its declaration first.
    pub fn references(&self, offset: usize) -> Vec<Span> {
        let Some(declared) = self.definition(offset) else {
            return Vec::new();
        };
        let mut spans = vec![declared.span];
        spans.extend(
            self.words
                .iter()
                .filter(|(s, c)| {
                    *c == Class::Name(declared.kind)
                        && *s != declared.span
                        && self.text[s.start..s.end] == declared.name
                })
                .map(|(s, _)| *s),
        );
        spans
    }

    /// What the word at `offset` means, in Markdown, with its span.
    pub fn hover(&self, offset: usize) -> Option<(Span, String)> {
        let (span, text) = self.word_at(offset)?;
        if let Some(d) = self.declared.iter().find(|d| d.name == text) {
            let line = self.line_of(d.span.start);
            let uses = self.references(offset).len() - 1;
            let source = self.text[self.line_span(d.span.start)].trim();
            return Some((
                span,
                format!(
                    "{} `{}`, declared on line {line} ({uses} use{}):\n\n```rules\n{source}\n```",
                    d.kind,
                    d.name,
                    if uses == 1 { "" } else { "s" }
                ),
            ));
        }
        let w = words::word(text)?;
        Some((
            span,
            format!(
                "{}\n\n[docs/LANGUAGE.md](docs/LANGUAGE.md#{})",
                w.meaning, w.section
            ),
        ))
    }

    /// The names and words that may be typed where `offset` is: those that
    /// start with the part of a word before it.
    pub fn completions(&self, offset: usize) -> Vec<Completion> {
        let offset = self.at_char(offset);
        let before = &self.text[..offset];
        let prefix_start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let prefix = &before[prefix_start..];
        let mut out: Vec<Completion> = Vec::new();
        for d in &self.declared {
            if d.name.starts_with(prefix) && !out.iter().any(|c| c.label == d.name) {
                out.push(Completion {
                    label: d.name.clone(),
                    kind: d.kind,
                    detail: format!("{} declared on line {}", d.kind, self.line_of(d.span.start)),
                });
            }
        }
        for w in WORDS {
            if w.word.starts_with(prefix) && !out.iter().any(|c| c.label == w.word) {
                out.push(Completion {
                    label: w.word.to_string(),
                    kind: "keyword",
                    detail: w.meaning.to_string(),
                });
            }
        }
        out
    }

    /// Every token with a class, in order of the text.
    pub fn classes(&self) -> Vec<(Span, Class)> {
        let mut all: Vec<(Span, Class)> = self.words.iter().chain(&self.others).copied().collect();
        all.sort_by_key(|(s, _)| s.start);
        all
    }

    /// The line (from 1) of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.text[..self.at_char(offset)].matches('\n').count() + 1
    }

    /// `offset` within the text, moved back to the start of the character
    /// it falls inside (an editor's offset may be anything).
    fn at_char(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// The byte range of the line holding `offset`.
    fn line_span(&self, offset: usize) -> std::ops::Range<usize> {
        let offset = self.at_char(offset);
        let start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = self.text[offset..]
            .find('\n')
            .map_or(self.text.len(), |i| offset + i);
        start..end
    }
}

/// The names an item declares.
fn declarations(item: &Item, out: &mut Vec<Declared>) {
    let mut add = |ident: &Ident, kind: &'static str| {
        out.push(Declared {
            name: ident.text.clone(),
            kind,
            span: ident.span,
        });
    };
    match item {
        Item::Players(names) => names.iter().for_each(|n| add(n, "player")),
        Item::Option(o) => add(&o.name, "option"),
        Item::Directions(d) => add(&d.name, "direction"),
        Item::Region(r) => add(&r.name, "region"),
        Item::Counter(c) => add(c, "counter"),
        Item::Piece(p) => {
            add(&p.name, "piece");
            for m in &p.moves {
                add(&m.name, "move rule");
            }
        }
        Item::Marks(names) => names.iter().for_each(|n| add(n, "mark set")),
        Item::Flag { name, .. } => add(name, "flag"),
        Item::Clauses { name, .. } => add(name, "clause list"),
        Item::Condition { name, .. } => add(name, "cell condition"),
        Item::Turn(t) => add(&t.name, "turn"),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::{Class, Document};

    const TEXT: &str = "game \"G\"\nplayers A, B\nboard grid files a..c ranks 1..3\nregion home = rank 1\n\
                        piece Stone letter S { drop: onto empty and in home }\nsupply Stone\n\
                        end { win mover when count(Stone in home) == 3 // a full home\n no move: draw }\n";

    #[test]
    fn any_offset_is_answered_even_inside_a_character() {
        // Found by the `lsp` fuzz target: an offset inside `◯` panicked.
        let text = format!("{TEXT}// ◯ marks\n");
        let doc = Document::new("g.rules", &text);
        for offset in 0..text.len() + 3 {
            let _ = doc.completions(offset);
            let _ = doc.hover(offset);
            let _ = doc.references(offset);
        }
    }

    #[test]
    fn names_are_found_where_declared_and_used() {
        let doc = Document::new("g.rules", TEXT);
        let used = TEXT.rfind("home)").expect("written");
        let d = doc.definition(used + 1).expect("declared");
        assert_eq!((d.kind, &TEXT[d.span.start..d.span.end]), ("region", "home"));
        let refs = doc.references(used);
        assert_eq!(refs.len(), 3);
        assert!(refs.iter().all(|s| &TEXT[s.start..s.end] == "home"));
        assert!(doc.definition(TEXT.find("onto").expect("written")).is_none());
    }

    #[test]
    fn hovers_completions_and_classes() {
        let doc = Document::new("g.rules", TEXT);
        let (_, about) = doc.hover(TEXT.find("onto").expect("written")).expect("a word");
        assert!(about.contains("landing cell"), "{about}");
        let (_, about) = doc.hover(TEXT.rfind("Stone").expect("written")).expect("a name");
        assert!(about.starts_with("piece `Stone`, declared on line 5"), "{about}");
        let offset = TEXT.find("Stone in").expect("written") + 2;
        let labels: Vec<String> = doc.completions(offset).into_iter().map(|c| c.label).collect();
        assert_eq!(labels, ["Stone"]);
        let at_start: Vec<String> = doc.completions(0).into_iter().map(|c| c.label).collect();
        assert!(at_start.contains(&"piece".to_string()) && at_start.contains(&"home".to_string()));
        let classes = doc.classes();
        assert!(classes.iter().any(|(_, c)| *c == Class::Comment));
        assert!(classes.iter().any(|(_, c)| *c == Class::Name("piece")));
        assert!(doc.problems.is_empty(), "{:?}", doc.problems);
    }
}
