//! Pest pairs → typed AST. The only file that names `Pair`, `Pairs` and `Rule`.

mod test_blocks;

use pest::iterators::Pair;

use super::ast::*;
use super::parser::Rule;
use crate::diag::Span;

/// Turns the pairs of one parsed item into AST, shifting spans by `base`
/// (the item was parsed from `text[base..]`).
pub(super) struct Lowerer {
    pub(super) base: usize,
}

type P<'i> = Pair<'i, Rule>;

impl Lowerer {
    /// The pair's span, without the white space and comments a repetition
    /// at its end may have swallowed.
    fn span(&self, pair: &P) -> Span {
        let s = pair.as_span();
        let text = pair.as_str();
        let mut end = text.trim_end().len();
        // A trailing `// comment` line is trivia too.
        while let Some(line_start) = text[..end].rfind('\n') {
            let line = text[line_start..end].trim_start();
            if line.starts_with("//") {
                end = text[..line_start].trim_end().len();
            } else {
                break;
            }
        }
        Span::new(self.base + s.start(), self.base + s.start() + end)
    }

    fn ident(&self, pair: P) -> Ident {
        Ident {
            text: pair.as_str().to_string(),
            span: self.span(&pair),
        }
    }

    fn int(&self, pair: &P) -> i64 {
        // The grammar allows only digits with an optional sign; a number beyond
        // 64 bits saturates here and is refused by the parser (`numbers.rs`).
        pair.as_str().parse::<i64>().unwrap_or(i64::MAX)
    }

    /// Lowers one `item` pair.
    pub(super) fn item(&self, pair: P) -> Item {
        let span = self.span(&pair);
        let inner = first(pair);
        match inner.as_rule() {
            Rule::game_decl => {
                let s = first(inner);
                Item::Game {
                    title: first(s).as_str().to_string(),
                    span,
                }
            }
            Rule::players_decl => Item::Players(inner.into_inner().map(|p| self.ident(p)).collect()),
            Rule::option_decl => Item::Option(self.option(inner)),
            Rule::board_decl => Item::Board(self.board(inner, span)),
            Rule::directions_decl => Item::Directions(self.directions(inner)),
            Rule::region_decl => Item::Region(self.region(inner)),
            Rule::counter_decl => Item::Counter(self.ident(first(inner))),
            Rule::piece_decl => Item::Piece(self.piece(inner)),
            Rule::trigger_decl => Item::Trigger(self.trigger(inner, span)),
            Rule::captured_decl => Item::Captured(self.captured(inner, span)),
            Rule::position_decl => {
                Item::Position(inner.into_inner().map(|f| self.position_field(f)).collect(), span)
            }
            Rule::mark_decl => Item::Marks(inner.into_inner().map(|p| self.ident(p)).collect()),
            Rule::supply_decl => Item::Supply(inner.into_inner().map(|p| self.ident(p)).collect()),
            Rule::adjacency_decl => Item::Adjacency(self.idents(first(inner))),
            Rule::notation_decl => Item::Notation(self.ident(first(inner))),
            Rule::forbid_decl => self.forbid(inner, None, span),
            Rule::clauses_decl => self.clauses_decl(inner),
            Rule::condition_decl => self.condition_decl(inner),
            Rule::appearance_decl => Item::Appearance(AppearanceDecl {
                looks: inner.into_inner().map(|l| self.look(first(l))).collect(),
                span,
            }),
            Rule::layout_decl => Item::Layout(LayoutDecl {
                shape: self.layout(first(inner)),
                span,
            }),
            Rule::guarded_item => {
                let mut it = inner.into_inner();
                let guard = self.expr(next(&mut it));
                self.forbid(next(&mut it), Some(guard), span)
            }
            Rule::pool_decl => Item::Pool(inner.into_inner().map(|p| self.ident(p)).collect()),
            Rule::royal_decl => Item::Royal(inner.into_inner().map(|p| self.ident(p)).collect(), span),
            Rule::flag_decl => self.flag(inner),
            Rule::promote_decl => self.promote(inner, span),
            Rule::setup_decl => Item::Setup(inner.into_inner().flat_map(|s| self.setup_stmt(s)).collect()),
            Rule::turn_decl => Item::Turn(self.turn(inner, span)),
            Rule::turns_decl => Item::Turns {
                stmts: inner.into_inner().map(|s| self.order_stmt(s)).collect(),
                span,
            },
            Rule::test_decl => Item::Test(self.test_decl(inner, span)),
            Rule::end_decl => Item::End(inner.into_inner().map(|s| self.end_stmt(s)).collect()),
            r => unreachable!("item holds a declaration, not {r:?}"),
        }
    }

    /// `directions NAME = …`: one list for all players, or one per player.
    fn directions(&self, inner: P) -> DirectionsDecl {
        let mut it = inner.into_inner();
        let name = self.ident(next(&mut it));
        let value = next(&mut it);
        let value = match value.as_rule() {
            Rule::per_player_dirs => PerPlayer::Each(
                value
                    .into_inner()
                    .map(|pd| {
                        let mut it = pd.into_inner();
                        let player = self.ident(next(&mut it));
                        (player, self.idents(next(&mut it)))
                    })
                    .collect(),
            ),
            _ => PerPlayer::All(self.idents(value)),
        };
        DirectionsDecl { name, value }
    }

    /// `region NAME = …`: one region for all players, or one per player.
    fn region(&self, inner: P) -> RegionDecl {
        let mut it = inner.into_inner();
        let name = self.ident(next(&mut it));
        let value = next(&mut it);
        let value = match value.as_rule() {
            Rule::per_player_region => PerPlayer::Each(
                value
                    .into_inner()
                    .map(|pr| {
                        let mut it = pr.into_inner();
                        let player = self.ident(next(&mut it));
                        (player, self.region_expr(next(&mut it)))
                    })
                    .collect(),
            ),
            _ => PerPlayer::All(self.region_expr(value)),
        };
        RegionDecl { name, value }
    }

    /// `when KIND enters REGION: EFFECTS`.
    fn trigger(&self, inner: P, span: Span) -> TriggerDecl {
        let mut it = inner.into_inner();
        let kind = self.ident(next(&mut it));
        let region = self.ident(next(&mut it));
        let effects = it.map(|e| self.effect(e)).collect();
        TriggerDecl {
            kind,
            region,
            effects,
            span,
        }
    }

