//! Requests' heads as RFC 9112 writes them: every line of a request's head ends in CRLF. hyper
//! (httparse) also takes a bare LF, and a proxy in front that reads the same bytes otherwise
//! would see other requests than we do (request smuggling); so a connection is read through
//! [`StrictHeads`], which follows the requests' framing (head, then a `Content-Length` body) and
//! notes a bare LF in a head. [`crate::http::serve`] answers 400 and closes the connection then.
//!
//! A chunked body (or a length it cannot read) is not followed: the connection is marked so the
//! request's answer closes it, and no later head on it goes unchecked. Browsers send bodies with
//! a length, so a keep-alive connection stays open in practice.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The most of a head kept to read its framing headers (hyper refuses far longer heads anyway).
const HEAD_KEPT: usize = 64 * 1024;

/// What a connection's reader has seen, for its service to act on.
#[derive(Debug)]
pub struct HeadFlags {
    /// The number (from 0) of the first request whose head had a bare LF; `u64::MAX`: none.
    bare_lf_from: AtomicU64,
    unframed: AtomicBool,
    /// Requests the service has been given on the connection (hyper gives them in order).
    served: AtomicU64,
}

impl Default for HeadFlags {
    fn default() -> HeadFlags {
        HeadFlags {
            bare_lf_from: AtomicU64::new(u64::MAX),
            unframed: AtomicBool::new(false),
            served: AtomicU64::new(0),
        }
    }
}

impl HeadFlags {
    /// Counts the next request given to the service: whether its head (or one before it on the
    /// connection) had a line ending in a bare LF. Requests read ahead of it (pipelined) do not
    /// count against it.
    pub fn next_has_bare_lf(&self) -> bool {
        let number = self.served.fetch_add(1, Ordering::AcqRel);
        number >= self.bare_lf_from.load(Ordering::Acquire)
    }

    /// A body on this connection could not be followed: its answer must close the connection.
    pub fn unframed(&self) -> bool {
        self.unframed.load(Ordering::Acquire)
    }
}

#[derive(Debug)]
enum Framing {
    /// Reading a head: what is kept of it so far.
    Head(Vec<u8>),
    /// Skipping this many bytes of a body.
    Body(u64),
    /// Not followed any more.
    Unframed,
}

/// A connection's stream, read through as hyper reads it.
#[derive(Debug)]
pub struct StrictHeads<S> {
    inner: S,
    framing: Framing,
    /// The byte before, across reads (for the CR of a CRLF split between two reads).
    previous: u8,
    /// Heads read to their end so far.
    heads: u64,
    flags: Arc<HeadFlags>,
}

impl<S> StrictHeads<S> {
    pub fn new(inner: S) -> (StrictHeads<S>, Arc<HeadFlags>) {
        let flags = Arc::new(HeadFlags::default());
        (StrictHeads { inner, framing: Framing::Head(Vec::new()), previous: 0, heads: 0, flags: flags.clone() }, flags)
    }

    fn follow(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            match &mut self.framing {
                Framing::Unframed => return,
                Framing::Body(left) => {
                    let skipped = (*left).min(bytes.len() as u64);
                    *left -= skipped;
                    let skipped = skipped as usize;
                    if skipped > 0 {
                        self.previous = bytes[skipped - 1];
                    }
                    bytes = &bytes[skipped..];
                    if *left == 0 {
                        self.framing = Framing::Head(Vec::new());
                    }
                }
                Framing::Head(head) => {
                    let b = bytes[0];
                    bytes = &bytes[1..];
                    if b == b'\n' && self.previous != b'\r' {
                        self.flags.bare_lf_from.store(self.heads, Ordering::Release);
                        // hyper ends the connection after the 400; nothing after matters.
                        self.framing = Framing::Unframed;
                        return;
                    }
                    self.previous = b;
                    if head.len() == HEAD_KEPT {
                        // Longer than kept: its end and its framing cannot be read, so the body
                        // after it is not followed (a LF in it is no head's), as a chunked one.
                        self.flags.unframed.store(true, Ordering::Release);
                        self.framing = Framing::Unframed;
                        return;
                    }
                    head.push(b);
                    // Empty lines before a request line are allowed (and skipped by hyper).
                    if head.as_slice() == b"\r\n" {
                        head.clear();
                    } else if head.ends_with(b"\r\n\r\n") {
                        self.heads += 1;
                        self.framing = match body_length(head) {
                            Some(0) => Framing::Head(Vec::new()),
                            Some(n) => Framing::Body(n),
                            None => {
                                self.flags.unframed.store(true, Ordering::Release);
                                Framing::Unframed
                            }
                        };
                    }
                }
            }
        }
    }
}

