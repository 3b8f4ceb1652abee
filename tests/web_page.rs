//! The page of `rulebook serve` in a real browser: Debian's headless
//! Chromium, driven through chromedriver (WebDriver, see `webdriver/`). The
//! test plays moves by clicking the board, checks that the board and the
//! move list follow, breaks the rules in the editor and sees the diagnostic,
//! and loads a saved record.
//!
//! Ignored by plain `cargo test` (it needs `chromium` and `chromium-driver`);
//! `.ci/run` installs them and runs it: `cargo test --test web_page -- --ignored`.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

mod webdriver;
use webdriver::{Locator, Session as Client};

/// A child process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on the loopback.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A fresh folder for the files of the test `name`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-web-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Starts `rulebook serve FILE --port 0` (a file or a folder) and returns it
/// with its address.
fn serve(file: &Path) -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .arg("serve")
        .arg(file)
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("rulebook serve starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the address line");
    let start = line.find("http://").expect("an address is printed");
    let url = line[start..]
        .split_whitespace()
        .next()
        .expect("the url")
        .to_string();
    (Killed(child), url)
}

/// Starts chromedriver on a free port and waits until it answers.
fn chromedriver() -> (Killed, String) {
    let port = free_port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver is installed (apt-get install chromium-driver)");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    (Killed(child), format!("http://127.0.0.1:{port}"))
}

/// Runs a script in the page and returns its value.
fn js(client: &Client, script: &str) -> serde_json::Value {
    client
        .execute(script)
        .unwrap_or_else(|e| panic!("the script runs: {e}"))
}

/// Waits until `script` returns true.
fn until(client: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if js(client, script) == json!(true) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// How many moves the move list shows.
fn moves_listed(client: &Client) -> usize {
    js(client, "return document.querySelectorAll('#moves li').length")
        .as_u64()
        .unwrap_or(0) as usize
}

/// Clicks a cell of the board: its piece, if one stands there (as a person
/// would, on top), else the cell.
fn click(client: &Client, cell: &str) {
    let css = if piece_on(client, cell) {
        format!("#board .piece[data-cell='{cell}']")
    } else {
        format!("#board .cell[data-cell='{cell}']")
    };
    client
        .find(Locator::Css(&css))
        .unwrap_or_else(|e| panic!("cell {cell} is drawn: {e}"))
        .click()
        .unwrap_or_else(|e| panic!("cell {cell} can be clicked: {e}"));
}

/// Clicks cells and waits for the move list to grow by one.
fn play(client: &Client, cells: &[&str]) {
    let before = moves_listed(client);
    for c in cells {
        click(client, c);
    }
    until(
        client,
        "the move to be listed",
        &format!(
            "return document.querySelectorAll('#moves li').length == {}",
            before + 1
        ),
    );
}

/// Whether a piece stands on `cell`.
fn piece_on(client: &Client, cell: &str) -> bool {
    js(
        client,
        &format!("return document.querySelector(\"#board .piece[data-cell='{cell}']\") !== null"),
    ) == json!(true)
}

#[test]
#[ignore = "needs chromium and chromedriver; run by .ci/run"]
fn the_page_plays_edits_and_loads_records() {
    let dir = scratch("kk");
    let rules = dir.join("knights-and-kender.rules");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    std::fs::copy(games.join("knights-and-kender.rules"), &rules).expect("copy the rules");
    let (_server, url) = serve(&rules);
    in_browser(&dir, |client| drive(client, &url, &dir));
}

/// Runs `test` in a fresh headless browser, which is closed however the
/// test ends (else chromium outlives its chromedriver); then removes `dir`.
fn in_browser(dir: &Path, test: impl FnOnce(&Client)) {
    let (_driver, driver_url) = chromedriver();
    let caps = json!({
        "goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"],
        }
    });
    let client = Client::new(&driver_url, caps).expect("a browser session");
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| test(&client)));
    drop(client);
    let _ = std::fs::remove_dir_all(dir);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure);
    }
}