    /// `captured KINDS to …`: where captured pieces go.
    fn captured(&self, inner: P, span: Span) -> CapturedDecl {
        let mut kinds = Vec::new();
        let mut to = CaptureDest::Out;
        let mut as_kind = None;
        let mut unless = None;
        for p in inner.into_inner() {
            match p.as_rule() {
                Rule::name => kinds.push(self.ident(p)),
                Rule::reserve_kw => to = CaptureDest::Reserve,
                Rule::pool_kw => to = CaptureDest::Pool,
                Rule::captor_kw => to = CaptureDest::Captor,
                Rule::out_kw => to = CaptureDest::Out,
                Rule::captured_as => as_kind = Some(self.ident(first(p))),
                _ => unless = Some(self.ident(first(p))),
            }
        }
        CapturedDecl {
            kinds,
            to,
            as_kind,
            unless,
            span,
        }
    }

    /// `clauses NAME: …`: a named list of clauses.
    fn clauses_decl(&self, inner: P) -> Item {
        let mut it = inner.into_inner();
        let name = self.ident(next(&mut it));
        Item::Clauses {
            name,
            clauses: self.clauses(next(&mut it)),
        }
    }

    /// `condition NAME: …`: a named cell condition.
    fn condition_decl(&self, inner: P) -> Item {
        let mut it = inner.into_inner();
        let name = self.ident(next(&mut it));
        Item::Condition {
            name,
            cond: self.cond(next(&mut it)),
        }
    }

    /// `flag NAME when …`.
    fn flag(&self, inner: P) -> Item {
        let mut it = inner.into_inner();
        let name = self.ident(next(&mut it));
        Item::Flag {
            name,
            when: self.expr(next(&mut it)),
        }
    }

    /// The text of a `string` pair, without its quotes.
    fn string(&self, pair: P) -> String {
        first(pair).as_str().to_string()
    }

    /// One statement of `appearance`.
    fn look(&self, pair: P) -> Look {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let mut it = pair.into_inner();
        match rule {
            Rule::look_style => Look::Style(next(&mut it).as_str().to_string()),
            Rule::look_colour => {
                let name = self.ident(next(&mut it));
                let colour = self.string(next(&mut it));
                Look::Colour(name, colour, span)
            }
            Rule::look_edges => Look::Edges(it.map(|p| self.ident(p)).collect()),
            Rule::look_dots => Look::Dots(it.map(|p| self.ident(p)).collect()),
            Rule::look_glyph => {
                let kind = self.ident(next(&mut it));
                Look::Glyph(kind, it.map(|p| self.string(p)).collect())
            }
            Rule::look_unlettered => Look::Unlettered(it.map(|p| self.ident(p)).collect()),
            r => unreachable!("look_stmt holds a statement of appearance, not {r:?}"),
        }
    }

    /// The shape of a `layout`: a `layout_plane`, `layout_polar` or `layout_points` pair.
    fn layout(&self, pair: P) -> LayoutShape {
        match pair.as_rule() {
            Rule::layout_plane => {
                let mut it = pair.into_inner();
                let style_pair = next(&mut it);
                let style = match style_pair.as_str().trim() {
                    "intersections" => LayoutStyle::Intersections,
                    "hexagons" => LayoutStyle::Hexagons,
                    _ => LayoutStyle::Squares,
                };
                let axes = it.next().map(|axes| {
                    let mut names = axes.into_inner();
                    let x = self.ident(next(&mut names));
                    (x, self.ident(next(&mut names)))
                });
                LayoutShape::Plane {
                    style,
                    style_span: self.span(&style_pair),
                    axes,
                }
            }
            Rule::layout_polar => {
                let mut it = pair.into_inner();
                let ring = self.ident(next(&mut it));
                let sector = self.ident(next(&mut it));
                let (mut clockwise, mut from) = (false, None);
                for opt in it {
                    let opt = first(opt);
                    match opt.as_rule() {
                        Rule::clockwise_kw => clockwise = true,
                        _ => {
                            // polar_from: `from` then the degrees
                            let degrees = first(opt);
                            from = Some((self.int(&degrees), self.span(&degrees)));
                        }
                    }
                }
                LayoutShape::Polar {
                    ring,
                    sector,
                    clockwise,
                    from,
                }
            }
            Rule::layout_points => LayoutShape::Points(
                pair.into_inner()
                    .map(|point| {
                        let mut it = point.into_inner();
                        let cell = self.ident(next(&mut it));
                        let x = self.int(&next(&mut it));
                        (cell, x, self.int(&next(&mut it)))
                    })
                    .collect(),
            ),
            r => unreachable!("layout_decl holds a layout form, not {r:?}"),
        }
    }

    /// Adds one statement of a block (a `move_decl`, `setup_stmt`,
    /// `turn_stmt`, `end_stmt`, `order_stmt`, `graph_stmt` or `board_stmt` pair parsed on its
    /// own after a syntax error elsewhere in the block) to the item it belongs to.
    pub(super) fn statement(&self, item: &mut Item, pair: P) {
        match (item, pair.as_rule()) {
            (Item::Piece(piece), Rule::piece_item) => self.piece_item(piece, pair),
            (Item::Setup(stmts), Rule::setup_stmt) => stmts.extend(self.setup_stmt(pair)),
            (Item::Turn(turn), Rule::turn_stmt) => self.turn_stmt(turn, pair),
            (Item::End(stmts), Rule::end_stmt) => stmts.push(self.end_stmt(pair)),
            (Item::Turns { stmts, .. }, Rule::order_stmt) => stmts.push(self.order_stmt(pair)),
            (
                Item::Board(BoardDecl {
                    shape: BoardShape::Graph(graph),
                    ..
                }),
                Rule::graph_stmt,
            ) => self.graph_stmt(graph, pair),
            (
                Item::Board(BoardDecl {
                    shape: BoardShape::Grid { exits, .. },
                    ..
                }),
                Rule::board_stmt,
            ) => exits.extend(self.idents(first(pair))),
            (_, r) => unreachable!("the statement rule of the item's block, not {r:?}"),
        }
    }

    fn idents(&self, pair: P) -> Vec<Ident> {
        pair.into_inner().map(|p| self.ident(p)).collect()
    }

