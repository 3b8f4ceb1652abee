//! The editor support under `editors/`: the VS Code extension's files are
//! valid, start `rulebook lsp`, and its TextMate grammar highlights every
//! keyword of the language's grammar.

use serde_json::Value;

fn json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The words of the grammar's `keyword` rule.
fn grammar_keywords() -> Vec<String> {
    let pest = std::fs::read_to_string("grammar/rules.pest").expect("readable");
    let start = pest.find("keyword    = @{").expect("the keyword rule");
    let end = start + pest[start..].find("~ !ident_char").expect("its end");
    pest[start..end]
        .split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

#[test]
fn the_extension_starts_the_language_server_for_rules_files() {
    let package = json("editors/vscode/package.json");
    let language = &package["contributes"]["languages"][0];
    assert_eq!(language["extensions"][0], ".rules");
    let grammar = package["contributes"]["grammars"][0]["path"]
        .as_str()
        .expect("a path");
    assert!(std::path::Path::new("editors/vscode").join(grammar).exists());
    json("editors/vscode/language-configuration.json");
    let main = std::fs::read_to_string("editors/vscode/extension.js").expect("readable");
    assert!(main.contains("args: [\"lsp\"]"));
}

#[test]
fn the_textmate_grammar_knows_every_keyword() {
    let grammar = json("editors/vscode/syntaxes/rules.tmLanguage.json");
    let repository = &grammar["repository"];
    let words: String = ["items", "words", "values"]
        .iter()
        .map(|k| repository[k]["match"].as_str().expect("a pattern").to_string())
        .collect();
    let keywords = grammar_keywords();
    assert!(keywords.len() > 30, "{keywords:?}");
    for k in keywords {
        let alone = [format!("({k}|"), format!("|{k}|"), format!("|{k})")];
        assert!(
            alone.iter().any(|a| words.contains(a.as_str())),
            "`{k}` is not highlighted"
        );
    }
}
