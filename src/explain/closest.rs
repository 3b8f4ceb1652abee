//! The legal moves closest to a move that is not legal: those that start
//! where it starts and end where it ends, then those that share one of the
//! two, then those spelt nearly alike; when none is, the few spelt most alike.

/// The most moves given.
pub const MAX: usize = 8;

/// The moves given when none shares an end with the move or is spelt nearly like it.
const FEW: usize = 3;

/// Where a move's text starts and ends: its first and last cell names
/// (a drop starts with its letter: `N@`).
fn ends(text: &str) -> (Option<String>, Option<String>) {
    let first_action = text.split(',').next().unwrap_or("");
    let start = match first_action.split_once('@') {
        Some((letter, _)) => Some(format!("{letter}@")),
        None => first_action
            .split(['-', 'x'])
            .next()
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    };
    let last_action = text.rsplit(',').next().unwrap_or("");
    let body = last_action.split(['=', '{']).next().unwrap_or("");
    let end = body
        .contains(['-', 'x', '@'])
        .then(|| body.rsplit(['-', 'x', '@']).next())
        .flatten()
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    (start, end)
}

/// At most [`MAX`] moves of `legal` closest to `text`, the closest first.
pub fn moves(text: &str, legal: &[String]) -> Vec<String> {
    let text = text.trim();
    let (from, to) = ends(text);
    let lower = text.to_ascii_lowercase();
    let mut ranked: Vec<(u8, usize, &String)> = legal
        .iter()
        .map(|m| {
            let (f, t) = ends(m);
            let same = |a: &Option<String>, b: &Option<String>| {
                a.as_ref()
                    .zip(b.as_ref())
                    .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b))
            };
            let (same_from, same_to) = (same(&from, &f), same(&to, &t));
            let distance = strsim::damerau_levenshtein(&lower, &m.to_ascii_lowercase());
            let near = distance <= (text.len() / 3).max(2);
            let rank = match (same_from, same_to) {
                (true, true) => 0,
                (true, false) => 1,
                (false, true) => 2,
                (false, false) if near => 3,
                _ => 4,
            };
            (rank, distance, m)
        })
        .collect();
    ranked.sort();
    let close = ranked.iter().filter(|(rank, _, _)| *rank < 4).count();
    let take = if close > 0 { close.min(MAX) } else { FEW };
    ranked.into_iter().take(take).map(|(_, _, m)| m.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn the_ends_of_a_move_are_its_first_and_last_cells() {
        assert_eq!(ends("c3-d4"), (Some("c3".into()), Some("d4".into())));
        assert_eq!(ends("c3xe5xg7"), (Some("c3".into()), Some("g7".into())));
        assert_eq!(ends("N@b8"), (Some("N@".into()), Some("b8".into())));
        assert_eq!(ends("e7-e8=Q"), (Some("e7".into()), Some("e8".into())));
        assert_eq!(ends("g8-f6,b8xb7"), (Some("g8".into()), Some("b7".into())));
    }

    #[test]
    fn moves_with_the_same_start_and_end_come_first() {
        let legal = list(&["a1-a2", "d4-e5", "d4-c5", "b2-c3", "e3-d4", "h2-g3"]);
        let got = moves("d4-c3", &legal);
        assert_eq!(got, ["d4-c5", "d4-e5", "b2-c3"]);
        assert_eq!(
            moves("N@b7", &list(&["N@b8", "N@c8", "a1-b7"])),
            ["N@b8", "N@c8", "a1-b7"]
        );
        assert_eq!(moves("zz9-zz10", &legal).len(), 3, "the few spelt most alike");
        assert!(moves("a1-a2", &[]).is_empty());
    }
}
