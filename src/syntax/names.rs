//! Plain-word names for grammar rules, used in syntax error messages instead of rule names.
//!
//! One function per part of the language; every grammar rule is named by
//! exactly one of them (a test checks each rule of the grammar, so a new rule
//! cannot be forgotten).

use super::parser::Rule;

/// How a grammar rule is called in an error message ("a name", "`{`", …).
pub(super) fn rule_name(rule: &Rule) -> &'static str {
    SECTIONS
        .iter()
        .find_map(|section| section(rule))
        // Every rule is named by a section (the test below checks it); a rule
        // forgotten there still gets words, never a panic.
        .unwrap_or("a part of the rules")
}

/// How a rule the parser was trying is listed among what was expected, if at
/// all: white space, comments and keywords are not, nor is a rule named like a
/// keyword ("`option`"), which only stands for the literal tokens it was
/// trying (listed already).
pub(super) fn listed_rule_name(rule: &Rule) -> Option<&'static str> {
    if matches!(rule, Rule::WHITESPACE | Rule::COMMENT | Rule::keyword) {
        return None;
    }
    let name = rule_name(rule);
    (!name.starts_with('`')).then_some(name)
}

/// The parts of the language, each naming its own rules.
const SECTIONS: [fn(&Rule) -> Option<&'static str>; 9] = [
    token_words,
    declaration_words,
    board_words,
    piece_words,
    clause_words,
    turn_and_end_words,
    block_rest_words,
    test_words,
    expression_words,
];

/// Tokens, names and the file as a whole.
fn token_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the file",
        Rule::ident | Rule::name | Rule::region_name | Rule::region_names => "a name",
        Rule::int => "a whole number",
        Rule::bool_lit => "`true` or `false`",
        Rule::string | Rule::string_text => "a quoted string",
        Rule::label => "a file or rank label",
        Rule::letter => "a piece letter (`N`, `+P`)",
        Rule::item => {
            "a top-level item (game, players, option, board, directions, region, counter, piece, when, captured, setup, turn, turns, end, pool, flag, royal, promote, mark, supply, adjacency, forbid, position, layout, notation, appearance, clauses, condition, test)"
        }
        Rule::line_space => "a space",
        Rule::file => "a rules file",
        Rule::keyword => "a keyword",
        Rule::WHITESPACE | Rule::COMMENT | Rule::ident_char => "white space",
        _ => return None,
    })
}

/// The short top-level declarations: game, players, options, counters, captures, pools, flags, promotion.
fn declaration_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::captor_kw => "`captor`",
        Rule::captured_as => "`as`",
        Rule::promote_capture => "`capturing`",
        Rule::promote_zone => "`in REGION` or `from REGION`",
        Rule::zone_test => "`in REGION` or `from REGION`",
        Rule::in_kw => "`in`",
        Rule::from_kw => "`from`",
        Rule::on_entering => "`on entering`",
        Rule::optional_kw => "`optional`",
        Rule::mark_decl => "`mark`",
        Rule::supply_decl => "`supply`",
        Rule::forbid_decl => "`forbid repetition`",
        Rule::guarded_item => "`if … :`",
        Rule::game_decl => "`game`",
        Rule::players_decl => "`players`",
        Rule::option_decl => "`option`",
        Rule::type_name => "a type (`int` or `bool`)",
        Rule::literal => "a value (a number, `true` or `false`)",
        Rule::option_range => "a range (`in 1..10`)",
        Rule::pool_kw => "`pool`",
        Rule::unless_flag => "`unless`",
        Rule::pool_decl => "`pool`",
        Rule::flag_decl => "`flag`",
        Rule::royal_decl => "`royal`",
        Rule::promote_decl => "`promote`",
        Rule::promoted => "a piece or `lowest in pool`",
        Rule::lowest_in_pool => "`lowest in pool`",
        Rule::zone => "a region or `anywhere`",
        Rule::counter_decl => "`counter`",
        Rule::trigger_decl => "`when`",
        Rule::effect => "an effect (`remove`, `add N to counter`)",
        Rule::remove_effect => "`remove`",
        Rule::add_effect => "`add`",
        Rule::captured_decl => "`captured`",
        Rule::reserve_kw => "`reserve`",
        Rule::out_kw => "`out`",
        _ => return None,
    })
}

