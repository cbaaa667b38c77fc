//! The built binary: `--help`, refusing bad settings, and a real start, request and SIGTERM.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_static-server");

/// Written out here rather than taken from `SETTINGS`, so dropping one from the help fails.
const VARIABLES: &[&str] = &[
    "HOST",
    "PORT",
    "DIST_DIR",
    "DATABASE_URL",
    "ROLLOUT_PERCENTAGE",
    "TICKET_API_URL",
    "THEME",
    "HELPLINE",
    "SUPPORT_EMAIL",
    "OFFICE_ADDRESS",
    "LIVE_CHAT_SRC",
    "RENTAL_URL",
    "IMAGE_BASE",
    "DEMO_MODE",
    "RUST_LOG",
];

/// A real site's token secret (32 bytes or more).
const SECRET: &str = "a secret of the tests, 32+ bytes long";
/// The key of stored OTP codes, apart from the token secret.
const OTP_SECRET: &str = "another secret of the tests, 32+ bytes";

/// The binary with none of our variables inherited from whoever runs the tests.
fn command() -> Command {
    let mut command = Command::new(BINARY);
    for variable in VARIABLES {
        command.env_remove(variable);
    }
    command.env_remove("TOKEN_SECRET");
    command.env("OTP_SECRET", OTP_SECRET);
    command
}

fn run(command: &mut Command) -> Output {
    command.stdin(Stdio::null()).output().expect("run the binary")
}

#[test]
fn help_lists_every_setting_and_exits_0() {
    for flag in ["--help", "-h"] {
        let output = run(command().arg(flag));
        assert!(output.status.success(), "{flag}: {:?}", output.status);
        let help = String::from_utf8_lossy(&output.stdout);
        for variable in VARIABLES {
            assert!(help.contains(variable), "{flag} does not mention {variable}:\n{help}");
        }
        for default in ["127.0.0.1", "8080", "app/dist", "sqlite://data/tickets.db", "intercity", "16374", "/images/"] {
            assert!(help.contains(default), "{flag} does not show the default {default}");
        }
    }
}

#[test]
fn invalid_settings_exit_non_zero_naming_the_variable() {
    for (variable, value) in [
        ("ROLLOUT_PERCENTAGE", "150"),
        ("ROLLOUT_PERCENTAGE", "half"),
        ("THEME", "green"),
        ("PORT", "http"),
        ("TICKET_API_URL", "not a url"),
        ("RUST_LOG", "[[["),
    ] {
        let output = run(command().env(variable, value));
        assert!(!output.status.success(), "{variable}={value} should fail");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(variable), "{variable}={value}: stderr was {stderr:?}");
    }
}

#[test]
fn unknown_arguments_are_refused() {
    let output = run(command().arg("--port=1"));
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--help"));
}

#[test]
fn a_missing_dist_directory_stops_start_up() {
    let dir = common::TempDir::new("bin-nodist");
    let output = run(command()
        .env("PORT", "0")
        .env("DIST_DIR", dir.path().join("nothing-here"))
        .env("TOKEN_SECRET", SECRET)
        .env("DATABASE_URL", format!("sqlite://{}", dir.path().join("t.db").display())));
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("DIST_DIR"));
}

#[test]
fn a_real_site_does_not_start_without_a_long_token_secret() {
    let dir = common::TempDir::new("bin-secret");
    common::make_dist(&dir.path().join("dist"));
    for secret in [None, Some("too short")] {
        let mut command = command();
        command
            .env("PORT", "0")
            .env("DIST_DIR", dir.path().join("dist"))
            .env("DATABASE_URL", format!("sqlite://{}", dir.path().join("t.db").display()));
        if let Some(secret) = secret {
            command.env("TOKEN_SECRET", secret);
        }
        let output = run(&mut command);
        assert!(!output.status.success(), "{secret:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("TOKEN_SECRET"), "{stderr}");
        assert!(!stderr.contains("too short"), "the secret is not printed: {stderr}");
    }
}

/// Kills the child if a test fails half-way, so no server outlives the test run.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A raw HTTP/1.1 exchange: enough for a smoke test without an HTTP client dependency.
fn http(port: u16, request: &str) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    stream.write_all(request.as_bytes()).expect("send");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).expect("read");
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").expect("header end");
    let head = String::from_utf8_lossy(&response[..split]).to_ascii_lowercase();
    (head, response[split + 4..].to_vec())
}

#[test]
fn serves_over_http_and_stops_cleanly_on_sigterm() {
    let dir = common::TempDir::new("bin-serve");
    common::make_dist(&dir.path().join("dist"));
    let database = dir.path().join("nested/data/tickets.db");
    let mut child = command()
        .env("PORT", "0")
        .env("DIST_DIR", dir.path().join("dist"))
        .env("DATABASE_URL", format!("sqlite://{}", database.display()))
        .env("TOKEN_SECRET", SECRET)
        .env("ROLLOUT_PERCENTAGE", "25")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the server");
    let stdout = child.stdout.take().expect("stdout");
    let server = Server(child);

    let mut lines = BufReader::new(stdout).lines();
    let announced =
        lines.find_map(|line| line.ok().filter(|l| l.contains("listening on"))).expect("the server announces its URL");
    let port: u16 = announced
        .rsplit(':')
        .next()
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or_else(|| panic!("no port in {announced:?}"));
    assert!(announced.contains("http://127.0.0.1:"), "{announced}");

    let (head, body) = http(port, "GET /bus HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("content-encoding: br"), "{head}");
    assert!(head.contains("content-security-policy:"), "{head}");
    let mut html = Vec::new();
    brotli::Decompressor::new(&body[..], 4096).read_to_end(&mut html).expect("brotli body");
    assert_eq!(html, common::index_html().as_bytes());

    let (head, body) = http(port, "GET /api/get-rollout HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, br#"{"percentage":25}"#);

    let json = r#"{"date":"2025-03-14"}"#;
    let request = format!(
        "POST /api/visitor-update HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
        json.len()
    );
    let (head, body) = http(port, &request);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(body, br#"{"count":1}"#);
    assert!(database.exists(), "the database file is created with its directories");

    let mut server = server;
    let status = Command::new("kill").args(["-TERM", &server.0.id().to_string()]).status().expect("send SIGTERM");
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    let exit = loop {
        if let Some(exit) = server.0.try_wait().expect("wait") {
            break exit;
        }
        assert!(Instant::now() < deadline, "the server did not stop within 10 s of SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "graceful shutdown exits 0, got {exit:?}");
}
