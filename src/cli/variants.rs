//! The variants of `analyze`: `--vary NAME=1..3` (every combination of the
//! values of each `--vary`) or `--variants "NAME=V,NAME=V;NAME=V"`.

use super::load::CliError;

/// The options of each variant, in order.
pub type Variants = Vec<Vec<(String, String)>>;

/// The variants of `--vary` (every combination; the first `--vary` changes
/// slowest) or of `--variants`; one variant with no option of its own when
/// neither is given. `fixed` are the options of `--set`, which no variant may set.
pub fn parse(
    vary: &[String],
    variants: Option<&str>,
    fixed: &[(String, String)],
) -> Result<Variants, CliError> {
    let list = match variants {
        Some(text) => listed(text)?,
        None => combinations(vary)?,
    };
    for variant in &list {
        for (name, _) in variant {
            if fixed.iter().any(|(n, _)| n == name) {
                return Err(CliError::Variants(format!(
                    "option `{name}` is set by `--set` and varied too"
                )));
            }
        }
    }
    Ok(list)
}

/// `--vary NAME=VALUES`, each a range `a..b` of whole numbers or a list `a,b,c`.
fn combinations(vary: &[String]) -> Result<Variants, CliError> {
    let mut list: Variants = vec![Vec::new()];
    let mut names: Vec<&str> = Vec::new();
    for arg in vary {
        let (name, values) = split_pair(arg, "--vary")?;
        if names.contains(&name) {
            return Err(CliError::Variants(format!("option `{name}` is varied twice")));
        }
        names.push(name);
        let values = values_of(values).ok_or_else(|| {
            CliError::Variants(format!(
                "`--vary {arg}`: expected a range of whole numbers `a..b` with a ≤ b, or values separated by commas"
            ))
        })?;
        list = list
            .into_iter()
            .flat_map(|v| {
                values.iter().map(move |value| {
                    let mut v = v.clone();
                    v.push((name.to_string(), value.clone()));
                    v
                })
            })
            .collect();
    }
    Ok(list)
}

/// The values of `1..3` or `a,b,c`.
fn values_of(text: &str) -> Option<Vec<String>> {
    if let Some((a, b)) = text.split_once("..") {
        let (a, b): (i64, i64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        // A study of more variants than this is a typing mistake.
        const MOST: i64 = 1000;
        return (a <= b && b - a < MOST).then(|| (a..=b).map(|v| v.to_string()).collect());
    }
    let values: Vec<String> = text.split(',').map(|v| v.trim().to_string()).collect();
    values.iter().all(|v| !v.is_empty()).then_some(values)
}

/// `--variants "NAME=V,NAME=V;NAME=V"`.
fn listed(text: &str) -> Result<Variants, CliError> {
    let mut list = Vec::new();
    for variant in text.split(';') {
        let mut sets: Vec<(String, String)> = Vec::new();
        for pair in variant.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = split_pair(pair, "--variants")?;
            if sets.iter().any(|(n, _)| n == name) {
                return Err(CliError::Variants(format!(
                    "variant `{}` sets option `{name}` twice",
                    variant.trim()
                )));
            }
            sets.push((name.to_string(), value.trim().to_string()));
        }
        list.push(sets);
    }
    Ok(list)
}

fn split_pair<'a>(text: &'a str, flag: &str) -> Result<(&'a str, &'a str), CliError> {
    match text.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() && !v.trim().is_empty() => Ok((n.trim(), v.trim())),
        _ => Err(CliError::Variants(format!(
            "`{flag} {text}` is not of the form NAME=VALUE"
        ))),
    }
}

/// A variant in words: "k=1, b=true" (or "default" for none).
pub fn label(sets: &[(String, String)]) -> String {
    if sets.is_empty() {
        return "default".to_string();
    }
    sets.iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(v: &Variants) -> Vec<String> {
        v.iter().map(|s| label(s)).collect()
    }

    #[test]
    fn vary_makes_every_combination() {
        let v = parse(&["k=1..3".into(), "b=false,true".into()], None, &[]).expect("valid");
        assert_eq!(
            labels(&v),
            [
                "k=1 b=false",
                "k=1 b=true",
                "k=2 b=false",
                "k=2 b=true",
                "k=3 b=false",
                "k=3 b=true"
            ]
        );
        assert_eq!(labels(&parse(&[], None, &[]).expect("valid")), ["default"]);
    }

    #[test]
    fn variants_are_listed() {
        let v = parse(&[], Some("k=1,b=true; k=2"), &[]).expect("valid");
        assert_eq!(labels(&v), ["k=1 b=true", "k=2"]);
    }

    #[test]
    fn mistakes_are_reported() {
        let fixed = [("k".to_string(), "1".to_string())];
        for (vary, variants, fixed) in [
            (vec!["k=3..1".to_string()], None, &[][..]),
            (vec!["k".to_string()], None, &[]),
            (vec!["k=1,,2".to_string()], None, &[]),
            (vec!["k=1..2".to_string(), "k=3".to_string()], None, &[]),
            (vec!["k=1..2".to_string()], None, &fixed[..]),
            (vec![], Some("k=1,k=2"), &[]),
            (vec![], Some("k"), &[]),
        ] {
            assert!(
                matches!(parse(&vary, variants, fixed), Err(CliError::Variants(_))),
                "{vary:?} {variants:?}"
            );
        }
    }
}