    fn option(&self, pair: P) -> OptionDecl {
        let mut it = pair.into_inner();
        let name = self.ident(next(&mut it));
        let ty_pair = next(&mut it);
        let ty_span = self.span(&ty_pair);
        let ty = if ty_pair.as_str() == "int" {
            OptionType::Int
        } else {
            OptionType::Bool
        };
        let lit = first(next(&mut it));
        let default_span = self.span(&lit);
        let default = match lit.as_rule() {
            Rule::bool_lit => Literal::Bool(lit.as_str() == "true"),
            _ => Literal::Int(self.int(&lit)),
        };
        let range = it.next().map(|r| {
            let span = self.span(&r);
            let mut rit = r.into_inner();
            let lo = self.int(&next(&mut rit));
            let hi = rit.next().map(|h| self.int(&h));
            (lo, hi, span)
        });
        OptionDecl {
            name,
            ty,
            ty_span,
            default,
            default_span,
            range,
        }
    }

    fn board(&self, pair: P, span: Span) -> BoardDecl {
        let shape = first(pair);
        let shape = match shape.as_rule() {
            Rule::grid_board => self.grid(shape),
            _ => BoardShape::Graph(self.graph(shape)),
        };
        BoardDecl { shape, span }
    }

    fn graph(&self, pair: P) -> GraphDecl {
        let mut graph = GraphDecl::default();
        for stmt in pair.into_inner() {
            self.graph_stmt(&mut graph, stmt);
        }
        graph
    }

    fn position_field(&self, pair: P) -> PositionField {
        let f = first(pair);
        let span = self.span(&f);
        let text = |p: P| first(p).as_str().to_string();
        match f.as_rule() {
            Rule::pos_mover => PositionField::Mover(
                f.into_inner()
                    .map(|pt| {
                        let mut it = pt.into_inner();
                        let player = self.ident(next(&mut it));
                        (player, text(next(&mut it)))
                    })
                    .collect(),
                span,
            ),
            Rule::pos_rights => PositionField::Rights(
                f.into_inner()
                    .map(|r| {
                        let span = self.span(&r);
                        let mut it = r.into_inner();
                        let letter = text(next(&mut it));
                        (letter, it.map(|c| self.ident(c)).collect(), span)
                    })
                    .collect(),
                span,
            ),
            Rule::pos_marks => PositionField::Marks(self.ident(first(f))),
            Rule::pos_reserves => PositionField::Reserves(span),
            Rule::pos_quiet => PositionField::Quiet(span),
            Rule::pos_number => PositionField::Number(span),
            _ => PositionField::Ply(span),
        }
    }

    fn forbid(&self, pair: P, guard: Option<Expr>, span: Span) -> Item {
        let back = pair.into_inner().next().map(|n| (self.int(&n), self.span(&n)));
        Item::Forbid { guard, back, span }
    }

    /// Adds one `graph_stmt` to a graph board.
    fn graph_stmt(&self, graph: &mut GraphDecl, stmt: P) {
        let s = first(stmt);
        let span = self.span(&s);
        match s.as_rule() {
            Rule::cells_stmt => {
                let repeated = graph.template.is_some();
                if repeated {
                    graph.cells_repeated.push(span);
                }
                for part in s.into_inner() {
                    match part.as_rule() {
                        Rule::coord_range => {
                            let mut it = part.into_inner();
                            let var = self.ident(next(&mut it));
                            let lo = self.ident(next(&mut it));
                            let hi = self.ident(next(&mut it));
                            if !repeated || !graph.coords.iter().any(|(v, _, _)| v.text == var.text) {
                                graph.coords.push((var, lo, hi));
                            }
                        }
                        _ if repeated => {}
                        Rule::cells_where => graph.cells_where = Some(self.expr(first(part))),
                        _ => {
                            let span = self.span(&part);
                            graph.template = Some((first(part).as_str().to_string(), span));
                        }
                    }
                }
            }
            Rule::wrap_stmt => graph.wraps.extend(s.into_inner().map(|n| self.ident(n))),
            Rule::link_stmt => {
                let mut it = s.into_inner();
                let dir = self.ident(next(&mut it));
                let from = next(&mut it).into_inner().map(|l| self.ident(l)).collect();
                let to = next(&mut it).into_inner().map(|e| self.expr(e)).collect();
                let mut link = LinkDecl {
                    dir,
                    from,
                    to,
                    when: None,
                    then: Vec::new(),
                    span,
                };
                for extra in it {
                    match extra.as_rule() {
                        Rule::link_when => link.when = Some(self.expr(first(extra))),
                        _ => link.then = self.idents(first(extra)),
                    }
                }
                graph.links.push(link);
            }
            Rule::line_stmt => {
                let mut it = s.into_inner();
                let dir = self.ident(next(&mut it));
                let back = self.ident(next(&mut it));
                let rows = it.map(|row| self.idents(row)).collect();
                graph.lines.push(LineDecl {
                    dir,
                    back,
                    rows,
                    span,
                });
            }
            _ => {
                let mut it = s.into_inner();
                let a = self.idents(next(&mut it));
                let b = self.idents(next(&mut it));
                graph.perpendicular.push((a, b));
            }
        }
    }

