//! What to do with a typed move: play it, or say why not and what was meant.

use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf, Obstacle, Position, Token};
use rulebook::ir::{ActionSource, CellId, Cond, PieceKind, PlayerId};
use rulebook::notation;

use super::listing::{self, Action, Named};
use crate::cli::board_text;
use rulebook::describe::{self, kind_name, player_name};

/// The answer to a typed move.
#[derive(Debug)]
pub enum Verdict {
    /// Play this legal move (its notation); `note` when the text was read
    /// loosely (e.g. `c3 d4` as `c3-d4`).
    Play { text: String, note: Option<String> },
    /// Not played: why, and the one move meant if there is one (`y` plays it).
    Refuse {
        message: String,
        suggestion: Option<String>,
    },
}

/// A board as the rules see it part-way through a move.
type Board = Vec<Option<(PlayerId, PieceKind)>>;

/// The cell with this name (any letter case).
pub fn cell_named(engine: &Engine, name: &str) -> Option<CellId> {
    engine
        .game()
        .topology
        .cell_names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name))
        .map(|c| CellId(c as u16))
}

/// A piece in words: "your Stone (S)" or "Blues' Stone (s)".
fn piece_words(engine: &Engine, mover: PlayerId, (owner, kind): (PlayerId, PieceKind)) -> String {
    let sym = board_text::kind_symbol(engine, owner, kind);
    if owner == mover {
        format!("your {} ({sym})", kind_name(engine, kind))
    } else {
        format!(
            "a {} ({sym}) of {}",
            kind_name(engine, kind),
            player_name(engine, owner)
        )
    }
}

/// Where the board's cells run, e.g. "a1 … h8", for "no such cell".
fn board_span(engine: &Engine) -> String {
    let topo = &engine.game().topology;
    match (
        topo.cell_names.first(),
        topo.cell_names.get(topo.board_cells.saturating_sub(1)),
    ) {
        (Some(a), Some(b)) => format!("the cells run from {a} to {b}"),
        _ => String::new(),
    }
}

/// Checks that `name` is a board cell holding a piece of the mover; else why not.
pub fn own_piece(engine: &Engine, board: &Board, mover: PlayerId, name: &str) -> Result<CellId, String> {
    let topo = &engine.game().topology;
    let Some(cell) = cell_named(engine, name) else {
        return Err(format!(
            "There is no cell {name} on this board ({}).",
            board_span(engine)
        ));
    };
    if topo.is_exit(cell) {
        return Err(format!(
            "{name} lies beyond the edge of the board: no piece stands there."
        ));
    }
    match board.get(cell.index()).copied().flatten() {
        None => Err(format!("There is no piece on {name}.")),
        Some((owner, kind)) if owner != mover => Err(format!(
            "The {} ({}) on {name} belongs to {}; it is {} turn.",
            kind_name(engine, kind),
            board_text::kind_symbol(engine, owner, kind),
            player_name(engine, owner),
            describe::possessive(&player_name(engine, mover))
        )),
        Some(_) => Ok(cell),
    }
}

/// The pieces on the board now.
pub fn board_of(engine: &Engine, pos: &Position) -> Board {
    let n = engine.game().topology.board_cells;
    (0..n).map(|c| engine.piece_at(pos, CellId(c as u16))).collect()
}

