#!/usr/bin/env python3
"""A burst of complete sales while the PostgreSQL primary is killed (tests/load/failover.sh).

Each buyer is a visitor of its own, on one of the server processes (buyers alternate between
them), from an address of its own (X-Forwarded-For, trusted from loopback), on one kept-alive
connection. A sale is the site's: seat-lock, payment-pending, update-gateway, the sandbox page's
Pay, confirm-ticket. A sale is *answered* when confirm-ticket answers 200 with the ticket.

Every state-changing call carries an Idempotency-Key. A call that gets no answer (connection
refused or cut), a 5xx, a 429 or a 409 "this key is still running" is sent again with the SAME
key after a short sleep, for at most RETRY_FOR seconds; every answer is counted by call and
status, and every 500 is kept with its body. At `--kill-at` of the burst the primary's
postmaster (found by asking each Patroni REST API `GET /primary`) gets SIGKILL.

Writes a JSON report to `--out`: the answered sales (tnx id, PNR), the kill's time, when sales
resumed and when the old primary was the synchronous standby again, the counts, the 500s, and
sales per second.
Python 3 standard library only.
"""
import argparse
import datetime
import http.client
import json
import os
import random
import signal
import sys
import threading
import time
import urllib.request
import uuid
from collections import Counter

RETRY_FOR = 75.0  # longer than an Idempotency-Key's lease (60 s): a key left running is freed by then
SLEEP = 0.25  # between retries of one call
TIMEOUT = 40.0  # the server answers 408 after 30 s


def log(*args):
    print(*args, file=sys.stderr, flush=True)


class Run:
    """What every buyer adds to, under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = Counter()  # (call, status) -> answers
        self.errors_500 = []  # {call, process, t, body}
        self.missing_retry_after = Counter()  # call -> 503s without Retry-After
        self.sales = []  # {tnx, pnr, t, process, retried}
        self.failed = []  # {call, status, body}
        self.kill_t = None
        # When the switch showed: the first call after the kill that got no answer or a 5xx.
        self.first_failure = None
        self.started = time.monotonic()

    def now(self):
        return time.monotonic() - self.started


class Client:
    """One buyer's HTTP/1.1 connection to one server process, kept alive between calls."""

    def __init__(self, host, port, forwarded_for):
        self.host, self.port, self.forwarded_for = host, port, forwarded_for
        self.conn = None

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def send(self, method, path, body=None, token=None, key=None):
        headers = {"Content-Type": "application/json", "X-Forwarded-For": self.forwarded_for}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if key:
            headers["Idempotency-Key"] = key
        data = json.dumps(body).encode() if body is not None else b""
        reused = self.conn is not None
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            if reused:  # the server closed the kept connection meanwhile: once more, fresh
                return self.send(method, path, body, token, key)
            raise
        if (response.getheader("Connection") or "").lower() == "close":
            self.close()
        return response.status, response.headers, raw


def parse(raw):
    try:
        return json.loads(raw)
    except ValueError:
        return None


