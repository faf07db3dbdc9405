/** One reply line: success, message, data (of type T: an action's reply type, see ActionReplies), plus the extensions id, error and warnings. */
export interface Reply<T = any> {
  id?: string | number;
  success: boolean;
  message: string;
  data: T;
  error?: ErrorInfo;
  warnings: string[];
}

export interface ErrorInfo {
  code: string;
  file?: string;
  offset?: number;
  structure?: string;
}

/** A progress line of a running request. */
export interface ProgressEvent {
  id: string | number;
  event: "progress";
  done: number;
  total: number;
  item?: string;
}

export interface CallOptions {
  /** Receives the request's progress events (asks the daemon for them). */
  onProgress?: (event: ProgressEvent) => void;
  /** Fails the request with TimeoutError after this long, cancelling it on the daemon. */
  timeoutMs?: number;
  /** Aborting it cancels the request on the daemon (the promise rejects with CancelledError). */
  signal?: AbortSignal;
  /** The request id (default: a fresh number). */
  id?: string | number;
}

/** A failed request: the daemon's error code (NOT_FOUND, CORRUPT_DATA, WRONG_KEY, CANCELLED,
 * NO_SPACE (a full disk; file names the path), INVALID_PATH, TOO_LARGE, ...) or the
 * client's own (DAEMON_EXITED, TIMEOUT), with the location of bad input and the reply's warnings. */
export class UassetdError extends Error {
  readonly code: string;
  readonly file?: string;
  readonly offset?: number;
  readonly structure?: string;
  readonly warnings: string[];
  readonly reply?: Reply;

  constructor(message: string, code: string, info: Partial<ErrorInfo> = {}, warnings: string[] = [], reply?: Reply) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.file = info.file;
    this.offset = info.offset;
    this.structure = info.structure;
    this.warnings = warnings;
    this.reply = reply;
  }

  static fromReply(reply: Reply): UassetdError {
    const info = reply.error ?? { code: "INTERNAL" };
    const Kind = info.code === "CANCELLED" ? CancelledError : UassetdError;
    return new Kind(reply.message ?? info.code, info.code, info, reply.warnings ?? [], reply);
  }
}

/** The request was cancelled (code CANCELLED). */
export class CancelledError extends UassetdError {}

/** The daemon exited, crashed or closed its output while the request waited (code DAEMON_EXITED). */
export class DaemonExitedError extends UassetdError {
  constructor(message: string) {
    super(message, "DAEMON_EXITED");
  }
}

/** The request did not finish in time; the client cancelled it on the daemon (code TIMEOUT). */
export class TimeoutError extends UassetdError {
  constructor(message: string) {
    super(message, "TIMEOUT");
  }
}
