#!/usr/bin/env python3
"""PyJWT peer for gatehouse-bench: verifies the same Apple-shaped RS256 token against the same key set.

Done the way a careful PyJWT server does it: the JWKS is parsed once (PyJWKSet), keys indexed by kid; per
verification the unverified header gives the kid, the key is looked up, and jwt.decode checks the signature,
RS256 only, the issuer, the audience, exp and iat, and requires exp, iat and sub.

Prints one line: "<PyJWT version> <verifications> <CPU seconds>" after running for --seconds of CPU time
(process_time: time the process spends waiting for a CPU on a busy machine is not counted).
Usage: pyjwt_verify.py --token FILE --jwks FILE --aud ID --iss ISSUER --seconds S
"""
import argparse
import json
import time

import jwt

parser = argparse.ArgumentParser()
parser.add_argument("--token", required=True)
parser.add_argument("--jwks", required=True)
parser.add_argument("--aud", required=True)
parser.add_argument("--iss", required=True)
parser.add_argument("--seconds", type=float, default=1.0)
arguments = parser.parse_args()

token = open(arguments.token).read().strip()
key_set = jwt.PyJWKSet.from_dict(json.load(open(arguments.jwks)))
keys = {key.key_id: key for key in key_set.keys}
options = {"require": ["exp", "iat", "sub"]}


def verify(token):
    kid = jwt.get_unverified_header(token)["kid"]
    key = keys[kid]  # KeyError for an unknown kid: fail closed
    return jwt.decode(token, key.key, algorithms=["RS256"], audience=arguments.aud, issuer=arguments.iss,
                      options=options)


claims = verify(token)
assert claims["sub"].startswith("001234."), claims
for _ in range(200):  # warm-up
    verify(token)

count = 0
start = time.process_time()
deadline = start + arguments.seconds
while True:
    for _ in range(100):
        verify(token)
    count += 100
    now = time.process_time()
    if now >= deadline:
        break
print(jwt.__version__, count, now - start)
