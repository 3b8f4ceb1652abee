//! End-to-end tests of `rulebook explain`: for a move that is not legal, the
//! rule and the clause that refuse it, with a span that points at the right
//! text of the rules file (checked by reading the file at the span); for a
//! move no rule makes, the closest legal moves; for a legal move, its rule;
//! and the same explanation in `play` (the web page's is tested in `src/web`).

mod common;
use common::{command, crate_dir};
use std::io::Write;

use std::process::Stdio;

use serde_json::Value;

const KK: &str = "games/knights-and-kender.rules";
const CHIVALRY: &str = "games/chivalry.rules";
const CHESS: &str = "games/chess.rules";
const GO: &str = "games/go.rules";
const DRAUGHTS: &str = "games/international-draughts.rules";

/// Black men on h6, d4 and h4, White men on c3 and i3: c3xe5 takes one,
/// i3xi7 (over h4 and h6) takes two.
const TWO_CAPTURES: &str = "10/10/10/10/7m2/10/3m3m2/2M5M1/10/10 w ply:0";

/// Runs `rulebook explain …`, expects success; returns standard output.
fn explain(args: &[&str]) -> String {
    let out = command(&[&["explain"], args].concat())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !stderr.contains("panicked"),
        "`rulebook explain {}` failed ({}):\n{stderr}",
        args.join(" "),
        out.status
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// `rulebook explain … --format json`, parsed.
fn explain_json(args: &[&str]) -> Value {
    let out = explain(&[args, &["--format", "json"]].concat());
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}:\n{out}"))
}

/// The text of the rules file `file` at the span `span` (`{start, end,
/// line, column}`), after checking that its line and column say the same.
fn text_at(file: &str, span: &Value) -> String {
    let text = std::fs::read_to_string(crate_dir().join(file)).expect("readable");
    let (start, end) = (
        span["start"].as_u64().unwrap() as usize,
        span["end"].as_u64().unwrap() as usize,
    );
    let line = text[..start].matches('\n').count() + 1;
    let column = start - text[..start].rfind('\n').map_or(0, |i| i + 1) + 1;
    assert_eq!(span["line"], line, "{span}");
    assert_eq!(span["column"], column, "{span}");
    text[start..end].to_string()
}

/// The 1-based line of the first line of `file` that contains `needle`.
fn line_of(file: &str, needle: &str) -> u64 {
    let text = std::fs::read_to_string(crate_dir().join(file)).expect("readable");
    text.lines()
        .position(|l| l.contains(needle))
        .expect("the line is there") as u64
        + 1
}

fn expect_contains(haystack: &str, needles: &[&str]) {
    for needle in needles {
        assert!(haystack.contains(needle), "missing `{needle}` in:\n{haystack}");
    }
}

/// Checks the refusal: not legal, of this kind and rule, its clause's span
/// on this text (and line); returns the reason.
fn refused(v: &Value, file: &str, kind: &str, rule: &str, clause: &str, line: &str) -> String {
    assert_eq!(v["legal"], false, "{v:#}");
    assert_eq!(v["kind"], kind, "{v:#}");
    assert_eq!(v["rule"], rule, "{v:#}");
    assert_eq!(v["clause"], clause, "{v:#}");
    assert_eq!(text_at(file, &v["span"]), clause, "{v:#}");
    assert_eq!(v["span"]["line"], line_of(file, line), "{v:#}");
    v["reason"].as_str().expect("a reason").to_string()
}

#[test]
fn a_kender_stepping_backwards_is_refused_by_the_directions_of_its_step() {
    let args = [KK, "--moves", "N@a8 N@h8 c3-d4 pass", "d4-c3"];
    let v = explain_json(&args);
    let reason = refused(&v, KK, "clause", "Kender.step", "forward_diagonal", "move step:");
    expect_contains(&reason, &["goes only ne or nw from d4", "c3 lies sw of d4"]);
    assert_eq!(
        text_at(KK, &v["rule_span"]),
        "move step: step forward_diagonal onto empty"
    );
    let out = explain(&args);
    expect_contains(
        &out,
        &[
            "d4-c3 is not legal: `Kender.step` refuses it",
            "refused by Kender.step",
            &format!("{KK}:{}:19]", line_of(KK, "move step:")),
            "move step: step forward_diagonal onto empty",
            "only ne, nw for Kender",
        ],
    );
}

#[test]
fn a_drop_while_a_queen_capture_is_compulsory_is_refused_by_the_earlier_choice() {
    let args = [CHIVALRY, "--moves", "P@b2 P@g7", "P@d4"];
    let v = explain_json(&args);
    let reason = refused(
        &v,
        CHIVALRY,
        "priority",
        "turn main: choose move Queen",
        "move Queen",
        "choose move Queen",
    );
    expect_contains(
        &reason,
        &["P@d4 would drop a Pawn", "cannot move a Queen", "a1xc3 c1xa3"],
    );
    let note = &v["notes"][0];
    assert_eq!(
        text_at(CHIVALRY, &note["span"]),
        "drop Pawn onto empty and in dark"
    );
    expect_contains(
        &explain(&args),
        &["refused by turn main: choose move Queen", "comes first"],
    );
}

