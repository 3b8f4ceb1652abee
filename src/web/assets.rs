//! The page's files, built into the binary: plain HTML, JavaScript and CSS
//! with no build step (`src/web/assets/`).

/// The page.
pub const INDEX: &str = include_str!("assets/index.html");
/// Its script.
pub const SCRIPT: &str = include_str!("assets/app.js");
/// Its style sheet.
pub const STYLE: &str = include_str!("assets/style.css");
