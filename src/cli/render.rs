//! `render`: a picture of a position, as SVG or PNG.

use std::io::Write;
use std::path::Path;

use miette::Diagnostic;
use thiserror::Error;

use super::load::{CliError, Loaded};
use rulebook::render;

/// A problem of `render` with its inputs.
#[derive(Debug, Error, Diagnostic)]
pub enum RenderError {
    /// The output's name ends in neither `.svg` nor `.png`.
    #[error("cannot tell the picture's format from `{0}`")]
    #[diagnostic(code(rules::cli::bad_output), help("name the output `….svg` or `….png`"))]
    BadOutput(String),
    /// The PNG could not be made.
    #[error("{0}")]
    #[diagnostic(code(rules::cli::render_failed))]
    Raster(String),
}

/// What `render` draws besides the position.
pub struct Request<'a> {
    /// Every cell's name.
    pub names: bool,
    /// Seen from the other side.
    pub turned: bool,
    /// The file to write; standard output (SVG) without one.
    pub output: Option<&'a Path>,
}

/// `render`: draws the position where the game stands.
pub fn run(loaded: &Loaded, request: &Request) -> miette::Result<()> {
    let engine = loaded.engine();
    let pos = loaded.position().clone();
    let last = loaded
        .played()
        .last()
        .map(|(_, mv)| render::move_cells(mv.as_ref()))
        .unwrap_or_default();
    let options = render::Options {
        names: request.names,
        turned: request.turned,
        last,
        status: String::new(),
    };
    let picture = render::svg(engine, &pos, &options);
    let Some(path) = request.output else {
        let mut out = super::output::Out::stdout();
        out.line(&picture)?;
        return Ok(out.finish()?);
    };
    write_picture(path, picture)
}

/// Checks that `path` names a picture format (`.svg` or `.png`, any case),
/// before the work of drawing it.
pub fn check_picture_name(path: &Path) -> Result<(), RenderError> {
    match extension(path).as_str() {
        "svg" | "png" => Ok(()),
        _ => Err(RenderError::BadOutput(path.display().to_string())),
    }
}

/// Writes the SVG document `svg` to `path`, as SVG or rasterised to PNG by
/// the ending of its name.
pub fn write_picture(path: &Path, svg: String) -> miette::Result<()> {
    check_picture_name(path)?;
    let bytes = match extension(path).as_str() {
        "png" => render::png(&svg).map_err(|e| RenderError::Raster(e.to_string()))?,
        _ => svg.into_bytes(),
    };
    let unwritable = |e: std::io::Error| CliError::Unwritable {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    let mut file = std::fs::File::create(path).map_err(unwritable)?;
    file.write_all(&bytes).map_err(unwritable)?;
    Ok(())
}

/// The ending of a file's name, in lower case.
fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}
