//! `rulebook play`: an interactive game in the terminal.

use std::io::{BufRead, Write};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::board_text;
use rulebook::engine::{Engine, MoveBuf, Status};
use rulebook::ir::Outcome;
use rulebook::notation;

const HELP: &str = "Type a move in notation (e.g. c3-d4, g8xf6, c3-e5-c7, N@b8, g8-f6,b8xb7, pass).
Commands: moves (or help) lists the legal moves, board redraws the board,
undo takes back the last move, quit ends the game.";

/// Runs an interactive game; `ai` names the sides the program plays.
pub fn run(engine: &Engine, ai: &[String], seed: u64) -> miette::Result<()> {
    let game = engine.game();
    for side in ai {
        if !game.players.iter().any(|p| p.eq_ignore_ascii_case(side)) {
            return Err(miette::miette!(
                code = "rules::cli::unknown_side",
                help = format!("the sides are: {}", game.players.join(", ")),
                "`--ai {side}` names no side of {}",
                game.title
            ));
        }
    }
    let is_ai = |p: usize| ai.iter().any(|s| s.eq_ignore_ascii_case(&game.players[p]));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut buf = MoveBuf::new();
    let mut history = vec![engine.start()];
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{} — {}", game.title, HELP);
    println!();
    print!(
        "{}",
        board_text::draw(engine, history.last().expect("history starts non-empty"))
    );
    loop {
        let pos = history.last().expect("history is never empty").clone();
        let mover = engine.mover(&pos).index();
        if let Status::Over(outcome) = engine.status(&pos, &mut buf) {
            match outcome {
                Outcome::Win(p) => println!(
                    "Game over after {} moves: {} wins.",
                    pos.ply(),
                    game.players[p.index()]
                ),
                Outcome::Draw => println!("Game over after {} moves: a draw.", pos.ply()),
            }
            return Ok(());
        }
        let turn = game.order.at(pos.ply()).1;
        if is_ai(mover) {
            engine.legal_moves(&pos, &mut buf);
            let i = ((rng.next_u64() as u128 * buf.moves.len() as u128) >> 64) as usize;
            let mv = buf.moves.get(i);
            println!("{} plays {}", game.players[mover], notation::format(engine, mv));
            let mut next = pos.clone();
            engine.play_unchecked(&mut next, mv);
            history.push(next);
            print!(
                "{}",
                board_text::draw(engine, history.last().expect("just pushed"))
            );
            continue;
        }
        print!(
            "move {} — {} to play ({}) > ",
            pos.ply() + 1,
            game.players[mover],
            game.turns[turn].name.replace('_', " ")
        );
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return Ok(());
        };
        let input = line.trim();
        match input {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "help" | "moves" | "?" => {
                let names = notation::legal_move_names(engine, &pos, &mut buf);
                println!("{} legal moves: {}", names.len(), names.join(" "));
            }
            "board" => print!("{}", board_text::draw(engine, &pos)),
            "undo" => {
                // Take back to the last position where a human was to move.
                if history.len() > 1 {
                    history.pop();
                    while history.len() > 1 && is_ai(engine.mover(history.last().expect("non-empty")).index())
                    {
                        history.pop();
                    }
                }
                print!("{}", board_text::draw(engine, history.last().expect("non-empty")));
            }
            text => match notation::parse(engine, &pos, text, &mut buf) {
                Ok(mv) => {
                    let mut next = pos.clone();
                    engine.play_unchecked(&mut next, mv.as_ref());
                    history.push(next);
                    print!(
                        "{}",
                        board_text::draw(engine, history.last().expect("just pushed"))
                    );
                }
                Err(e) => {
                    let names = notation::legal_move_names(engine, &pos, &mut buf);
                    println!("Refused: {e}.");
                    let close: Vec<&String> = names
                        .iter()
                        .filter(|n| n.split(['-', 'x', ',']).next() == text.split(['-', 'x', ',']).next())
                        .collect();
                    if !close.is_empty() {
                        println!(
                            "Moves from {}: {}",
                            text.split(['-', 'x', ',']).next().unwrap_or(""),
                            close.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
                        );
                    } else {
                        println!("Legal moves: {}", names.join(" "));
                    }
                }
            },
        }
    }
}