/// The board after the first `actions` actions of a legal move (an
/// approximation for messages: captures and landings, not triggers).
fn board_after(engine: &Engine, pos: &Position, mv_text: &str, actions: usize) -> Board {
    let mut board = board_of(engine, pos);
    if actions == 0 {
        return board;
    }
    let mover = engine.mover(pos);
    let mut buf = MoveBuf::new();
    let Ok(mv) = notation::parse(engine, pos, mv_text, &mut buf) else {
        return board;
    };
    let mut hand: Option<((PlayerId, PieceKind), CellId)> = None;
    let mut started = 0;
    let put = |board: &mut Board, hand: &mut Option<((PlayerId, PieceKind), CellId)>| {
        if let Some((piece, at)) = hand.take()
            && let Some(slot) = board.get_mut(at.index())
        {
            *slot = Some(piece);
        }
    };
    for t in mv.as_ref().without_carries() {
        match t {
            Token::From(_) | Token::Drop(_) | Token::Promote(_) | Token::Pass => {
                put(&mut board, &mut hand);
                started += 1;
                if started > actions {
                    return board;
                }
                match t {
                    Token::From(c) => {
                        hand = board.get(c.index()).copied().flatten().map(|p| (p, c));
                        if let Some(slot) = board.get_mut(c.index()) {
                            *slot = None;
                        }
                    }
                    Token::Drop(k) => hand = Some(((mover, k), CellId::NONE)),
                    _ => {}
                }
                if let Token::Promote(k) = t {
                    // The capturer has landed and leaves the board; a new piece comes.
                    if let Some((_, at)) = hand.take()
                        && let Some(slot) = board.get_mut(at.index())
                    {
                        *slot = None;
                    }
                    hand = Some(((mover, k), CellId::NONE));
                }
            }
            Token::To(c) | Token::Capture(c) | Token::Place(c) => {
                if let Some((_, at)) = hand.as_mut() {
                    *at = c;
                }
            }
            Token::After | Token::Down => put(&mut board, &mut hand),
            Token::Take(c) => {
                put(&mut board, &mut hand);
                if let Some(slot) = board.get_mut(c.index()) {
                    *slot = None;
                }
            }
            Token::Turn(t) => {
                put(&mut board, &mut hand);
                started += 1;
                if started > actions {
                    return board;
                }
                for cycle in &engine.game().transforms[t as usize].cycles {
                    let before: Vec<_> = cycle
                        .iter()
                        .map(|c| board.get(c.index()).copied().flatten())
                        .collect();
                    for (i, c) in cycle.iter().enumerate() {
                        if let Some(slot) = board.get_mut(c.index()) {
                            *slot = before[(i + before.len() - 1) % before.len()];
                        }
                    }
                }
            }
            Token::Become(k) | Token::BecomeSilently(k) => {
                if let Some(((_, kind), _)) = hand.as_mut() {
                    *kind = k;
                }
            }
            Token::Flip(_)
            | Token::Lift(_)
            | Token::Put(_)
            | Token::Mark(_)
            | Token::MarkSet(_)
            | Token::Block
            | Token::Carry
            | Token::Line(_)
            | Token::Explicit(_) => {}
            Token::Remove(c) => {
                if let Some(slot) = board.get_mut(c.index()) {
                    *slot = None;
                }
            }
        }
    }
    put(&mut board, &mut hand);
    board
}

/// The command a mistyped word most likely meant (`mvoes` → `moves`), if
/// `input` is one word that is no move and lies a typo away from a command.
pub fn command_meant<'a>(input: &str, commands: &[&'a str]) -> Option<&'a str> {
    let word = input.trim().to_ascii_lowercase();
    if word.len() < 3
        || !word.chars().all(|c| c.is_ascii_alphabetic())
        || listing::parse_loose(&word).is_some()
    {
        return None;
    }
    commands
        .iter()
        .map(|c| (strsim::damerau_levenshtein(&word, c), *c))
        .filter(|(d, c)| *d > 0 && *d <= (c.len() / 3).max(1))
        .min()
        .map(|(_, c)| c)
}

