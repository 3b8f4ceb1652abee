//! The names of a grid's files, spreadsheet style: `a` … `z`, then `aa`,
//! `ab`, … `az`, `ba`, … `zz` (at most [`MAX_FILES`] files).

/// The most files a grid may have: every name of one or two letters.
pub const MAX_FILES: usize = 26 + 26 * 26;

/// The name of the file at `index` (0 is `a`, 25 is `z`, 26 is `aa`), or
/// `None` beyond [`MAX_FILES`].
pub fn file_name(index: usize) -> Option<String> {
    let letter = |i: usize| char::from(b'a' + i as u8);
    if index < 26 {
        Some(letter(index).to_string())
    } else if index < MAX_FILES {
        let i = index - 26;
        Some([letter(i / 26), letter(i % 26)].iter().collect())
    } else {
        None
    }
}

/// The index of a file named `name` (`a` is 0, `aa` is 26), or `None` when
/// it is no file name (upper case, digits, three letters or more).
pub fn file_index(name: &str) -> Option<usize> {
    let value = |b: u8| b.is_ascii_lowercase().then(|| (b - b'a') as usize);
    match name.as_bytes() {
        [a] => value(*a),
        [a, b] => Some(26 + value(*a)? * 26 + value(*b)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_FILES, file_index, file_name};

    #[test]
    fn files_go_on_after_z_as_in_a_spreadsheet() {
        let names: Vec<String> = [0, 25, 26, 27, 51, 52, 701].map(|i| file_name(i).unwrap()).into();
        assert_eq!(names, ["a", "z", "aa", "ab", "az", "ba", "zz"]);
        assert_eq!(file_name(MAX_FILES), None);
    }

    #[test]
    fn every_name_reads_back_to_its_index() {
        for i in 0..MAX_FILES {
            assert_eq!(file_index(&file_name(i).unwrap()), Some(i));
        }
        for bad in ["", "A", "a1", "aaa", "Ab"] {
            assert_eq!(file_index(bad), None, "{bad}");
        }
    }
}
