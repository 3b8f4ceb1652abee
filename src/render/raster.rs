//! SVG → PNG with resvg, using the font built into the binary (DejaVu Sans,
//! `assets/fonts/`), so that letters show on a machine without fonts.

use std::sync::Arc;

use resvg::{tiny_skia, usvg};

/// DejaVu Sans (free; its licence is `assets/fonts/LICENSE`).
pub static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Why a picture could not be rasterised.
#[derive(Debug, thiserror::Error)]
pub enum RasterError {
    /// The SVG did not parse (never for documents of [`super::svg`]).
    #[error("the picture is not valid SVG: {0}")]
    Svg(String),
    /// The picture has no area, or is too large to hold in memory.
    #[error("the picture is {0}×{1} pixels: too large or empty")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Png(String),
}

/// The most pixels along a side of a PNG.
const MAX_SIDE: u32 = 8_192;

/// Parse options with only the built-in font.
fn options() -> usvg::Options<'static> {
    let mut options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        ..usvg::Options::default()
    };
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    options.fontdb = Arc::new(fonts);
    options
}

/// Rasterises an SVG document to PNG bytes at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, RasterError> {
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| RasterError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(RasterError::Size(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(RasterError::Size(w, h))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| RasterError::Png(e.to_string()))
}
