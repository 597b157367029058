#!/usr/bin/env python3
"""Regenerates the sample keys and tokens in Samples/ (TEST KEYS ONLY: never use them for anything real).

Needs python3 with the `cryptography` package. The committed files are what `make demo` and the tests use;
running this again makes new keys, so the tests that pin sample values must be updated with them.
"""
import base64, hashlib, json, os
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

here = os.path.dirname(os.path.abspath(__file__))

def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def uint(n: int) -> bytes:
    return n.to_bytes((n.bit_length() + 7) // 8, "big")

def write(path: str, text: str) -> None:
    with open(os.path.join(here, path), "w") as f:
        f.write(text)

def rsa_key(name: str):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    write(f"keys/{name}.pem", pem.decode())
    numbers = key.public_key().public_numbers()
    return key, {"kty": "RSA", "kid": name, "use": "sig", "alg": "RS256", "n": b64u(uint(numbers.n)), "e": b64u(uint(numbers.e))}

def sign_rs256(key, header: dict, claims: dict) -> str:
    signing_input = b64u(json.dumps(header, separators=(",", ":")).encode()) + "." + b64u(json.dumps(claims, separators=(",", ":")).encode())
    signature = key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    return signing_input + "." + b64u(signature)

key1, jwk1 = rsa_key("sample-key-1")
key2, jwk2 = rsa_key("sample-key-2")
write("jwks.json", json.dumps({"keys": [jwk1, jwk2]}, indent=2) + "\n")

iat = 1795953600  # 2026-11-29T12:00:00Z
claims = {
    "iss": "https://appleid.apple.com",
    "aud": "com.example.gatehouse",
    "exp": iat + 86400,
    "iat": iat,
    "sub": "001234.5f3c2e1d0b9a48c7a6e5d4c3b2a19080.1200",
    "nonce": hashlib.sha256(b"sample-nonce").hexdigest(),
    "c_hash": "p3Q8kM2bXb0pC7Zr4wLr2g",
    "email": "x7kq2mzp4d@privaterelay.appleid.com",
    "email_verified": True,
    "is_private_email": True,
    "auth_time": iat,
    "nonce_supported": True,
    "real_user_status": 2,
}
write("identity-token.jwt", sign_rs256(key2, {"kid": "sample-key-2", "alg": "RS256"}, claims) + "\n")
# The classic mistake, made on purpose: the header names key 1 but key 2 signed it.
write("wrong-key-token.jwt", sign_rs256(key2, {"kid": "sample-key-1", "alg": "RS256"}, claims) + "\n")

# A test-only Apple-style .p8 AuthKey (PKCS#8 EC P-256) for client secrets.
p8 = ec.generate_private_key(ec.SECP256R1()).private_bytes(
    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
write("keys/AuthKey_TEST0KEY01.p8", p8.decode())
