//! Pass 6: the end rules: results in order, the turn limit, and the no-move rule.

use super::error::{self, NameKind};
use super::exprs::{self, Ty};
use super::{Ctx, warnings};
use crate::ir::{EndRules, NoMove, Outcome, PlayerId, RuleText};
use crate::syntax::ast::{EndStmt, Item, RuleWording, RulesFile};

pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> EndRules {
    let mut end = EndRules::default();
    let mut no_move_seen = false;
    let mut limit_seen = false;
    for item in &file.items {
        let Item::End(stmts) = item else { continue };
        for stmt in stmts {
            match stmt {
                EndStmt::Win {
                    player,
                    when,
                    each,
                    wording,
                }
                | EndStmt::OnDraw {
                    player,
                    when,
                    each,
                    wording,
                } => {
                    let on_draw = matches!(stmt, EndStmt::OnDraw { .. });
                    for binding in bindings(cx, each) {
                        let winner = match binding {
                            Some((var, p)) if var == player.text => Some(p),
                            _ => {
                                let p = cx.players.resolve(NameKind::Player, player);
                                cx.ok(p)
                            }
                        };
                        let cond = exprs::lower_as(cx, when, Ty::Bool, binding);
                        if let Some(c) = &cond {
                            warnings::never_true(cx, c, when.span);
                        }
                        if let (Some(w), Some(c)) = (winner, cond) {
                            let w = PlayerId(w as u8);
                            if on_draw {
                                end.draw_winners.push((c, w));
                                end.draw_winner_texts.push(text(wording));
                            } else {
                                end.results.push((c, Outcome::Win(w)));
                                end.result_texts.push(text(wording));
                            }
                        }
                    }
                }
                EndStmt::Draw { when, each, wording } => {
                    for binding in bindings(cx, each) {
                        if let Some(c) = exprs::lower_as(cx, when, Ty::Bool, binding) {
                            warnings::never_true(cx, &c, when.span);
                            end.results.push((c, Outcome::Draw));
                            end.result_texts.push(text(wording));
                        }
                    }
                }
                EndStmt::Limit(e) => {
                    if limit_seen {
                        cx.report(error::invalid(
                            "rules::compile::duplicate",
                            "the turn limit is given twice",
                            e.span,
                            "given again here",
                        ));
                    }
                    let limit = exprs::lower_as(cx, e, Ty::Int, None);
                    if !limit_seen {
                        end.turn_limit = limit;
                    }
                    limit_seen = true;
                }
                EndStmt::NoMove {
                    loses,
                    only_in_check,
                    span,
                } => {
                    if no_move_seen {
                        cx.report(error::invalid(
                            "rules::compile::duplicate",
                            "the no-move rule is given twice",
                            *span,
                            "given again here",
                        ));
                    }
                    no_move_seen = true;
                    end.no_move = match (loses, only_in_check) {
                        (true, true) => NoMove::LosesIfInCheck,
                        (true, false) => NoMove::Loses,
                        _ => NoMove::Draw,
                    };
                }
            }
        }
    }
    end
}

/// An end rule's wording as the front ends see it.
fn text(wording: &RuleWording) -> RuleText {
    RuleText {
        because: wording.because.clone(),
        offset: wording.span.start,
    }
}

/// The player bindings of `for X in players:` (one per player), or a single unbound pass.
fn bindings<'a>(cx: &Ctx, each: &'a Option<crate::syntax::ast::Ident>) -> Vec<Option<(&'a str, usize)>> {
    match each {
        Some(var) => (0..cx.players.len())
            .map(|p| Some((var.text.as_str(), p)))
            .collect(),
        None => vec![None],
    }
}
