//! Property test: the shipped rules files, mutated token by token (deleted,
//! duplicated, swapped), never crash the checker; each mutant either compiles
//! or gets at least one error, and every diagnostic points inside the text.

use proptest::prelude::*;
use rulebook::diag::{Severity, SourceFile};

/// The shipped games, read once.
fn games() -> Vec<String> {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("games/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect()
}

/// The text split into tokens: runs of word characters, single other
/// characters, and the white space between them (kept, so joining is exact).
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let class = |c: char| {
        if c.is_whitespace() {
            0
        } else if c.is_alphanumeric() || c == '_' {
            1
        } else {
            2
        }
    };
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for w in 0..chars.len() {
        let (i, c) = chars[w];
        if i == start {
            continue;
        }
        let prev = chars[w - 1].1;
        if class(c) != class(prev) || class(c) == 2 {
            out.push(&text[start..i]);
            start = i;
        }
    }
    out.push(&text[start..]);
    out
}

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize),
    Duplicate(usize),
    Swap(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Duplicate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap(a, b)),
    ]
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut toks: Vec<&str> = tokens(text);
    for e in edits {
        let n = toks.len();
        if n == 0 {
            break;
        }
        match *e {
            Edit::Delete(i) => {
                toks.remove(i % n);
            }
            Edit::Duplicate(i) => {
                let t = toks[i % n];
                toks.insert(i % n, t);
            }
            Edit::Swap(a, b) => toks.swap(a % n, b % n),
        }
    }
    toks.concat()
}

#[test]
fn tokens_join_back_to_the_text() {
    for g in games() {
        assert_eq!(tokens(&g).concat(), g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn mutants_never_crash_and_point_inside(game in 0usize..3, edits in prop::collection::vec(edit(), 1..4)) {
        let games = games();
        let text = mutate(&games[game % games.len()], &edits);
        let source = SourceFile::new("mutant.rules", text.clone());
        let (compiled, problems) = rulebook::check(&source);
        for p in &problems {
            prop_assert!(p.span.start <= p.span.end && p.span.end <= text.len(),
                "span {:?} outside a text of {} bytes: {}", p.span, text.len(), p.message);
            prop_assert!(text.is_char_boundary(p.span.start) && text.is_char_boundary(p.span.end));
        }
        match compiled {
            Some(game) => {
                // A mutant that compiles must also run: a few moves from the start.
                if let Ok(engine) = rulebook::engine::Engine::new(game, &[]) {
                    let mut pos = engine.start();
                    let mut buf = rulebook::engine::MoveBuf::new();
                    for _ in 0..20 {
                        engine.legal_moves(&pos, &mut buf);
                        // A list cut short by the engine's budget (a mutant
                        // board of 297 files gives millions of moves) must
                        // not be played from: the engine's contract.
                        if buf.moves.is_empty() || engine.take_exhausted().is_some() {
                            break;
                        }
                        let mv = buf.moves.get(0).to_move();
                        engine.play_unchecked(&mut pos, mv.as_ref());
                    }
                }
            }
            None => prop_assert!(problems.iter().any(|p| p.severity == Severity::Error)),
        }
    }
}
