//! The package itself: what a newcomer's two commands build.
//! - `cargo run` and `cargo test` compile every dependency with the same
//!   features, so the second command compiles only the project's own crates
//!   and the test tools (a feature that only a test tool turns on would make
//!   cargo compile that dependency, and everything above it, twice);
//! - the manifest says the licence, the purpose, the home and the oldest
//!   Rust that builds it, and the licence file is there.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Each package of the build (`name version`) with its features, as `cargo
/// tree` resolves them for the kinds of dependency `edges` names.
fn features(edges: &str) -> BTreeMap<String, String> {
    let out = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "--offline", "--locked", "--prefix", "none", "-e", edges])
        .args(["-f", "{p}|{f}"])
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let (package, feats) = l.split_once('|')?;
            let package: Vec<&str> = package.split_whitespace().take(2).collect();
            let feats = feats.trim().trim_end_matches("(*)").trim().to_string();
            Some((package.join(" "), feats))
        })
        .collect()
}

#[test]
fn running_and_testing_share_every_compiled_dependency() {
    let run = features("normal,build");
    let test = features("normal,build,dev");
    let differ: Vec<String> = run
        .iter()
        .filter_map(|(package, feats)| {
            let in_test = test.get(package)?;
            (in_test != feats).then(|| format!("{package}: run [{feats}], test [{in_test}]"))
        })
        .collect();
    assert!(
        differ.is_empty(),
        "the tests change the features of dependencies the program uses; ask for \
         them in [dependencies] too:\n{}",
        differ.join("\n")
    );
}

#[test]
fn the_manifest_names_the_licence_purpose_home_and_oldest_rust() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    for key in ["license", "description", "repository", "rust-version"] {
        assert!(
            manifest.lines().any(|l| l.starts_with(&format!("{key} = "))),
            "Cargo.toml has no {key}"
        );
    }
    let licence = std::fs::read_to_string(root.join("LICENSE")).expect("a LICENSE file");
    assert!(
        licence.starts_with("MIT License"),
        "LICENSE is the MIT licence the manifest names"
    );
    assert!(manifest.contains("license = \"MIT\""));
}
