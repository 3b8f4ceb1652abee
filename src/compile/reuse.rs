//! Reuse of clauses: `like NAME` stands for a named clause list (`clauses
//! NAME: …`) and `like Piece.rule` for the clauses of another piece's rule.
//! Both are spliced into the rules that use them before anything else reads
//! the file, so every later pass sees plain clauses (with the spans of the
//! definition, so that a problem in it points there).

use std::borrow::Cow;

use indexmap::IndexMap;

use super::Ctx;
use super::error::{self, NameKind};
use crate::syntax::ast::{Clause, Ident, Item, RulesFile};

/// The file with every `like` clause replaced by what it stands for (the
/// file itself when it has none). Unknown names and cycles are reported and
/// leave the clause in place: the rule is not compiled further.
pub(super) fn expand<'a>(cx: &mut Ctx, file: &'a RulesFile) -> Cow<'a, RulesFile> {
    if !file.items.iter().any(has_like) {
        return Cow::Borrowed(file);
    }
    let mut defs = Defs::default();
    for item in &file.items {
        match item {
            Item::Clauses { name, clauses } => {
                if let Some((first, _)) = defs.lists.get(&name.text) {
                    cx.report(error::duplicate(
                        NameKind::Clauses,
                        &name.text,
                        name.span,
                        first.span,
                    ));
                } else {
                    defs.lists
                        .insert(name.text.clone(), (name.clone(), clauses.clone()));
                }
            }
            Item::Piece(piece) => {
                for rule in &piece.moves {
                    let key = (piece.name.text.clone(), rule.name.text.clone());
                    defs.rules.entry(key).or_insert_with(|| rule.clauses.clone());
                }
            }
            _ => {}
        }
    }
    let mut out = file.clone();
    for item in &mut out.items {
        match item {
            Item::Piece(piece) => {
                for rule in &mut piece.moves {
                    rule.clauses = defs.splice(cx, &rule.clauses, &mut Vec::new());
                }
                for drop in &mut piece.drops {
                    drop.clauses = defs.splice(cx, &drop.clauses, &mut Vec::new());
                }
            }
            Item::Turn(turn) => {
                if let Some((clauses, _)) = &mut turn.after_each {
                    *clauses = defs.splice(cx, clauses, &mut Vec::new());
                }
            }
            Item::Clauses { clauses, .. } => {
                // Checked where it is used; an unused list is still checked here.
                let _ = defs.splice(cx, clauses, &mut Vec::new());
            }
            _ => {}
        }
    }
    Cow::Owned(out)
}

/// What `like` can name.
#[derive(Default)]
struct Defs {
    /// Named clause lists.
    lists: IndexMap<String, (Ident, Vec<Clause>)>,
    /// Each piece's move rules, by (piece, rule).
    rules: IndexMap<(String, String), Vec<Clause>>,
}

impl Defs {
    /// `clauses` with each `like` replaced; `open` names the definitions being
    /// spliced (a cycle is an error).
    fn splice(&self, cx: &mut Ctx, clauses: &[Clause], open: &mut Vec<String>) -> Vec<Clause> {
        let mut out = Vec::with_capacity(clauses.len());
        for clause in clauses {
            match clause {
                Clause::Like { name, rule, span } => {
                    let key = match rule {
                        Some(r) => format!("{}.{}", name.text, r.text),
                        None => name.text.clone(),
                    };
                    if open.contains(&key) {
                        cx.report(
                            error::invalid(
                                "rules::compile::recursive_definition",
                                format!("`like {key}` uses itself ({} → {key})", open.join(" → ")),
                                *span,
                                "used inside its own definition",
                            )
                            .with_help("a clause list may use other lists and rules, but not itself"),
                        );
                        out.push(clause.clone());
                        continue;
                    }
                    // Left unresolved, so that the rule is known to be broken.
                    let Some(body) = self.body(cx, name, rule.as_ref()) else {
                        out.push(clause.clone());
                        continue;
                    };
                    open.push(key);
                    out.extend(self.splice(cx, &body, open));
                    open.pop();
                }
                // `then like list`: the list's first clause starts the new action.
                Clause::Then(inner, span) if matches!(**inner, Clause::Like { .. }) => {
                    let mut spliced = self.splice(cx, std::slice::from_ref(&**inner), open).into_iter();
                    if let Some(first) = spliced.next() {
                        out.push(Clause::Then(Box::new(first), *span));
                        out.extend(spliced);
                    }
                }
                other => out.push(self.nested(cx, other, open)),
            }
        }
        out
    }

