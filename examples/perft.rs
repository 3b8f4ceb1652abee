//! Counts perft of a rules file through the library API:
//! `cargo run --release --example perft -- games/knights-and-kender.rules 4 ["m1 m2 …"]`.

use rulebook::diag::SourceFile;
use rulebook::engine::Engine;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(depth)) = (args.first(), args.get(1).and_then(|d| d.parse::<u32>().ok())) else {
        eprintln!("usage: perft FILE DEPTH [\"MOVES\"]");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let game = match rulebook::load(&SourceFile::new(path.clone(), text)) {
        Ok(g) => g,
        Err(report) => {
            eprintln!("{:?}", miette::Report::new(*report));
            std::process::exit(1);
        }
    };
    let engine = Engine::new(game, &[]).expect("no options given");
    let pos = match rulebook::notation::play_sequence(&engine, args.get(2).map_or("", |s| s.as_str())) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    for d in 1..=depth {
        println!("perft {d} = {}", engine.perft(&pos, d));
    }
}
