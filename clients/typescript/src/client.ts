import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { ActionMethods } from "./actions.js";
import {
  type CallOptions,
  CancelledError,
  DaemonExitedError,
  type ProgressEvent,
  type Reply,
  TimeoutError,
  UassetdError,
} from "./types.js";

const STDERR_TAIL_LINES = 50;
const isWindows = process.platform === "win32";

export interface SpawnOptions {
  /** A launcher (bin/uassetd), a jar, or a distribution folder; default: UASSETD_HOME, then uassetd on PATH. */
  daemon?: string;
  /** Extra `serve` options, e.g. ["--workers", "4"]. */
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Receives the daemon's stderr lines (logs). */
  onStderr?: (line: string) => void;
  /** Default per-request timeout. */
  timeoutMs?: number;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function javaFor(home?: string): string {
  const exe = isWindows ? "java.exe" : "java";
  if (home && isFile(join(home, "runtime", "bin", exe))) return join(home, "runtime", "bin", exe);
  const jh = process.env.JAVA_HOME;
  if (jh && isFile(join(jh, "bin", exe))) return join(jh, "bin", exe);
  return "java";
}

function fromHome(home: string): string[] | undefined {
  const launcher = join(home, "bin", isWindows ? "uassetd.cmd" : "uassetd");
  if (isFile(launcher)) return [launcher];
  for (const jar of [join(home, "lib", "uassetd.jar"), join(home, "daemon", "target", "uassetd.jar")]) {
    if (isFile(jar)) return [javaFor(home), "-jar", jar];
  }
  return undefined;
}

/** The command that runs the daemon (without `serve`): from `path` (launcher, jar or distribution folder),
 * else UASSETD_HOME (bin/uassetd, or lib/uassetd.jar with the bundled runtime or JAVA_HOME), else PATH. */
export function findDaemon(path?: string): string[] {
  if (path) {
    if (existsSync(path) && statSync(path).isDirectory()) {
      const cmd = fromHome(path);
      if (!cmd) throw new Error(`${path} holds neither bin/uassetd nor lib/uassetd.jar`);
      return cmd;
    }
    return path.endsWith(".jar") ? [javaFor(), "-jar", path] : [path];
  }
  const home = process.env.UASSETD_HOME;
  if (home) {
    const cmd = fromHome(home);
    if (!cmd) throw new Error(`UASSETD_HOME=${home} holds neither bin/uassetd nor lib/uassetd.jar`);
    return cmd;
  }
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const p = join(dir, isWindows ? "uassetd.cmd" : "uassetd");
    if (dir && isFile(p)) return [p];
  }
  throw new Error("uassetd not found: pass its path, set UASSETD_HOME, or put bin/uassetd on PATH");
}

interface Pending {
  resolve: (r: Reply) => void;
  reject: (e: Error) => void;
  onProgress?: (e: ProgressEvent) => void;
}

/** A request in flight. */
export interface PendingRequest {
  id: string | number;
  /** Resolves to the reply; rejects with UassetdError when the request fails. */
  reply: Promise<Reply>;
  /** Asks the daemon to cancel it; `reply` then rejects with CancelledError. */
  cancel(): Promise<boolean>;
}

/** A uassetd daemon spawned as a child process, or reached over given streams. */
export class UassetdClient extends ActionMethods {
  private proc?: ChildProcess;
  private input!: Readable;
  private output!: Writable;
  private pending = new Map<string, Pending>();
  private ordered: Pending[] = [];
  private nextId = 1;
  private generation = 0;
  private closed = false;
  private exited!: Promise<number | null>;
  private stderrTail: string[] = [];
  private readonly command?: string[];
  defaultTimeoutMs?: number;

  private constructor(private readonly spawnOptions?: SpawnOptions, streams?: { input: Readable; output: Writable }) {
    super();
    this.defaultTimeoutMs = spawnOptions?.timeoutMs;
    if (spawnOptions) this.command = [...findDaemon(spawnOptions.daemon), "serve", ...(spawnOptions.args ?? [])];
    this.start(streams);
  }

  /** Spawns the daemon (see findDaemon). */
  static spawn(options: SpawnOptions = {}): UassetdClient {
    return new UassetdClient(options);
  }

  /** Talks to a daemon over existing streams: `input` is its stdout, `output` its stdin. */
  static attach(input: Readable, output: Writable): UassetdClient {
    return new UassetdClient(undefined, { input, output });
  }

  private start(streams?: { input: Readable; output: Writable }): void {
    this.pending = new Map();
    this.ordered = [];
    this.closed = false;
    this.stderrTail = [];
    const generation = ++this.generation;
    if (streams) {
      this.proc = undefined;
      this.input = streams.input;
      this.output = streams.output;
      this.exited = new Promise((resolve) => streams.input.once("close", () => resolve(null)));
    } else {
      const [exe, ...args] = this.command!;
      const proc = spawn(exe, args, { stdio: ["pipe", "pipe", "pipe"], env: this.spawnOptions?.env, shell: isWindows && exe.endsWith(".cmd") });
      this.proc = proc;
      this.input = proc.stdout!;
      this.output = proc.stdin!;
      this.exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
      proc.once("error", (e) => {
        if (generation === this.generation) this.failAll(` (could not start the daemon: ${e.message})`);
      });
      proc.stdin!.on("error", () => undefined);
      createInterface({ input: proc.stderr!, crlfDelay: Infinity }).on("line", (line) => {
        this.stderrTail.push(line);
        if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
        this.spawnOptions?.onStderr?.(line);
      });
    }
    const rl = createInterface({ input: this.input, crlfDelay: Infinity });
    rl.on("line", (line) => this.onLine(line));
    rl.on("close", () => {
      if (generation === this.generation) void this.onEnd();
    });
  }

