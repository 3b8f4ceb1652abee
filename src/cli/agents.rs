//! Agents on the command line: `--players A,B` (one agent per player, in
//! the order of the file's `players`) and `play --ai SIDE[=AGENT]`.

use std::time::Duration;

use super::load::CliError;
use rulebook::ai::{AgentSpec, Budget, MctsConfig};
use rulebook::analysis::Player;
use rulebook::external::EngineCommand;
use rulebook::ir::Game;

/// The agent of `play --ai SIDE` without `=AGENT`: two seconds a move,
/// which answers within about two seconds on any game.
pub const PLAY_DEFAULT: AgentSpec = AgentSpec::Mcts(MctsConfig::new(Budget::Time(Duration::from_secs(2))));

/// One agent by name.
pub fn parse(text: &str) -> Result<AgentSpec, CliError> {
    text.parse()
        .map_err(|e: rulebook::ai::SpecError| CliError::BadAgent {
            text: text.trim().to_string(),
            reason: e.to_string(),
            human: "",
        })
}

/// `--players A,B,…`: one agent per player of `game`.
pub fn players(text: &str, game: &Game) -> Result<Vec<AgentSpec>, CliError> {
    let agents = split(text)
        .iter()
        .map(|a| parse(a))
        .collect::<Result<Vec<_>, _>>()?;
    check_count(text, agents.len(), game)?;
    Ok(agents)
}

/// `match --players A,B,…`: one player per player of `game`, an agent or
/// an external engine (`engine:"PROGRAM ARGS"`, or `gtp:"PROGRAM ARGS"`
/// for one that speaks GTP).
pub fn match_players(text: &str, game: &Game) -> Result<Vec<Player>, CliError> {
    let players = split(text)
        .iter()
        .map(|a| {
            if a.starts_with("engine:") || a.starts_with("gtp:") {
                a.parse::<EngineCommand>()
                    .map(Player::Engine)
                    .map_err(|e| CliError::BadAgent {
                        text: a.trim().to_string(),
                        reason: e.to_string(),
                        human: "",
                    })
            } else {
                parse(a).map(Player::Agent)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    check_count(text, players.len(), game)?;
    Ok(players)
}

/// `play --players A,B,…`, where `human` is a person at the keyboard (`None`).
pub fn seats(text: &str, game: &Game) -> Result<Vec<Option<AgentSpec>>, CliError> {
    let seats = split(text)
        .iter()
        .map(|a| {
            if a.eq_ignore_ascii_case("human") {
                Ok(None)
            } else {
                parse(a).map(Some).map_err(|e| match e {
                    CliError::BadAgent { text, reason, .. } => CliError::BadAgent {
                        text,
                        reason,
                        human: "; in `play`, `human` is a person at the keyboard",
                    },
                    other => other,
                })
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    check_count(text, seats.len(), game)?;
    Ok(seats)
}

/// The names of a comma-separated list; commas inside an agent's options
/// (`mcts:100,c=0.5`, `captures=0`, `threads=2`) stay with it, and so do
/// commas inside double quotes (an engine's command line).
fn split(text: &str) -> Vec<String> {
    let mut agents: Vec<String> = Vec::new();
    for part in split_outside_quotes(text) {
        let part = part.trim();
        let is_option = part.contains('=');
        match agents.last_mut() {
            Some(last) if is_option => {
                last.push(',');
                last.push_str(part);
            }
            _ => agents.push(part.to_string()),
        }
    }
    agents
}

/// `text` cut at the commas that stand outside double quotes.
fn split_outside_quotes(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

fn check_count(text: &str, count: usize, game: &Game) -> Result<(), CliError> {
    if count == game.players.len() {
        return Ok(());
    }
    Err(CliError::PlayersCount {
        given: text.to_string(),
        count,
        title: game.title.clone(),
        players: game.players.len(),
        names: game.players.join(", "),
    })
}

/// `--ai SIDE[=AGENT]`: the player's index and agent.
pub fn side(text: &str, game: &Game) -> Result<(usize, AgentSpec), CliError> {
    let (side, agent) = match text.split_once('=') {
        Some((s, a)) => (s.trim(), Some(a)),
        None => (text.trim(), None),
    };
    let Some(p) = game.players.iter().position(|p| p.eq_ignore_ascii_case(side)) else {
        return Err(CliError::UnknownSide {
            side: text.trim().to_string(),
            title: game.title.clone(),
            sides: game.players.join(", "),
        });
    };
    let agent = match agent {
        Some(a) => parse(a)?,
        None => PLAY_DEFAULT,
    };
    Ok((p, agent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_the_options_of_an_agent() {
        assert_eq!(
            split("random, mcts:100,c=0.5,wins=off"),
            ["random", "mcts:100,c=0.5,wins=off"]
        );
        assert_eq!(
            split("mcts:100,captures=1,mcts:100"),
            ["mcts:100,captures=1", "mcts:100"]
        );
        assert_eq!(split("mcts:2s,random"), ["mcts:2s", "random"]);
        assert_eq!(
            split(r#"engine:"prog a,b --x=1",timeout=5,random"#),
            [r#"engine:"prog a,b --x=1",timeout=5"#, "random"]
        );
        assert_eq!(PLAY_DEFAULT.to_string(), "mcts:2s");
    }
}