#[test]
fn a_king_moving_into_check_is_refused_by_the_royal_rule_naming_the_attacker() {
    let args = [CHESS, "--position", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "e1-e2"];
    let v = explain_json(&args);
    let reason = refused(&v, CHESS, "royal", "royal King", "royal King", "royal King");
    expect_contains(&reason, &["White's King on e2 attacked by Black's Rook on a2"]);
    let note = &v["notes"][0];
    assert_eq!(
        text_at(CHESS, &note["span"]),
        "move slide: slide orthogonal onto empty or enemy"
    );
    expect_contains(&note["label"].to_string(), &["the Rook on a2 attacks e2"]);
    // A piece pinned to its king: the same rule.
    let v = explain_json(&[CHESS, "--position", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "e2-d3"]);
    let reason = refused(&v, CHESS, "royal", "royal King", "royal King", "royal King");
    expect_contains(&reason, &["King on e1 attacked by Black's Rook on e7"]);
}

#[test]
fn a_go_stone_without_liberty_is_refused_by_if_free() {
    // Black b1, White s19, Black a2: a White stone on a1 would have no liberty.
    let args = [GO, "--moves", "b1 s19 a2", "a1"];
    let v = explain_json(&args);
    let reason = refused(&v, GO, "clause", "Stone.drop", "if free", "piece Stone");
    expect_contains(&reason, &["a1 has no liberty"]);
    expect_contains(&explain(&args), &["refused by Stone.drop", "if free }"]);
}

#[test]
fn a_draughts_capture_of_fewer_pieces_is_refused_by_most_captures() {
    let args = [DRAUGHTS, "--position", TWO_CAPTURES, "c3xe5"];
    let v = explain_json(&args);
    let reason = refused(
        &v,
        DRAUGHTS,
        "most_captures",
        "turn play: most captures",
        "most captures",
        "turn play",
    );
    expect_contains(
        &reason,
        &["c3xe5 takes 1 piece", "a move here takes 2 pieces (i3xi7)"],
    );
    assert_eq!(v["closest"], serde_json::json!(["i3xi7"]));
}

#[test]
fn a_move_no_rule_makes_gets_the_closest_legal_moves() {
    let v = explain_json(&[CHESS, "e2-e5"]);
    assert_eq!(v["legal"], false);
    assert_eq!(v["kind"], "no_rule");
    assert_eq!(v["rule"], Value::Null);
    assert_eq!(v["span"], Value::Null);
    expect_contains(v["reason"].as_str().unwrap(), &["no rule produces it"]);
    assert_eq!(v["closest"][0], "e2-e3");
    assert_eq!(v["closest"][1], "e2-e4");
    let out = explain(&[CHESS, "e2-e5"]);
    expect_contains(
        &out,
        &[
            "e2-e5 is not legal: no rule produces it (no rule of the Pawn makes e2-e5)",
            "closest legal moves: e2-e3 e2-e4",
        ],
    );
    // No piece there; no such cell.
    expect_contains(
        &explain(&[CHESS, "e4-e5"]),
        &["no rule produces it (there is no piece on e4)"],
    );
    expect_contains(
        &explain(&[CHESS, "e2-e9"]),
        &["there is no cell e9 on this board"],
    );
}

#[test]
fn a_legal_move_is_reported_legal_with_its_rule() {
    let v = explain_json(&[KK, "--moves", "N@a8 N@h8", "c3-d4"]);
    assert_eq!(v["legal"], true, "{v:#}");
    assert_eq!(v["kind"], "legal");
    assert_eq!(v["rule"], "Kender.step");
    assert_eq!(
        text_at(KK, &v["span"]),
        "move step: step forward_diagonal onto empty"
    );
    assert_eq!(v["closest"], serde_json::json!([]));
    // A short form is read as the legal move it stands for.
    let out = explain(&[CHESS, "Nf3"]);
    expect_contains(
        &out,
        &["g1-f3 is legal: made by Knight.leap.", "this rule makes it"],
    );
}

#[test]
fn the_json_keys_are_stable() {
    let keys = |v: &Value| -> Vec<String> { v.as_object().expect("an object").keys().cloned().collect() };
    let expected = [
        "clause",
        "closest",
        "fits",
        "kind",
        "label",
        "legal",
        "move",
        "notes",
        "reason",
        "rule",
        "rule_span",
        "span",
    ];
    for args in [
        &[KK, "c3-d4"][..],
        &[CHESS, "e2-e5"],
        &[CHESS, "e2-e4"],
        &[DRAUGHTS, "--position", TWO_CAPTURES, "c3xe5"],
        &[CHESS, "zz"],
    ] {
        let v = explain_json(args);
        assert_eq!(keys(&v), expected, "{v:#}");
        for span in [&v["span"], &v["rule_span"]] {
            if !span.is_null() {
                let mut k = keys(span);
                k.sort();
                assert_eq!(k, ["column", "end", "line", "start"]);
            }
        }
    }
    assert_eq!(explain_json(&[CHESS, "zz"])["kind"], "malformed");
}