#[test]
#[ignore = "needs chromium and chromedriver; run by .ci/run"]
fn a_folder_of_games_is_offered_by_title_and_a_column_takes_a_click() {
    let dir = scratch("folder");
    let folder = dir.join("games");
    std::fs::create_dir_all(&folder).expect("a folder");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for name in ["tic-tac-toe.rules", "connect-four.rules", "go.rules"] {
        std::fs::copy(games.join(name), folder.join(name)).expect("copy the rules");
    }
    let (_server, url) = serve(&folder);
    in_browser(&dir, |client| {
        client.goto(&url).expect("the page opens");
        until(
            client,
            "the board",
            "return document.querySelector('#board svg') !== null",
        );
        // The selector names the games by their titles, sorted by file.
        let titles = js(
            client,
            "return [...document.querySelectorAll('#games option')].map(o => o.textContent)",
        );
        assert_eq!(titles, json!(["Connect four", "Go", "Tic-tac-toe"]));
        // The top cell of a column plays the drop at its foot.
        play(client, &["d6"]);
        let listed = js(
            client,
            "return [...document.querySelectorAll('#moves li')].map(li => li.textContent)",
        );
        assert_eq!(listed, json!(["D@d1"]));
        assert!(piece_on(client, "d1"));
        // The program plays Yellow, quickly, and says what it thought.
        js(
            client,
            "document.getElementById('strength').value = 'mcts:500ms';
             const seat = document.querySelectorAll('#sides select')[1];
             seat.value = 'program';
             seat.dispatchEvent(new Event('change'));
             return true",
        );
        until(
            client,
            "the program's move and its estimate",
            "return document.querySelectorAll('#moves li').length == 2 && !document.getElementById('thought').hidden",
        );
        let thought = js(client, "return document.getElementById('thought').textContent");
        let thought = thought.as_str().unwrap_or("");
        assert!(
            thought.contains("estimate: Yellow") && thought.contains("best moves"),
            "{thought}"
        );
        // Another game starts with a person on every side.
        js(
            client,
            "const g = document.getElementById('games'); g.value = '1'; g.dispatchEvent(new Event('change')); return true",
        );
        until(
            client,
            "the go board",
            "return document.querySelectorAll('#board .cell').length == 361",
        );
        let seats = js(
            client,
            "return [...document.querySelectorAll('#sides select')].map(s => s.value)",
        );
        assert_eq!(seats, json!(["person", "person"]));
        // The 19x19 board fits in the window.
        let fits = js(
            client,
            "const r = document.querySelector('#board svg').getBoundingClientRect(); return r.bottom <= window.innerHeight",
        );
        assert_eq!(fits, json!(true), "the go board runs below the window");
    });
}

/// Plays, edits and loads a record on the page at `url`.
fn drive(client: &Client, url: &str, dir: &Path) {
    client.goto(url).expect("the page opens");
    until(
        client,
        "the board",
        "return document.querySelector('#board svg') !== null",
    );
    let pieces = |c: &Client| {
        js(c, "return document.querySelectorAll('#board .piece').length")
            .as_u64()
            .unwrap_or(0)
    };
    let at_start = pieces(client);
    assert!(at_start > 0, "the Kender stand on the board");
    assert_eq!(moves_listed(client), 0);

    // The Knights place two knights: a click on an empty cell of the far rank each.
    play(client, &["b8"]);
    play(client, &["f8"]);
    assert_eq!(pieces(client), at_start + 2);
    assert!(piece_on(client, "b8") && piece_on(client, "f8"));
    // A kender steps: a click on it, then on where it goes.
    assert!(piece_on(client, "a3"));
    play(client, &["a3", "b4"]);
    assert!(!piece_on(client, "a3") && piece_on(client, "b4"));
    // A knight leaps, and may move a second knight: the choice is a menu.
    click(client, "b8");
    click(client, "a6");
    until(
        client,
        "the menu of moves",
        "return !document.getElementById('menu').hidden",
    );
    let before = moves_listed(client);
    client
        .find(Locator::XPath("//div[@id='menu']/button[text()='b8-a6']"))
        .expect("the plain leap is offered")
        .click()
        .expect("it can be chosen");
    until(
        client,
        "the leap to be listed",
        &format!(
            "return document.querySelectorAll('#moves li').length == {}",
            before + 1
        ),
    );
    let listed = js(
        client,
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent)",
    );
    assert_eq!(listed, json!(["N@b8", "N@f8", "a3-b4", "b8-a6"]));
    assert!(piece_on(client, "a6") && !piece_on(client, "b8"));

    // The editor: breaking the rules shows the diagnostic as you type.
    until(
        client,
        "the rules in the editor",
        "return document.getElementById('rules').value.includes('players')",
    );
    js(
        client,
        "const a = document.getElementById('rules');
         a.value = a.value.replace('players Kender, Knights', 'players Kender, Knights,');
         a.dispatchEvent(new Event('input'));
         return true",
    );
    until(
        client,
        "a diagnostic, with the text coloured as the language server classes it",
        "return document.querySelectorAll('#diagnostics li').length > 0 && document.querySelector('#highlight mark') !== null \
         && document.querySelector('#highlight .t-keyword') !== null && document.querySelector('#highlight .t-piece') !== null",
    );
    let message = js(
        client,
        "return document.querySelector('#diagnostics li').textContent",
    );
    assert!(message.as_str().unwrap_or("").contains("expected"), "{message}");

    // A saved record loads: its moves replace the game's.
    let record = dir.join("game.txt");
    std::fs::write(
        &record,
        "rulebook record 1\nrules: knights-and-kender.rules\nmoves:\n1. N@a8\n2. N@h8\n3. c3-d4\n",
    )
    .expect("write the record");
    client
        .find(Locator::Css("#load-record"))
        .expect("the record input")
        .send_keys(&record.display().to_string())
        .expect("a file can be chosen");
    until(
        client,
        "the record's moves",
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent).join(' ') == 'N@a8 N@h8 c3-d4'",
    );
    assert!(piece_on(client, "a8") && piece_on(client, "d4"));
    assert!(!piece_on(client, "a6"), "the board is the record's");
}
