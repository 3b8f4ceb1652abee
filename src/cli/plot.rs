//! `analyze --plot FILE.svg|FILE.png`: the win rate of each player in each
//! variant, with its 95% interval, drawn with plotters; the players' key
//! stands beside the chart, never over its points.

use std::path::Path;

use plotters::prelude::*;

use super::load::CliError;
use rulebook::analysis::{Study, VariantReport};

/// The colours of the players, in order (then again).
const COLOURS: [RGBColor; 4] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0x94, 0x67, 0xbd),
];

/// The width of the players' key beside the chart.
const KEY_WIDTH: u32 = 150;

/// Draws the win rates of `reports` into `path` (SVG or PNG by its ending).
pub fn win_rates(path: &Path, study: &Study, reports: &[VariantReport]) -> miette::Result<()> {
    let mut svg = String::new();
    draw(&mut svg, study, reports).map_err(|e| CliError::Unwritable {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    super::render::write_picture(path, svg)
}

/// Draws the chart as an SVG document into `svg`.
fn draw(
    svg: &mut String,
    study: &Study,
    reports: &[VariantReport],
) -> Result<(), Box<dyn std::error::Error>> {
    let names: Vec<&str> = reports
        .first()
        .map(|r| r.options.iter().map(|(n, _)| n.as_str()).collect())
        .unwrap_or_default();
    let labels: Vec<String> = reports
        .iter()
        .map(|r| {
            if r.options.is_empty() {
                "default".to_string()
            } else {
                r.options
                    .iter()
                    .map(|(_, v)| v.as_str())
                    .collect::<Vec<_>>()
                    .join(" / ")
            }
        })
        .collect();
    let width = (160 + 110 * reports.len() as u32).max(640) + KEY_WIDTH;
    let root = SVGBackend::with_string(svg, (width, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let (area, key) = root.split_horizontally(width - KEY_WIDTH);
    let n = reports.len() as f64;
    let mut chart = ChartBuilder::on(&area)
        .caption(
            format!(
                "{}: win rates ({} games a variant, 95% intervals)",
                study.title, study.games
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(56)
        .build_cartesian_2d(-0.5..n - 0.5, 0.0..1.0)?;
    let label = |x: &f64| {
        let i = (x + 0.5).floor();
        if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
            labels[i as usize].clone()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(reports.len().max(2))
        .x_label_formatter(&label)
        .x_desc(if names.is_empty() {
            "variant".to_string()
        } else {
            names.join(" / ")
        })
        .y_desc(format!("wins ({})", study.agents.join(" against ")))
        .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
        .draw()?;
    chart.draw_series(LineSeries::new([(-0.5, 0.5), (n - 0.5, 0.5)], BLACK.mix(0.3)))?;
    let players = study.players.len() as f64;
    for (p, player) in study.players.iter().enumerate() {
        let colour = COLOURS[p % COLOURS.len()];
        let dx = (p as f64 - (players - 1.0) / 2.0) * 0.12;
        let points: Vec<(f64, f64, f64, f64)> = reports
            .iter()
            .enumerate()
            .map(|(v, r)| {
                let w = &r.wins[p].rate;
                (v as f64 + dx, w.low, w.value, w.high)
            })
            .collect();
        chart.draw_series(points.iter().map(|&(x, low, value, high)| {
            ErrorBar::new_vertical(x, low, value, high, colour.stroke_width(2), 8)
        }))?;
        chart.draw_series(
            points
                .iter()
                .map(|&(x, _, value, _)| Circle::new((x, value), 4, colour.filled())),
        )?;
        // The key: a dot of the player's colour and the name, one per line.
        let y = 60 + 24 * p as i32;
        key.draw(&Circle::new((14, y), 4, colour.filled()))?;
        key.draw(&Text::new(player.as_str(), (26, y - 8), ("sans-serif", 15)))?;
    }
    root.present()?;
    Ok(())
}
