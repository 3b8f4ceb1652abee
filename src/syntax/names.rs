//! Plain-word names for grammar rules, used in syntax error messages instead of rule names.

use super::parser::Rule;

/// How a grammar rule is called in an error message ("a name", "`{`", …).
pub(super) fn rule_name(rule: &Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::ident | Rule::name | Rule::region_name | Rule::region_names => "a name",
        Rule::int => "a whole number",
        Rule::bool_lit => "`true` or `false`",
        Rule::string | Rule::string_text => "a quoted string",
        Rule::label => "a file or rank label",
        Rule::item => {
            "a top-level item (game, players, option, board, directions, region, counter, piece, when, captured, setup, turn, turns, end, pool, flag, royal, promote)"
        }
        Rule::game_decl => "`game`",
        Rule::players_decl => "`players`",
        Rule::option_decl => "`option`",
        Rule::type_name => "a type (`int` or `bool`)",
        Rule::literal => "a value (a number, `true` or `false`)",
        Rule::option_range => "a range (`in 1..10`)",
        Rule::board_decl => "`board`",
        Rule::grid_board => "`grid`",
        Rule::graph_board => "`graph`",
        Rule::graph_stmt => "`cells`, `wrap`, `link` or `perpendicular`",
        Rule::cells_stmt => "`cells`",
        Rule::coord_range => "a coordinate range (`r in a..d`)",
        Rule::wrap_stmt => "`wrap`",
        Rule::link_stmt => "`link`",
        Rule::coord_pattern => "a coordinate pattern (`(r, s)`)",
        Rule::coord_tuple => "coordinates (`(r + 1, s)`)",
        Rule::link_when => "`when`",
        Rule::link_then => "`then`",
        Rule::perp_stmt => "`perpendicular`",
        Rule::pool_kw => "`pool`",
        Rule::unless_flag => "`unless`",
        Rule::pool_decl => "`pool`",
        Rule::flag_decl => "`flag`",
        Rule::royal_decl => "`royal`",
        Rule::promote_decl => "`promote`",
        Rule::promoted => "a piece or `lowest in pool`",
        Rule::lowest_in_pool => "`lowest in pool`",
        Rule::zone => "a region or `anywhere`",
        Rule::anywhere_kw => "`anywhere`",
        Rule::in_check_kw => "`if in check`",
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
        Rule::counter_decl => "`counter`",
        Rule::piece_decl => "`piece`",
        Rule::piece_attr => "`owner` or `plural`",
        Rule::owner_attr => "`owner`",
        Rule::plural_attr => "`plural`",
        Rule::move_decl => "`move`",
        Rule::pattern => "a movement pattern (`step`, `slide`, `leap`, `jump`)",
        Rule::step_pat => "`step`",
        Rule::slide_pat => "`slide`",
        Rule::leap_pat => "`leap`",
        Rule::path | Rule::path_step => "a path step (a direction, `same` or `perpendicular`)",
        Rule::same_kw => "`same`",
        Rule::perpendicular_kw => "`perpendicular`",
        Rule::jump_pat => "`jump`",
        Rule::jump_opt => {
            "a jump option (`capturing`, `repeat`, `each piece jumped once`, `not ending at start`)"
        }
        Rule::capturing_opt => "`capturing`",
        Rule::repeat_opt => "`repeat`",
        Rule::once_opt => "`each piece jumped once`",
        Rule::not_start_opt => "`not ending at start`",
        Rule::target => "`onto`",
        Rule::dir_ref => "a direction",
        Rule::cond | Rule::cond_and | Rule::cond_not | Rule::cond_atom => {
            "a cell condition (`empty`, `enemy`, `friend`, `occupied`, `exit`, a piece, `in region`)"
        }
        Rule::not_kw => "`not`",
        Rule::in_region => "`in`",
        Rule::trigger_decl => "`when`",
        Rule::effect => "an effect (`remove`, `add N to counter`)",
        Rule::remove_effect => "`remove`",
        Rule::add_effect => "`add`",
        Rule::captured_decl => "`captured`",
        Rule::reserve_kw => "`reserve`",
        Rule::out_kw => "`out`",
        Rule::setup_decl => "`setup`",
        Rule::setup_stmt => "`Player: Piece at cells` or `Player: reserve N Piece`",
        Rule::place_stmt => "`Piece at cells`",
        Rule::reserve_stmt => "`reserve N Piece`",
        Rule::turn_decl => "`turn`",
        Rule::turn_stmt => "`actions up to`, `pass allowed`, `choose`, `else`",
        Rule::actions_stmt => "`actions up to`",
        Rule::distinct_opt => "`, distinct pieces`",
        Rule::pass_stmt => "`pass allowed`",
        Rule::choose_stmt => "`choose`",
        Rule::choose_kw => "`choose`",
        Rule::else_kw => "`else`",
        Rule::action_alt => "an action (`move Piece`, `drop Piece onto …`)",
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
        Rule::index => "`counter[player]`",
        Rule::or_op => "`or`",
        Rule::and_op => "`and`",
        Rule::cmp_op => "a comparison (`==`, `<`, …)",
        Rule::add_op => "`+` or `-`",
        Rule::mul_op => "`*`, `/` or `%`",
        Rule::neg_op => "`-`",
        Rule::file => "a rules file",
        Rule::keyword => "a keyword",
        Rule::WHITESPACE | Rule::COMMENT | Rule::ident_char => "white space",
    }
}
