"""The asyncio API: the same client, with awaitable requests."""
import asyncio
from typing import Any, Callable, Dict, Optional, Sequence

from ._actions import AsyncActionsMixin
from ._core import Client, ProgressEvent, Reply, RequestTimeoutError, UassetdError


class AsyncClient(AsyncActionsMixin):
    """asyncio front of Client: `await client.call(...)`; progress callbacks run on the event loop."""

    def __init__(self, daemon: Optional[str] = None, *, args: Sequence[str] = (), timeout: Optional[float] = None,
                 **kwargs):
        self.sync = Client(daemon, args=args, timeout=timeout, **kwargs)

    @classmethod
    async def start(cls, daemon: Optional[str] = None, **kwargs) -> "AsyncClient":
        """Spawns the daemon without blocking the event loop."""
        return await asyncio.get_running_loop().run_in_executor(None, lambda: cls(daemon, **kwargs))

    async def call(self, action: str, fields: Optional[Dict[str, Any]] = None, *,
                   progress: Optional[Callable[[ProgressEvent], None]] = None, timeout: Optional[float] = None) -> Reply:
        loop = asyncio.get_running_loop()
        cb = None
        if progress is not None:
            def cb(event, _p=progress):
                loop.call_soon_threadsafe(_p, event)
        req = self.sync.submit(action, fields, progress=cb)
        timeout = timeout or self.sync.default_timeout
        try:
            reply = await asyncio.wait_for(asyncio.wrap_future(req.future), timeout)
        except asyncio.TimeoutError:
            await loop.run_in_executor(None, self.sync._abandon, req)
            raise RequestTimeoutError(f"request {req.id!r} timed out after {timeout} s (cancelled)") from None
        except asyncio.CancelledError:
            await loop.run_in_executor(None, self.sync._abandon, req)
            raise
        if not reply.success:
            raise UassetdError.from_reply(reply)
        return reply

    async def cancel(self, target_id) -> bool:
        return await asyncio.get_running_loop().run_in_executor(None, self.sync.cancel, target_id)

    async def send_raw_line(self, line: str) -> Reply:
        return await asyncio.get_running_loop().run_in_executor(None, self.sync.send_raw_line, line)

    async def restart(self):
        await asyncio.get_running_loop().run_in_executor(None, self.sync.restart)

    def kill(self):
        self.sync.kill()

    async def close(self):
        return await asyncio.get_running_loop().run_in_executor(None, self.sync.close)

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()