/// The length of the body a head announces: 0 without one, None when it is chunked, doubled,
/// or not a number (then it is not followed).
fn body_length(head: &[u8]) -> Option<u64> {
    let text = std::str::from_utf8(head).ok()?;
    let mut length = None;
    for line in text.split("\r\n").skip(1) {
        let Some((name, value)) = line.split_once(':') else { continue };
        let name = name.trim();
        if name.eq_ignore_ascii_case("transfer-encoding") {
            return None;
        }
        if name.eq_ignore_ascii_case("content-length") {
            let n: u64 = value.trim().parse().ok()?;
            if length.is_some_and(|l| l != n) {
                return None;
            }
            length = Some(n);
        }
    }
    Some(length.unwrap_or(0))
}

impl<S: AsyncRead + Unpin> AsyncRead for StrictHeads<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &polled {
            this.follow(&buf.filled()[before..]);
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for StrictHeads<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether any request read had a bare LF, and whether the connection is marked unframed.
    fn flags_after(chunks: &[&[u8]]) -> (bool, bool) {
        let (mut reader, flags) = StrictHeads::new(());
        for chunk in chunks {
            reader.follow(chunk);
        }
        (flags.bare_lf_from.load(Ordering::Acquire) != u64::MAX, flags.unframed())
    }

    #[test]
    fn only_the_request_with_the_bare_lf_and_those_after_it_are_refused() {
        let (mut reader, flags) = StrictHeads::new(());
        reader.follow(b"GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\nHost: a\n\n");
        assert!(!flags.next_has_bare_lf(), "the first, read ahead with the second, is good");
        assert!(flags.next_has_bare_lf());
        assert!(flags.next_has_bare_lf());
    }

    #[test]
    fn a_bare_lf_in_a_head_is_noted_and_one_in_a_body_is_not() {
        assert_eq!(flags_after(&[b"GET / HTTP/1.1\r\nHost: a\r\n\r\n"]), (false, false));
        assert_eq!(flags_after(&[b"GET / HTTP/1.1\nHost: a\n\n"]), (true, false));
        assert_eq!(flags_after(&[b"GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n"]), (true, false));
        // A CRLF split between two reads is still a CRLF.
        assert_eq!(flags_after(&[b"GET / HTTP/1.1\r", b"\nHost: a\r\n\r", b"\n"]), (false, false));
        // A body of its length is skipped, then the next head is checked.
        let body = b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n{\n}";
        assert_eq!(flags_after(&[body, b"GET / HTTP/1.1\r\nHost: a\r\n\r\n"]), (false, false));
        assert_eq!(flags_after(&[body, b"GET / HTTP/1.1\nHost: a\r\n\r\n"]), (true, false));
        // Leading empty lines are allowed.
        assert_eq!(flags_after(&[b"\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"]), (false, false));
    }

    #[test]
    fn a_body_it_cannot_follow_marks_the_connection() {
        assert_eq!(flags_after(&[b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"]), (false, true));
        assert_eq!(flags_after(&[b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n"]), (false, true));
        assert_eq!(flags_after(&[b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"]), (false, true));
        // A head longer than is kept: its body's LFs are not taken for a head's.
        let long =
            format!("POST / HTTP/1.1\r\nHost: a\r\nX: {}\r\nContent-Length: 3\r\n\r\n{{\n}}", "x".repeat(HEAD_KEPT));
        assert_eq!(flags_after(&[long.as_bytes()]), (false, true));
    }
}
