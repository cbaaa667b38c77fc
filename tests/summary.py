"""Counts test cases across the suites' reports and prints 'N passed, N failed'.

Gates (rustfmt, clippy, eslint) count one case each: passed when the tool exited 0.

cargo: the 'test result:' lines of libtest (and libtest-mimic) in cargo.log.
vitest: its JSON report (vitest.json). Playwright: its JSON report (e2e.json).
Skipped, ignored, todo and pending cases count as failed. A suite that exited non-zero without a
failing case (a build error, a crash) counts one failure, so a broken suite can never pass.
"""
import json
import pathlib
import re
import sys

reports = pathlib.Path(sys.argv[1])
passed = failed = 0
problems = []


GATES = ("rustfmt", "clippy", "eslint")


def status(name):
    f = reports / f"{name}.status"
    return int(f.read_text().strip()) if f.exists() else 1


def cargo():
    log = reports / "cargo.log"
    text = log.read_text(errors="replace") if log.exists() else ""
    p = f = 0
    for m in re.finditer(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", text):
        p += int(m.group(1))
        f += int(m.group(2)) + int(m.group(3))
        if int(m.group(3)):
            problems.append(f"cargo: {m.group(3)} ignored test(s) count as failed")
    return p, f


def vitest():
    path = reports / "vitest.json"
    if not path.exists():
        return 0, 0
    r = json.loads(path.read_text())
    skipped = r.get("numPendingTests", 0) + r.get("numTodoTests", 0)
    if skipped:
        problems.append(f"vitest: {skipped} skipped/todo test(s) count as failed")
    return r.get("numPassedTests", 0), r.get("numFailedTests", 0) + skipped


def e2e():
    path = reports / "e2e.json"
    if not path.exists():
        return 0, 0
    s = json.loads(path.read_text()).get("stats", {})
    if s.get("skipped", 0) or s.get("flaky", 0):
        problems.append(f"e2e: {s.get('skipped', 0)} skipped and {s.get('flaky', 0)} flaky count as failed")
    return s.get("expected", 0), s.get("unexpected", 0) + s.get("skipped", 0) + s.get("flaky", 0)


for name in GATES:
    ok = status(name) == 0
    if not ok:
        problems.append(f"{name}: the gate failed (see {reports}/{name}.log)")
    print(f"{name}: {int(ok)} passed, {int(not ok)} failed")
    passed += int(ok)
    failed += int(not ok)

for name, count in (("cargo", cargo), ("vitest", vitest), ("e2e", e2e)):
    p, f = count()
    if status(name) != 0 and f == 0:
        problems.append(f"{name}: exited with {status(name)} without a failing case (see {reports}/{name}.log)")
        f = 1
    if p + f == 0:
        problems.append(f"{name}: ran no test")
        f = 1
    print(f"{name}: {p} passed, {f} failed")
    passed += p
    failed += f

for line in problems:
    print(f"problem: {line}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
