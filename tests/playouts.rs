//! Random-playout invariants (in the manner of OpenSpiel's random simulation
//! tests) for every game in `games/`: a new `.rules` file is covered as soon
//! as it is added.
//!
//! Each game is played many times from the start with uniformly random moves
//! from a seeded generator, and every position reached is checked:
//! - a position that is not over has a legal move, and one that is over has none;
//! - every legal move written in notation parses back to itself, and no two
//!   legal moves share a notation (nor their tokens);
//! - `legal_move_names` is the sorted, deduplicated list of those notations;
//! - `perft(pos, 1)` (the counting fast path) equals the number of legal moves;
//! - generating and playing moves leaves the position they came from unchanged,
//!   and the checked `play` agrees with `play_unchecked`.
//!
//! A second run per game with a `turn_limit` option lowers it and replays the same kind of
//! random games in both engines side by side: before the limit they agree
//! move for move; at the limit the lowered engine says "draw" unless an end
//! rule decided the game with that very move.

use std::collections::HashSet;
use std::path::PathBuf;

use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, Move, MoveBuf, Position, Status};
use rulebook::ir::Outcome;
use rulebook::{notation, position_text};

/// Random games per shipped game, at most.
const GAMES: u64 = 200;
/// Legal moves looked at per shipped game, at most (each is formatted and
/// sorted): games with long games or many moves (go, amazons) stop after
/// fewer games.
const MOVES_SEEN: usize = 300_000;
/// Of these, the games in which every legal move of every position is parsed
/// back from its notation (`parse` regenerates and formats the whole move
/// list, so it costs the square of the move count); in the other games, and
/// at positions with more than `FULL_PARSE_MOVES` moves, one random move per
/// position is.
const FULL_PARSE_GAMES: u64 = 10;
const FULL_PARSE_MOVES: usize = 64;
/// Random games per shipped game under a lowered turn limit.
const LIMIT_GAMES: u64 = 100;
/// The lowered turn limit.
const LIMIT: u32 = 20;

