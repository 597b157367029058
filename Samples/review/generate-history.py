#!/usr/bin/env python3
"""Writes history.csv: an invented two-year App Review history of a few apps, for `make demo`.

Deterministic (fixed seed), so the file in the repository is what this script writes. Times are UTC.
Run: python3 Samples/review/generate-history.py > Samples/review/history.csv
"""
import csv
import random
import sys
from datetime import datetime, timedelta, timezone

random.seed(20240101)
APPS = [
    ("Tideline", "com.example.tideline", "iOS"),
    ("Tideline", "com.example.tideline", "macOS"),
    ("Kanji Garden", "com.example.kanjigarden", "iOS"),
    ("Loop Timer", "com.example.looptimer", "watchOS"),
]
REJECTIONS = ["REJECTED", "REJECTED", "METADATA_REJECTED", "UNRESOLVED_ISSUES"]
NOTES = {
    "REJECTED": ["Guideline 2.1: crash on launch", "Guideline 4.0: design", "Guideline 5.1.1: privacy"],
    "METADATA_REJECTED": ["screenshots show another device"],
    "UNRESOLVED_ISSUES": ["Guideline 2.3.3: screenshots"],
}

rows = []


def add(app, bundle, platform, version, build, state, at, note=""):
    rows.append([app, bundle, platform, version, build, state,
                 at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), note])


for app, bundle, platform in APPS:
    at = datetime(2024, 1, 8, 9, 0, tzinfo=timezone.utc) + timedelta(hours=random.randint(0, 24 * 40))
    major, minor = 1, 0
    while at < datetime(2025, 12, 1, tzinfo=timezone.utc):
        version = f"{major}.{minor}"
        build = str(random.randint(100, 999))
        add(app, bundle, platform, version, build, "PREPARE_FOR_SUBMISSION", at)
        at += timedelta(hours=random.randint(2, 72))
        cycles = 0
        while True:
            cycles += 1
            add(app, bundle, platform, version, build, "WAITING_FOR_REVIEW", at)
            if random.random() < 0.06:  # withdrawn to fix a bug found meanwhile
                at += timedelta(hours=random.randint(1, 20))
                add(app, bundle, platform, version, build, "DEVELOPER_REJECTED", at, "found a crash; withdrawn")
                at += timedelta(hours=random.randint(3, 30))
                build = str(int(build) + 1)
                continue
            wait = random.choice([random.uniform(0.3, 12), random.uniform(6, 30), random.uniform(20, 90)])
            at += timedelta(hours=wait)
            add(app, bundle, platform, version, build, "IN_REVIEW", at)
            at += timedelta(minutes=random.randint(8, 60 * 9))
            if cycles < 3 and random.random() < 0.22:
                outcome = random.choice(REJECTIONS)
                add(app, bundle, platform, version, build, outcome, at, random.choice(NOTES[outcome]))
                at += timedelta(hours=random.randint(4, 60))
                build = str(int(build) + 1)
                continue
            add(app, bundle, platform, version, build, "PENDING_DEVELOPER_RELEASE", at)
            at += timedelta(hours=random.randint(1, 48))
            add(app, bundle, platform, version, build, "PROCESSING_FOR_DISTRIBUTION", at)
            at += timedelta(minutes=random.randint(10, 90))
            add(app, bundle, platform, version, build, "READY_FOR_DISTRIBUTION", at)
            break
        at += timedelta(days=random.randint(18, 60))
        if random.random() < 0.25:
            major, minor = major + 1, 0
        else:
            minor += 1

writer = csv.writer(sys.stdout, lineterminator="\n")
writer.writerow(["app", "bundle_id", "platform", "version", "build", "state", "at", "note"])
writer.writerows(rows)