  /** The child process id, when spawned. */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Number of requests waiting for a reply. */
  get pendingCount(): number {
    return this.pending.size + this.ordered.length;
  }

  private onLine(line: string): void {
    let msg: any;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg === null || typeof msg !== "object" || Array.isArray(msg)) return;
    if ("event" in msg) {
      const p = this.pending.get(JSON.stringify(msg.id));
      try {
        p?.onProgress?.(msg as ProgressEvent);
      } catch (e) {
        process.emitWarning(`uassetd progress callback failed: ${e}`);
      }
      return;
    }
    const reply: Reply = { warnings: [], ...msg };
    let p: Pending | undefined;
    if ("id" in msg) {
      const key = JSON.stringify(msg.id);
      p = this.pending.get(key);
      this.pending.delete(key);
    } else {
      p = this.ordered.shift();
    }
    p?.resolve(reply);
  }

  private async onEnd(): Promise<void> {
    let status: number | null | undefined;
    if (this.proc) {
      status = await Promise.race([this.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), 1000).unref())]);
    }
    let why = "";
    if (status !== undefined && this.proc) why += ` (exit status ${status})`;
    if (this.stderrTail.length) why += `; last stderr lines:\n${this.stderrTail.join("\n")}`;
    this.failAll(why);
  }

  private failAll(why: string): void {
    this.closed = true;
    const all = [...this.pending.values(), ...this.ordered];
    this.pending.clear();
    this.ordered = [];
    for (const p of all) p.reject(new DaemonExitedError(`the daemon closed its output${why}`));
  }

  /** Sends a request and returns at once. */
  submit(action: string, fields: Record<string, unknown> = {}, options: CallOptions = {}): PendingRequest {
    const id = options.id ?? this.nextId++;
    const key = JSON.stringify(id);
    const req: Record<string, unknown> = { action, ...fields, id };
    if (options.onProgress) req.progress = true;
    let resolve!: (r: Reply) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<Reply>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const cleanups: (() => void)[] = [];
    const done = () => cleanups.forEach((c) => c());
    const entry: Pending = {
      resolve: (r) => {
        done();
        r.success ? resolve(r) : reject(UassetdError.fromReply(r));
      },
      reject: (e) => {
        done();
        reject(e);
      },
      onProgress: options.onProgress,
    };
    const handle: PendingRequest = { id, reply: promise, cancel: () => this.cancel(id) };
    if (this.closed) {
      entry.reject(new DaemonExitedError("the daemon is not running"));
      return handle;
    }
    if (this.pending.has(key)) {
      entry.reject(new UassetdError(`a request with id ${key} is already waiting`, "INVALID_ARGUMENT"));
      return handle;
    }
    this.pending.set(key, entry);
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    if (timeoutMs !== undefined) {
      const t = setTimeout(() => {
        if (this.pending.delete(key)) {
          void this.cancel(id).catch(() => false);
          entry.reject(new TimeoutError(`request ${key} timed out after ${timeoutMs} ms (cancelled)`));
        }
      }, timeoutMs);
      cleanups.push(() => clearTimeout(t));
    }
    if (options.signal) {
      const onAbort = () => void this.cancel(id).catch(() => false);
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener("abort", onAbort, { once: true });
      cleanups.push(() => options.signal!.removeEventListener("abort", onAbort));
    }
    this.write(JSON.stringify(req), entry);
    return handle;
  }

  /** Sends a request and resolves to its reply; rejects with UassetdError when it fails. */
  call(action: string, fields: Record<string, unknown> = {}, options: CallOptions = {}): Promise<Reply> {
    return this.submit(action, fields, options).reply;
  }

  /** Cancels a request by id; true when the daemon found it running. */
  async cancel(targetId: string | number): Promise<boolean> {
    const r = await this.call("cancel", { target_id: targetId });
    return r.data?.cancelled === true;
  }

  /** Sends one raw line, answered without an id in order (UAssetTool-style requests, tests). */
  sendRawLine(line: string): Promise<Reply> {
    if (line.includes("\n")) throw new Error("a protocol line cannot contain a newline");
    return new Promise<Reply>((resolve, reject) => {
      if (this.closed) return reject(new DaemonExitedError("the daemon is not running"));
      const entry: Pending = { resolve, reject };
      this.ordered.push(entry);
      this.write(line, entry);
    });
  }

  private write(line: string, entry: Pending): void {
    this.output.write(line + "\n", (err) => {
      if (err) {
        for (const [k, v] of this.pending) if (v === entry) this.pending.delete(k);
        this.ordered = this.ordered.filter((p) => p !== entry);
        entry.reject(new DaemonExitedError(`cannot write to the daemon: ${err.message}`));
      }
    });
  }

  /** Kills the daemon at once (as a crash would); every pending request rejects with DaemonExitedError. */
  kill(): void {
    this.proc?.kill("SIGKILL");
  }

  /** Closes the daemon's input (in-flight requests finish), waits, kills it after `timeoutMs`; resolves to its status. */
  async close(timeoutMs = 10000): Promise<number | null> {
    this.output.end();
    const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), timeoutMs).unref());
    const status = await Promise.race([this.exited, timer]);
    if (status === "timeout") {
      if (!this.proc) return null; // attached streams: the other side decides when its output ends
      this.kill();
      return this.exited;
    }
    return status;
  }

  /** Stops the daemon and starts a new one; pending requests fail with DaemonExitedError. */
  async restart(): Promise<void> {
    if (!this.command) throw new Error("an attached client cannot restart its daemon");
    await this.close(5000);
    this.start();
  }
}
