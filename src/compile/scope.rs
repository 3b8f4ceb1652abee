//! Name tables: every declared name with its index and where it was
//! declared, and whether a rule ever used it (for the warnings about names
//! declared and never used).

use std::cell::Cell;

use indexmap::IndexMap;

use super::error::{NameKind, duplicate, unknown};
use crate::diag::{Problem, Span};
use crate::syntax::ast::Ident;

/// One namespace: names in declaration order, each with its declaration span.
#[derive(Debug, Default)]
pub struct Names {
    map: IndexMap<String, Span>,
    /// `used[i]`: name `i` was looked up by a rule ([`Names::resolve`], [`Names::lookup`]).
    used: Vec<Cell<bool>>,
}

impl Names {
    /// Declares `ident`; a repeat is reported and keeps the first.
    pub fn declare(&mut self, kind: NameKind, ident: &Ident) -> Result<usize, Problem> {
        if let Some(first) = self.map.get(&ident.text) {
            return Err(duplicate(kind, &ident.text, ident.span, *first));
        }
        self.map.insert(ident.text.clone(), ident.span);
        self.used.push(Cell::new(false));
        Ok(self.map.len() - 1)
    }

    /// The index of a name, if declared (not a use of it: see [`Names::lookup`]).
    pub fn get(&self, name: &str) -> Option<usize> {
        self.map.get_index_of(name)
    }

    /// The index of a name a rule uses, if declared; the name counts as used.
    pub fn lookup(&self, name: &str) -> Option<usize> {
        let i = self.get(name)?;
        if let Some(used) = self.used.get(i) {
            used.set(true);
        }
        Some(i)
    }

    /// The index of `ident`, which a rule uses, or an "unknown" problem with
    /// a suggestion.
    pub fn resolve(&self, kind: NameKind, ident: &Ident) -> Result<usize, Problem> {
        self.lookup(&ident.text)
            .ok_or_else(|| unknown(kind, &ident.text, ident.span, self.names()))
    }

    /// The names declared and never used, with where each was declared.
    pub fn unused(&self) -> impl Iterator<Item = (&str, Span)> {
        self.map
            .iter()
            .zip(&self.used)
            .filter(|(_, used)| !used.get())
            .map(|((name, span), _)| (name.as_str(), *span))
    }

    /// Every declared name, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.map.keys().map(String::as_str)
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Where a name was declared.
    pub fn span(&self, index: usize) -> Span {
        self.map.get_index(index).map(|(_, s)| *s).unwrap_or_default()
    }
}