class Buyer:
    def __init__(self, run, number, process, host, port):
        self.run, self.number, self.process = run, number, process
        address = f"10.{number // 62500 % 250}.{number // 250 % 250}.{number % 250 + 1}"
        self.client = Client(host, port, address)
        self.token = None

    def call(self, name, method, path, body=None, key=None, auth=True):
        """The call until it is answered for good (or RETRY_FOR runs out): (status, headers, raw, tries)."""
        deadline = time.monotonic() + RETRY_FOR
        tries = 0
        while True:
            tries += 1
            try:
                status, headers, raw = self.client.send(method, path, body, self.token if auth else None, key)
            except (OSError, http.client.HTTPException) as e:
                status, headers, raw = None, {}, repr(e).encode()
            with self.run.lock:
                self.run.statuses[(name, status if status is not None else "no answer")] += 1
                if status == 500:
                    self.run.errors_500.append(
                        {"call": name, "process": self.process, "t": round(self.run.now(), 2),
                         "body": raw[:400].decode(errors="replace")}
                    )
                if status == 503 and not headers.get("Retry-After"):
                    self.run.missing_retry_after[name] += 1
                if (status is None or status >= 500) and self.run.kill_t is not None and self.run.first_failure is None:
                    self.run.first_failure = self.run.now()
            again = (
                status is None
                or status >= 500
                or status == 429
                or (status == 409 and b"idempotency.running" in raw)
            )
            if not again or time.monotonic() > deadline:
                return status, headers, raw, tries
            time.sleep(SLEEP)

    def fail(self, name, status, raw):
        with self.run.lock:
            self.run.failed.append({"call": name, "status": status, "body": raw[:300].decode(errors="replace")})

    def login(self):
        grant = {"grant_type": "client_credentials", "client_id": "web"}
        status, _, raw, _ = self.call("token", "POST", "/oauth/access_token", grant, auth=False)
        if status != 200:
            self.fail("token", status, raw)
            return False
        self.token = parse(raw)["access_token"]
        return True

    def free_seats(self, trip):
        status, _, raw, _ = self.call("seat-view", "POST", "/v1/api/intercity/get-seat-view", {"tripId": trip})
        if status != 200:
            self.fail("seat-view", status, raw)
            return []
        plan = (parse(raw) or {}).get("data", {}).get("seatPlan", {})
        seats = []
        for deck in ("seatList", "upperDeckSeatList", "lowerDeckSeatList"):
            for seat in plan.get(deck) or []:
                if seat.get("status") == "available" and seat.get("fareList") is None:
                    seats.append(seat["seatNo"])
        return seats

    def sale(self, trip, seat):
        """One complete sale; True once confirm-ticket answered 200 with the ticket."""
        started = self.run.now()
        tries = 0
        key = lambda: str(uuid.uuid4())  # one key per call, kept across that call's retries

        status, _, raw, n = self.call("seat-lock", "POST", "/v1/api/intercity/seat-lock",
                                      {"tripId": trip, "seats": [seat]}, key())
        tries += n
        if status != 200:
            return self.fail("seat-lock", status, raw)
        details = {"tripId": trip, "seats": [seat], "name": "Failover Test", "phone": "01712345678", "gender": "female"}
        status, _, raw, n = self.call("payment-pending", "POST", "/v1/api/intercity/payment-pending", details, key())
        tries += n
        if status != 200:
            return self.fail("payment-pending", status, raw)
        tnx = parse(raw)["data"]["tnxId"]
        status, _, raw, n = self.call("update-gateway", "POST", "/v1/api/intercity/update-gateway",
                                      {"tnxId": tnx, "gateway": "sandbox"}, key())
        tries += n
        if status != 200:
            return self.fail("update-gateway", status, raw)
        page = parse(raw)["data"]["redirectUrl"]
        # The gateway's button (no token, no key: a browser's form post; settling is idempotent).
        status, headers, raw, n = self.call("sandbox-pay", "POST", f"{page}/pay", auth=False)
        tries += n
        if status != 303:
            # The traveller lands on the site's result page either way; confirm-ticket decides.
            self.fail("sandbox-pay", status, raw)
        elif "/payment/success" not in (headers.get("Location") or ""):
            self.fail("sandbox-pay", f"303 to {headers.get('Location')}", b"")
        sent = self.run.now()
        status, _, raw, n = self.call("confirm-ticket", "POST", "/v1/api/intercity/confirm-ticket", {"tnxId": tnx}, key())
        tries += n
        answered = self.run.now()
        ticket = (parse(raw) or {}).get("data") or {}
        if status != 200 or not ticket.get("pnr"):
            return self.fail("confirm-ticket", status, raw)
        with self.run.lock:
            self.run.sales.append({"tnx": tnx, "pnr": ticket["pnr"], "t": round(answered, 3), "sent": round(sent, 3),
                                   "began": round(started, 3), "process": self.process, "retried": tries > 5})
        return True


def trips_to_sell(host, port, days):
    """Every bus trip of the next `days` days, from searches of the network's city pairs."""
    client = Client(host, port, "10.255.0.1")
    buyer = Buyer(Run(), 0, 0, host, port)
    buyer.client = client
    if not buyer.login():
        raise SystemExit("no token from the server")
    status, _, raw, _ = buyer.call("cities", "GET", "/v1/api/intercity/cities")
    names = [c["name"] for c in parse(raw)["data"]["cities"]]
    today = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=6))).date()  # Dhaka
    trips = set()
    for day in range(1, days + 1):
        date = (today + datetime.timedelta(days=day)).isoformat()
        for origin in names[:8]:
            for to in names:
                if to == origin:
                    continue
                body = {"from": origin, "to": to, "journeyDate": date}
                status, _, raw, _ = buyer.call("search", "POST", "/v1/api/intercity/get-schedule-trips", body)
                if status == 200:
                    for trip in (parse(raw) or {}).get("data", {}).get("trips") or []:
                        trips.add(trip["_id"])
    client.close()
    return sorted(trips)


