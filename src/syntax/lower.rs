//! Pest pairs → typed AST. The only file that names `Pair`, `Pairs` and `Rule`.

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
        // The grammar allows only digits with an optional sign; overflow saturates
        // and is then refused by the range checks of the compiler.
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
            Rule::directions_decl => {
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
                Item::Directions(DirectionsDecl { name, value })
            }
            Rule::region_decl => {
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
                Item::Region(RegionDecl { name, value })
            }
            Rule::counter_decl => Item::Counter(self.ident(first(inner))),
            Rule::piece_decl => Item::Piece(self.piece(inner)),
            Rule::trigger_decl => {
                let mut it = inner.into_inner();
                let kind = self.ident(next(&mut it));
                let region = self.ident(next(&mut it));
                let effects = it.map(|e| self.effect(e)).collect();
                Item::Trigger(TriggerDecl {
                    kind,
                    region,
                    effects,
                    span,
                })
            }
            Rule::captured_decl => {
                let mut it = inner.into_inner();
                let kind = self.ident(next(&mut it));
                let to = match next(&mut it).as_rule() {
                    Rule::reserve_kw => CaptureDest::Reserve,
                    Rule::pool_kw => CaptureDest::Pool,
                    _ => CaptureDest::Out,
                };
                let unless = it.next().map(|u| self.ident(first(u)));
                Item::Captured(CapturedDecl {
                    kind,
                    to,
                    unless,
                    span,
                })
            }
            Rule::pool_decl => Item::Pool(inner.into_inner().map(|p| self.ident(p)).collect()),
            Rule::royal_decl => Item::Royal(inner.into_inner().map(|p| self.ident(p)).collect()),
            Rule::flag_decl => {
                let mut it = inner.into_inner();
                let name = self.ident(next(&mut it));
                Item::Flag {
                    name,
                    when: self.expr(next(&mut it)),
                }
            }
            Rule::promote_decl => Item::Promote(self.promote(inner, span)),
            Rule::setup_decl => Item::Setup(inner.into_inner().map(|s| self.setup_stmt(s)).collect()),
            Rule::turn_decl => Item::Turn(self.turn(inner, span)),
            Rule::turns_decl => Item::Turns {
                stmts: inner.into_inner().map(|s| self.order_stmt(s)).collect(),
                span,
            },
            Rule::end_decl => Item::End(inner.into_inner().map(|s| self.end_stmt(s)).collect()),
            r => unreachable!("item holds a declaration, not {r:?}"),
        }
    }

    /// Adds one statement of a block (a `move_decl`, `setup_stmt`,
    /// `turn_stmt`, `end_stmt`, `order_stmt`, `graph_stmt` or `board_stmt` pair parsed on its
    /// own after a syntax error elsewhere in the block) to the item it belongs to.
    pub(super) fn statement(&self, item: &mut Item, pair: P) {
        match (item, pair.as_rule()) {
            (Item::Piece(piece), Rule::move_decl) => piece.moves.push(self.move_decl(pair)),
            (Item::Setup(stmts), Rule::setup_stmt) => stmts.push(self.setup_stmt(pair)),
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
            _ => {
                let mut it = s.into_inner();
                let a = self.idents(next(&mut it));
                let b = self.idents(next(&mut it));
                graph.perpendicular.push((a, b));
            }
        }
    }

    fn promote(&self, pair: P, span: Span) -> PromoteDecl {
        let mut it = pair.into_inner();
        let kind = self.ident(next(&mut it));
        let captured = self.cond(next(&mut it));
        let mut decl = PromoteDecl {
            kind,
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
        decl
    }

    fn grid(&self, pair: P) -> BoardShape {
        let mut it = pair.into_inner();
        let f0 = self.ident(next(&mut it));
        let f1 = self.ident(next(&mut it));
        let r0 = self.ident(next(&mut it));
        let r1 = self.ident(next(&mut it));
        let mut exits = Vec::new();
        for stmt in it {
            // board_stmt → exits_stmt
            let exits_stmt = first(stmt);
            exits.extend(self.idents(exits_stmt));
        }
        BoardShape::Grid {
            files: (f0, f1),
            ranks: (r0, r1),
            exits,
        }
    }

    fn region_expr(&self, pair: P) -> RegionExpr {
        let span = self.span(&pair);
        let terms = pair
            .into_inner()
            .map(|term| {
                let t = first(term);
                match t.as_rule() {
                    Rule::rank_sel => RegionTerm::Rank(self.ident(first(t))),
                    Rule::file_sel => RegionTerm::File(self.ident(first(t))),
                    Rule::where_sel => RegionTerm::Where(self.expr(first(t))),
                    Rule::region_names => {
                        RegionTerm::Names(t.into_inner().map(|n| self.ident(first(n))).collect())
                    }
                    r => unreachable!("region_term holds a selector, not {r:?}"),
                }
            })
            .collect();
        RegionExpr { terms, span }
    }

    fn piece(&self, pair: P) -> PieceDecl {
        let mut name = None;
        let mut letter = None;
        let mut owner = None;
        let mut plural = None;
        let mut repeated = Vec::new();
        let mut moves = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(self.ident(p)),
                Rule::label => letter = Some(self.ident(p)),
                Rule::piece_attr => {
                    let attr = first(p);
                    let span = self.span(&attr);
                    let slot = match attr.as_rule() {
                        Rule::owner_attr => &mut owner,
                        _ => &mut plural,
                    };
                    if slot.is_some() {
                        repeated.push(span);
                    } else {
                        *slot = Some(self.ident(first(attr)));
                    }
                }
                Rule::move_decl => moves.push(self.move_decl(p)),
                r => unreachable!("piece_decl holds a name, a letter, attributes and moves, not {r:?}"),
            }
        }
        PieceDecl {
            name: name.expect("piece_decl starts with a name"),
            letter: letter.expect("piece_decl has a letter"),
            owner,
            plural,
            repeated,
            moves,
        }
    }

    fn move_decl(&self, pair: P) -> MoveDecl {
        let span = self.span(&pair);
        let mut it = pair.into_inner();
        let name = self.ident(next(&mut it));
        let pattern = first(next(&mut it));
        let rule = pattern.as_rule();
        let mut it = pattern.into_inner();
        let pattern = match rule {
            Rule::step_pat => Pattern::Step {
                dirs: self.idents(next(&mut it)),
                target: self.target(next(&mut it)),
            },
            Rule::slide_pat => Pattern::Slide {
                dirs: self.idents(next(&mut it)),
                target: self.target(next(&mut it)),
            },
            Rule::leap_pat => {
                let path = next(&mut it)
                    .into_inner()
                    .map(|step| {
                        let s = first(step);
                        match s.as_rule() {
                            Rule::same_kw => PathStep::Same(self.span(&s)),
                            Rule::perpendicular_kw => PathStep::Perpendicular(self.span(&s)),
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
                            Rule::capturing_opt => JumpOption::Capturing,
                            Rule::repeat_opt => JumpOption::Repeat,
                            Rule::once_opt => JumpOption::EachPieceOnce,
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
        };
        MoveDecl { name, pattern, span }
    }

    fn target(&self, pair: P) -> Cond {
        self.cond(first(pair))
    }

    fn cond(&self, pair: P) -> Cond {
        match pair.as_rule() {
            Rule::cond => self.fold_cond(pair, Cond::Or),
            Rule::cond_and => self.fold_cond(pair, Cond::And),
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
                match inner.as_rule() {
                    Rule::cond => self.cond(inner),
                    Rule::in_region => Cond::In(self.ident(first(inner))),
                    _ => Cond::Name(self.ident(inner)),
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

    fn setup_stmt(&self, pair: P) -> SetupStmt {
        let mut it = pair.into_inner();
        let player = self.ident(next(&mut it));
        let body = next(&mut it);
        let rule = body.as_rule();
        let mut it = body.into_inner();
        match rule {
            Rule::place_stmt => SetupStmt::Place {
                player,
                kind: self.ident(next(&mut it)),
                cells: self.region_expr(next(&mut it)),
            },
            _ => {
                let count_pair = next(&mut it);
                SetupStmt::Reserve {
                    player,
                    count: self.int(&count_pair),
                    count_span: self.span(&count_pair),
                    kind: self.ident(next(&mut it)),
                }
            }
        }
    }

    fn turn(&self, pair: P, span: Span) -> TurnDecl {
        let mut it = pair.into_inner();
        let name = self.ident(next(&mut it));
        let mut turn = TurnDecl {
            name,
            actions: None,
            pass: false,
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
                let s_span = s.clone();
                let mut it = s.into_inner();
                let count = self.expr(next(&mut it));
                if turn.actions.is_some() {
                    turn.repeated.push(self.span(&s_span));
                }
                turn.actions = Some((count, it.next().is_some()));
            }
            Rule::pass_stmt => {
                if turn.pass {
                    turn.repeated.push(self.span(&s));
                }
                turn.pass = true;
            }
            Rule::choose_stmt => {
                let mut it = s.into_inner();
                // `choose` adds to the current tier, `else` opens the next one.
                let opens_tier = next(&mut it).as_rule() == Rule::else_kw || turn.tiers.is_empty();
                let alts: Vec<ActionAlt> = it.map(|alt| self.action_alt(alt)).collect();
                match turn.tiers.last_mut() {
                    Some(tier) if !opens_tier => tier.extend(alts),
                    _ => turn.tiers.push(alts),
                }
            }
            r => unreachable!("turn_stmt kinds only, not {r:?}"),
        }
    }

    fn action_alt(&self, pair: P) -> ActionAlt {
        let a = first(pair);
        let rule = a.as_rule();
        let mut it = a.into_inner();
        match rule {
            Rule::move_alt => ActionAlt::Move {
                kind: self.ident(next(&mut it)),
                name: it.next().map(|n| self.ident(n)),
            },
            _ => ActionAlt::Drop {
                kind: self.ident(next(&mut it)),
                target: self.cond(next(&mut it)),
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
                player: self.ident(next(&mut it)),
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
                let only_in_check = loses && rule.into_inner().next().is_some();
                EndStmt::NoMove {
                    loses,
                    only_in_check,
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
            Rule::primary => {
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
                        ExprKind::Call(f, it.map(|a| self.expr(a)).collect())
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