/// Decides what to do with `input`, typed by the player to move at `pos`
/// (`source`: the rules file, where the rule that refuses a move is shown).
pub fn judge(engine: &Engine, pos: &Position, input: &str, legal: &[Named], source: &SourceFile) -> Verdict {
    if let Some(m) = legal.iter().find(|m| m.text == input) {
        return Verdict::Play {
            text: m.text.clone(),
            note: None,
        };
    }
    // A short form (`d1`, `Nf3`, `exd5`): played when only one move fits and
    // the cell typed starts none (a cell with pieces that move lists them).
    let typed = listing::parse_loose(input);
    let started: Vec<&Named> = typed
        .as_ref()
        .map(|typed| legal.iter().filter(|m| begins(typed, &m.actions)).collect())
        .unwrap_or_default();
    let fitting = match notation::read(engine, pos, input, &mut MoveBuf::new()) {
        notation::Reading::Short { full, .. } => vec![full],
        notation::Reading::Ambiguous(all) => all,
        notation::Reading::Exact(_) | notation::Reading::Unknown => Vec::new(),
    };
    match (fitting.as_slice(), started.is_empty()) {
        ([], _) => {}
        ([only], true) => {
            return Verdict::Play {
                text: only.clone(),
                note: Some(format!("(read as {only})")),
            };
        }
        (all, true) => {
            return Verdict::Refuse {
                message: listing::wrap(
                    &format!("`{input}` could be any of: "),
                    all,
                    listing::screen_width(),
                ),
                suggestion: None,
            };
        }
        (all, false) => {
            let mut names: Vec<Named> = started.iter().map(|m| (*m).clone()).collect();
            names.extend(listing::named_moves(all));
            let refs: Vec<&Named> = names.iter().collect();
            return did_you_mean(input, &refs);
        }
    }
    let lower = input.to_ascii_lowercase();
    let prefixed: Vec<&Named> = legal
        .iter()
        .filter(|m| m.text.to_ascii_lowercase().starts_with(&lower))
        .collect();
    if typed.is_none() && !prefixed.is_empty() {
        return did_you_mean(input, &prefixed);
    }
    let Some(typed) = typed else {
        return Verdict::Refuse {
            message: format!(
                "`{input}` is neither a move nor a command. Write a move like {} — `help` explains, \
                 `moves` lists the legal ones.",
                example_list(legal)
            ),
            suggestion: None,
        };
    };
    let same: Vec<&Named> = legal
        .iter()
        .filter(|m| {
            m.actions.len() == typed.len() && m.actions.iter().zip(&typed).all(|(a, b)| a.loosely_eq(b))
        })
        .collect();
    if same.len() == 1 {
        return Verdict::Play {
            text: same[0].text.clone(),
            note: Some(format!("(read as {})", same[0].text)),
        };
    }
    if same.len() > 1 {
        return Verdict::Refuse {
            message: listing::wrap(
                &format!("`{input}` could be any of: "),
                &same.iter().map(|m| m.text.clone()).collect::<Vec<_>>(),
                listing::screen_width(),
            ),
            suggestion: None,
        };
    }
    if !started.is_empty() {
        return did_you_mean(input, &started);
    }
    if !prefixed.is_empty() {
        return did_you_mean(input, &prefixed);
    }
    let mut message = explain(engine, pos, input, &typed, legal);
    // The rule and the clause that refuse it, where the rules file says so.
    let why = rulebook::explain::explain(engine, pos, input);
    if matches!(why.verdict, rulebook::explain::Verdict::Refused(_))
        && let Some(line) = describe::explanation::in_one_line(source, &why)
    {
        message.push_str("\n  Why: ");
        message.push_str(&line);
    }
    Verdict::Refuse {
        message,
        suggestion: None,
    }
}

/// The tier of the turn the legal moves come from (the first tier that
/// offers any action is the only one used), when it can be told.
pub fn active_tier(engine: &Engine, pos: &Position, legal: &[Named]) -> Option<usize> {
    let game = engine.game();
    let turn = game.turns.get(game.order.at(pos.ply()).1)?;
    let board = board_of(engine, pos);
    let tier_of = |a: &Action| -> Option<usize> {
        turn.tiers.iter().position(|tier| {
            tier.iter().any(|s| match (s, a) {
                (ActionSource::Move { kind, .. }, Action::Path { cells, .. }) => cells
                    .first()
                    .and_then(|c| cell_named(engine, c))
                    .and_then(|c| board.get(c.index()).copied().flatten())
                    .is_some_and(|(_, k)| k == *kind),
                (ActionSource::Drop { kind, .. }, Action::Drop { letter, .. }) => {
                    game.kinds[kind.index()].letter.eq_ignore_ascii_case(letter)
                }
                _ => false,
            })
        })
    };
    legal
        .iter()
        .filter_map(|m| m.actions.first().and_then(tier_of))
        .min()
}

/// "Did you mean …?" for the start of one or more legal moves.
fn did_you_mean(input: &str, started: &[&Named]) -> Verdict {
    if let [only] = started {
        return Verdict::Refuse {
            message: format!(
                "`{input}` is not a whole move. Did you mean {}? Type y to play it.",
                only.text
            ),
            suggestion: Some(only.text.clone()),
        };
    }
    let names: Vec<String> = started.iter().map(|m| m.text.clone()).collect();
    let shown = 24.min(names.len());
    let mut message = listing::wrap(
        &format!("`{input}` is not a whole move. Did you mean one of: "),
        &names[..shown],
        listing::screen_width(),
    );
    if shown < names.len() {
        message.push_str(&format!(
            " … ({} more; `moves {input}` lists them all)",
            names.len() - shown
        ));
    }
    Verdict::Refuse {
        message,
        suggestion: None,
    }
}

