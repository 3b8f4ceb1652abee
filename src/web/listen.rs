//! Accepting connections: HTTP/1 with a time limit on reading a request's
//! head — a connection that sends part of a head and then nothing, or that
//! stays idle between requests, is closed after [`HEAD_TIMEOUT`] — and a
//! deadline on answering a request, its body included ([`deadline`]).

use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

use super::work::WORK_BUDGET;

/// How long a connection may take to send a request's head (a browser
/// sends it at once).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request may take to be answered, its body included: room for
/// a place for its work and the work itself, each within [`WORK_BUDGET`].
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(3 * WORK_BUDGET.as_secs());

/// Serves `router` on `listener` for ever, closing connections that take
/// longer than `head_timeout` to send a request's head.
pub async fn serve(listener: TcpListener, router: Router, head_timeout: Duration) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, say: wait for connections to close.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(head_timeout);
            // A connection that fails or times out is simply closed.
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
        });
    }
}

/// The middleware that gives up on a request not answered within
/// [`REQUEST_DEADLINE`] (a body sent slowly, say).
pub async fn deadline(request: Request, next: Next) -> Response {
    match tokio::time::timeout(REQUEST_DEADLINE, next.run(request)).await {
        Ok(response) => response,
        Err(_) => (
            StatusCode::REQUEST_TIMEOUT,
            "the request took too long to arrive or to answer, and was given up",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use std::io::{Read, Write};

    /// Everything the server sends on a connection after `request`, until
    /// it closes it (the test gives up after a minute).
    async fn exchange(head_timeout: Duration, request: &'static [u8]) -> Vec<u8> {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let router = Router::new().route("/", get(|| async { "served" }));
        tokio::spawn(serve(listener, router, head_timeout));
        let client = tokio::task::spawn_blocking(move || {
            let mut client = std::net::TcpStream::connect(address).unwrap();
            client.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
            client.write_all(request).unwrap();
            let mut answer = Vec::new();
            client.read_to_end(&mut answer).map(|_| answer)
        });
        client.await.unwrap().expect("the server closes the connection")
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_connection_that_never_finishes_its_head_is_closed() {
        let answer = exchange(
            Duration::from_millis(200),
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",
        )
        .await;
        assert!(!String::from_utf8_lossy(&answer).contains("served"));
        // An idle connection after a whole request is closed too.
        let answer = exchange(
            Duration::from_millis(200),
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        )
        .await;
        assert!(String::from_utf8_lossy(&answer).ends_with("served"));
    }
}