/// The board: grids, graphs, directions, regions, and how the board and positions are written and drawn.
fn board_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::at_kw => "`at`",
        Rule::region_word => "`rank`, `file`, `cells`, `first` or `last`",
        Rule::grid_dim | Rule::label_range | Rule::grid_count => {
            "files or ranks (`a..h`, `1..8`, a number or an option)"
        }
        Rule::line_stmt => "`line`",
        Rule::line_cells => "cell names",
        Rule::graph_word => "`cells`, `wrap`, `link`, `perpendicular` or `line`",
        Rule::region_and | Rule::region_atom => "a region (cell names, `rank 8`, `file a`, `cells where …`)",
        Rule::edge_sel => "`first rank`, `last rank`, `first file` or `last file`",
        Rule::first_kw => "`first`",
        Rule::last_kw => "`last`",
        Rule::rank_kw => "`rank`",
        Rule::file_kw => "`file`",
        Rule::position_decl => "`position`",
        Rule::position_field => {
            "a position field (`mover`, `rights`, `marks`, `reserves`, `quiet`, `number`, `ply`)"
        }
        Rule::pos_mover => "`mover`",
        Rule::player_text => "`Player \"text\"`",
        Rule::pos_rights => "`rights`",
        Rule::right => "`\"letter\" cells`",
        Rule::pos_marks => "`marks`",
        Rule::pos_word => "a position field",
        Rule::pos_reserves => "`reserves`",
        Rule::pos_quiet => "`quiet`",
        Rule::pos_number => "`number`",
        Rule::pos_ply => "`ply`",
        Rule::layout_decl => "`layout`",
        // Named like its keywords: the error lists the words themselves.
        Rule::layout_plane | Rule::layout_style => "`squares`, `intersections` or `hexagons`",
        Rule::layout_axes => "coordinates across and up (`(q, r)`)",
        Rule::layout_polar => "`polar ring VAR, sector VAR`",
        Rule::polar_opt => "`clockwise` or `from DEGREES`",
        Rule::clockwise_kw => "`clockwise`",
        Rule::polar_from => "`from DEGREES`",
        Rule::layout_points => "`points`",
        Rule::layout_point => "a cell and its point (`a1 (0, 0)`)",
        Rule::appearance_decl => "`appearance`",
        Rule::look_stmt => "`style`, `colour`, `edges`, `dots`, `glyph`, `unlettered` or `}`",
        Rule::look_style => "`style`",
        Rule::look_style_word => "`checkered`, `plain`, `holes` or `lines`",
        Rule::look_colour => "`colour NAME \"#rrggbb\"`",
        Rule::look_edges => "`edges REGION`",
        Rule::look_dots => "`dots CELL …`",
        Rule::look_word => "a statement of `appearance`",
        Rule::look_glyph => "`glyph PIECE \"figure\"`",
        Rule::look_unlettered => "`unlettered PIECE`",
        Rule::adjacency_decl => "`adjacency`",
        Rule::notation_decl => "`notation`",
        Rule::board_decl => "`board`",
        Rule::grid_board => "`grid`",
        Rule::graph_board => "`graph`",
        Rule::graph_stmt => "`cells`, `wrap`, `link`, `perpendicular` or `line`",
        Rule::cells_stmt => "`cells`",
        Rule::cells_where => "`where`",
        Rule::coord_range => "a coordinate range (`r in a..d`)",
        Rule::wrap_stmt => "`wrap`",
        Rule::link_stmt => "`link`",
        Rule::coord_pattern => "a coordinate pattern (`(r, s)`)",
        Rule::coord_tuple => "coordinates (`(r + 1, s)`)",
        Rule::link_when => "`when`",
        Rule::link_then => "`then`",
        Rule::perp_stmt => "`perpendicular`",
        Rule::board_stmt | Rule::exits_stmt => "`exits`",
        Rule::directions_decl => "`directions`",
        Rule::per_player_dirs | Rule::player_dirs => "`Player: directions`",
        Rule::dir_list => "a list of directions",
        Rule::region_decl => "`region`",
        Rule::per_player_region | Rule::player_region => "`Player: cells`",
        Rule::region_expr | Rule::region_term => "a region (cell names, `rank 8`, `file a`, `cells where …`)",
        Rule::rank_sel => "`rank`",
        Rule::file_sel => "`file`",
        Rule::where_sel => "`cells where`",
        _ => return None,
    })
}

