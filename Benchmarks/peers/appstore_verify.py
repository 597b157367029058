#!/usr/bin/env python3
"""Apple's app-store-server-library (Python) peer for gatehouse-bench: verifies the same genuine signed transaction
offline against the same root (Apple Root CA - G3) as the bench's AppStoreSignedDataVerifier.

SignedDataVerifier is made once, with online checks off, as Apple's README shows; per verification
verify_and_decode_signed_transaction checks the x5c chain at the payload's signedDate, the signature, the bundle ID
and the environment.

Prints one line: "<library version> <verifications> <CPU seconds>" after running for --seconds of CPU time.
Usage: appstore_verify.py --signed FILE --root FILE --bundle-id ID --environment Sandbox|Production --seconds S
"""
import argparse
import time
from importlib.metadata import version

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

parser = argparse.ArgumentParser()
parser.add_argument("--signed", required=True)
parser.add_argument("--root", required=True)
parser.add_argument("--bundle-id", required=True)
parser.add_argument("--environment", required=True)
parser.add_argument("--app-apple-id", type=int, default=None)
parser.add_argument("--seconds", type=float, default=1.0)
arguments = parser.parse_args()

signed = open(arguments.signed).read().strip()
root = open(arguments.root, "rb").read()
verifier = SignedDataVerifier([root], False, Environment(arguments.environment), arguments.bundle_id,
                              arguments.app_apple_id)

transaction = verifier.verify_and_decode_signed_transaction(signed)
assert transaction.bundleId == arguments.bundle_id, transaction
for _ in range(20):  # warm-up
    verifier.verify_and_decode_signed_transaction(signed)

count = 0
start = time.process_time()
deadline = start + arguments.seconds
while True:
    for _ in range(20):
        verifier.verify_and_decode_signed_transaction(signed)
    count += 20
    now = time.process_time()
    if now >= deadline:
        break
print(version("app-store-server-library"), count, now - start)
