import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { CancelledError, DaemonExitedError, findDaemon, TimeoutError, UassetdClient, UassetdError, WRAPPED_FIELDS, type CityhashReply, type GetTextureInfoReply, type GetTextureInfoReplyMip, type ProgressEvent } from "../src/index.js";
import { daemonPath, fixturesDir, REPO, runScenario, SCENARIO } from "./conformance.js";

test("conformance scenario against the packaged daemon", async (t) => {
  const fixtures = fixturesDir();
  if (!fixtures) return t.skip("no fixtures");
  const names = JSON.parse(readFileSync(SCENARIO, "utf8")).steps.map((s: any) => s.name);
  const client = UassetdClient.spawn({ daemon: daemonPath() });
  try {
    assert.deepEqual(await runScenario(client, fixtures), names);
  } finally {
    await client.close();
  }
});

const COMMON = ["list_pak", "extract_pak_file", "extract_pak_all", "create_pak", "list_iostore", "extract_iostore", "extract_iostore_legacy", "to_json", "from_json", "create_mod_iostore", "niagara_details", "niagara_edit"];

test("wrappers match the live capabilities", async () => {
  const client = UassetdClient.spawn({ daemon: daemonPath() });
  try {
    const caps = new Map<string, any>((await client.call("capabilities")).data.actions.map((a: any) => [a.name, a]));
    // Every action the daemon has is generated, typed or not.
    assert.deepEqual([...caps.keys()].sort(), Object.keys(WRAPPED_FIELDS).sort(), "run clients/codegen/generate.py");
    for (const a of COMMON) assert.ok(a in WRAPPED_FIELDS, `${a} is not wrapped`);
    for (const [action, fields] of Object.entries(WRAPPED_FIELDS)) {
      assert.ok(caps.has(action), `wrapped action ${action} is gone from the daemon`);
      const live = Object.fromEntries(caps.get(action).fields.map((f: any) => [f.name, { type: f.type, required: f.required }]));
      assert.deepEqual(live, fields, `wrapper of ${action} drifted; run clients/codegen/generate.py`);
      const method = action.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
      assert.equal(typeof (client as any)[method], "function", method);
    }
  } finally {
    await client.close();
  }
});

test("typed wrappers on a real pak: success, typed error, progress, abort", async (t) => {
  const fixtures = fixturesDir();
  if (!fixtures) return t.skip("no fixtures");
  const pak = join(fixtures, "repak", "packs", "pack_v11_encrypt_encryptindex.pak");
  const client = UassetdClient.spawn({ daemon: daemonPath() });
  try {
    const r = await client.listPak({ file_path: pak, aes_key: "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de", paths_only: true });
    assert.deepEqual(r.data.files, ["directory/nested.txt", "test.png", "test.txt", "zeros.bin"]);
    const e = await client.listPak({ file_path: pak }).catch((x) => x);
    assert.ok(e instanceof UassetdError);
    assert.deepEqual([e.code, e.structure, e.offset], ["WRONG_KEY", "PakIndex", 13588]);
    const events: ProgressEvent[] = [];
    const ac = new AbortController();
    const running = client.sleep({ duration_ms: 60000, steps: 600 }, { signal: ac.signal, onProgress: (ev) => { events.push(ev); ac.abort(); } });
    await assert.rejects(running, CancelledError);
    assert.equal(events[0].done, 0);
    await assert.rejects(client.sleep({ duration_ms: 60000 }, { timeoutMs: 200 }), TimeoutError);
    assert.equal((await client.ping()).data.pong, true);
    // typed replies: the generated reply types name what the daemon sends
    const info: GetTextureInfoReply = (await client.getTextureInfo({ file_path: join(fixtures, "matya", "4.27", "T_Worm_D.uasset") })).data;
    const mips: GetTextureInfoReplyMip[] = info.mips ?? [];
    assert.deepEqual([info.width, info.pixel_format, mips.length, mips[0].location], [256, "PF_DXT1", 9, "ubulk"]);
    const h: CityhashReply = (await client.cityhash({ file_path: "/Game/_AssemblyStorm/TestMod/LIB_Hooks" })).data;
    assert.equal(h.hash_hex, "0x4AAF10FD2F66632E");
  } finally {
    await client.close();
  }
});

test("attached streams: out-of-order replies, typed errors, end of output fails pending", async () => {
  const fromDaemon = new PassThrough();
  const toDaemon = new PassThrough();
  const client = UassetdClient.attach(fromDaemon, toDaemon);
  const a = client.call("ping");
  const b = client.call("ping");
  const sent = toDaemon.read()!.toString().trim().split("\n").map((l: string) => JSON.parse(l));
  assert.deepEqual(sent.map((s: any) => s.id), [1, 2]);
  fromDaemon.write('{"id":2,"success":true,"message":"b","data":{"n":2}}\n');
  fromDaemon.write('{"id":1,"success":false,"message":"bad","data":null,"error":{"code":"CORRUPT_DATA","file":"x.pak","offset":16,"structure":"PakIndex"},"warnings":["w"]}\n');
  assert.deepEqual((await b).data, { n: 2 });
  const e = await a.catch((x) => x);
  assert.deepEqual([e.code, e.file, e.offset, e.structure, e.warnings], ["CORRUPT_DATA", "x.pak", 16, "PakIndex", ["w"]]);
  const c = assert.rejects(client.call("sleep"), DaemonExitedError);
  fromDaemon.end();
  await c;
  await assert.rejects(client.call("ping"), DaemonExitedError);
});

test("findDaemon: explicit launcher, jar, UASSETD_HOME", () => {
  assert.deepEqual(findDaemon("/x/bin/uassetd"), ["/x/bin/uassetd"]);
  assert.deepEqual(findDaemon("/x/uassetd.jar").slice(1), ["-jar", "/x/uassetd.jar"]);
  const old = process.env.UASSETD_HOME;
  try {
    process.env.UASSETD_HOME = REPO;
    assert.deepEqual(findDaemon().slice(1), ["-jar", join(REPO, "daemon", "target", "uassetd.jar")]);
    process.env.UASSETD_HOME = "/nonexistent";
    assert.throws(() => findDaemon());
  } finally {
    if (old === undefined) delete process.env.UASSETD_HOME;
    else process.env.UASSETD_HOME = old;
  }
});
