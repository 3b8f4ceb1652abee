//! Name tables: every declared name with its index and where it was declared.

use indexmap::IndexMap;

use super::error::{NameKind, duplicate, unknown};
use crate::diag::{Problem, Span};
use crate::syntax::ast::Ident;

/// One namespace: names in declaration order, each with its declaration span.
#[derive(Debug, Default)]
pub struct Names {
    map: IndexMap<String, Span>,
}

impl Names {
    /// Declares `ident`; a repeat is reported and keeps the first.
    pub fn declare(&mut self, kind: NameKind, ident: &Ident) -> Result<usize, Problem> {
        if let Some(first) = self.map.get(&ident.text) {
            return Err(duplicate(kind, &ident.text, ident.span, *first));
        }
        self.map.insert(ident.text.clone(), ident.span);
        Ok(self.map.len() - 1)
    }

    /// The index of a name, if declared.
    pub fn get(&self, name: &str) -> Option<usize> {
        self.map.get_index_of(name)
    }

    /// The index of `ident`, or an "unknown" problem with a suggestion.
    pub fn resolve(&self, kind: NameKind, ident: &Ident) -> Result<usize, Problem> {
        self.get(&ident.text)
            .ok_or_else(|| unknown(kind, &ident.text, ident.span, self.names()))
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
