//! The page's files, built into the binary: plain HTML, JavaScript and CSS
//! with no build step (`web/` at the top of the repository).

/// The page.
pub const INDEX: &str = include_str!("../../web/index.html");
/// Its script.
pub const SCRIPT: &str = include_str!("../../web/app.js");
/// Its style sheet.
pub const STYLE: &str = include_str!("../../web/style.css");
