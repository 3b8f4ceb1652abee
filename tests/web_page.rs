//! The page of `rulebook serve` in a real browser: Debian's headless
//! Chromium, driven through chromedriver (WebDriver, with fantoccini). The
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

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

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

/// A fresh folder for the test's files.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-web-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Starts `rulebook serve FILE --port 0` and returns it with its address.
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
async fn js(client: &Client, script: &str) -> serde_json::Value {
    client.execute(script, vec![]).await.expect("the script runs")
}

/// Waits until `script` returns true.
async fn until(client: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if js(client, script).await == json!(true) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// How many moves the move list shows.
async fn moves_listed(client: &Client) -> usize {
    js(client, "return document.querySelectorAll('#moves li').length")
        .await
        .as_u64()
        .unwrap_or(0) as usize
}

/// Clicks a cell of the board: its piece, if one stands there (as a person
/// would, on top), else the cell.
async fn click(client: &Client, cell: &str) {
    let css = if piece_on(client, cell).await {
        format!("#board .piece[data-cell='{cell}']")
    } else {
        format!("#board .cell[data-cell='{cell}']")
    };
    client
        .find(Locator::Css(&css))
        .await
        .unwrap_or_else(|e| panic!("cell {cell} is drawn: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cell {cell} can be clicked: {e}"));
}

/// Clicks cells and waits for the move list to grow by one.
async fn play(client: &Client, cells: &[&str]) {
    let before = moves_listed(client).await;
    for c in cells {
        click(client, c).await;
    }
    until(
        client,
        "the move to be listed",
        &format!(
            "return document.querySelectorAll('#moves li').length == {}",
            before + 1
        ),
    )
    .await;
}

/// Whether a piece stands on `cell`.
async fn piece_on(client: &Client, cell: &str) -> bool {
    js(
        client,
        &format!("return document.querySelector(\"#board .piece[data-cell='{cell}']\") !== null"),
    )
    .await
        == json!(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver; run by .ci/run"]
async fn the_page_plays_edits_and_loads_records() {
    let dir = scratch();
    let rules = dir.join("knights-and-kender.rules");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    std::fs::copy(games.join("knights-and-kender.rules"), &rules).expect("copy the rules");
    let (_server, url) = serve(&rules);
    let (_driver, driver_url) = chromedriver();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1200"],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver_url)
        .await
        .expect("a browser session");
    // The page is driven in a task of its own, so that the browser is closed
    // even when a check fails (else chromium outlives its chromedriver).
    let outcome = tokio::spawn(drive(client.clone(), url, dir.clone())).await;
    client.close().await.expect("the browser closes");
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

/// Plays, edits and loads a record on the page at `url`.
async fn drive(client: Client, url: String, dir: PathBuf) {
    client.goto(&url).await.expect("the page opens");
    until(
        &client,
        "the board",
        "return document.querySelector('#board svg') !== null",
    )
    .await;
    let pieces = |c: &Client| {
        let c = c.clone();
        async move {
            js(&c, "return document.querySelectorAll('#board .piece').length")
                .await
                .as_u64()
                .unwrap_or(0)
        }
    };
    let at_start = pieces(&client).await;
    assert!(at_start > 0, "the Kender stand on the board");
    assert_eq!(moves_listed(&client).await, 0);

    // The Knights place two knights: a click on an empty cell of the far rank each.
    play(&client, &["b8"]).await;
    play(&client, &["f8"]).await;
    assert_eq!(pieces(&client).await, at_start + 2);
    assert!(piece_on(&client, "b8").await && piece_on(&client, "f8").await);
    // A kender steps: a click on it, then on where it goes.
    assert!(piece_on(&client, "a3").await);
    play(&client, &["a3", "b4"]).await;
    assert!(!piece_on(&client, "a3").await && piece_on(&client, "b4").await);
    // A knight leaps, and may move a second knight: the choice is a menu.
    click(&client, "b8").await;
    click(&client, "a6").await;
    until(
        &client,
        "the menu of moves",
        "return !document.getElementById('menu').hidden",
    )
    .await;
    let before = moves_listed(&client).await;
    client
        .find(Locator::XPath("//div[@id='menu']/button[text()='b8-a6']"))
        .await
        .expect("the plain leap is offered")
        .click()
        .await
        .expect("it can be chosen");
    until(
        &client,
        "the leap to be listed",
        &format!(
            "return document.querySelectorAll('#moves li').length == {}",
            before + 1
        ),
    )
    .await;
    let listed = js(
        &client,
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent)",
    )
    .await;
    assert_eq!(listed, json!(["N@b8", "N@f8", "a3-b4", "b8-a6"]));
    assert!(piece_on(&client, "a6").await && !piece_on(&client, "b8").await);

    // The editor: breaking the rules shows the diagnostic as you type.
    until(
        &client,
        "the rules in the editor",
        "return document.getElementById('rules').value.includes('players')",
    )
    .await;
    js(
        &client,
        "const a = document.getElementById('rules');
         a.value = a.value.replace('players Kender, Knights', 'players Kender, Knights,');
         a.dispatchEvent(new Event('input'));
         return true",
    )
    .await;
    until(
        &client,
        "a diagnostic",
        "return document.querySelectorAll('#diagnostics li').length > 0 && document.querySelector('#highlight mark') !== null",
    )
    .await;
    let message = js(
        &client,
        "return document.querySelector('#diagnostics li').textContent",
    )
    .await;
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
        .await
        .expect("the record input")
        .send_keys(&record.display().to_string())
        .await
        .expect("a file can be chosen");
    until(
        &client,
        "the record's moves",
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent).join(' ') == 'N@a8 N@h8 c3-d4'",
    )
    .await;
    assert!(piece_on(&client, "a8").await && piece_on(&client, "d4").await);
    assert!(!piece_on(&client, "a6").await, "the board is the record's");
}
