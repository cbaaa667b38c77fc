//! One keep-alive HTTP/1.1 connection on loopback for the load examples: a request written by
//! hand and its answer read by Content-Length (no client library's pool or retries between the
//! bench and the server: each request is made exactly once).
#![allow(dead_code)]

use std::net::SocketAddr;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

pub struct Connection {
    stream: BufReader<TcpStream>,
    host: String,
}

impl Connection {
    pub async fn open(addr: SocketAddr) -> Result<Connection, String> {
        let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        Ok(Connection { stream: BufReader::new(stream), host: addr.to_string() })
    }

    /// Sends one request and reads its answer: (status, body). `forwarded`: an X-Forwarded-For
    /// address (a traveller of its own behind the loopback proxy).
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        forwarded: Option<&str>,
        body: &str,
    ) -> Result<(u16, String), String> {
        let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
        let from = forwarded.map(|a| format!("X-Forwarded-For: {a}\r\n")).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\n{auth}{from}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        );
        self.stream.get_mut().write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
        let mut status = 0;
        let mut length = 0usize;
        let mut close = false;
        let mut line = String::new();
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await.map_err(|e| e.to_string())? == 0 {
                return Err("connection closed".into());
            }
            let text = line.trim_end();
            if text.is_empty() {
                break;
            }
            if status == 0 {
                status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
            } else if let Some((name, value)) = text.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().map_err(|_| "bad content-length")?;
                } else if name.eq_ignore_ascii_case("connection") && value.trim().eq_ignore_ascii_case("close") {
                    close = true;
                }
            }
        }
        let mut body = vec![0u8; length];
        self.stream.read_exact(&mut body).await.map_err(|e| e.to_string())?;
        if close {
            *self = Connection::open(self.host.parse().map_err(|_| "bad host")?).await?;
        }
        Ok((status, String::from_utf8_lossy(&body).into_owned()))
    }
}

/// The `p` quantile of sorted latencies.
pub fn percentile(sorted: &[std::time::Duration], p: f64) -> std::time::Duration {
    if sorted.is_empty() {
        return std::time::Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}