def primary_pid(rest_urls, data_dirs):
    """The node whose Patroni says it is the primary, and its postmaster's pid."""
    for n, (url, data) in enumerate(zip(rest_urls, data_dirs)):
        try:
            with urllib.request.urlopen(f"{url}/primary", timeout=2) as r:
                if r.status != 200:
                    continue
        except OSError:
            continue
        with open(os.path.join(data, "postmaster.pid")) as f:
            return n, int(f.readline())
    return None, None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--api", required=True, help="host:port of each server process, comma-separated")
    p.add_argument("--buyers", type=int, default=8, help="buyers per server process")
    p.add_argument("--seconds", type=float, default=36)
    p.add_argument("--kill-at", type=float, default=1 / 3, help="fraction of the burst")
    p.add_argument("--rest", required=True, help="Patroni REST base URLs, comma-separated")
    p.add_argument("--data", required=True, help="the nodes' data directories, same order")
    p.add_argument("--days", type=int, default=8)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    apis = [(h, int(port)) for h, port in (x.rsplit(":", 1) for x in a.api.split(","))]
    rest, data = a.rest.split(","), a.data.split(",")

    trips = trips_to_sell(*apis[0], a.days)
    random.Random(7).shuffle(trips)
    log(f"burst: {len(trips)} trips over {a.days} days, {a.buyers} buyers on each of {len(apis)} processes, "
        f"{a.seconds:.0f} s, primary killed at {a.seconds * a.kill_at:.1f} s")
    run = Run()
    queue = list(trips)
    queue_lock = threading.Lock()
    stop = threading.Event()

    def buyer_loop(number):
        process = number % len(apis)
        buyer = Buyer(run, number + 1, process, *apis[process])
        if not buyer.login():
            return
        while not stop.is_set():
            with queue_lock:
                if not queue:
                    return
                trip = queue.pop()
            for seat in buyer.free_seats(trip):
                if stop.is_set():
                    break
                buyer.sale(trip, seat)
        buyer.client.close()

    run.started = time.monotonic()
    threads = [threading.Thread(target=buyer_loop, args=(n,), daemon=True) for n in range(a.buyers * len(apis))]
    for t in threads:
        t.start()
    kill_at = a.seconds * a.kill_at
    killed = None
    rejoined = None
    next_poll = 0.0
    last_report = 0
    while run.now() < a.seconds and any(t.is_alive() for t in threads):
        if killed is None and run.now() >= kill_at:
            node, pid = primary_pid(rest, data)
            if pid is None:
                raise SystemExit("no primary to kill")
            os.kill(pid, signal.SIGKILL)
            with run.lock:
                run.kill_t = run.now()
                before = len(run.sales)
            killed = {"node": node, "pid": pid, "t": round(run.kill_t, 2), "sales_before": before}
            log(f"  {run.kill_t:5.1f} s  SIGKILL to the primary's postmaster: node {node + 1}, pid {pid} "
                f"({before} sales answered so far)")
        if killed is not None and rejoined is None and run.now() >= next_poll:
            # The old primary back as the synchronous standby (Patroni's GET /sync answers 200).
            next_poll = run.now() + 0.5
            try:
                with urllib.request.urlopen(f"{rest[killed['node']]}/sync", timeout=1) as r:
                    if r.status == 200:
                        rejoined = round(run.now() - run.kill_t, 1)
                        log(f"  {run.now():5.1f} s  node {killed['node'] + 1} is the synchronous standby again")
            except OSError:
                pass
        if int(run.now()) >= last_report + 3:
            last_report = int(run.now())
            with run.lock:
                sold, e500 = len(run.sales), len(run.errors_500)
            log(f"  {run.now():5.1f} s  {sold} sales answered, {e500} answers 500")
        time.sleep(0.05)
    if killed is None:
        raise SystemExit("the burst ended before the kill (no seats left?)")
    stop.set()
    log(f"  {run.now():5.1f} s  burst over; waiting for the sales in flight (at most {RETRY_FOR:.0f} s)")
    for t in threads:
        t.join(RETRY_FOR + TIMEOUT + 5)
    stuck = sum(t.is_alive() for t in threads)

    per_second = Counter(int(s["t"]) for s in run.sales)
    durations = sorted(s["t"] - s["began"] for s in run.sales)
    whole = [s["t"] - run.kill_t for s in run.sales if s["began"] >= run.kill_t]
    # Resumed: the first sale answered whose last call was sent once the switch showed (backends
    # of the killed postmaster may still answer for some milliseconds after the SIGKILL, their
    # commits on the standby too), counted from the kill.
    since = run.first_failure if run.first_failure is not None else run.kill_t
    resumed = [s["t"] - run.kill_t for s in run.sales if s["sent"] >= since]
    report = {
        "killed": killed,
        "answered": len(run.sales),
        "sales": run.sales,
        "resumed_after": round(min(resumed), 2) if resumed else None,
        "first_failure_after_kill": None if run.first_failure is None else round(run.first_failure - run.kill_t, 3),
        "answered_after_kill_before_failure": sum(run.kill_t <= s["t"] < since for s in run.sales),
        "statuses": {f"{c} {s}": n for (c, s), n in sorted(run.statuses.items(), key=str)},
        "errors_500": run.errors_500,
        "missing_retry_after": dict(run.missing_retry_after),
        "failed": run.failed,
        "sales_per_second": [per_second.get(s, 0) for s in range(int(run.now()) + 1)],
        "retried_sales": sum(s["retried"] for s in run.sales),
        "slowest_sale": round(durations[-1], 2) if durations else None,
        "sales_over_15s": sum(d > 15 for d in durations),
        # from the kill to the first sale begun (seat-lock sent) after it and answered
        "first_whole_sale_after_kill": round(min(whole), 2) if whole else None,
        "stuck_buyers": stuck,
        "rejoined_after": rejoined,
        "seconds": round(run.now(), 1),
    }
    with open(a.out, "w") as f:
        json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
