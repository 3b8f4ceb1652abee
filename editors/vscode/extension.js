// Starts `rulebook lsp` for .rules files: diagnostics as you type, go to
// definition, references, hover, completion and formatting come from it.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("rulebook").get("path") || "rulebook";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "rulebook",
    "rulebook",
    { run: server, debug: server },
    { documentSelector: [{ language: "rules" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
