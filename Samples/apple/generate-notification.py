#!/usr/bin/env python3
"""Writes Samples/apple/notification-body.json: a Sign in with Apple server-to-server notification body, as Apple
POSTs it ({"payload": "<JWT>"}), signed by the TEST key Samples/keys/sample-key-2.pem (kid sample-key-2, listed in
Samples/jwks.json) for the audience com.example.gatehouse. TEST DATA ONLY.

Needs python3 with the `cryptography` package. The key is read, never regenerated, so the output is stable apart
from the signature (RSA PKCS#1 v1.5 is deterministic, so it is stable too).
"""
import base64, json, os
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

here = os.path.dirname(os.path.abspath(__file__))

def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

with open(os.path.join(here, "..", "keys", "sample-key-2.pem"), "rb") as f:
    key = serialization.load_pem_private_key(f.read(), password=None)

iat = 1795953600  # 2026-11-29T12:00:00Z
events = {
    "type": "consent-revoked",
    "sub": "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200",
    "event_time": (iat - 30) * 1000,
}
claims = {
    "iss": "https://appleid.apple.com",
    "aud": "com.example.gatehouse",
    "iat": iat,
    "exp": iat + 86400,
    "jti": "sample-notification-0001",
    # Apple sends the events claim as a JSON string, not an object.
    "events": json.dumps(events, separators=(",", ":")),
}
header = {"kid": "sample-key-2", "alg": "RS256"}
signing_input = b64u(json.dumps(header, separators=(",", ":")).encode()) + "." + b64u(json.dumps(claims, separators=(",", ":")).encode())
signature = key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
with open(os.path.join(here, "notification-body.json"), "w") as f:
    f.write(json.dumps({"payload": signing_input + "." + b64u(signature)}) + "\n")
