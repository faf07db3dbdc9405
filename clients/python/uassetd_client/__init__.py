"""Python client of the uassetd daemon (standard library only, Python 3.9+)."""
from ._actions import WRAPPED_FIELDS
from ._aio import AsyncClient
from ._core import (CancelledError, Client, DaemonExitedError, DaemonNotFoundError, ProgressEvent, Reply, Request,
                    RequestTimeoutError, UassetdError, find_daemon)

__all__ = ["AsyncClient", "CancelledError", "Client", "DaemonExitedError", "DaemonNotFoundError", "ProgressEvent",
           "Reply", "Request", "RequestTimeoutError", "UassetdError", "WRAPPED_FIELDS", "find_daemon"]
__version__ = "0.1.0"