/// Whether the typed actions are the start of a legal move (and not all of it).
fn begins(typed: &[Action], legal: &[Action]) -> bool {
    let Some((last, head)) = typed.split_last() else {
        return false;
    };
    typed.len() <= legal.len()
        && head.iter().zip(legal).all(|(a, b)| a.loosely_eq(b))
        && last.starts(&legal[typed.len() - 1])
}

/// A few legal moves as examples, e.g. "`c3-d4` or `pass`".
fn example_list(legal: &[Named]) -> String {
    let mut picks: Vec<&str> = Vec::new();
    // One of each shape: simple, capture, chain, drop, several actions, pass.
    let shapes: [fn(&str) -> bool; 6] = [
        |t| !t.contains(',') && t.matches(['-', 'x']).count() == 1 && t.contains('-'),
        |t| !t.contains(',') && t.matches(['-', 'x']).count() == 1 && t.contains('x'),
        |t| !t.contains(',') && t.matches(['-', 'x']).count() > 1,
        |t| !t.contains(',') && t.contains('@'),
        |t| t.contains(','),
        |t| t == "pass",
    ];
    for shape in shapes {
        if let Some(m) = legal.iter().find(|m| shape(&m.text)) {
            picks.push(&m.text);
        }
    }
    if picks.is_empty() {
        picks.extend(legal.iter().take(2).map(|m| m.text.as_str()));
    }
    picks
        .iter()
        .map(|p| format!("`{p}`"))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Why a well-formed move is not legal, as precisely as the legal moves allow.
fn explain(engine: &Engine, pos: &Position, input: &str, typed: &[Action], legal: &[Named]) -> String {
    let (i, candidates) = matched_actions(typed, legal);
    let refusal = Refusal::new(engine, pos, input, i);
    if i >= typed.len() {
        // Every typed action matched, yet the move is not legal: it stops short.
        return format!("`{input}` is not a whole move.");
    }
    if let Some(message) = into_check(engine, pos, typed) {
        return message;
    }
    let actions_here: Vec<&Action> = candidates.iter().filter_map(|m| m.actions.get(i)).collect();
    if actions_here.is_empty() {
        return refusal.no_further_action(typed.len());
    }
    let here = next_actions(&candidates, i);
    let board = match candidates.first() {
        Some(m) if i > 0 => board_after(engine, pos, &m.text, i),
        _ => board_of(engine, pos),
    };
    match &typed[i] {
        Action::Pass => refusal.pass_refused(),
        Action::Drop { letter, cell } => refusal.drop_refused(letter, cell, &here, &board),
        Action::Path { cells, .. } => refusal.path_refused(typed, cells, &actions_here, &here, &board),
    }
}

/// The longest run of whole typed actions that some legal moves start
/// with: its length, and those moves (all of them for none).
fn matched_actions<'a>(typed: &[Action], legal: &'a [Named]) -> (usize, Vec<&'a Named>) {
    let mut i = 0;
    let mut candidates: Vec<&Named> = legal.iter().collect();
    while i < typed.len() {
        let next: Vec<&Named> = candidates
            .iter()
            .copied()
            .filter(|m| m.actions.get(i).is_some_and(|a| a.loosely_eq(&typed[i])))
            .collect();
        if next.is_empty() {
            break;
        }
        candidates = next;
        i += 1;
    }
    (i, candidates)
}

/// The actions the moves `candidates` go on with after their first `i`,
/// each once, in order.
fn next_actions(candidates: &[&Named], i: usize) -> Vec<String> {
    candidates
        .iter()
        .filter(|m| m.actions.len() > i)
        .map(|m| {
            listing::tail_text(&m.text, i)
                .split(',')
                .next()
                .unwrap_or("")
                .to_string()
        })
        .fold(Vec::new(), |mut v, s| {
            if !v.contains(&s) {
                v.push(s);
            }
            v
        })
}

