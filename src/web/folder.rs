//! Offered rules files stay in their folders: a file that resolves, through
//! symbolic links, to a place outside the folder it is offered in is neither
//! read nor written (a link in `games/` must not let the page's "save"
//! write anywhere on the disk).

use std::path::{Path, PathBuf};

/// The real path of the offered file `path`, when it lies in its folder
/// (the folder it is named in, itself resolved) or below; the reason not
/// otherwise.
pub fn resolve(path: &Path) -> Result<PathBuf, String> {
    let shown = path.display();
    let real = std::fs::canonicalize(path).map_err(|e| format!("cannot open `{shown}`: {e}"))?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = std::fs::canonicalize(folder).map_err(|e| format!("cannot open `{shown}`: {e}"))?;
    if !real.starts_with(&folder) {
        return Err(format!(
            "`{shown}` leads to `{}`, outside its folder `{}` (a symbolic link?): it is not served",
            real.display(),
            folder.display()
        ));
    }
    Ok(real)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_out_of_the_folder_is_refused_and_one_within_it_followed() {
        let root = std::env::temp_dir().join(format!("rulebook-folder-{}", std::process::id()));
        let served = root.join("games");
        std::fs::create_dir_all(&served).unwrap();
        let outside = root.join("secret.txt");
        std::fs::write(&outside, "not a game").unwrap();
        std::fs::write(served.join("real.rules"), "players A, B").unwrap();
        std::os::unix::fs::symlink(&outside, served.join("out.rules")).unwrap();
        std::os::unix::fs::symlink("real.rules", served.join("alias.rules")).unwrap();
        let real = std::fs::canonicalize(served.join("real.rules")).unwrap();
        assert_eq!(resolve(&served.join("real.rules")), Ok(real.clone()));
        assert_eq!(resolve(&served.join("alias.rules")), Ok(real));
        let refused = resolve(&served.join("out.rules")).unwrap_err();
        assert!(refused.contains("outside its folder"), "{refused}");
        assert!(resolve(&served.join("missing.rules")).is_err());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
