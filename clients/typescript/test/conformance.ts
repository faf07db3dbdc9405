// Runs clients/conformance/scenario.json against the real daemon through the TypeScript client.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CancelledError, DaemonExitedError, type ProgressEvent, type Reply, TimeoutError, UassetdClient, UassetdError } from "../src/index.js";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
export const SCENARIO = join(REPO, "clients", "conformance", "scenario.json");

export function daemonPath(): string {
  return process.env.UASSETD_DAEMON ?? join(REPO, "uassetd");
}

export function fixturesDir(): string | undefined {
  const f = process.env.UASSETD_FIXTURES ?? "../shared/fixtures";
  const dir = isAbsolute(f) ? f : resolve(REPO, f);
  if (existsSync(dir)) return dir;
  if (process.env.UASSETD_REQUIRE_FIXTURES === "1") throw new Error(`fixtures folder ${dir} is missing and UASSETD_REQUIRE_FIXTURES=1`);
  return undefined;
}

function subst(v: any, env: Record<string, string>): any {
  if (typeof v === "string") return Object.entries(env).reduce((s, [k, x]) => s.split("${" + k + "}").join(x), v);
  if (Array.isArray(v)) return v.map((x) => subst(x, env));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, subst(x, env)]));
  return v;
}

/** Objects: the expected keys match; lists: same length, each element matches; else equal. */
function match(expected: any, actual: any, where = "data"): void {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual) && actual.length === expected.length, `${where}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
    expected.forEach((e, i) => match(e, actual[i], `${where}[${i}]`));
  } else if (expected && typeof expected === "object") {
    assert.ok(actual && typeof actual === "object", `${where}: expected an object`);
    for (const [k, v] of Object.entries(expected)) {
      assert.ok(k in actual, `${where}: missing key ${k}`);
      match(v, actual[k], `${where}.${k}`);
    }
  } else {
    assert.equal(actual, expected, where);
  }
}

function checkReply(expect: any, reply: Reply): void {
  assert.notEqual(expect.success, false, `expected a failure, got ${JSON.stringify(reply)}`);
  assert.equal(reply.success, true);
  if (expect.data) match(expect.data, reply.data);
  if (expect.data_keys) assert.deepEqual(Object.keys(reply.data), expect.data_keys);
  if (expect.warnings) {
    assert.equal(reply.warnings.length, expect.warnings.length, JSON.stringify(reply.warnings));
    expect.warnings.forEach((w: string, i: number) => assert.ok(reply.warnings[i].includes(w), reply.warnings[i]));
  }
}

function checkError(expect: any, err: unknown): void {
  assert.ok(err instanceof UassetdError, `not a UassetdError: ${err}`);
  assert.ok(!(err instanceof DaemonExitedError) && !(err instanceof TimeoutError), `${err}`);
  assert.equal(expect.success, false, `unexpected failure ${err.code}: ${err.message}`);
  assert.equal(err.code, expect.error.code, err.message);
  for (const k of ["file", "offset", "structure"] as const) if (k in expect.error) assert.equal(err[k], expect.error[k], k);
  if (expect.message_contains) assert.ok(err.message.includes(expect.message_contains), err.message);
  if (err.code === "CANCELLED") assert.ok(err instanceof CancelledError);
}

async function outcome(expect: any, fn: () => Promise<Reply>): Promise<void> {
  let reply: Reply;
  try {
    reply = await fn();
  } catch (e) {
    checkError(expect, e);
    return;
  }
  checkReply(expect, reply);
}

function checkEvents(expect: any, events: ProgressEvent[]): void {
  assert.ok(events.length > 0, "no progress event");
  const dones = events.map((e) => e.done);
  assert.ok(events.every((e) => e.total === expect.total));
  assert.ok(dones.every((d) => expect.done_within.includes(d)), JSON.stringify(dones));
  assert.ok(dones.every((d, i) => i === 0 || d > dones[i - 1]), JSON.stringify(dones));
  assert.equal(dones[0], expect.first_done);
  assert.equal(dones[dones.length - 1], expect.last_done);
}

async function rejectsWith<T extends Error>(p: Promise<unknown>, kind: new (...a: any[]) => T, withinMs: number): Promise<T> {
  const t0 = Date.now();
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof kind, `expected ${kind.name}, got ${e}`);
    assert.ok(Date.now() - t0 < withinMs, `took ${Date.now() - t0} ms`);
    return e as T;
  }
  throw new assert.AssertionError({ message: `expected ${kind.name}, the request succeeded` });
}

/** Runs every step; returns the names run. The kill step restarts the client's daemon. */
export async function runScenario(client: UassetdClient, fixtures: string): Promise<string[]> {
  const doc = JSON.parse(readFileSync(SCENARIO, "utf8"));
  const tmp = mkdtempSync(join(tmpdir(), "uassetd-conformance-"));
  const env = { fixtures, tmp };
  const ran: string[] = [];
  for (const raw of doc.steps) {
    const step = subst(raw, env);
    const expect = step.expect ?? {};
    switch (step.kind) {
      case "call":
        await outcome(expect, () => client.call(step.action, step.fields, { timeoutMs: 60000 }));
        break;
      case "raw_line": {
        const reply = await client.sendRawLine(step.line);
        assert.equal(reply.id, undefined);
        checkError(expect, UassetdError.fromReply(reply));
        break;
      }
      case "concurrent": {
        const order: (string | number)[] = [];
        const reqs = step.requests.map((r: any) => client.submit(r.action, r.fields));
        reqs.forEach((r: any) => r.reply.then(() => order.push(r.id), () => undefined));
        const replies = await Promise.all(reqs.map((r: any) => r.reply));
        replies.forEach((reply, i) => checkReply(step.requests[i].expect, reply));
        assert.notDeepEqual(order, [...order].sort((a: any, b: any) => a - b), "replies came in request order");
        break;
      }
      case "progress": {
        const events: ProgressEvent[] = [];
        const { events: ev, files, ...rest } = expect;
        await outcome(rest, () => client.call(step.action, step.fields, { onProgress: (e) => events.push(e), timeoutMs: 60000 }));
        checkEvents(ev, events);
        for (const [rel, size] of Object.entries(files ?? {})) assert.equal(statSync(join(tmp, rel)).size, size, rel);
        break;
      }
      case "cancel": {
        let started!: () => void;
        const first = new Promise<void>((r) => (started = r));
        const req = client.submit(step.action, step.fields, { onProgress: () => started() });
        await first;
        const failed = rejectsWith(req.reply, CancelledError, expect.within_ms); // may settle before the cancel reply
        assert.equal(await req.cancel(), expect.cancel_reply.cancelled);
        checkError(expect, await failed);
        break;
      }
      case "timeout": {
        const e = await rejectsWith(client.call(step.action, step.fields, { timeoutMs: step.timeout_ms }), TimeoutError, expect.within_ms);
        assert.equal(e.code, "TIMEOUT");
        break;
      }
      case "kill": {
        const reqs = step.requests.map((r: any) => client.call(r.action, r.fields));
        await new Promise((r) => setTimeout(r, 200));
        client.kill();
        for (const e of await Promise.all(reqs.map((p: Promise<Reply>) => rejectsWith(p, DaemonExitedError, expect.within_ms)))) {
          assert.equal(e.code, "DAEMON_EXITED");
          assert.match(e.message, /exit status/);
        }
        await rejectsWith(client.call("ping"), DaemonExitedError, 5000);
        await client.restart();
        const after = expect.after_restart;
        await outcome(after.expect, () => client.call(after.action, after.fields, { timeoutMs: 60000 }));
        break;
      }
      default:
        throw new Error(`unknown step kind ${step.kind}`);
    }
    ran.push(step.name);
  }
  return ran;
}
