"""The blocking, thread-based uassetd client (standard library only)."""
import collections
import concurrent.futures
import itertools
import json
import os
import shutil
import subprocess
import sys
import threading
from typing import Any, Callable, Dict, List, Optional, Sequence

from ._actions import ActionsMixin

STDERR_TAIL_LINES = 50


class Reply:
    """One reply line: success, message, data, plus the extensions id, error and warnings."""

    __slots__ = ("id", "success", "message", "data", "error", "warnings", "raw")

    def __init__(self, raw: Dict[str, Any]):
        self.raw = raw
        self.id = raw.get("id")
        self.success = bool(raw.get("success"))
        self.message = raw.get("message")
        self.data = raw.get("data")
        self.error = raw.get("error")
        self.warnings = list(raw.get("warnings") or [])

    def __repr__(self):
        return f"Reply({json.dumps(self.raw)[:200]})"


class ProgressEvent:
    """A progress line of a running request: done of total, and the item being worked on."""

    __slots__ = ("id", "done", "total", "item")

    def __init__(self, raw: Dict[str, Any]):
        self.id = raw.get("id")
        self.done = raw.get("done")
        self.total = raw.get("total")
        self.item = raw.get("item")

    def __repr__(self):
        return f"ProgressEvent(id={self.id!r}, done={self.done}, total={self.total}, item={self.item!r})"