#[test]
fn other_rules_are_named_too() {
    // A knight placed off the back rank: the failing part of the drop's condition.
    let v = explain_json(&[KK, "N@b7"]);
    let reason = refused(
        &v,
        KK,
        "clause",
        "turn place_knight: drop Knight",
        "empty and in back_rank",
        "choose drop Knight",
    );
    expect_contains(&reason, &["b7 is outside the region `back_rank`"]);
    // Ko: the board of two moves ago.
    let v = explain_json(&[
        GO,
        "--set",
        "size=5",
        "--moves",
        "b3 c3 a2 d2 b1 c1 e5 b2 c2",
        "b2",
    ]);
    let reason = refused(
        &v,
        GO,
        "repetition",
        "forbid repetition of 2 moves ago",
        "forbid repetition of 2 moves ago",
        "forbid repetition of 2",
    );
    expect_contains(&reason, &["S@b2 would recreate the board of 2 moves ago"]);
    // A piece acting twice in one move.
    let v = explain_json(&[KK, "--moves", "N@a8 N@h8 c3-d4", "a8-b6,b6-c4"]);
    refused(
        &v,
        KK,
        "turn",
        "turn knights_move: distinct pieces",
        "actions up to (if one_knight_move then 1 else 2), distinct pieces",
        "actions up to",
    );
    // Castling out of check and across an attacked cell: both tests are named.
    let v = explain_json(&[CHESS, "--position", "r3k3/8/8/8/8/8/8/R3K2r w Qq - 0 1", "e1-c1"]);
    let reason = refused(
        &v,
        CHESS,
        "clause",
        "King.castle",
        "if unmoved and not attacked",
        "move castle:",
    );
    expect_contains(&reason, &["e1 is attacked", "d1 is attacked"]);
    assert_eq!(
        text_at(CHESS, &v["notes"][0]["span"]),
        "if empty and not attacked"
    );
    // A capture chain that stops where it must go on.
    let checkers = "games/english-checkers.rules";
    let v = explain_json(&[checkers, "--position", "8/8/5m2/8/3m4/2M5/8/8 b ply:0", "c3xe5"]);
    let reason = refused(
        &v,
        checkers,
        "clause",
        "Man.jump",
        "must continue",
        "move jump: jump forward",
    );
    expect_contains(&reason, &["it stops on e5, where its way can go on, and must"]);
    assert_eq!(v["closest"], serde_json::json!(["c3xe5xg7"]));
    // A quiet move where a capture is compulsory.
    let v = explain_json(&[checkers, "--moves", "c3-d4 f6-e5", "a3-b4"]);
    let reason = refused(
        &v,
        checkers,
        "must_capture",
        "turn play: must capture",
        "must capture",
        "turn play",
    );
    expect_contains(&reason, &["a3-b4 captures nothing", "(d4xf6)"]);
    // A stone on a stone: the drop's `onto` condition.
    let v = explain_json(&[GO, "--moves", "b1", "S@b1"]);
    let reason = refused(&v, GO, "clause", "Stone.drop", "empty", "piece Stone");
    expect_contains(&reason, &["b1 is not empty"]);
    // A move and a placing written as one action: the placing's way is blocked.
    let v = explain_json(&["games/amazons.rules", "a4-a1,X@a9"]);
    let reason = refused(
        &v,
        "games/amazons.rules",
        "clause",
        "Amazon.go",
        "slide all onto empty",
        "piece Amazon",
    );
    expect_contains(&reason, &["on its way to a9, a7 is not empty"]);
    // More actions than the turn allows.
    let v = explain_json(&[KK, "--moves", "N@a8 N@h8 c3-d4", "a8-b6,h8-g6,a1-a2"]);
    let reason = refused(
        &v,
        KK,
        "turn",
        "turn knights_move: actions",
        "actions up to (if one_knight_move then 1 else 2), distinct pieces",
        "actions up to",
    );
    expect_contains(&reason, &["at most 2 actions, and this one has 3"]);
    // Passing where the turn has no `pass`.
    let v = explain_json(&["games/english-checkers.rules", "pass"]);
    refused(
        &v,
        "games/english-checkers.rules",
        "turn",
        "turn play",
        "play",
        "turn play",
    );
}

#[test]
fn play_gives_the_explanation_of_an_illegal_move() {
    let mut child = command(&["play", DRAUGHTS, "--position", TWO_CAPTURES])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().expect("stdin").write_all(b"c3xe5\nquit\n");
    let out = child.wait_with_output().expect("it ends");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8").replace("\n  ", " ");
    expect_contains(
        &stdout,
        &[
            "Why: c3xe5 takes 1 piece, but a move here takes 2 pieces (i3xi7)",
            &format!(
                "turn play: most captures at {DRAUGHTS}:{}:13: `most captures`",
                line_of(DRAUGHTS, "most captures }")
            ),
        ],
    );
}
