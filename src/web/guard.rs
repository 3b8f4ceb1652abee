//! What every request must pass before it reaches the game: a Host header
//! naming this server on the loopback (against DNS rebinding), and for
//! writes, a same-origin request with a JSON body (against cross-site ones).

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Why a request is refused, or `None` when it may go on.
pub fn refusal(port: u16, method: &Method, headers: &HeaderMap) -> Option<(StatusCode, String)> {
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let host = text(header::HOST).unwrap_or("");
    let allowed = [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    if !allowed.iter().any(|a| a == host) {
        return Some((
            StatusCode::MISDIRECTED_REQUEST,
            format!("this server answers only to http://127.0.0.1:{port}/ (the request was for `{host}`)"),
        ));
    }
    if method == Method::GET || method == Method::HEAD {
        return None;
    }
    if let Some(origin) = text(header::ORIGIN)
        && origin != format!("http://{host}")
    {
        return Some((
            StatusCode::FORBIDDEN,
            format!("writes are accepted only from this server's own page, not from `{origin}`"),
        ));
    }
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && site != "same-origin"
        && site != "none"
    {
        return Some((
            StatusCode::FORBIDDEN,
            format!("writes are accepted only from this server's own page (the request is {site})"),
        ));
    }
    let json = text(header::CONTENT_TYPE).is_some_and(|t| t.starts_with("application/json"));
    if !json {
        return Some((
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a write must send JSON (Content-Type: application/json)".to_string(),
        ));
    }
    None
}

/// The middleware form of [`refusal`].
pub async fn check(State(port): State<u16>, request: Request, next: Next) -> Response {
    match refusal(port, request.method(), request.headers()) {
        None => next.run(request).await,
        Some((status, message)) => (status, Body::from(message)).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn only_this_host_is_served() {
        assert!(refusal(8765, &Method::GET, &headers(&[("host", "127.0.0.1:8765")])).is_none());
        assert!(refusal(8765, &Method::GET, &headers(&[("host", "localhost:8765")])).is_none());
        let rebound = refusal(8765, &Method::GET, &headers(&[("host", "evil.example:8765")]));
        assert_eq!(rebound.unwrap().0, StatusCode::MISDIRECTED_REQUEST);
        assert!(refusal(8765, &Method::GET, &headers(&[])).is_some());
    }

    #[test]
    fn cross_site_writes_are_refused() {
        let ok = [
            ("host", "127.0.0.1:9"),
            ("origin", "http://127.0.0.1:9"),
            ("content-type", "application/json"),
        ];
        assert!(refusal(9, &Method::POST, &headers(&ok)).is_none());
        let other = [
            ("host", "127.0.0.1:9"),
            ("origin", "http://evil.example"),
            ("content-type", "application/json"),
        ];
        assert_eq!(
            refusal(9, &Method::POST, &headers(&other)).unwrap().0,
            StatusCode::FORBIDDEN
        );
        let site = [
            ("host", "127.0.0.1:9"),
            ("sec-fetch-site", "cross-site"),
            ("content-type", "application/json"),
        ];
        assert_eq!(
            refusal(9, &Method::POST, &headers(&site)).unwrap().0,
            StatusCode::FORBIDDEN
        );
        let form = [("host", "127.0.0.1:9"), ("content-type", "text/plain")];
        assert_eq!(
            refusal(9, &Method::POST, &headers(&form)).unwrap().0,
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
    }
}