/// A move being refused: where the game stands, what was typed, and how
/// many of its actions some legal moves start with (`matched`).
struct Refusal<'a> {
    engine: &'a Engine,
    pos: &'a Position,
    input: &'a str,
    matched: usize,
    mover: PlayerId,
    turn: usize,
    /// "After a1-b2, " when some actions matched, else empty.
    after: String,
    width: usize,
}

impl<'a> Refusal<'a> {
    /// The refusal of `input` at `pos`, `matched` of whose actions some legal moves start with.
    fn new(engine: &'a Engine, pos: &'a Position, input: &'a str, matched: usize) -> Refusal<'a> {
        let done: Vec<String> = input
            .split(',')
            .take(matched)
            .map(|s| s.trim().to_string())
            .collect();
        let after = if matched == 0 {
            String::new()
        } else {
            format!("After {}, ", done.join(","))
        };
        Refusal {
            engine,
            pos,
            input,
            matched,
            mover: engine.mover(pos),
            turn: engine.game().order.at(pos.ply()).1,
            after,
            width: listing::screen_width(),
        }
    }

    /// `s` after "After …, " (its first letter made small) when some actions matched.
    fn cap(&self, s: String) -> String {
        if self.after.is_empty() {
            s
        } else {
            let mut c = s.chars();
            match c.next() {
                Some(f) => format!("{}{}{}", self.after, f.to_lowercase(), c.as_str()),
                None => self.after.clone(),
            }
        }
    }

    /// No legal move goes on after the actions matched (`typed` of them were typed).
    fn no_further_action(&self, typed: usize) -> String {
        let (i, input) = (self.matched, self.input);
        match describe::max_actions(self.engine, self.turn) {
            Some(n) if i as i64 >= n => format!(
                "A move here has at most {n} action{}: `{input}` has {typed}.",
                if n == 1 { "" } else { "s" },
            ),
            _ => self.cap("no further action is possible: play it without the rest.".to_string()),
        }
    }

    /// A `pass` that is not a legal action here.
    fn pass_refused(&self) -> String {
        if self.matched > 0 {
            "`pass` cannot be joined to other actions: it is a whole move by itself.".to_string()
        } else {
            format!(
                "Passing is not allowed now. This turn: {}.",
                describe::turn_text(self.engine, self.turn)
            )
        }
    }

    /// A drop `letter@cell` that is not a legal action here, given the
    /// actions legal `here` and the `board` after those matched.
    fn drop_refused(&self, letter: &str, cell: &str, here: &[String], board: &Board) -> String {
        let game = self.engine.game();
        let Some((k, kind)) = game
            .kinds
            .iter()
            .enumerate()
            .find(|(_, k)| k.letter.eq_ignore_ascii_case(letter))
        else {
            let letters: Vec<String> = game
                .kinds
                .iter()
                .map(|k| format!("{} ({})", k.letter, k.name))
                .collect();
            return format!(
                "No piece has the letter {letter}; the letters are {}.",
                letters.join(", ")
            );
        };
        let kid = PieceKind(k as u8);
        let drops_here: Vec<String> = here
            .iter()
            .filter(|a| {
                a.split_once('@')
                    .is_some_and(|(l, _)| l.eq_ignore_ascii_case(&kind.letter))
            })
            .cloned()
            .collect();
        if drops_here.is_empty() {
            return self.cap(self.no_drop_of(kid, &kind.name, here));
        }
        let why = self.drop_cell_why(kid, cell, board);
        self.cap(listing::wrap(
            &format!("A {} cannot be placed on {cell}{why}. It can go: ", kind.name),
            &drops_here,
            self.width,
        ))
    }

    /// Why no piece of kind `kid` (named `name`) can be placed now: none in
    /// reserve, a compulsory action first, or the turn allows none.
    fn no_drop_of(&self, kid: PieceKind, name: &str, here: &[String]) -> String {
        let (engine, turn) = (self.engine, self.turn);
        if engine.reserve(self.pos, self.mover, kid) <= 0 {
            return format!(
                "{} has no {name} in reserve to place.",
                player_name(engine, self.mover)
            );
        }
        let tier = engine.game().turns.get(turn).and_then(|t| {
            t.tiers.iter().position(|tier| {
                tier.iter()
                    .any(|s| matches!(s, ActionSource::Drop { kind: k, .. } if *k == kid))
            })
        });
        if let Some(tier) = tier
            && let Some(message) = compulsory(engine, self.pos, turn, tier, here)
        {
            return message;
        }
        format!(
            "A {name} cannot be placed now. This turn: {}.",
            describe::turn_text(engine, turn)
        )
    }

    /// " (c3 holds …)": why a piece of kind `kid` cannot be placed on
    /// `cell`, as far as the board and the drop rule tell; or nothing.
    fn drop_cell_why(&self, kid: PieceKind, cell: &str, board: &Board) -> String {
        let engine = self.engine;
        let Some(c) = cell_named(engine, cell) else {
            return format!(" (there is no cell {cell}: {})", board_span(engine));
        };
        if engine.game().topology.is_exit(c) {
            return format!(" ({cell} lies beyond the edge of the board)");
        }
        if let Some(p) = board.get(c.index()).copied().flatten() {
            return format!(" ({cell} holds {})", piece_words(engine, self.mover, p));
        }
        if self.matched == 0
            && let Some(target) = drop_target(engine, self.turn, kid)
        {
            // An empty cell the drop rule refuses: say which part of it.
            let parts = engine.failing_parts(target, self.mover, c, self.pos);
            if let Some(words) = parts_words(engine, &parts, cell) {
                return format!(" ({words})");
            }
        }
        String::new()
    }

    /// A path `cells` (one of the `typed` actions) that is not a legal
    /// action here, given the actions legal now (`actions_here`, and as
    /// text `here`) and the `board` after those matched.
    fn path_refused(
        &self,
        typed: &[Action],
        cells: &[String],
        actions_here: &[&Action],
        here: &[String],
        board: &Board,
    ) -> String {
        let engine = self.engine;
        let from = cells.first().cloned().unwrap_or_default();
        let cell = match own_piece(engine, board, self.mover, &from) {
            Ok(c) => c,
            Err(e) => return self.cap(e),
        };
        let piece = board[cell.index()].expect("own_piece checked the cell");
        let what = piece_words(engine, self.mover, piece);
        let mine: Vec<Vec<String>> = actions_here
            .iter()
            .filter_map(|a| match a {
                Action::Path { cells: c, .. } if c.first().is_some_and(|f| f.eq_ignore_ascii_case(&from)) => {
                    Some(c.clone())
                }
                _ => None,
            })
            .collect();
        if mine.is_empty() {
            return self.cap(no_action_reason(
                engine,
                self.pos,
                self.turn,
                typed,
                self.matched,
                &from,
                piece,
                &what,
                here,
            ));
        }
        let k = path_followed(cells, &mine);
        let options = paths_going_on(here, cells, k);
        let target = &cells[k.min(cells.len() - 1)];
        let why = self.path_target_why(board, piece, cell, target, k);
        let kind = kind_words(&what);
        if k == 1 {
            self.cap(listing::wrap(
                &format!("The {kind} on {from} cannot go to {target}{why}. It can play: "),
                &options,
                self.width,
            ))
        } else if options.is_empty() {
            self.cap(format!(
                "The {kind} must stop at {}: it cannot go on to {target}{why}.",
                cells[k - 1]
            ))
        } else {
            self.cap(listing::wrap(
                &format!(
                    "From {}, the {kind} cannot go on to {target}{why}. It can play: ",
                    cells[k - 1]
                ),
                &options,
                self.width,
            ))
        }
    }

    /// " (the way is blocked at d4)": why the `piece` on `cell` cannot go to
    /// `target`, the cell after the first `k` of its path, as far as the
    /// board and the engine tell; or nothing.
    fn path_target_why(
        &self,
        board: &Board,
        piece: (PlayerId, PieceKind),
        cell: CellId,
        target: &str,
        k: usize,
    ) -> String {
        let (engine, mover) = (self.engine, self.mover);
        let game = engine.game();
        let Some(t) = cell_named(engine, target) else {
            return format!(" (there is no cell {target}: {})", board_span(engine));
        };
        if let Some(p) = board.get(t.index()).copied().flatten()
            && p.0 == mover
            && t != cell
        {
            return format!(" ({target} holds {})", piece_words(engine, mover, p));
        }
        if self.matched != 0 || k != 1 {
            return String::new();
        }
        // What the engine says stops the piece.
        let rules = &game.kinds[piece.1.index()].rules;
        match engine.obstacle(self.pos, mover, rules, cell, t) {
            Obstacle::Blocked(at) => {
                let at_name = &game.topology.cell_names[at.index()];
                format!(" (the way is blocked at {at_name})")
            }
            Obstacle::Refused(parts) => parts_words(engine, &parts, target)
                .map(|words| format!(" ({words})"))
                .unwrap_or_default(),
            Obstacle::OutOfReach | Obstacle::Nothing => String::new(),
        }
    }
}

/// How many cells of the typed path `cells` (at least 1) follow one of the
/// legal paths `mine` from its start.
fn path_followed(cells: &[String], mine: &[Vec<String>]) -> usize {
    let mut k = 1;
    while k < cells.len()
        && mine.iter().any(|c| {
            c.len() > k
                && c[..=k]
                    .iter()
                    .zip(&cells[..=k])
                    .all(|(a, b)| a.eq_ignore_ascii_case(b))
        })
    {
        k += 1;
    }
    k
}

/// The actions legal `here` whose path starts with the first `k` cells of
/// `cells` and goes on.
fn paths_going_on(here: &[String], cells: &[String], k: usize) -> Vec<String> {
    here.iter()
        .filter(|a| {
            listing::parse_loose(a).is_some_and(|acts| {
                acts.first().is_some_and(|x| match x {
                    Action::Path { cells: c, .. } => {
                        c.len() > k
                            && c[..k]
                                .iter()
                                .zip(&cells[..k])
                                .all(|(a, b)| a.eq_ignore_ascii_case(b))
                    }
                    _ => false,
                })
            })
        })
        .cloned()
        .collect()
}

/// "That move would leave your King on e1 attacked…", when the typed move is
/// one the rules allow but the royal rule removes.
fn into_check(engine: &Engine, pos: &Position, typed: &[Action]) -> Option<String> {
    if !engine.game().kinds.iter().any(|k| k.royal) {
        return None;
    }
    let mut buf = MoveBuf::new();
    engine.moves_before_royal_rule(pos, &mut buf);
    let mv = buf.moves.iter().find(|m| {
        let text = notation::format(engine, *m);
        listing::parse_loose(&text).is_some_and(|acts| {
            acts.len() == typed.len() && acts.iter().zip(typed).all(|(a, b)| a.loosely_eq(b))
        })
    })?;
    let (cell, kind) = engine.royal_attacked_after(pos, mv)?;
    let cell = &engine.game().topology.cell_names[cell.index()];
    Some(format!(
        "`{}` would leave your {} on {cell} attacked, and no move may do that.",
        notation::format(engine, mv),
        kind_name(engine, kind)
    ))
}

/// The target condition of the turn's drop of `kind`, if it has one.
fn drop_target(engine: &Engine, turn: usize, kind: PieceKind) -> Option<rulebook::ir::CondId> {
    engine
        .game()
        .turns
        .get(turn)?
        .tiers
        .iter()
        .flatten()
        .find_map(|s| match s {
            ActionSource::Drop { kind: k, rules } if *k == kind => rules
                .first()
                .and_then(|&r| engine.game().rules.get(r))
                .map(|r| r.target),
            _ => None,
        })
}

/// The failing parts of a cell condition in words, for `cell`: "c4 is
/// outside the “dark” region", "e5 is not empty".
fn parts_words(engine: &Engine, parts: &[Cond], cell: &str) -> Option<String> {
    let game = engine.game();
    let region_name = |r: usize| game.topology.regions.get(r).map_or("", |r| r.name.as_str());
    let words: Vec<String> = parts
        .iter()
        .filter_map(|p| match p {
            Cond::Empty => Some(format!("{cell} is not empty")),
            Cond::In(r) => {
                let name = region_name(*r);
                if game.topology.cell_names.iter().any(|c| c == name) {
                    Some(format!("only {name} is allowed"))
                } else {
                    Some(format!(
                        "{cell} is outside the “{}” region",
                        describe::words(name)
                    ))
                }
            }
            Cond::Not(inner) => match &**inner {
                Cond::In(r) => {
                    let name = region_name(*r);
                    Some(format!("{cell} is in the “{}” region", describe::words(name)))
                }
                _ => None,
            },
            Cond::Kind(k) => Some(format!("{cell} holds no {}", kind_name(engine, *k))),
            Cond::Exit => None,
            _ => None,
        })
        .collect();
    // `empty or enemy` on an own piece fails both: "not empty" says it.
    (!words.is_empty()).then(|| words.join(", and "))
}

/// When actions of a turn's earlier tier are available they are the only ones
/// allowed: says so, with those actions, for an action of tier `tier`.
fn compulsory(engine: &Engine, pos: &Position, turn: usize, tier: usize, here: &[String]) -> Option<String> {
    let t = engine.game().turns.get(turn)?;
    if tier == 0 {
        return None;
    }
    let earlier: Vec<&ActionSource> = t.tiers[..tier].iter().flatten().collect();
    let board = board_of(engine, pos);
    let earlier_here: Vec<String> = here
        .iter()
        .filter(|a| {
            listing::parse_loose(a).is_some_and(|acts| match acts.first() {
                Some(Action::Path { cells, .. }) => cells
                    .first()
                    .and_then(|c| cell_named(engine, c))
                    .and_then(|c| board.get(c.index()).copied().flatten())
                    .is_some_and(|(_, k)| {
                        earlier
                            .iter()
                            .any(|s| matches!(s, ActionSource::Move { kind, .. } if *kind == k))
                    }),
                Some(Action::Drop { letter, .. }) => earlier.iter().any(|s| {
                    matches!(s, ActionSource::Drop { kind, .. }
                        if engine.game().kinds[kind.index()].letter.eq_ignore_ascii_case(letter))
                }),
                _ => false,
            })
        })
        .cloned()
        .collect();
    if earlier_here.is_empty() {
        return None;
    }
    let first = t.tiers[..tier]
        .iter()
        .map(|tier| {
            tier.iter()
                .map(|s| describe::source_text(engine, s))
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .collect::<Vec<_>>()
        .join("; ");
    Some(listing::wrap(
        &format!("You must {first} when you can, and you can now: "),
        &earlier_here,
        listing::screen_width(),
    ))
}

/// "your Stone (S)" → "Stone (S)".
fn kind_words(what: &str) -> String {
    what.strip_prefix("your ").unwrap_or(what).to_string()
}

/// Why the mover's piece on `from` has no action at step `i` of the move.
#[allow(clippy::too_many_arguments)]
fn no_action_reason(
    engine: &Engine,
    pos: &Position,
    turn: usize,
    typed: &[Action],
    i: usize,
    from: &str,
    (_, kind): (PlayerId, PieceKind),
    what: &str,
    here: &[String],
) -> String {
    let game = engine.game();
    let Some(t) = game.turns.get(turn) else {
        return String::new();
    };
    // Already acted in this move?
    if i > 0 && t.distinct_pieces {
        let landed = typed[..i].iter().any(|a| match a {
            Action::Path { cells, .. } => cells.last().is_some_and(|c| c.eq_ignore_ascii_case(from)),
            _ => false,
        });
        if landed {
            return format!(
                "The {} on {from} has already moved: each piece acts at most once a move.",
                kind_words(what)
            );
        }
    }
    let tier_of = |k: PieceKind| {
        t.tiers.iter().position(|tier| {
            tier.iter()
                .any(|s| matches!(s, ActionSource::Move { kind, .. } if *kind == k))
        })
    };
    let Some(tier) = tier_of(kind) else {
        return format!(
            "A {} cannot move in this turn, which is: {}.",
            kind_name(engine, kind),
            describe::turn_text(engine, turn)
        );
    };
    if let Some(message) = compulsory(engine, pos, turn, tier, here) {
        return message;
    }
    format!("The {} on {from} has no legal move now.", kind_words(what))
}

#[cfg(test)]
mod tests {
    use super::command_meant;

    #[test]
    fn a_mistyped_command_is_recognised() {
        let commands = ["help", "moves", "board", "undo", "history", "save", "quit"];
        assert_eq!(command_meant("mvoes", &commands), Some("moves"));
        assert_eq!(command_meant("histroy", &commands), Some("history"));
        assert_eq!(command_meant("bord", &commands), Some("board"));
        for not_a_command in ["moves", "hello", "c3", "c3-d4", "pass", "xyzzy"] {
            assert_eq!(command_meant(not_a_command, &commands), None, "{not_a_command}");
        }
    }
}
