//! What the language's own words mean, for hovers and completion: one line
//! each, with the section of docs/LANGUAGE.md that explains it.

/// A word of the language: the word, what it does, and its section.
pub struct Word {
    /// The word as written.
    pub word: &'static str,
    /// What it means, in one sentence.
    pub meaning: &'static str,
    /// The section of docs/LANGUAGE.md (its anchor).
    pub section: &'static str,
}

const fn w(word: &'static str, meaning: &'static str, section: &'static str) -> Word {
    Word {
        word,
        meaning,
        section,
    }
}

/// The words, items first.
pub const WORDS: &[Word] = &[
    w("game", "`game \"Title\"`: the game's title.", "41-game"),
    w(
        "players",
        "`players A, B`: the players, in the order they start; also, in `for P in players`, each of them.",
        "42-players",
    ),
    w(
        "option",
        "`option NAME: int|bool = DEFAULT [in LO..HI]`: a setting of the game, changed with `--set NAME=VALUE`.",
        "43-option",
    ),
    w(
        "board",
        "`board grid files … ranks …` or `board graph { … }`: the cells and how they link.",
        "44-board",
    ),
    w(
        "directions",
        "`directions NAME = d1, d2` (or per player `A: n; B: s`): a named set of directions.",
        "45-directions",
    ),
    w(
        "region",
        "`region NAME = CELLS` (or per player): a named set of cells.",
        "46-region",
    ),
    w(
        "counter",
        "`counter NAME`: a number per player, changed by effects and read by expressions as `NAME[P]`.",
        "47-counter",
    ),
    w(
        "piece",
        "`piece Name letter L [owner P] { rules }`: a kind of piece and how it moves.",
        "48-piece",
    ),
    w(
        "when",
        "`when Kind enters REGION: effects`: a trigger; in end rules, `win P when COND`.",
        "412-when-triggers",
    ),
    w(
        "captured",
        "`captured Kind to reserve|out|pool|captor`: where captured pieces go.",
        "411-captured",
    ),
    w(
        "setup",
        "`setup { P: Kind at CELLS … }`: the starting position.",
        "413-setup",
    ),
    w(
        "turn",
        "`turn NAME { … }`: what one turn allows: actions, passes, compulsions.",
        "414-turn",
    ),
    w(
        "turns",
        "`turns { P: turn … repeat { … } }`: the order of the turns.",
        "415-turns",
    ),
    w(
        "end",
        "`end { … }`: how the game ends: wins, draws, the no-move rule.",
        "416-end",
    ),
    w(
        "pool",
        "`pool A, B`: a shared stock of pieces, lowest rank first.",
        "417-pool",
    ),
    w(
        "flag",
        "`flag NAME when EXPR`: a fact set once the expression holds.",
        "418-flag",
    ),
    w(
        "royal",
        "`royal Kind`: pieces that may not be left attacked.",
        "419-royal",
    ),
    w(
        "promote",
        "`promote Kind in ZONE: Kind, …`: promotion.",
        "420-promote",
    ),
    w(
        "layout",
        "`layout …`: how the board is drawn (no effect on play).",
        "421-layout",
    ),
    w(
        "appearance",
        "`appearance { … }`: colours and figures of the pictures (no effect on play).",
        "422-appearance",
    ),
    w(
        "clauses",
        "`clauses NAME: CLAUSES`: a named list of clauses, used by `like NAME`.",
        "423-clauses-condition-and-like-reuse",
    ),
    w(
        "condition",
        "`condition NAME: COND`: a named cell condition.",
        "423-clauses-condition-and-like-reuse",
    ),
    w(
        "like",
        "`like NAME`: the clauses of a named list or of another piece's rule.",
        "423-clauses-condition-and-like-reuse",
    ),
    w(
        "test",
        "`test \"NAME\" { … }`: a test of the rules, run by `rulebook test`.",
        "424-test-tests-inside-a-rules-file",
    ),
    w(
        "mark",
        "`mark NAME`: a set of cells a move leaves for the next one.",
        "127-marks-and-per-piece-state",
    ),
    w(
        "supply",
        "`supply Kind, …`: kinds dropped from an unlimited supply.",
        "128-pieces-supplies-and-boards",
    ),
    w(
        "adjacency",
        "`adjacency DIRS`: the neighbours of groups and areas.",
        "126-lines-groups-and-areas",
    ),
    w(
        "forbid",
        "`forbid repetition`: a move may not repeat an earlier position.",
        "129-turns-and-the-end-of-the-game",
    ),
    w(
        "notation",
        "`notation landings|ends`: what a move's notation writes.",
        "7-move-notation-and-move-lists",
    ),
    w(
        "position",
        "`position { … }`: how positions are written as text; in a test, `from position \"TEXT\"`.",
        "132-declared-fields-position",
    ),
    w(
        "move",
        "`move NAME: CLAUSES`: a movement rule of a piece; in a turn, `choose move Kind`.",
        "49-movement-patterns",
    ),
    w(
        "drop",
        "`drop: onto COND`: placing a piece from the hand or a supply.",
        "49-movement-patterns",
    ),
    w(
        "step",
        "`step DIRS onto COND`: one cell in one of the directions.",
        "49-movement-patterns",
    ),
    w(
        "slide",
        "`slide DIRS onto COND`: any number of empty cells in one direction.",
        "49-movement-patterns",
    ),
    w(
        "leap",
        "`leap D1, D2 onto COND`: a jump to a cell by a fixed path, over anything.",
        "49-movement-patterns",
    ),
    w(
        "jump",
        "`jump DIRS over COND onto COND`: over one piece to the cell beyond.",
        "49-movement-patterns",
    ),
    w(
        "go",
        "`go DIRS`: the cursor moves one cell (core clause).",
        "122-the-core-clauses",
    ),
    w(
        "onto",
        "`onto COND`: the condition the landing cell must meet.",
        "410-cell-conditions",
    ),
    w(
        "over",
        "`over COND`: the condition the jumped or passed cells must meet.",
        "410-cell-conditions",
    ),
    w(
        "capture",
        "`capture`: takes the piece under the cursor; `must capture` in a turn makes captures compulsory.",
        "122-the-core-clauses",
    ),
    w(
        "carry",
        "`carry to SAVED`: brings the piece under the cursor to a saved cell.",
        "122-the-core-clauses",
    ),
    w(
        "save",
        "`save NAME`: remembers the cursor's cell under a name.",
        "122-the-core-clauses",
    ),
    w(
        "if",
        "`if COND`: the rule goes on only where the condition holds.",
        "122-the-core-clauses",
    ),
    w(
        "each",
        "`each (…)`: runs the clauses once from every way they can go.",
        "122-the-core-clauses",
    ),
    w(
        "repeat",
        "`repeat`: the rule may go on again from where it ended; in `turns`, `repeat { … }`.",
        "415-turns",
    ),
    w(
        "actions",
        "`actions up to N` / `actions exactly N`: how many actions make a turn.",
        "414-turn",
    ),
    w(
        "choose",
        "`choose move Kind, drop Kind`: what an action of the turn may be.",
        "414-turn",
    ),
    w(
        "pass",
        "`pass allowed` / `pass if stuck`: when a turn may be passed.",
        "414-turn",
    ),
    w("win", "`win P when COND`: an end rule.", "416-end"),
    w(
        "draw",
        "`draw when COND`, `draw after N moves`: end rules.",
        "416-end",
    ),
    w("empty", "A cell with no piece.", "410-cell-conditions"),
    w(
        "enemy",
        "A cell with a piece of another player.",
        "410-cell-conditions",
    ),
    w(
        "friend",
        "A cell with a piece of the mover's.",
        "410-cell-conditions",
    ),
    w("occupied", "A cell with a piece.", "410-cell-conditions"),
    w(
        "count",
        "`count(Kind [, P])`, `count(Kind in REGION)`, `count(cells COND)`: how many.",
        "5-expressions",
    ),
    w("line", "`line(N, P)`: P has N in a row.", "5-expressions"),
    w(
        "mover",
        "The player who made the last move (in end rules).",
        "5-expressions",
    ),
    w(
        "opponent",
        "`opponent(P)`: the next player after P.",
        "5-expressions",
    ),
    w(
        "last",
        "`last(…)`: a fact of the last move.",
        "the-last-move-and-the-position-before-it",
    ),
    w("and", "Both conditions hold.", "5-expressions"),
    w("or", "Either condition holds.", "5-expressions"),
    w("not", "The condition does not hold.", "5-expressions"),
    w(
        "play",
        "In a test: `play MOVE …` plays the moves, each of which must be legal.",
        "424-test-tests-inside-a-rules-file",
    ),
    w(
        "legal",
        "In a test: `legal MOVE …`, each move must be legal here.",
        "424-test-tests-inside-a-rules-file",
    ),
    w(
        "illegal",
        "In a test: `illegal MOVE …`, no move of the list may be legal here.",
        "424-test-tests-inside-a-rules-file",
    ),
    w(
        "status",
        "In a test: `status ongoing|draw|win P`.",
        "424-test-tests-inside-a-rules-file",
    ),
    w(
        "expect",
        "In a test: `expect EXPR`, a condition that must hold here.",
        "424-test-tests-inside-a-rules-file",
    ),
    w(
        "perft",
        "In a test: `perft DEPTH = COUNT`, the number of move sequences.",
        "424-test-tests-inside-a-rules-file",
    ),
];

/// The word `text`, if it is one of the language's.
pub fn word(text: &str) -> Option<&'static Word> {
    WORDS.iter().find(|w| w.word == text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_word_is_listed_once_and_every_section_exists() {
        let doc = include_str!("../../docs/LANGUAGE.md");
        for (i, w) in super::WORDS.iter().enumerate() {
            assert!(
                super::WORDS[..i].iter().all(|o| o.word != w.word),
                "{} twice",
                w.word
            );
            let heading_found = doc.lines().any(|l| l.starts_with('#') && anchor(l) == w.section);
            assert!(heading_found, "{}: no section #{}", w.word, w.section);
        }
    }

    /// The anchor GitHub gives a heading.
    fn anchor(heading: &str) -> String {
        heading
            .trim_start_matches('#')
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect()
    }
}
