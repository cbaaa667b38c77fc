#!/usr/bin/env bash
# Boarding's budgets (issue 36): a trip pack <= 20 KB for a coach and <= 150 KB for a
# 600-passenger launch (deflated, as the wire carries it), a scan's check <= 5 ms on a phone at
# 4x CPU slowdown (the staff wasm in V8, times four), a 600-passenger manifest PDF <= 1 s.
# Usage: tests/load/boarding-bench.sh   (needs pkg/: make pkg/package.json)
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p ticket-api --example boarding_budgets
target=${CARGO_TARGET_DIR:-target}/release
"$target/examples/boarding_budgets"
node --experimental-wasm-modules --no-warnings tests/load/boarding-verify.mjs
