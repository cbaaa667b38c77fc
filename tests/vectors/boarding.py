"""Writes boarding.sign.json and boarding.verify.json (issue 36) from a second implementation of
the boarding pass (core-wasm/src/boarding.rs), in Python with the `cryptography` package's
Ed25519: the core must write the very same codes (Ed25519 signatures are deterministic) and
read them the same way. Run from the repository's root: python3 tests/vectors/boarding.py"""
import hashlib
import json
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

PNR = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
EPOCH_MINUTE = 28_401_120
DOMAIN = b"intercity boarding pass v1\0"
SECRET = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
OTHER = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"
TRIP = "trip-dhaka-chattogram-hn-101-20261130-0800"
NOON = 1_796_983_200_000


def b45(data: bytes) -> str:
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        out += [B45[n % 45], B45[n // 45 % 45], B45[n // 2025]]
    if len(data) % 2:
        n = data[-1]
        out += [B45[n % 45], B45[n // 45]]
    return "".join(out)


def pass_bytes(p: dict) -> bytes:
    bits = []
    def push(value, width):
        bits.extend((value >> i) & 1 for i in reversed(range(width)))
    push(1, 8)
    push(p["keyId"], 8)
    for c in p["pnr"]:
        push(PNR.index(c), 5)
    for b in hashlib.sha256(p["tripId"].encode()).digest()[:4]:
        push(b, 8)
    push(p["fromStop"], 8)
    push(p["toStop"], 8)
    push(p["validFrom"] // 60000 - EPOCH_MINUTE, 24)
    push(p["validUntil"] // 60000 - p["validFrom"] // 60000, 16)
    push(len(p["seats"]), 8)
    for seat in p["seats"]:
        assert 0 <= seat < 4096
        push(seat, 12)
    bits += [0] * (-len(bits) % 8)
    return bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))


def key(secret: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret))


def public(secret: str) -> str:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    return key(secret).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def sign(p: dict, secret: str) -> str:
    body = pass_bytes(p)
    return b45(body + key(secret).sign(DOMAIN + body))


def flipped(code_bytes: bytes, i: int) -> str:
    changed = bytearray(code_bytes)
    changed[i] ^= 0x01
    return b45(bytes(changed))


def raw(p: dict, secret: str) -> bytes:
    body = pass_bytes(p)
    return body + key(secret).sign(DOMAIN + body)


bus = {"pnr": "R4NG4Y6B", "tripId": TRIP, "seats": [0, 5, 17, 4095], "fromStop": 0, "toStop": 2,
       "validFrom": NOON - 6 * 3_600_000, "validUntil": NOON + 3_600_000, "keyId": 7}
launch = {"pnr": "K7XQ2M9P", "tripId": "trip-dhaka-barishal-sundarban-16-20261130-2030", "seats": [191, 3, 64],
          "fromStop": 1, "toStop": 4, "validFrom": NOON, "validUntil": NOON + 14 * 3_600_000, "keyId": 7}
keys = [{"keyId": 7, "key": public(SECRET)}]
both = [{"keyId": 6, "key": public(OTHER)}, {"keyId": 7, "key": public(SECRET)}]
code = sign(bus, SECRET)
assert len(code) <= 150, len(code)

signing = {"rule": "boarding.sign", "js": "signBoardingCode", "cases": [
    {"name": "a bus pass of four seats, as a QR's alphanumeric text of at most 150 characters", "args": [bus, SECRET], "expected": code},
    {"name": "a launch pass: cabins, deck places and a part of the route", "args": [launch, SECRET], "expected": sign(launch, SECRET)},
    {"name": "a PNR with a character no PNR has (0) cannot be signed", "args": [{**bus, "pnr": "R4NG4Y60"}, SECRET], "throws": True},
    {"name": "a seat position past 4095 cannot be signed", "args": [{**bus, "seats": [4096]}, SECRET], "throws": True},
    {"name": "too many seats for a QR code: refused, not cut", "args": [{**bus, "seats": list(range(16))}, SECRET], "throws": True},
]}

valid_bus = {k: v for k, v in bus.items()}
verifying = {"rule": "boarding.verify", "js": "verifyBoardingCode", "cases": [
    {"name": "a valid ticket boards, and says its PNR, seat positions and legs", "args": [code, keys, [], TRIP, NOON], "expected": {"verdict": "valid", "pass": valid_bus}},
    {"name": "a launch pass boards on its trip", "args": [sign(launch, SECRET), keys, [], launch["tripId"], NOON + 3_600_000],
     "expected": {"verdict": "valid", "pass": launch}},
    {"name": "an old key still verifies while keys rotate", "args": [sign({**bus, "keyId": 6}, OTHER), both, [], TRIP, NOON], "expected": {"verdict": "valid"}},
    {"name": "another operator's key: forged", "args": [code, [{"keyId": 7, "key": public(OTHER)}], [], TRIP, NOON], "expected": {"verdict": "refused", "reason": "forged"}},
    {"name": "a key id the operator does not have", "args": [code, [{"keyId": 8, "key": public(SECRET)}], [], TRIP, NOON], "expected": {"verdict": "refused", "reason": "unknownKey"}},
    {"name": "a revoked ticket (cancelled) is refused", "args": [code, keys, ["R4NG4Y6B"], TRIP, NOON], "expected": {"verdict": "refused", "reason": "revoked"}},
    {"name": "a real ticket of another trip", "args": [code, keys, [], "trip-dhaka-chattogram-hn-101-20261201-0800", NOON], "expected": {"verdict": "refused", "reason": "otherTrip"}},
    {"name": "before its window", "args": [code, keys, [], TRIP, NOON - 6 * 3_600_000 - 60_000], "expected": {"verdict": "refused", "reason": "notYet"}},
    {"name": "after its window (an expired ticket)", "args": [code, keys, [], TRIP, NOON + 3_600_000], "expected": {"verdict": "refused", "reason": "expired"}},
    {"name": "a PNR typed where a code goes is not a code", "args": ["R4NG4Y6B", keys, [], TRIP, NOON], "expected": {"verdict": "refused", "reason": "unreadable"}},
    {"name": "text that is not base45", "args": ["hello, world", keys, [], TRIP, NOON], "expected": {"verdict": "refused", "reason": "unreadable"}},
] + [
    {"name": f"byte {i} flipped is refused", "args": [flipped(raw(bus, SECRET), i), keys, [], TRIP, NOON], "expected": {"verdict": "refused"}}
    for i in range(0, len(raw(bus, SECRET)), 7)
]}

for name, data in [("boarding.sign.json", signing), ("boarding.verify.json", verifying)]:
    with open(f"tests/vectors/{name}", "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
print(len(code), "characters:", code)