    fn promote(&self, pair: P, span: Span) -> Item {
        let mut kinds = Vec::new();
        let mut form = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => kinds.push(self.ident(p)),
                _ => form = Some(p),
            }
        }
        let form = form.expect("promote_decl ends with its form");
        if form.as_rule() == Rule::promote_zone {
            let mut decl = InPlaceDecl {
                kinds,
                to: Vec::new(),
                from: Vec::new(),
                on_entering: false,
                into: Vec::new(),
                optional: false,
                span,
            };
            for part in form.into_inner() {
                match part.as_rule() {
                    Rule::zone_test => {
                        let mut it = part.into_inner();
                        let from = next(&mut it).as_rule() == Rule::from_kw;
                        let region = self.ident(next(&mut it));
                        if from {
                            decl.from.push(region);
                        } else {
                            decl.to.push(region);
                        }
                    }
                    Rule::on_entering => decl.on_entering = true,
                    Rule::optional_kw => decl.optional = true,
                    _ => decl.into.push(self.ident(part)),
                }
            }
            return Item::PromoteInPlace(decl);
        }
        let mut it = form.into_inner();
        let mut kinds = kinds.into_iter();
        let kind = kinds.next().expect("promote_decl names a kind");
        let captured = self.cond(next(&mut it));
        let mut decl = PromoteDecl {
            kind,
            more: kinds.collect(),
            captured,
            unless: None,
            into: None,
            zones: Vec::new(),
            span,
        };
        for part in it {
            match part.as_rule() {
                Rule::unless_flag => decl.unless = Some(self.ident(first(part))),
                Rule::promoted => {
                    let p = first(part);
                    decl.into = (p.as_rule() == Rule::name).then(|| self.ident(p));
                }
                _ => {
                    let z = first(part);
                    decl.zones
                        .push((z.as_rule() == Rule::name).then(|| self.ident(z)));
                }
            }
        }
        Item::Promote(decl)
    }

    fn grid_dim(&self, pair: P) -> GridDim {
        let d = first(pair);
        match d.as_rule() {
            Rule::label_range => {
                let mut it = d.into_inner();
                GridDim::Range(self.ident(next(&mut it)), self.ident(next(&mut it)))
            }
            _ => {
                let span = self.span(&d);
                let c = first(d);
                GridDim::Count(match c.as_rule() {
                    Rule::int => Expr {
                        kind: ExprKind::Int(self.int(&c)),
                        span,
                    },
                    Rule::name => Expr {
                        kind: ExprKind::Name(self.ident(c)),
                        span,
                    },
                    _ => self.expr(c),
                })
            }
        }
    }

    fn grid(&self, pair: P) -> BoardShape {
        let mut it = pair.into_inner();
        let files = self.grid_dim(next(&mut it));
        let ranks = self.grid_dim(next(&mut it));
        let mut exits = Vec::new();
        for stmt in it {
            // board_stmt → exits_stmt
            let exits_stmt = first(stmt);
            exits.extend(self.idents(exits_stmt));
        }
        BoardShape::Grid { files, ranks, exits }
    }

    fn region_expr(&self, pair: P) -> RegionExpr {
        let span = self.span(&pair);
        let terms = pair
            .into_inner()
            .map(|and| {
                and.into_inner()
                    .filter(|a| a.as_rule() == Rule::region_atom)
                    .map(|atom| {
                        let t = first(atom);
                        match t.as_rule() {
                            Rule::region_expr => RegionAtom::Group(self.region_expr(t)),
                            _ => RegionAtom::Term(self.region_term(t)),
                        }
                    })
                    .collect()
            })
            .collect();
        RegionExpr { terms, span }
    }

    fn region_term(&self, term: P) -> RegionTerm {
        let t = first(term);
        let span = self.span(&t);
        match t.as_rule() {
            Rule::edge_sel => {
                let mut it = t.into_inner();
                let last = next(&mut it).as_rule() == Rule::last_kw;
                let rank = next(&mut it).as_rule() == Rule::rank_kw;
                RegionTerm::Edge { last, rank, span }
            }
            Rule::rank_sel | Rule::file_sel => {
                let rank = t.as_rule() == Rule::rank_sel;
                let mut it = t.into_inner();
                let lo = self.ident(next(&mut it));
                let hi = it.next().map(|h| self.ident(h));
                if rank {
                    RegionTerm::Rank(lo, hi)
                } else {
                    RegionTerm::File(lo, hi)
                }
            }
            Rule::where_sel => RegionTerm::Where(self.expr(first(t))),
            Rule::region_names => RegionTerm::Names(t.into_inner().map(|n| self.ident(first(n))).collect()),
            r => unreachable!("region_term holds a selector, not {r:?}"),
        }
    }

    fn piece(&self, pair: P) -> PieceDecl {
        let mut it = pair.into_inner();
        let mut decl = PieceDecl {
            name: self.ident(next(&mut it)),
            letter: self.ident(next(&mut it)),
            owner: None,
            neutral: None,
            like: None,
            plural: None,
            repeated: Vec::new(),
            moves: Vec::new(),
            drops: Vec::new(),
        };
        for p in it {
            match p.as_rule() {
                Rule::piece_mod => {
                    let m = first(p);
                    let span = self.span(&m);
                    let fresh = match m.as_rule() {
                        Rule::owner_mod => set_once(&mut decl.owner, self.ident(first(m))),
                        Rule::plural_mod => set_once(&mut decl.plural, self.ident(first(m))),
                        Rule::like_mod => set_once(&mut decl.like, self.ident(first(m))),
                        _ => set_once(&mut decl.neutral, span),
                    };
                    if !fresh {
                        decl.repeated.push(span);
                    }
                }
                Rule::piece_item => self.piece_item(&mut decl, p),
                r => unreachable!("piece_decl holds modifiers and rules, not {r:?}"),
            }
        }
        decl
    }

    /// Adds one `piece_item` (a move or a drop rule) to a piece.
    fn piece_item(&self, decl: &mut PieceDecl, pair: P) {
        let item = first(pair);
        match item.as_rule() {
            Rule::move_decl => decl.moves.push(self.move_decl(item)),
            _ => decl.drops.push(self.drop_decl(item)),
        }
    }

    fn move_decl(&self, pair: P) -> MoveDecl {
        let span = self.span(&pair);
        let mut it = pair.into_inner();
        let name = self.ident(next(&mut it));
        let clauses = self.clauses(next(&mut it));
        MoveDecl { name, clauses, span }
    }

    fn drop_decl(&self, pair: P) -> DropDecl {
        let span = self.span(&pair);
        let mut name = None;
        let mut target = None;
        let mut clauses = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(self.ident(p)),
                Rule::target => target = Some(self.target(p)),
                _ => clauses.push(self.clause(p)),
            }
        }
        DropDecl {
            name,
            target: target.expect("drop_decl has a target"),
            clauses,
            span,
        }
    }

    fn clauses(&self, pair: P) -> Vec<Clause> {
        pair.into_inner().map(|c| self.clause(c)).collect()
    }

    fn clause(&self, pair: P) -> Clause {
        let span = self.span(&pair);
        let c = first(pair);
        match c.as_rule() {
            Rule::then_clause => {
                let mut it = c.into_inner();
                let _then = next(&mut it); // then_kw
                Clause::Then(Box::new(self.clause(next(&mut it))), span)
            }
            Rule::pattern => Clause::Pattern(self.pattern(first(c)), span),
            _ => self.core_clause(first(c), span),
        }
    }

    fn step(&self, pair: P) -> Step {
        match pair.as_rule() {
            Rule::same_kw => Step::Same(self.span(&pair)),
            Rule::perpendicular_kw => Step::Perpendicular(self.span(&pair)),
            Rule::back_kw => Step::Back(self.span(&pair)),
            _ => Step::Dirs(self.idents(pair)),
        }
    }

    /// `exactly N [over C]` / `up to N [over C]`.
    fn distance(&self, pair: P) -> Distance {
        let mut it = pair.into_inner();
        let exact = next(&mut it).as_rule() == Rule::exactly_kw;
        let count = self.expr(next(&mut it));
        let over = it.next().map(|o| self.cond(first(o)));
        Distance { exact, count, over }
    }

    fn core_clause(&self, c: P, span: Span) -> Clause {
        let rule = c.as_rule();
        match rule {
            Rule::go_clause => self.go_clause(c, span),
            Rule::anywhere_kw => Clause::Anywhere(span),
            Rule::if_clause => Clause::If(self.cond(first(c)), span),
            Rule::when_clause => Clause::When(self.expr(first(c)), span),
            Rule::can_clause => {
                let mut it = c.into_inner();
                let negate = next(&mut it).as_rule() == Rule::cannot_kw;
                Clause::Can {
                    negate,
                    body: self.clauses(next(&mut it)),
                    span,
                }
            }
            Rule::land_kw => Clause::Land(span),
            Rule::run_clause => self.run_clause(c, span),
            Rule::groups_clause => self.groups_clause(c, span),
            Rule::capture_clause => {
                let how = match c.into_inner().nth(1).map(|p| p.as_rule()) {
                    Some(Rule::at_end) => CaptureHow::AtEnd,
                    Some(Rule::group_kw) => CaptureHow::Group,
                    _ => CaptureHow::Now,
                };
                Clause::Capture(how, span)
            }
            Rule::place_clause => Clause::Place(self.ident(first(c)), span),
            Rule::remove_kw => Clause::Remove(span),
            Rule::flip_kw => Clause::Flip(span),
            Rule::draw_line_kw => Clause::Draw(span),
            Rule::become_clause => {
                let mut it = c.into_inner();
                let kind = self.ident(next(&mut it));
                Clause::Become {
                    kind,
                    silently: it.next().is_some(),
                    span,
                }
            }
            Rule::mark_clause => Clause::Mark(self.ident(first(c)), span),
            Rule::save_clause => Clause::Save(self.ident(first(c)), span),
            Rule::back_clause => Clause::BackTo(self.ident(first(c)), span),
            Rule::carry_clause => {
                let mut it = c.into_inner();
                let name = self.ident(next(&mut it));
                Clause::CarryTo {
                    name,
                    written: it.next().is_some(),
                    span,
                }
            }
            Rule::like_clause => {
                let mut it = c.into_inner();
                Clause::Like {
                    name: self.ident(next(&mut it)),
                    rule: it.next().map(|r| self.ident(r)),
                    span,
                }
            }
            Rule::shift_clause => self.shift_clause(c, span),
            Rule::rotate_clause | Rule::reflect_clause => self.turning_clause(c, span),
            Rule::each_clause => self.each_clause(c, span),
            Rule::group_clause => self.group_clause(c, span),
            r => unreachable!("core_clause kinds only, not {r:?}"),
        }
    }

    /// `go DIRS [distance]`: one step, or as far as a distance says.
    fn go_clause(&self, c: P, span: Span) -> Clause {
        let mut it = c.into_inner();
        let dirs = self.step(next(&mut it));
        match it.next() {
            Some(d) => Clause::GoFar {
                dirs,
                distance: Box::new(self.distance(d)),
                span,
            },
            None => Clause::Go(dirs, span),
        }
    }

    /// `[must] capture|flip [one] COND along DIRS closed by COND`: a run of pieces.
    fn run_clause(&self, c: P, span: Span) -> Clause {
        let mut must = false;
        let mut flip = false;
        let mut one = false;
        let mut conds = Vec::new();
        let mut dirs = Vec::new();
        for p in c.into_inner() {
            match p.as_rule() {
                Rule::must_kw => must = true,
                Rule::flip_kw => flip = true,
                Rule::capture_kw => {}
                Rule::one_kw => one = true,
                Rule::dir_ref => dirs = self.idents(p),
                _ => conds.push(self.cond(p)),
            }
        }
        let mut conds = conds.into_iter();
        Clause::Run {
            must,
            flip,
            one,
            what: conds.next().expect("run_clause has a condition"),
            dirs,
            closer: conds.next().expect("run_clause has a closer"),
            span,
        }
    }

    /// `[must] capture COND groups without liberties`.
    fn groups_clause(&self, c: P, span: Span) -> Clause {
        let mut must = false;
        let mut what = None;
        for p in c.into_inner() {
            match p.as_rule() {
                Rule::must_kw => must = true,
                Rule::cond => what = Some(self.cond(p)),
                _ => {} // capture_kw
            }
        }
        Clause::Groups {
            must,
            what: what.expect("groups_clause has a condition"),
            span,
        }
    }

    /// `shift BLOCK TRAVEL [up to N] onto COND`: a block of cells moves as one.
    fn shift_clause(&self, c: P, span: Span) -> Clause {
        let mut it = c.into_inner();
        it.next(); // shift_kw
        let block = self.idents(next(&mut it));
        let travel = self.step(first(next(&mut it)));
        let mut limit = None;
        let mut onto = None;
        for p in it {
            match p.as_rule() {
                Rule::target => onto = Some(self.cond(first(p))),
                _ => limit = Some(self.expr(p)),
            }
        }
        Clause::Shift {
            block,
            travel,
            limit,
            onto: onto.expect("shift_clause ends with a target"),
            span,
        }
    }

    /// `rotate REGIONS by ANGLES` or `reflect REGIONS along DIR`.
    fn turning_clause(&self, c: P, span: Span) -> Clause {
        let rotate = c.as_rule() == Rule::rotate_clause;
        let mut it = c.into_inner();
        it.next(); // rotate_kw / reflect_kw
        let regions = self.idents(next(&mut it));
        let last = next(&mut it);
        let how = if rotate {
            Turning::Rotate(last.into_inner().map(|p| (self.int(&p), self.span(&p))).collect())
        } else {
            Turning::Reflect(self.idents(last))
        };
        Clause::Turn { regions, how, span }
    }

    /// `[must] each (CLAUSES)`.
    fn each_clause(&self, c: P, span: Span) -> Clause {
        let mut must = false;
        let mut body = Vec::new();
        for p in c.into_inner() {
            match p.as_rule() {
                Rule::must_kw => must = true,
                _ => body = self.clauses(p),
            }
        }
        Clause::Each { must, body, span }
    }

    /// `(CLAUSES | CLAUSES …)` with an optional `*`, `+` or `?`.
    fn group_clause(&self, c: P, span: Span) -> Clause {
        let mut alts = Vec::new();
        let mut repeat = Repeat::Once;
        for p in c.into_inner() {
            match p.as_rule() {
                Rule::clauses => alts.push(self.clauses(p)),
                _ => {
                    repeat = match p.as_str() {
                        "*" => Repeat::Any,
                        "+" => Repeat::AtLeastOnce,
                        _ => Repeat::Maybe,
                    }
                }
            }
        }
        Clause::Group { alts, repeat, span }
    }

    fn pattern(&self, pattern: P) -> Pattern {
        let rule = pattern.as_rule();
        let mut it = pattern.into_inner();
        match rule {
            Rule::step_pat => Pattern::Step {
                dirs: self.step(first(next(&mut it))),
                target: self.target(next(&mut it)),
            },
            Rule::slide_pat => {
                let dirs = self.step(first(next(&mut it)));
                let mut p = next(&mut it);
                let distance = (p.as_rule() == Rule::distance).then(|| {
                    let d = Box::new(self.distance(p.clone()));
                    p = next(&mut it);
                    d
                });
                Pattern::Slide {
                    dirs,
                    distance,
                    target: self.target(p),
                }
            }
            Rule::anywhere_pat => {
                let _kw = next(&mut it); // anywhere_kw
                Pattern::Anywhere {
                    target: self.target(next(&mut it)),
                }
            }
            Rule::leap_pat => {
                let path = next(&mut it)
                    .into_inner()
                    .map(|step| {
                        let s = first(step);
                        match s.as_rule() {
                            Rule::same_kw => PathStep::Same(self.span(&s)),
                            Rule::perpendicular_kw => PathStep::Perpendicular(self.span(&s)),
                            Rule::back_kw => PathStep::Back(self.span(&s)),
                            _ => PathStep::Dirs(self.idents(s)),
                        }
                    })
                    .collect();
                Pattern::Leap {
                    path,
                    target: self.target(next(&mut it)),
                }
            }
            Rule::jump_pat => {
                let dirs = self.idents(next(&mut it));
                let over = self.cond(next(&mut it));
                let target = self.target(next(&mut it));
                let options = it
                    .map(|opt| {
                        let span = self.span(&opt);
                        let o = first(opt);
                        let option = match o.as_rule() {
                            Rule::capturing_opt if o.into_inner().next().is_some() => {
                                JumpOption::CapturingAtEnd
                            }
                            Rule::capturing_opt => JumpOption::Capturing,
                            Rule::repeat_opt => JumpOption::Repeat,
                            Rule::once_opt => JumpOption::EachPieceOnce,
                            Rule::long_opt => JumpOption::Long,
                            Rule::continue_opt => JumpOption::MustContinue,
                            _ => JumpOption::NotEndingAtStart,
                        };
                        (option, span)
                    })
                    .collect();
                Pattern::Jump {
                    dirs,
                    over,
                    target,
                    options,
                }
            }
            r => unreachable!("pattern holds a pattern kind, not {r:?}"),
        }
    }

    fn target(&self, pair: P) -> Cond {
        self.cond(first(pair))
    }

    fn cond(&self, pair: P) -> Cond {
        match pair.as_rule() {
            Rule::cond => self.fold_cond(pair, Cond::Or),
            Rule::cond_and => self.fold_cond(pair, Cond::And),
            Rule::cond_seq => self.fold_cond(pair, Cond::And),
            Rule::cond_not => {
                let mut negate = false;
                let mut atom = None;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::not_kw => negate = true,
                        _ => atom = Some(self.cond(p)),
                    }
                }
                let atom = atom.expect("cond_not holds an atom");
                if negate { Cond::Not(Box::new(atom)) } else { atom }
            }
            Rule::cond_atom => {
                let inner = first(pair);
                let span = self.span(&inner);
                match inner.as_rule() {
                    Rule::cond => self.cond(inner),
                    Rule::in_region => Cond::In(self.ident(first(inner))),
                    Rule::next_cond | Rule::ray_cond => {
                        let next_form = inner.as_rule() == Rule::next_cond;
                        let mut it = inner.into_inner();
                        let dirs = self.idents(next(&mut it));
                        let cond = Box::new(self.cond(next(&mut it)));
                        if next_form {
                            Cond::Next { dirs, cond }
                        } else {
                            Cond::Ray { dirs, cond }
                        }
                    }
                    Rule::line_cond => {
                        let mut exact = false;
                        let mut n = 0;
                        let mut dirs = None;
                        for p in inner.into_inner() {
                            match p.as_rule() {
                                Rule::exact_kw => exact = true,
                                Rule::int => n = self.int(&p),
                                _ => dirs = Some(self.idents(p)),
                            }
                        }
                        Cond::InLine { n, exact, dirs, span }
                    }
                    _ => Cond::Name(self.ident(first(inner))),
                }
            }
            r => unreachable!("cond rules only, not {r:?}"),
        }
    }

    fn fold_cond(&self, pair: P, join: fn(Box<Cond>, Box<Cond>) -> Cond) -> Cond {
        let mut it = pair.into_inner();
        let mut acc = self.cond(next(&mut it));
        for p in it {
            acc = join(Box::new(acc), Box::new(self.cond(p)));
        }
        acc
    }

    fn effect(&self, pair: P) -> Effect {
        let span = self.span(&pair);
        let e = first(pair);
        match e.as_rule() {
            Rule::remove_effect => Effect::Remove(span),
            _ => {
                let mut it = e.into_inner();
                let amount = self.int(&next(&mut it));
                let counter = self.ident(next(&mut it));
                Effect::Add {
                    amount,
                    counter,
                    span,
                }
            }
        }
    }

    fn setup_stmt(&self, pair: P) -> Vec<SetupStmt> {
        let mut it = pair.into_inner().peekable();
        if let Some(drawn) = it.next_if(|p| p.as_rule() == Rule::drawn_stmt) {
            let paths = (drawn.into_inner())
                .filter(|p| p.as_rule() == Rule::drawn_path)
                .map(|path| path.into_inner().map(|n| self.ident(n)).collect())
                .collect();
            return vec![SetupStmt::Drawn(paths)];
        }
        let player = self.ident(it.next().expect("a setup statement names its player"));
        it.map(|body| {
            let rule = body.as_rule();
            let mut it = body.into_inner();
            match rule {
                Rule::place_stmt => SetupStmt::Place {
                    player: player.clone(),
                    kind: self.ident(next(&mut it)),
                    cells: self.region_expr(next(&mut it)),
                },
                _ => {
                    let count_pair = next(&mut it);
                    SetupStmt::Reserve {
                        player: player.clone(),
                        count: self.int(&count_pair),
                        count_span: self.span(&count_pair),
                        kind: self.ident(next(&mut it)),
                    }
                }
            }
        })
        .collect()
    }

    fn turn(&self, pair: P, span: Span) -> TurnDecl {
        let mut it = pair.into_inner();
        let name = self.ident(next(&mut it));
        let mut turn = TurnDecl {
            name,
            actions: None,
            pass: None,
            must_capture: None,
            most_captures: None,
            follow_up: None,
            after_each: None,
            tiers: Vec::new(),
            repeated: Vec::new(),
            span,
        };
        for stmt in it {
            self.turn_stmt(&mut turn, stmt);
        }
        turn
    }

    /// Adds one `turn_stmt` to a turn.
    fn turn_stmt(&self, turn: &mut TurnDecl, stmt: P) {
        let s = first(stmt);
        match s.as_rule() {
            Rule::actions_stmt => {
                let span = self.span(&s);
                let mut it = s.into_inner();
                let exactly = next(&mut it).as_rule() == Rule::exactly_kw; // up_to | exactly_kw
                let count = self.expr(next(&mut it));
                if turn.actions.is_some() {
                    turn.repeated.push(span);
                }
                turn.actions = Some(Actions {
                    count,
                    exactly,
                    distinct: it.next().is_some(), // distinct_opt
                    span,
                });
            }
            Rule::pass_stmt => {
                let span = self.span(&s);
                if turn.pass.is_some() {
                    turn.repeated.push(span);
                }
                let when = if first(s).as_rule() == Rule::if_stuck {
                    PassWhen::IfStuck
                } else {
                    PassWhen::Always
                };
                turn.pass = Some((when, span));
            }
            Rule::must_capture => turn.must_capture = Some(self.span(&s)),
            Rule::most_captures => turn.most_captures = Some(self.span(&s)),
            Rule::follow_stmt => {
                let span = self.span(&s);
                let mut it = s.into_inner();
                let _then = next(&mut it); // then_kw
                let cond = self.cond(next(&mut it));
                let mut tiers = Vec::new();
                for choose in it {
                    self.add_tier(&mut tiers, choose);
                }
                turn.follow_up = Some((cond, tiers, span));
            }
            Rule::effect_stmt => {
                let span = self.span(&s);
                if turn.after_each.is_some() {
                    turn.repeated.push(span);
                }
                let clauses = self.clauses(first(s));
                turn.after_each = Some((clauses, span));
            }
            Rule::choose_stmt => self.add_tier(&mut turn.tiers, s),
            r => unreachable!("turn_stmt kinds only, not {r:?}"),
        }
    }

    /// `choose …` adds to the current tier, `else …` opens the next one.
    fn add_tier(&self, tiers: &mut Vec<Vec<Alt>>, choose: P) {
        let mut it = choose.into_inner();
        let opens_tier = next(&mut it).as_rule() == Rule::else_kw || tiers.is_empty();
        let alts: Vec<Alt> = it.map(|alt| self.alt(alt)).collect();
        match tiers.last_mut() {
            Some(tier) if !opens_tier => tier.extend(alts),
            _ => tiers.push(alts),
        }
    }

    /// An `action_alt`: the action, then its `cost` if written.
    fn alt(&self, pair: P) -> Alt {
        let mut it = pair.into_inner();
        let action_pair = next(&mut it);
        // From the action to its cost (the pairs' own spans may run on over
        // a comment after them: the action ends where its last token does).
        let mut last = action_pair.clone();
        while let Some(inner) = last.clone().into_inner().last() {
            last = inner;
        }
        let mut span = Span::new(self.span(&action_pair).start, self.span(&last).end);
        let action = self.action_alt(action_pair);
        let cost = it.next().map(|c| {
            span = span.join(self.span(&c));
            let n = next(&mut c.into_inner()); // int
            (self.int(&n), self.span(&n))
        });
        Alt { action, cost, span }
    }

    fn action_alt(&self, a: P) -> ActionAlt {
        let span = self.span(&a);
        let rule = a.as_rule();
        let mut it = a.into_inner();
        match rule {
            Rule::move_alt => ActionAlt::Move {
                kind: self.ident(next(&mut it)),
                name: it.next().map(|n| self.ident(n)),
            },
            Rule::remove_alt => {
                let _kw = next(&mut it); // remove_kw
                ActionAlt::Remove {
                    target: self.cond(next(&mut it)),
                    span,
                }
            }
            _ => ActionAlt::Drop {
                kind: self.ident(next(&mut it)),
                target: it.next().map(|c| self.cond(c)),
            },
        }
    }

    fn order_stmt(&self, pair: P) -> OrderStmt {
        let s = first(pair);
        match s.as_rule() {
            Rule::order_turn => {
                let (player, turn) = self.order_turn(s);
                OrderStmt::Turn { player, turn }
            }
            _ => {
                let span = self.span(&s);
                OrderStmt::Repeat {
                    turns: s.into_inner().map(|t| self.order_turn(t)).collect(),
                    span,
                }
            }
        }
    }

    /// A `Player: turn` pair (`order_turn`).
    pub(super) fn order_turn(&self, pair: P) -> (Ident, Ident) {
        let mut it = pair.into_inner();
        let player = self.ident(next(&mut it));
        (player, self.ident(next(&mut it)))
    }

    fn end_stmt(&self, pair: P) -> EndStmt {
        let s = first(pair);
        self.end_rule(s, None)
    }

    fn end_rule(&self, s: P, each: Option<Ident>) -> EndStmt {
        let span = self.span(&s);
        let rule = s.as_rule();
        let mut it = s.into_inner();
        match rule {
            Rule::for_stmt => {
                let var = self.ident(next(&mut it));
                self.end_rule(next(&mut it), Some(var))
            }
            Rule::win_stmt => EndStmt::Win {
                player: self.expr(next(&mut it)),
                when: self.expr(next(&mut it)),
                each,
                wording: self.wording(it.next(), span),
            },
            Rule::draw_stmt => EndStmt::Draw {
                when: self.expr(next(&mut it)),
                each,
                wording: self.wording(it.next(), span),
            },
            Rule::limit_stmt => EndStmt::Limit(self.expr(next(&mut it))),
            Rule::guarded_end => {
                let guard = self.expr(next(&mut it));
                let stmt = Box::new(self.end_rule(first(next(&mut it)), each));
                EndStmt::Guarded { guard, stmt }
            }
            Rule::quiet_stmt => {
                let limit = self.expr(next(&mut it));
                let (mut capture, mut drop, mut kinds) = (false, false, Vec::new());
                for reset in it {
                    let r = first(reset);
                    match r.as_rule() {
                        Rule::capture_kw => capture = true,
                        Rule::drop_word => drop = true,
                        _ => kinds.push(self.ident(r)),
                    }
                }
                EndStmt::Quiet {
                    limit,
                    capture,
                    drop,
                    kinds,
                    span,
                }
            }
            Rule::repeat_draw => EndStmt::Repeated {
                times: self.expr(next(&mut it)),
                span,
            },
            Rule::score_stmt => EndStmt::Score {
                player: self.ident(next(&mut it)),
                value: self.expr(next(&mut it)),
                each,
            },
            Rule::after_stmt => {
                let count = self.expr(next(&mut it));
                let passes = next(&mut it).as_rule() == Rule::passes_kw;
                let best_score = first(next(&mut it)).as_rule() == Rule::best_score;
                EndStmt::After {
                    count,
                    passes,
                    best_score,
                    span,
                }
            }
            Rule::on_draw_stmt => match self.end_rule(next(&mut it), each) {
                EndStmt::Win {
                    player,
                    when,
                    each,
                    wording,
                } => EndStmt::OnDraw {
                    player,
                    when,
                    each,
                    wording,
                },
                _ => unreachable!("on_draw_stmt holds a win_stmt"),
            },
            _ => {
                let rule = next(&mut it);
                let loses = rule.as_rule() == Rule::loses_kw;
                let best_score = rule.as_rule() == Rule::best_score;
                let only_in_check = loses && rule.into_inner().next().is_some();
                EndStmt::NoMove {
                    loses,
                    only_in_check,
                    best_score,
                    span,
                }
            }
        }
    }

    /// The wording of an end rule: its `because` pair, if any, and its span.
    fn wording(&self, because: Option<P>, span: Span) -> RuleWording {
        RuleWording {
            because: because.map(|b| first(first(b)).as_str().to_string()),
            span,
        }
    }

    /// A call's argument: an expression, or `pieces in REGION`.
    fn call_arg(&self, pair: P) -> Expr {
        let span = self.span(&pair);
        let mut it = pair.into_inner();
        let value = next(&mut it);
        if value.as_rule() == Rule::cells_arg {
            let mut inner = value.into_inner();
            inner.next(); // cells_kw
            let cond = self.cond(next(&mut inner));
            return Expr {
                kind: ExprKind::Cells(Box::new(cond), inner.next().is_some()),
                span,
            };
        }
        let value = self.expr(value);
        match it.find(|p| p.as_rule() == Rule::name) {
            Some(region) => Expr {
                kind: ExprKind::Within(Box::new(value), self.ident(region)),
                span,
            },
            None => value,
        }
    }

    fn expr(&self, pair: P) -> Expr {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::expr => self.expr(first(pair)),
            Rule::or_expr | Rule::and_expr | Rule::add_expr | Rule::mul_expr | Rule::cmp_expr => {
                let mut it = pair.into_inner();
                let mut acc = self.expr(next(&mut it));
                while let Some(op) = it.next() {
                    let rhs = self.expr(next(&mut it));
                    let op = match op.as_str() {
                        "==" => BinOp::Eq,
                        "!=" => BinOp::Ne,
                        "<" => BinOp::Lt,
                        "<=" => BinOp::Le,
                        ">" => BinOp::Gt,
                        ">=" => BinOp::Ge,
                        "+" => BinOp::Add,
                        "-" => BinOp::Sub,
                        "*" => BinOp::Mul,
                        "/" => BinOp::Div,
                        "%" => BinOp::Rem,
                        "and" => BinOp::And,
                        _ => BinOp::Or,
                    };
                    let span = acc.span.join(rhs.span);
                    acc = Expr {
                        kind: ExprKind::Binary(op, Box::new(acc), Box::new(rhs)),
                        span,
                    };
                }
                acc
            }
            Rule::not_expr | Rule::unary => {
                let negate_logic = pair.as_rule() == Rule::not_expr;
                let parts: Vec<P> = pair.into_inner().collect();
                let (ops, operand) = parts.split_at(parts.len() - 1);
                let mut acc = self.expr(operand[0].clone());
                for _op in ops.iter().rev() {
                    let kind = if negate_logic {
                        ExprKind::Not(Box::new(acc))
                    } else {
                        ExprKind::Neg(Box::new(acc))
                    };
                    acc = Expr { kind, span };
                }
                acc
            }
            // A winner (`win mover when …`) is read like a primary expression.
            Rule::primary | Rule::winner => {
                let inner = first(pair);
                let kind = match inner.as_rule() {
                    Rule::if_expr => {
                        let mut it = inner.into_inner();
                        let c = self.expr(next(&mut it));
                        let t = self.expr(next(&mut it));
                        let e = self.expr(next(&mut it));
                        ExprKind::If(Box::new(c), Box::new(t), Box::new(e))
                    }
                    Rule::call => {
                        let mut it = inner.into_inner();
                        let f = self.ident(next(&mut it));
                        ExprKind::Call(f, it.map(|a| self.call_arg(a)).collect())
                    }
                    Rule::index => {
                        let mut it = inner.into_inner();
                        let c = self.ident(next(&mut it));
                        ExprKind::Index(c, Box::new(self.expr(next(&mut it))))
                    }
                    Rule::bool_lit => ExprKind::Bool(inner.as_str() == "true"),
                    Rule::int => ExprKind::Int(self.int(&inner)),
                    Rule::name => ExprKind::Name(self.ident(inner)),
                    _ => return self.expr(inner),
                };
                Expr { kind, span }
            }
            r => unreachable!("expression rules only, not {r:?}"),
        }
    }
}

fn first(pair: P) -> P {
    pair.into_inner()
        .next()
        .expect("the grammar guarantees a child here")
}

fn next<'i>(it: &mut pest::iterators::Pairs<'i, Rule>) -> P<'i> {
    it.next().expect("the grammar guarantees another child here")
}

/// Sets `slot` unless it is set already; whether it was free.
fn set_once<T>(slot: &mut Option<T>, value: T) -> bool {
    let free = slot.is_none();
    if free {
        *slot = Some(value);
    }
    free
}
