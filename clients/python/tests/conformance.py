"""Runs clients/conformance/scenario.json against the real daemon through the Python client."""
import json
import os
import tempfile
import threading
import time

from uassetd_client import CancelledError, Client, DaemonExitedError, RequestTimeoutError, UassetdError

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SCENARIO = os.path.join(REPO, "clients", "conformance", "scenario.json")


def daemon_path() -> str:
    return os.environ.get("UASSETD_DAEMON") or os.path.join(REPO, "uassetd")


def fixtures_dir():
    """The shared fixtures folder, or None (tests skip) unless UASSETD_REQUIRE_FIXTURES=1."""
    f = os.environ.get("UASSETD_FIXTURES", "../shared/fixtures")
    f = f if os.path.isabs(f) else os.path.normpath(os.path.join(REPO, f))
    if os.path.isdir(f):
        return f
    if os.environ.get("UASSETD_REQUIRE_FIXTURES") == "1":
        raise AssertionError(f"fixtures folder {f} is missing and UASSETD_REQUIRE_FIXTURES=1")
    return None


def subst(v, env):
    if isinstance(v, str):
        for k, val in env.items():
            v = v.replace("${" + k + "}", val)
        return v
    if isinstance(v, list):
        return [subst(x, env) for x in v]
    if isinstance(v, dict):
        return {k: subst(x, env) for k, x in v.items()}
    return v


def match(expected, actual, where="data"):
    """Objects: the expected keys match; lists: same length, each element matches; else equal."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for k, v in expected.items():
            assert k in actual, f"{where}: missing key {k!r} in {sorted(actual)}"
            match(v, actual[k], f"{where}.{k}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: expected {expected!r}, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            match(e, a, f"{where}[{i}]")
    else:
        assert type(expected) is type(actual) or (isinstance(expected, (int, float)) and isinstance(actual, (int, float))
                                                  and not isinstance(actual, bool)), f"{where}: {expected!r} vs {actual!r}"
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def check_reply(expect, reply):
    assert expect.get("success", True), f"expected a failure, got {reply!r}"
    assert reply.success
    if "data" in expect:
        match(expect["data"], reply.data)
    if "data_keys" in expect:
        assert list(reply.data.keys()) == expect["data_keys"], f"data keys {list(reply.data)}"
    if "warnings" in expect:
        assert len(reply.warnings) == len(expect["warnings"]), reply.warnings
        for w, sub in zip(reply.warnings, expect["warnings"]):
            assert sub in w, (sub, w)


def check_error(expect, err: UassetdError):
    assert expect.get("success") is False, f"unexpected failure {err.code}: {err.message}"
    e = expect["error"]
    assert err.code == e["code"], (err.code, err.message)
    for k in ("file", "offset", "structure"):
        if k in e:
            assert getattr(err, k) == e[k], (k, getattr(err, k), e[k])
    if "message_contains" in expect:
        assert expect["message_contains"] in err.message, err.message
    if err.code == "CANCELLED":
        assert isinstance(err, CancelledError)


def outcome(expect, fn):
    try:
        reply = fn()
    except UassetdError as e:
        if isinstance(e, (DaemonExitedError, RequestTimeoutError)):
            raise
        check_error(expect, e)
        return
    check_reply(expect, reply)


def check_events(expect, events):
    total, within = expect["total"], expect["done_within"]
    assert events, "no progress event"
    dones = [e.done for e in events]
    assert all(e.total == total for e in events), [e.total for e in events]
    assert all(d in within for d in dones), dones
    assert dones == sorted(dones) and len(set(dones)) == len(dones), dones
    assert dones[0] == expect["first_done"] and dones[-1] == expect["last_done"], dones


def run_scenario(client: Client, fixtures: str):
    """Runs every step; returns the names run. The client is restarted by the kill step."""
    with open(SCENARIO, encoding="utf-8") as f:
        doc = json.load(f)
    tmp = tempfile.mkdtemp(prefix="uassetd-conformance-")
    env = {"fixtures": fixtures, "tmp": tmp}
    ran = []
    for step in doc["steps"]:
        step = subst(step, env)
        kind, expect = step["kind"], step.get("expect", {})
        if kind == "call":
            outcome(expect, lambda: client.call(step["action"], step["fields"], timeout=60))
        elif kind == "raw_line":
            reply = client.send_raw_line(step["line"])
            assert reply.id is None and not reply.success
            check_error(expect, UassetdError.from_reply(reply))
        elif kind == "concurrent":
            reqs = [client.submit(r["action"], r["fields"]) for r in step["requests"]]
            order = []
            for r in reqs:
                r.future.add_done_callback(lambda f, rid=r.id: order.append(rid))
            for r, spec in zip(reqs, step["requests"]):
                check_reply(spec["expect"], r.result(60))
            assert order != sorted(order), "replies came back in request order; the requests did not run concurrently"
        elif kind == "progress":
            events = []
            outcome({k: v for k, v in expect.items() if k not in ("events", "files")},
                    lambda: client.call(step["action"], step["fields"], progress=events.append, timeout=60))
            check_events(expect["events"], events)
            for rel, size in expect.get("files", {}).items():
                assert os.path.getsize(os.path.join(tmp, rel)) == size, rel
        elif kind == "cancel":
            started = threading.Event()
            t0 = time.monotonic()
            req = client.submit(step["action"], step["fields"], progress=lambda e: started.set())
            assert started.wait(30), "no progress event before cancelling"
            assert req.cancel() is expect["cancel_reply"]["cancelled"]
            try:
                req.result(expect["within_ms"] / 1000)
                raise AssertionError("a cancelled request succeeded")
            except CancelledError as e:
                check_error(expect, e)
            assert (time.monotonic() - t0) * 1000 < expect["within_ms"]
        elif kind == "timeout":
            t0 = time.monotonic()
            try:
                client.call(step["action"], step["fields"], timeout=step["timeout_ms"] / 1000)
                raise AssertionError("the request did not time out")
            except RequestTimeoutError as e:
                assert e.code == "TIMEOUT"
            assert (time.monotonic() - t0) * 1000 < expect["within_ms"]
        elif kind == "kill":
            reqs = [client.submit(r["action"], r["fields"]) for r in step["requests"]]
            time.sleep(0.2)
            t0 = time.monotonic()
            client.kill()
            for r in reqs:
                try:
                    r.result(expect["within_ms"] / 1000)
                    raise AssertionError("a request of a killed daemon succeeded")
                except DaemonExitedError as e:
                    assert e.code == "DAEMON_EXITED" and "exit status" in e.message, e.message
            assert (time.monotonic() - t0) * 1000 < expect["within_ms"]
            try:
                client.call("ping")
                raise AssertionError("a dead daemon answered")
            except DaemonExitedError:
                pass
            client.restart()
            after = expect["after_restart"]
            outcome(after["expect"], lambda: client.call(after["action"], after["fields"], timeout=60))
        else:
            raise AssertionError(f"unknown step kind {kind}")
        ran.append(step["name"])
    return ran
