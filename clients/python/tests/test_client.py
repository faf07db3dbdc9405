import asyncio
import io
import json
import os
import threading
import time
import unittest

from conformance import REPO, SCENARIO, daemon_path, fixtures_dir, run_scenario
from uassetd_client import _actions
from uassetd_client import (WRAPPED_FIELDS, AsyncClient, CancelledError, Client, DaemonExitedError,
                            DaemonNotFoundError, RequestTimeoutError, UassetdError, find_daemon)


class ConformanceTest(unittest.TestCase):
    def test_scenario(self):
        fixtures = fixtures_dir()
        if fixtures is None:
            self.skipTest("no fixtures")
        with open(SCENARIO, encoding="utf-8") as f:
            names = [s["name"] for s in json.load(f)["steps"]]
        with Client(daemon_path()) as client:
            self.assertEqual(run_scenario(client, fixtures), names)


COMMON = ['list_pak', 'extract_pak_file', 'extract_pak_all', 'create_pak', 'list_iostore', 'extract_iostore', 'extract_iostore_legacy', 'to_json', 'from_json', 'create_mod_iostore', 'niagara_details', 'niagara_edit']


class WrappersTest(unittest.TestCase):
    def test_wrappers_match_live_capabilities(self):
        with Client(daemon_path()) as client:
            caps = {a["name"]: a for a in client.call("capabilities").data["actions"]}
            for action, fields in WRAPPED_FIELDS.items():
                self.assertIn(action, caps, f"wrapped action {action} is gone from the daemon")
                live = {f["name"]: (f["type"], f["required"]) for f in caps[action]["fields"]}
                self.assertEqual(live, fields, f"wrapper of {action} drifted; run clients/codegen/generate.py")
                self.assertTrue(callable(getattr(client, action)))
            # Every action the daemon has is generated, typed or not.
            self.assertEqual(sorted(caps), sorted(WRAPPED_FIELDS), "run clients/codegen/generate.py")
            self.assertTrue(set(COMMON).issubset(WRAPPED_FIELDS), sorted(set(COMMON) - set(WRAPPED_FIELDS)))
            for action, a in caps.items():
                declared = a.get("reply")
                t = _actions.REPLY_TYPES[action]
                if declared and declared["type"] in declared["records"]:
                    self.assertEqual(list(t.__annotations__), [f["name"] for f in declared["records"][declared["type"]]], action)

    def test_typed_reply_of_a_real_texture(self):
        fixtures = fixtures_dir()
        if fixtures is None:
            self.skipTest("no fixtures")
        with Client(daemon_path()) as client:
            info: _actions.GetTextureInfoReply = client.get_texture_info(
                os.path.join(fixtures, "matya", "4.27", "T_Worm_D.uasset")).data
            hints = _actions.GetTextureInfoReply.__annotations__
            for name, value in info.items():
                if name in hints and value is not None:
                    self.assertTrue(conforms(value, hints[name]), f"{name}={value!r} is not {hints[name]}")
            self.assertEqual((info["width"], info["pixel_format"], len(info["mips"])), (256, "PF_DXT1", 9))
            self.assertEqual(set(info["mips"][0]), set(_actions.GetTextureInfoReplyMip.__annotations__))
            h: _actions.CityhashReply = client.cityhash("/Game/_AssemblyStorm/TestMod/LIB_Hooks").data
            self.assertEqual(h["hash_decimal"], 0x4AAF10FD2F66632E)

    def test_typed_wrappers_on_a_real_pak(self):
        fixtures = fixtures_dir()
        if fixtures is None:
            self.skipTest("no fixtures")
        pak = os.path.join(fixtures, "repak", "packs", "pack_v11_encrypt_encryptindex.pak")
        key = "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de"
        with Client(daemon_path()) as client:
            r = client.list_pak(pak, aes_key=key, paths_only=True)
            self.assertEqual(r.data["files"], ["directory/nested.txt", "test.png", "test.txt", "zeros.bin"])
            with self.assertRaises(UassetdError) as cm:
                client.list_pak(pak)
            self.assertEqual((cm.exception.code, cm.exception.structure, cm.exception.offset),
                             ("WRONG_KEY", "PakIndex", 13588))
            self.assertEqual(client.cityhash("/Game/_AssemblyStorm/TestMod/LIB_Hooks").data["hash_hex"],
                             "0x4AAF10FD2F66632E")