/// Pieces and their movement patterns.
fn piece_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::step_dir => "a direction, `same` or `perpendicular`",
        Rule::piece_mod => "`owner`, `plural`, `neutral` or `like`",
        Rule::owner_mod => "`owner`",
        Rule::plural_mod => "`plural`",
        Rule::neutral_kw => "`neutral`",
        Rule::like_mod => "`like`",
        Rule::piece_item => "`move name: …` or `drop: onto …`",
        Rule::drop_decl => "`drop`",
        Rule::anywhere_pat => "`anywhere onto`",
        Rule::at_end => "`at end`",
        Rule::long_opt => "`long`",
        Rule::continue_opt => "`must continue`",
        Rule::cells_arg | Rule::cells_kw => "`cells` and a cell condition",
        Rule::anywhere_kw => "`anywhere`",
        Rule::piece_decl => "`piece`",
        Rule::move_decl => "`move`",
        Rule::pattern => "a movement pattern (`step`, `slide`, `leap`, `jump`)",
        Rule::step_pat => "`step`",
        Rule::slide_pat => "`slide`",
        Rule::leap_pat => "`leap`",
        Rule::path | Rule::path_step => "a path step (a direction, `same` or `perpendicular`)",
        Rule::same_kw => "`same`",
        Rule::back_kw => "`back`",
        Rule::one_kw => "`one`",
        Rule::perpendicular_kw => "`perpendicular`",
        Rule::jump_pat => "`jump`",
        Rule::jump_opt => {
            "a jump option (`capturing`, `repeat`, `each piece jumped once`, `not ending at start`, `long`, `must continue`)"
        }
        Rule::capturing_opt => "`capturing`",
        Rule::repeat_opt => "`repeat`",
        Rule::once_opt => "`each piece jumped once`",
        Rule::not_start_opt => "`not ending at start`",
        Rule::target => "`onto`",
        Rule::dir_ref => "a direction",
        Rule::distance => "`exactly N` or `up to N`",
        Rule::over_cond => "`over` and a cell condition",
        _ => return None,
    })
}

/// The clauses of a rule (besides patterns) and cell conditions.
fn clause_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::clauses | Rule::clause | Rule::core_clause => {
            "a clause (a pattern, `go`, `if`, `when`, `land`, `capture`, `place`, `flip`, `then`, …)"
        }
        Rule::then_clause | Rule::then_kw => "`then`",
        Rule::go_clause => "`go`",
        Rule::if_clause => "`if`",
        Rule::when_clause => "`when`",
        Rule::can_clause => "`can (…)` or `cannot (…)`",
        Rule::can_kw => "`can`",
        Rule::cannot_kw => "`cannot`",
        Rule::land_kw => "`land`",
        Rule::run_clause => "`flip … along … closed by …`",
        Rule::groups_clause => "`capture … groups without liberties`",
        Rule::capture_clause | Rule::capture_kw => "`capture`",
        Rule::group_kw => "`group`",
        Rule::must_kw => "`must`",
        Rule::place_clause => "`place`",
        Rule::remove_kw => "`remove`",
        Rule::flip_kw => "`flip`",
        Rule::become_clause => "`become`",
        Rule::silently_kw => "`silently`",
        Rule::mark_clause => "`mark`",
        Rule::save_clause => "`save`",
        Rule::back_clause => "`back to`",
        Rule::carry_clause => "`carry to`",
        Rule::shift_clause | Rule::shift_kw => "`shift`",
        Rule::each_clause => "`each (…)`",
        Rule::rotate_clause => "`rotate`",
        Rule::rotate_kw => "`rotate`",
        Rule::angle_list => "an angle (`90`, `-90`, `180`) or a list of them",
        Rule::reflect_clause => "`reflect`",
        Rule::reflect_kw => "`reflect`",
        Rule::group_clause => "`( … )`",
        Rule::repeat_op => "`*`, `+` or `?`",
        Rule::cond_seq | Rule::cond_word => "a cell condition",
        Rule::next_cond => "`next … is …`",
        Rule::ray_cond => "`ray … has …`",
        Rule::line_cond => "`in line of N`",
        Rule::exact_kw => "`exact`",
        Rule::cond_stop => "a word that ends a condition",
        Rule::clauses_decl => "`clauses`",
        Rule::condition_decl => "`condition`",
        Rule::like_clause => "`like`",
        Rule::written_kw => "`written`",
        Rule::cond | Rule::cond_and | Rule::cond_not | Rule::cond_atom => {
            "a cell condition (`empty`, `enemy`, `friend`, `occupied`, `exit`, a piece, `in region`)"
        }
        Rule::not_kw => "`not`",
        Rule::in_region => "`in`",
        Rule::draw_line_kw => "`draw`",
        _ => return None,
    })
}

