fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let game = rulebook::load(&rulebook::diag::SourceFile::new(args[1].clone(), text)).unwrap();
    let engine = rulebook::engine::Engine::new(game, &[]).unwrap();
    let pos = if args.len() > 2 {
        rulebook::position_text::read(&engine, &args[2]).unwrap()
    } else {
        engine.start()
    };
    println!("{}", rulebook::position_text::write(&engine, &pos));
    println!("{}", rulebook::position_text::write_generic(&engine, &pos));
    for d in 1..=args.get(3).map_or(3, |d| d.parse().unwrap()) {
        println!("perft {d} = {}", engine.perft(&pos, d));
    }
}