class AsyncTest(unittest.TestCase):
    def test_async_concurrency_progress_cancel_and_kill(self):
        async def main():
            client = await AsyncClient.start(daemon_path())
            try:
                events = []
                durations = [300, 30, 200, 60]
                replies = await asyncio.gather(*(client.sleep(duration_ms=d, steps=1) for d in durations),
                                               client.sleep(duration_ms=400, steps=4, progress=events.append))
                self.assertEqual([r.data["duration_ms"] for r in replies], durations + [400])
                self.assertEqual((events[0].done, events[-1].done, events[-1].total), (0, 4, 4))
                started = asyncio.Event()
                task = asyncio.ensure_future(client.call("sleep", {"duration_ms": 60000}, progress=lambda e: started.set()))
                await asyncio.wait_for(started.wait(), 30)
                req_id = next(iter(client.sync._pending.values())).id
                self.assertTrue(await client.cancel(req_id))
                with self.assertRaises(CancelledError):
                    await task
                with self.assertRaises(RequestTimeoutError):
                    await client.sleep(duration_ms=60000, timeout=0.3)
                waiting = asyncio.ensure_future(client.sleep(duration_ms=60000))
                await asyncio.sleep(0.2)
                client.kill()
                with self.assertRaises(DaemonExitedError):
                    await asyncio.wait_for(waiting, 10)
                await client.restart()
                self.assertTrue((await client.ping()).data["pong"])
            finally:
                await client.close()
        asyncio.run(main())


class UnitTest(unittest.TestCase):
    """The client against a scripted fake daemon over pipes (no process)."""

    def test_attach_matches_out_of_order_replies_and_fails_pending_on_eof(self):
        to_daemon_r, to_daemon_w = os.pipe()
        from_daemon_r, from_daemon_w = os.pipe()
        client = Client(streams=(os.fdopen(from_daemon_r, "rb"), os.fdopen(to_daemon_w, "wb")))
        a = client.submit("ping")
        b = client.submit("ping")
        lines = os.fdopen(to_daemon_r, "rb")
        reqs = [json.loads(lines.readline()), json.loads(lines.readline())]
        self.assertEqual([r["id"] for r in reqs], [1, 2])
        out = os.fdopen(from_daemon_w, "wb")
        out.write(b'{"id":2,"success":true,"message":"b","data":{"n":2}}\n')
        out.write(b'{"id":1,"success":false,"message":"bad","data":null,"error":{"code":"CORRUPT_DATA","file":"x.pak","offset":16,"structure":"PakIndex"},"warnings":["w"]}\n')
        out.flush()
        self.assertEqual(b.result(5).data, {"n": 2})
        with self.assertRaises(UassetdError) as cm:
            a.result(5)
        err = cm.exception
        self.assertEqual((err.code, err.file, err.offset, err.structure, err.warnings),
                         ("CORRUPT_DATA", "x.pak", 16, "PakIndex", ["w"]))
        c = client.submit("sleep")
        out.close()
        with self.assertRaises(DaemonExitedError):
            c.result(5)
        with self.assertRaises(DaemonExitedError):
            client.call("ping", timeout=5)

    def test_find_daemon(self):
        self.assertEqual(find_daemon("/x/uassetd.jar")[1:], ["-jar", "/x/uassetd.jar"])
        self.assertEqual(find_daemon("/x/bin/uassetd"), ["/x/bin/uassetd"])
        old = os.environ.pop("UASSETD_HOME", None)
        try:
            os.environ["UASSETD_HOME"] = REPO
            self.assertEqual(find_daemon()[1:], ["-jar", os.path.join(REPO, "daemon", "target", "uassetd.jar")])
            os.environ["UASSETD_HOME"] = "/nonexistent"
            with self.assertRaises(DaemonNotFoundError):
                find_daemon()
        finally:
            os.environ.pop("UASSETD_HOME", None)
            if old is not None:
                os.environ["UASSETD_HOME"] = old


if __name__ == "__main__":
    unittest.main()


def conforms(value, hint):
    """Whether a JSON value is of a generated reply type (TypedDicts as dicts, List[X], Dict[str, X], str/int/float/bool/Any)."""
    import typing
    origin = typing.get_origin(hint)
    if hint is typing.Any:
        return True
    if isinstance(hint, typing.ForwardRef) or isinstance(hint, str):
        return isinstance(value, dict)
    if origin is list:
        return isinstance(value, list) and all(conforms(v, typing.get_args(hint)[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(conforms(v, typing.get_args(hint)[1]) for v in value.values())
    if isinstance(hint, type) and hasattr(hint, "__annotations__") and issubclass(hint, dict):
        return isinstance(value, dict)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)