/// Setup, turns, turn order and end rules.
fn turn_and_end_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::winner => "a player (a name, `mover` or `opponent(P)`)",
        Rule::allowed_kw => "`allowed`",
        Rule::if_stuck => "`if stuck`",
        Rule::must_capture => "`must capture`",
        Rule::most_captures => "`most captures`",
        Rule::follow_stmt => "`then if … :`",
        Rule::effect_stmt => "`after each action: …`",
        Rule::remove_alt => "`remove`",
        Rule::guarded_end => "`if … :`",
        Rule::quiet_stmt => "`draw after N moves without …`",
        Rule::quiet_reset => "`capture`, `drop` or `Piece move`",
        Rule::drop_word => "`drop`",
        Rule::repeat_draw => "`draw when repeated N times`",
        Rule::score_stmt => "`score P = …`",
        Rule::after_stmt => "`after N passes: …` or `after N moves: …`",
        Rule::passes_kw => "`passes`",
        Rule::moves_kw => "`moves`",
        Rule::end_outcome => "`best score` or `draw`",
        Rule::best_score => "`best score`",
        Rule::in_check_kw => "`if in check`",
        Rule::setup_decl => "`setup`",
        Rule::setup_stmt => "`Player: Piece at cells`, `Player: reserve N Piece` or `drawn CELL CELL …`",
        Rule::drawn_stmt => "`drawn CELL CELL …`",
        Rule::drawn_kw => "`drawn`",
        Rule::drawn_path => "cells joined by drawn lines",
        Rule::place_stmt => "`Piece at cells`",
        Rule::reserve_stmt => "`reserve N Piece`",
        Rule::turn_decl => "`turn`",
        Rule::turn_stmt => {
            "`actions up to`, `actions exactly`, `pass allowed`, `must capture`, `most captures`, `then if`, `after each action`, `choose`, `else`"
        }
        Rule::actions_stmt => "`actions up to` or `actions exactly`",
        Rule::up_to => "`up to`",
        Rule::exactly_kw => "`exactly`",
        Rule::along_line => "`along line`",
        Rule::cost => "`costs N`",
        Rule::distinct_opt => "`, distinct pieces`",
        Rule::pass_stmt => "`pass allowed` or `pass if stuck`",
        Rule::choose_stmt => "`choose`",
        Rule::choose_kw => "`choose`",
        Rule::else_kw => "`else`",
        Rule::action_alt => "an action (`move Piece`, `drop Piece onto …`, `remove …`)",
        Rule::move_alt => "`move`",
        Rule::drop_alt => "`drop`",
        Rule::turns_decl => "`turns`",
        Rule::order_stmt | Rule::order_turn => "`Player: turn` or `repeat {`",
        Rule::repeat_block => "`repeat`",
        Rule::end_decl => "`end`",
        Rule::end_stmt => {
            "an end rule (`win P when …`, `draw when …`, `draw after N moves`, `no move: …`, `on draw: …`, `for P in players: …`)"
        }
        Rule::for_stmt => "`for`",
        Rule::on_draw_stmt => "`on draw`",
        Rule::win_stmt => "`win`",
        Rule::because => "`because \"…\"`",
        Rule::draw_stmt => "`draw when`",
        Rule::limit_stmt => "`draw after`",
        Rule::no_move_stmt => "`no move`",
        Rule::loses_kw => "`mover loses`",
        Rule::draw_kw => "`draw`",
        _ => return None,
    })
}

/// The rest of a block from a statement on (where recovery parses from).
fn block_rest_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        // Named like its keywords: only the `}` it tries is listed.
        Rule::piece_body
        | Rule::setup_body
        | Rule::turn_body
        | Rule::end_body
        | Rule::turns_body
        | Rule::repeat_body
        | Rule::graph_body
        | Rule::grid_body => "`}`",
        _ => return None,
    })
}

/// `test` blocks.
fn test_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::test_decl | Rule::test_kw => "`test`",
        Rule::test_stmt => "a test statement",
        Rule::test_set => "`set NAME = VALUE`",
        Rule::test_from => "`from position \"TEXT\"`",
        Rule::test_play | Rule::play_kw => "`play`",
        Rule::test_legal | Rule::legal_kw => "`legal`",
        Rule::test_illegal | Rule::illegal_kw => "`illegal`",
        Rule::test_status => "`status`",
        Rule::status_win => "`win PLAYER`",
        Rule::ongoing_kw => "`ongoing`",
        Rule::test_expect => "`expect`",
        Rule::test_perft => "`perft DEPTH = COUNT`",
        Rule::test_move | Rule::move_effects => "a move in notation (`e2-e4`)",
        _ => return None,
    })
}

/// Expressions.
fn expression_words(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::expr
        | Rule::or_expr
        | Rule::and_expr
        | Rule::not_expr
        | Rule::cmp_expr
        | Rule::add_expr
        | Rule::mul_expr
        | Rule::unary
        | Rule::primary => "an expression",
        Rule::if_expr => "`if`",
        Rule::call => "a function call",
        Rule::call_arg => "an argument",
        Rule::index => "`counter[player]`",
        Rule::or_op => "`or`",
        Rule::and_op => "`and`",
        Rule::cmp_op => "a comparison (`==`, `<`, …)",
        Rule::add_op => "`+` or `-`",
        Rule::mul_op => "`*`, `/` or `%`",
        Rule::neg_op => "`-`",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grammar_rule_is_named_by_exactly_one_section() {
        for rule in Rule::all_rules() {
            let naming = SECTIONS.iter().filter(|section| section(rule).is_some()).count();
            assert_eq!(naming, 1, "{rule:?} is named by {naming} sections");
        }
    }
}