class UassetdError(Exception):
    """A failed request. `code` is the daemon's error code (NOT_FOUND, CORRUPT_DATA, WRONG_KEY, CANCELLED,
    NO_SPACE (a full disk; `file` names the path), INVALID_PATH, TOO_LARGE, ...) or one of the client's own: DAEMON_EXITED, TIMEOUT. `file`, `offset` and `structure` locate bad
    input; `warnings` and `reply` are kept."""

    def __init__(self, message: str, code: str, file: Optional[str] = None, offset: Optional[int] = None,
                 structure: Optional[str] = None, warnings: Sequence[str] = (), reply: Optional[Reply] = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.file = file
        self.offset = offset
        self.structure = structure
        self.warnings = list(warnings)
        self.reply = reply

    @classmethod
    def from_reply(cls, reply: Reply) -> "UassetdError":
        err = reply.error or {}
        code = err.get("code", "INTERNAL")
        kind = CancelledError if code == "CANCELLED" else UassetdError
        return kind(reply.message or code, code, err.get("file"), err.get("offset"), err.get("structure"),
                    reply.warnings, reply)


class CancelledError(UassetdError):
    """The request was cancelled (code CANCELLED)."""


class DaemonExitedError(UassetdError):
    """The daemon exited, crashed or closed its output while the request waited (code DAEMON_EXITED)."""

    def __init__(self, message: str):
        super().__init__(message, "DAEMON_EXITED")


class RequestTimeoutError(UassetdError):
    """The request did not finish within its timeout; the client cancelled it (code TIMEOUT)."""

    def __init__(self, message: str):
        super().__init__(message, "TIMEOUT")


class DaemonNotFoundError(Exception):
    """No daemon was found (explicit path, UASSETD_HOME, PATH)."""


def _java(home: Optional[str] = None) -> str:
    if home:
        bundled = os.path.join(home, "runtime", "bin", "java" + (".exe" if os.name == "nt" else ""))
        if os.path.isfile(bundled):
            return bundled
    jh = os.environ.get("JAVA_HOME")
    if jh:
        j = os.path.join(jh, "bin", "java" + (".exe" if os.name == "nt" else ""))
        if os.path.isfile(j):
            return j
    return shutil.which("java") or "java"


def _from_home(home: str) -> Optional[List[str]]:
    launcher = os.path.join(home, "bin", "uassetd.cmd" if os.name == "nt" else "uassetd")
    if os.path.isfile(launcher):
        return [launcher]
    for jar in (os.path.join(home, "lib", "uassetd.jar"), os.path.join(home, "daemon", "target", "uassetd.jar")):
        if os.path.isfile(jar):
            return [_java(home), "-jar", jar]
    return None


def find_daemon(path: Optional[str] = None) -> List[str]:
    """The command that runs the daemon (without `serve`): from `path` (a launcher, a jar or a
    distribution folder), else `UASSETD_HOME` (the distribution's layout: bin/uassetd, or lib/uassetd.jar
    run by the bundled runtime or JAVA_HOME's java), else `uassetd` on PATH."""
    if path:
        if os.path.isdir(path):
            cmd = _from_home(path)
            if cmd:
                return cmd
            raise DaemonNotFoundError(f"{path} holds neither bin/uassetd nor lib/uassetd.jar")
        if path.endswith(".jar"):
            return [_java(), "-jar", path]
        return [path]
    home = os.environ.get("UASSETD_HOME")
    if home:
        cmd = _from_home(home)
        if cmd:
            return cmd
        raise DaemonNotFoundError(f"UASSETD_HOME={home} holds neither bin/uassetd nor lib/uassetd.jar")
    found = shutil.which("uassetd")
    if found:
        return [found]
    raise DaemonNotFoundError("uassetd not found: pass its path, set UASSETD_HOME, or put bin/uassetd on PATH")


def _settle(future: concurrent.futures.Future, error: Optional[BaseException], result=None):
    try:
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
    except concurrent.futures.InvalidStateError:
        pass  # already settled (e.g. a write failure raced the reader's end-of-output)


class Request:
    """A request in flight: `id`, `result(timeout)` and `cancel()`."""

    def __init__(self, client: "Client", key: Optional[str], id_value, progress):
        self._client = client
        self._key = key
        self.id = id_value
        self.progress = progress
        self.future: concurrent.futures.Future = concurrent.futures.Future()

    def result(self, timeout: Optional[float] = None) -> Reply:
        """Waits for the reply; raises UassetdError for a failed one (RequestTimeoutError after cancelling it
        on the daemon, DaemonExitedError when the daemon died). `future` holds the raw Reply."""
        try:
            reply = self.future.result(timeout)
        except concurrent.futures.TimeoutError:
            self._client._abandon(self)
            raise RequestTimeoutError(f"request {self.id!r} timed out after {timeout} s (cancelled)") from None
        if not reply.success:
            raise UassetdError.from_reply(reply)
        return reply

    def cancel(self) -> bool:
        """Asks the daemon to cancel it; the request then fails with CancelledError."""
        return self._client.cancel(self.id)

    def done(self) -> bool:
        return self.future.done()


class Client(ActionsMixin):
    """A uassetd daemon spawned as a child process (or reached over given streams). Thread-safe: many
    threads may call at once; requests carry ids and run concurrently on the daemon."""

    def __init__(self, daemon: Optional[str] = None, *, args: Sequence[str] = (), command: Optional[List[str]] = None,
                 streams=None, env: Optional[Dict[str, str]] = None,
                 on_stderr: Optional[Callable[[str], None]] = None, timeout: Optional[float] = None):
        """Spawns `<daemon> serve <args>` (see find_daemon), or runs `command` as given, or, with
        `streams=(readable, writable)` (binary), talks to an existing daemon."""
        self._streams = streams
        self._command = None if streams else (command or find_daemon(daemon) + ["serve", *args])
        self._env = env
        self._on_stderr = on_stderr
        self.default_timeout = timeout
        self._start()

    # ---------------------------------------------------------------- life cycle
    def _start(self):
        self._lock = threading.Lock()   # guards the pending tables
        self._wlock = threading.Lock()  # orders writes to the daemon
        self._pending: Dict[str, Request] = {}
        self._ordered: collections.deque = collections.deque()
        self._ids = itertools.count(1)
        self._closed = False
        self._close_reason: Optional[str] = None
        self._stderr_tail: collections.deque = collections.deque(maxlen=STDERR_TAIL_LINES)
        if self._streams:
            self.process = None
            self._out, self._in = self._streams
        else:
            self.process = subprocess.Popen(self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, env=self._env)
            self._out, self._in = self.process.stdout, self.process.stdin
            threading.Thread(target=self._drain_stderr, args=(self.process.stderr,), daemon=True,
                             name="uassetd-stderr").start()
        self._reader = threading.Thread(target=self._read_loop, daemon=True, name="uassetd-reader")
        self._reader.start()

    def restart(self):
        """Stops the daemon (killing it if it does not exit) and starts a new one; pending requests fail."""
        if self._streams:
            raise RuntimeError("an attached client cannot restart its daemon")
        self.close(timeout=5)
        self._start()

    def kill(self):
        """Kills the daemon at once (as a crash would); every pending request fails with DaemonExitedError."""
        if self.process:
            self.process.kill()

    @property
    def alive(self) -> bool:
        return not self._closed and (self.process is None or self.process.poll() is None)

    def close(self, timeout: float = 10) -> Optional[int]:
        """Closes the daemon's input (in-flight requests finish), waits, kills it if needed; returns its status."""
        with self._wlock:
            try:
                self._in.close()
            except OSError:
                pass
        if self.process is None:
            self._reader.join(timeout)
            return None
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        self._reader.join(5)
        return self.process.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def stderr_tail(self) -> str:
        return "\n".join(self._stderr_tail)

    # ---------------------------------------------------------------- requests
    def submit(self, action: str, fields: Optional[Dict[str, Any]] = None, *,
               progress: Optional[Callable[[ProgressEvent], None]] = None, id=None) -> Request:
        """Sends a request with a fresh id (or `id`) and returns at once; `progress` gets its events."""
        req = {"action": action}
        req.update(fields or {})
        id_value = next(self._ids) if id is None else id
        req["id"] = id_value
        if progress is not None:
            req["progress"] = True
        key = json.dumps(id_value)
        r = Request(self, key, id_value, progress)
        line = json.dumps(req, separators=(",", ":")).encode("utf-8") + b"\n"
        with self._lock:
            if key in self._pending:
                raise ValueError(f"a request with id {key} is already waiting")
            closed = self._closed
            if not closed:
                self._pending[key] = r
        if closed:
            r.future.set_exception(DaemonExitedError("the daemon is not running" + self._reason()))
            return r
        with self._wlock:
            self._write(line, r)
        return r

    def call(self, action: str, fields: Optional[Dict[str, Any]] = None, *,
             progress: Optional[Callable[[ProgressEvent], None]] = None, timeout: Optional[float] = None) -> Reply:
        """Sends a request and waits for its reply; raises UassetdError when it fails."""
        return self.submit(action, fields, progress=progress).result(timeout or self.default_timeout)

    def cancel(self, target_id) -> bool:
        """Cancels a request by id; True when the daemon found it running."""
        reply = self.submit("cancel", {"target_id": target_id}).result(30)
        return bool(reply.data and reply.data.get("cancelled"))

    def send_raw_line(self, line: str, timeout: Optional[float] = 30) -> Reply:
        """Sends one raw line (answered without an id, in order): UAssetTool-style requests, tests."""
        if "\n" in line:
            raise ValueError("a protocol line cannot contain a newline")
        r = Request(self, None, None, None)
        with self._wlock:
            with self._lock:
                closed = self._closed
                if not closed:
                    self._ordered.append(r)
            if closed:
                raise DaemonExitedError("the daemon is not running" + self._reason())
            self._write(line.encode("utf-8") + b"\n", r)
        try:
            return r.future.result(timeout)
        except concurrent.futures.TimeoutError:
            # It stays queued: its late reply must still be matched to it, not to the next id-less line.
            raise RequestTimeoutError(f"no reply to a raw line within {timeout} s") from None

    def _write(self, data: bytes, r: Request):
        try:
            self._in.write(data)
            self._in.flush()
        except (OSError, ValueError) as e:
            with self._lock:
                self._forget(r)
            _settle(r.future, DaemonExitedError(f"cannot write to the daemon: {e}" + self._reason()))

    def _forget(self, r: Request):
        if r._key is not None:
            self._pending.pop(r._key, None)
        else:
            try:
                self._ordered.remove(r)
            except ValueError:
                pass

    def _abandon(self, r: Request):
        with self._lock:
            self._forget(r)
        if r.id is not None and not self._closed:
            try:
                self.submit("cancel", {"target_id": r.id})
            except Exception:
                pass

    # ---------------------------------------------------------------- reader
    def _read_loop(self):
        try:
            for raw in self._out:
                try:
                    msg = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(msg, dict):
                    continue
                if "event" in msg:
                    with self._lock:
                        r = self._pending.get(json.dumps(msg.get("id")))
                    if r is not None and r.progress is not None:
                        try:
                            r.progress(ProgressEvent(msg))
                        except Exception as e:  # a callback's failure must not stop the reader
                            print(f"uassetd client: progress callback failed: {e!r}", file=sys.stderr)
                    continue
                with self._lock:
                    if "id" in msg:
                        r = self._pending.pop(json.dumps(msg["id"]), None)
                    else:
                        r = self._ordered.popleft() if self._ordered else None
                if r is not None:
                    _settle(r.future, None, Reply(msg))
        except (OSError, ValueError) as e:
            self._close_reason = f"reading from the daemon failed: {e}"
        self._fail_all()

    def _fail_all(self):
        with self._lock:
            self._closed = True
            waiting = list(self._pending.values()) + list(self._ordered)
            self._pending.clear()
            self._ordered.clear()
        if waiting:
            err = "the daemon closed its output" + self._reason()
            for r in waiting:
                _settle(r.future, DaemonExitedError(err))

    def _reason(self) -> str:
        s = ""
        if self._close_reason:
            s += f" ({self._close_reason})"
        if self.process is not None:
            try:
                status = self.process.wait(0.5)
                s += f" (exit status {status})"
            except subprocess.TimeoutExpired:
                pass
        tail = self.stderr_tail
        if tail:
            s += "; last stderr lines:\n" + tail
        return s

    def _drain_stderr(self, stream):
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self._stderr_tail.append(line)
            if self._on_stderr:
                try:
                    self._on_stderr(line)
                except Exception:
                    pass
