"""Schemathesis hooks for Meydan's fuzz run (loaded through SCHEMATHESIS_HOOKS=meydan_hooks).

The check `no_write_from_refused_request`: a request the API refused (4xx/5xx) must not have changed any MongoDB
database of the stack. The test process serves a fingerprint of every service database at MEYDAN_FINGERPRINT_URL;
it is read (settled: twice the same, so a consumer still writing for an earlier accepted request is not blamed on
this one) before each call and again after a refused one. Needs one worker, so no other call runs in between.
"""

import json
import os
import time
import urllib.request

import schemathesis

FINGERPRINT_URL = os.environ.get("MEYDAN_FINGERPRINT_URL")
SETTLE_SECONDS = 0.03
# An accepted write starts writes of its own a little later (the trending rank at most once a second, the admin read
# model's batches): the next call waits this long after one before its "before" is taken.
QUIET_AFTER_WRITE_SECONDS = 1.5
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
_last_accepted_write = 0.0
_before = {}
_written = {}


def _fingerprint():
    with urllib.request.urlopen(FINGERPRINT_URL, timeout=30) as answer:
        return answer.read().decode()


def _settled_fingerprint():
    last = _fingerprint()
    for _ in range(40):
        time.sleep(SETTLE_SECONDS)
        now = _fingerprint()
        if now == last:
            return now
        last = now
    return last


@schemathesis.hook
def before_call(context, case, kwargs):
    if FINGERPRINT_URL:
        wait = _last_accepted_write + QUIET_AFTER_WRITE_SECONDS - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        _before[id(case)] = _settled_fingerprint()


@schemathesis.hook
def after_call(context, case, response):
    global _last_accepted_write
    if response.status_code < 400 and case.method.upper() in WRITE_METHODS:
        _last_accepted_write = time.monotonic()
    before = _before.pop(id(case), None)
    if before is None or response.status_code < 400:
        return
    after = _settled_fingerprint()
    if after != before:
        _written[id(case)] = (response.status_code, before, after)


@schemathesis.check
def no_write_from_refused_request(ctx, response, case):
    written = _written.pop(id(case), None)
    if written:
        status, before, after = written
        old, new = json.loads(before), json.loads(after)
        changed = sorted(name for name in set(old) | set(new) if old.get(name) != new.get(name))
        raise AssertionError(f"Refused with {status}, yet it changed {', '.join(changed)}")