/// xorshift64*: a small deterministic generator, enough for picking moves.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // Mix the seed so that small seeds give unrelated streams; never zero.
        Rng((seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A uniform index below `n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

/// Every `games/*.rules`, sorted by name.
fn game_files() -> Vec<PathBuf> {
    let files = rules_files("games");
    assert!(!files.is_empty(), "no .rules files in games/");
    files
}

/// The `.rules` files of a folder of the repository, sorted by name.
fn rules_files(folder: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

fn engine(path: &PathBuf, overrides: &[(&str, &str)]) -> Engine {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path
        .file_name()
        .expect("a file name")
        .to_string_lossy()
        .to_string();
    let game = rulebook::load(&SourceFile::new(name.clone(), text))
        .unwrap_or_else(|r| panic!("{name} does not compile: {:?}", r.problems));
    let overrides: Vec<(String, String)> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Engine::new(game, &overrides).unwrap_or_else(|e| panic!("{name} {overrides:?}: {e}"))
}

fn describe(engine: &Engine, status: Status) -> String {
    match status {
        Status::Ongoing => "ongoing".into(),
        Status::Over(Outcome::Draw) => "draw".into(),
        Status::Over(Outcome::Win(p)) => format!("win {}", engine.game().players[p.index()]),
    }
}

/// Checks every invariant at `pos`; returns its legal moves. `history` names
/// the moves that led here, for failure messages.
fn check_position(
    engine: &Engine,
    pos: &Position,
    history: &[String],
    full_parse: bool,
    rng: &mut Rng,
    buf: &mut MoveBuf,
) -> Vec<Move> {
    let at = || format!("after `{}`", history.join(" "));
    let before = pos.clone();
    // What the position keeps up to date move by move equals a recomputation.
    if let Err(e) = engine.check_incremental(pos) {
        panic!("{e} {}", at());
    }
    let status = engine.status(pos, buf);
    engine.legal_moves(pos, buf);
    let moves: Vec<Move> = buf.moves.iter().map(|m| m.to_move()).collect();
    assert_eq!(*pos, before, "generating moves changed the position {}", at());
    match status {
        Status::Ongoing => assert!(!moves.is_empty(), "ongoing with no legal move {}", at()),
        Status::Over(_) => assert!(
            moves.is_empty(),
            "the game is over ({}) but there are {} legal moves {}",
            describe(engine, status),
            moves.len(),
            at()
        ),
    }
    if pos.result().is_some() {
        assert!(
            matches!(status, Status::Over(_)),
            "a decided position is ongoing {}",
            at()
        );
    }

    // Notation: distinct, sorted by `legal_move_names`.
    let mut names: Vec<String> = moves
        .iter()
        .map(|m| notation::format(engine, m.as_ref()))
        .collect();
    let distinct: HashSet<&String> = names.iter().collect();
    if distinct.len() != names.len() {
        let mut sorted = names.clone();
        sorted.sort();
        let repeated: Vec<&String> = sorted
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| &w[0])
            .collect();
        panic!("two legal moves share a notation {}: {repeated:?}", at());
    }
    let tokens: HashSet<&Move> = moves.iter().collect();
    assert_eq!(tokens.len(), moves.len(), "a legal move is listed twice {}", at());
    for name in &names {
        assert!(
            notation::is_well_formed(name),
            "`{name}` is not well formed {}",
            at()
        );
    }
    names.sort();
    let listed = notation::legal_move_names(engine, pos, buf);
    assert_eq!(listed, names, "legal_move_names {}", at());
    assert!(
        listed.windows(2).all(|w| w[0] < w[1]),
        "not sorted and deduplicated {}",
        at()
    );

    // The position read back from its text is the same game: same status,
    // same moves (unless earlier positions matter, which the text omits).
    if engine.game().forbid.is_empty() && engine.game().end.repetition.is_none() {
        let text = position_text::write(engine, pos);
        let back = position_text::read(engine, &text)
            .unwrap_or_else(|e| panic!("`{text}` does not read back: {e} {}", at()));
        assert_eq!(
            describe(engine, engine.status(&back, buf)),
            describe(engine, status),
            "the status of `{text}` read back {}",
            at()
        );
        assert_eq!(
            notation::legal_move_names(engine, &back, buf),
            names,
            "the moves of `{text}` read back {}",
            at()
        );
    }

    // perft 1 counts without generating: the same number.
    assert_eq!(engine.perft(pos, 1), moves.len() as u64, "perft 1 {}", at());

    // Notation round trip.
    let check_parse = |i: usize, buf: &mut MoveBuf| {
        let text = notation::format(engine, moves[i].as_ref());
        match notation::parse(engine, pos, &text, buf) {
            Ok(back) => assert_eq!(back, moves[i], "`{text}` parses to another move {}", at()),
            Err(e) => panic!("`{text}` does not parse back: {e} {}", at()),
        }
    };
    if full_parse && moves.len() <= FULL_PARSE_MOVES {
        for i in 0..moves.len() {
            check_parse(i, buf);
        }
    } else if !moves.is_empty() {
        check_parse(rng.below(moves.len()), buf);
    }
    assert_eq!(*pos, before, "parsing moves changed the position {}", at());
    moves
}

/// Plays `GAMES` random games of one game, checking every position.
fn random_games(path: &PathBuf) {
    let engine = engine(path, &[]);
    let mut buf = MoveBuf::new();
    let mut rng = Rng::new(0x5EED);
    let mut ended = 0;
    let mut seen = 0;
    for game in 0..GAMES {
        if seen >= MOVES_SEEN {
            break;
        }
        let mut pos = engine.start();
        let mut history: Vec<String> = Vec::new();
        loop {
            let moves = check_position(
                &engine,
                &pos,
                &history,
                game < FULL_PARSE_GAMES,
                &mut rng,
                &mut buf,
            );
            seen += moves.len().max(1);
            if moves.is_empty() {
                break;
            }
            let mv = &moves[rng.below(moves.len())];
            let before = pos.clone();
            let mut next = pos.clone();
            engine.play_unchecked(&mut next, mv.as_ref());
            assert_eq!(pos, before, "playing a move changed the position it came from");
            let mut checked = pos.clone();
            assert!(
                engine.play(&mut checked, mv.as_ref(), &mut buf),
                "`play` refuses the legal move {}",
                notation::format(&engine, mv.as_ref())
            );
            assert_eq!(checked, next, "`play` and `play_unchecked` differ");
            assert_eq!(
                next.ply(),
                pos.ply() + 1,
                "a move advances the move number by one"
            );
            history.push(notation::format(&engine, mv.as_ref()));
            pos = next;
        }
        ended += 1;
    }
    assert!(ended > 0, "{}: no game was played to its end", path.display());
}

/// Plays random games under `turn_limit=LIMIT` and under the default limit side
/// by side; `false` when the game has no `turn_limit` option.
fn turn_limit_games(path: &PathBuf) -> bool {
    let long = engine(path, &[]);
    let Some(default_limit) = long
        .game()
        .options
        .iter()
        .find(|o| o.name == "turn_limit")
        .map(|o| o.default)
    else {
        return false;
    };
    let limit = LIMIT.to_string();
    let short = engine(path, &[("turn_limit", &limit)]);
    assert!(
        default_limit > LIMIT as i64,
        "the default turn limit is above {LIMIT}"
    );
    let mut rng = Rng::new(0x1_1A1A);
    let (mut bs, mut bl) = (MoveBuf::new(), MoveBuf::new());
    let mut drawn_at_limit = 0;
    for _ in 0..LIMIT_GAMES {
        let (mut ps, mut pl) = (short.start(), long.start());
        let mut history: Vec<String> = Vec::new();
        loop {
            let at = || format!("after `{}`", history.join(" "));
            let (ss, sl) = (short.status(&ps, &mut bs), long.status(&pl, &mut bl));
            if ps.ply() < LIMIT {
                assert_eq!(
                    describe(&short, ss),
                    describe(&long, sl),
                    "before the limit the engines differ {}",
                    at()
                );
            } else {
                assert_eq!(ps.ply(), LIMIT, "a game went past the turn limit {}", at());
                // The limit comes first, except for an end rule met by the last move.
                let expected = match pl.result() {
                    Some(_) => describe(&long, sl),
                    None => "draw".into(),
                };
                assert_eq!(describe(&short, ss), expected, "at the turn limit {}", at());
                assert!(
                    bs_is_empty(&short, &ps, &mut bs),
                    "moves after the limit {}",
                    at()
                );
                if expected == "draw" {
                    drawn_at_limit += 1;
                }
                break;
            }
            if let Status::Over(_) = ss {
                break;
            }
            short.legal_moves(&ps, &mut bs);
            long.legal_moves(&pl, &mut bl);
            let names_s: Vec<String> = bs.moves.iter().map(|m| notation::format(&short, m)).collect();
            let names_l: Vec<String> = bl.moves.iter().map(|m| notation::format(&long, m)).collect();
            assert_eq!(names_s, names_l, "the engines offer different moves {}", at());
            let i = rng.below(names_s.len());
            let mv = bs.moves.get(i).to_move();
            short.play_unchecked(&mut ps, mv.as_ref());
            long.play_unchecked(&mut pl, bl.moves.get(i));
            history.push(names_s[i].clone());
        }
    }
    // Random games that last 20 moves are common in every shipped game: make
    // sure the limit was actually exercised.
    assert!(drawn_at_limit > 0, "no game reached the turn limit of {LIMIT}");
    true
}

fn bs_is_empty(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> bool {
    engine.legal_moves(pos, buf);
    buf.moves.is_empty() && engine.perft(pos, 1) == 0
}

#[test]
fn random_games_keep_the_invariants() {
    // And the small games of tests/fixtures/invariants/, each made to
    // exercise one rule that once left a position out of step with its board.
    for path in game_files()
        .into_iter()
        .chain(rules_files("tests/fixtures/invariants"))
    {
        random_games(&path);
    }
}

#[test]
fn the_turn_limit_draws() {
    let mut limited = 0;
    for path in game_files() {
        limited += turn_limit_games(&path) as usize;
    }
    assert!(limited >= 3, "the seed games have a `turn_limit` option");
}

#[test]
fn the_generator_is_deterministic_and_spreads() {
    let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    let xs: Vec<u64> = (0..100).map(|_| a.next()).collect();
    let ys: Vec<u64> = (0..100).map(|_| b.next()).collect();
    assert_eq!(xs, ys);
    let mut c = Rng::new(7);
    let mut seen = [0u32; 5];
    for _ in 0..5000 {
        seen[c.below(5)] += 1;
    }
    assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
}

/// The random mover of playouts (drawing cells, pseudo-legal moves by
/// rejection, or a turn's actions one by one) only ever plays a legal
/// move, and finds one exactly where there is one: along seeded random
/// games of every shipped game and of the fast-form fixtures (turns of
/// several actions, costs, follow-ups, passes), until a budget of moves
/// listed per file.
#[test]
fn the_random_mover_plays_only_legal_moves() {
    use rand_core::SeedableRng;
    const GAMES: u64 = 4;
    const PLIES: usize = 120;
    const LISTED: usize = 1_000_000;
    for path in game_files()
        .into_iter()
        .chain(rules_files("tests/fixtures/fast_forms"))
        .chain(rules_files("tests/fixtures/invariants"))
    {
        let engine = engine(&path, &[]);
        let (mut buf, mut all) = (MoveBuf::new(), MoveBuf::new());
        let mut listed = 0;
        'games: for seed in 0..GAMES {
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut pos = engine.start();
            for ply in 0..PLIES {
                engine.legal_moves(&pos, &mut all);
                listed += all.moves.len();
                let Some(i) = engine.random_move(&pos, &mut buf, &mut rng) else {
                    assert!(
                        all.moves.is_empty(),
                        "{}: seed {seed}, ply {ply}: no random move among {} legal ones",
                        path.display(),
                        all.moves.len()
                    );
                    break;
                };
                let mv = buf.moves.get(i).to_move();
                assert!(
                    all.moves.contains(mv.as_ref()),
                    "{}: seed {seed}, ply {ply}: the random move {} is not legal",
                    path.display(),
                    notation::format(&engine, mv.as_ref())
                );
                engine.play_chosen(&mut pos, &buf, i);
                if listed > LISTED {
                    break 'games;
                }
            }
        }
    }
}