    /// The clauses `like NAME` or `like Piece.rule` stands for; `None` after reporting.
    fn body(&self, cx: &mut Ctx, name: &Ident, rule: Option<&Ident>) -> Option<Vec<Clause>> {
        match rule {
            None => match self.lists.get(&name.text) {
                Some((_, clauses)) => Some(clauses.clone()),
                None => {
                    let mut p = error::unknown(
                        NameKind::Clauses,
                        &name.text,
                        name.span,
                        self.lists.keys().map(String::as_str),
                    );
                    if p.help.is_none() {
                        p = p.with_help(
                            "declare it: `clauses NAME: CLAUSES`; or name a rule: `like Piece.rule`",
                        );
                    }
                    cx.report(p);
                    None
                }
            },
            Some(rule) => {
                let key = (name.text.clone(), rule.text.clone());
                if let Some(clauses) = self.rules.get(&key) {
                    return Some(clauses.clone());
                }
                let pieces: Vec<&str> = self.rules.keys().map(|(p, _)| p.as_str()).collect();
                if !pieces.contains(&name.text.as_str()) {
                    cx.report(error::unknown(NameKind::Piece, &name.text, name.span, pieces));
                } else {
                    let rules = self
                        .rules
                        .keys()
                        .filter(|(p, _)| *p == name.text)
                        .map(|(_, r)| r.as_str());
                    cx.report(error::unknown(NameKind::Move, &rule.text, rule.span, rules));
                }
                None
            }
        }
    }

    /// A clause with the `like` clauses inside it (groups, `can`, `each`, `then`) spliced.
    fn nested(&self, cx: &mut Ctx, clause: &Clause, open: &mut Vec<String>) -> Clause {
        let mut clause = clause.clone();
        match &mut clause {
            Clause::Group { alts, .. } => {
                for alt in alts.iter_mut() {
                    *alt = self.splice(cx, alt, open);
                }
            }
            Clause::Can { body, .. } | Clause::Each { body, .. } => *body = self.splice(cx, body, open),
            Clause::Then(inner, _) => **inner = self.nested(cx, inner, open),
            _ => {}
        }
        clause
    }
}

/// Whether an item has a `like` clause anywhere (or defines a clause list).
fn has_like(item: &Item) -> bool {
    match item {
        Item::Clauses { .. } => true,
        Item::Piece(piece) => piece
            .moves
            .iter()
            .map(|m| &m.clauses)
            .chain(piece.drops.iter().map(|d| &d.clauses))
            .any(|c| c.iter().any(clause_has_like)),
        Item::Turn(turn) => turn
            .after_each
            .as_ref()
            .is_some_and(|(c, _)| c.iter().any(clause_has_like)),
        _ => false,
    }
}

/// Whether a clause is, or holds, a `like` clause (one left unresolved, after expansion).
pub(super) fn clause_has_like(clause: &Clause) -> bool {
    match clause {
        Clause::Like { .. } => true,
        Clause::Group { alts, .. } => alts.iter().flatten().any(clause_has_like),
        Clause::Can { body, .. } | Clause::Each { body, .. } => body.iter().any(clause_has_like),
        Clause::Then(inner, _) => clause_has_like(inner),
        _ => false,
    }
}
