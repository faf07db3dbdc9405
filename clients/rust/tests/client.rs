mod common;

use common::{daemon_path, fixtures_dir, repo, run_scenario, scenario_path};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::time::Duration;
use uassetd_client::*;

#[test]
fn conformance_scenario() {
    let fixtures = match fixtures_dir() {
        Some(f) => f,
        None => return,
    };
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(scenario_path()).unwrap()).unwrap();
    let names: Vec<String> = doc["steps"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect();
    let client = Client::spawn(Some(&daemon_path()), &[]).unwrap();
    assert_eq!(run_scenario(&client, &fixtures), names);
    assert_eq!(client.close(Duration::from_secs(10)), Some(0));
}

const COMMON: &[&str] = &["list_pak", "extract_pak_file", "extract_pak_all", "create_pak", "list_iostore", "extract_iostore", "extract_iostore_legacy", "to_json", "from_json", "create_mod_iostore", "niagara_details", "niagara_edit"];

#[test]
fn wrappers_match_live_capabilities() {
    let client = Client::spawn(Some(&daemon_path()), &[]).unwrap();
    let caps = client.call("capabilities", Value::Null).unwrap();
    let live: BTreeMap<String, Value> = caps.data["actions"].as_array().unwrap().iter().map(|a| (a["name"].as_str().unwrap().to_string(), a.clone())).collect();
    // Every action the daemon has is generated, typed or not.
    let generated: Vec<&str> = { let mut v: Vec<&str> = WRAPPED_FIELDS.iter().map(|(n, _)| *n).collect(); v.sort(); v };
    assert_eq!(live.keys().map(String::as_str).collect::<Vec<_>>(), generated, "run clients/codegen/generate.py");
    for a in COMMON {
        assert!(WRAPPED_FIELDS.iter().any(|(n, _)| n == a), "{a} is not wrapped");
    }
    for (action, fields) in WRAPPED_FIELDS {
        let a = live.get(*action).unwrap_or_else(|| panic!("wrapped action {action} is gone from the daemon"));
        let got: BTreeMap<String, (String, bool)> = a["fields"].as_array().unwrap().iter().map(|f| (f["name"].as_str().unwrap().into(), (f["type"].as_str().unwrap().into(), f["required"].as_bool().unwrap()))).collect();
        let want: BTreeMap<String, (String, bool)> = fields.iter().map(|(n, t, r)| (n.to_string(), (t.to_string(), *r))).collect();
        assert_eq!(got, want, "wrapper of {action} drifted; run clients/codegen/generate.py");
    }
    client.close(Duration::from_secs(10));
}

#[test]
fn typed_wrappers_on_a_real_pak() {
    let fixtures = match fixtures_dir() {
        Some(f) => f,
        None => return,
    };
    let pak = fixtures.join("repak/packs/pack_v11_encrypt_encryptindex.pak").to_string_lossy().into_owned();
    let client = Client::spawn(Some(&daemon_path()), &[]).unwrap();
    let r = client
        .list_pak(&ListPakParams { file_path: pak.clone(), aes_key: Some("94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de".into()), paths_only: Some(true), ..Default::default() }, CallOptions::default())
        .unwrap();
    assert_eq!(r.data["files"], json!(["directory/nested.txt", "test.png", "test.txt", "zeros.bin"]));
    match client.list_pak(&ListPakParams { file_path: pak, ..Default::default() }, CallOptions::default()) {
        Err(Error::Request(e)) => assert_eq!((e.code.as_str(), e.structure.as_deref(), e.offset), ("WRONG_KEY", Some("PakIndex"), Some(13588))),
        other => panic!("{other:?}"),
    }
    let h = client.cityhash(&CityhashParams { file_path: "/Game/_AssemblyStorm/TestMod/LIB_Hooks".into() }, CallOptions::default()).unwrap();
    assert_eq!(h.data["hash_hex"], "0x4AAF10FD2F66632E");
    let typed: CityhashReply = h.data_as().unwrap();
    assert_eq!((typed.hash_hex.as_deref(), typed.hash_decimal), (Some("0x4AAF10FD2F66632E"), Some(0x4AAF10FD2F66632Eu64)));
    let t = client.get_texture_info(&GetTextureInfoParams { file_path: fixtures.join("matya/4.27/T_Worm_D.uasset").to_string_lossy().into(), ..Default::default() }, CallOptions::default()).unwrap();
    let info: GetTextureInfoReply = t.data_as().unwrap();
    let mips = info.mips.unwrap();
    assert_eq!((info.width, info.pixel_format.as_deref(), mips.len(), mips[0].location.as_deref()), (Some(256), Some("PF_DXT1"), 9, Some("ubulk")));
    // Many threads share one client.
    let threads: Vec<_> = (0..8u64)
        .map(|i| {
            let c = client.clone();
            std::thread::spawn(move || c.sleep(&SleepParams { duration_ms: Some(40 * (8 - i) as i64), steps: Some(1) }, CallOptions::default()).unwrap().data["duration_ms"].as_u64().unwrap())
        })
        .collect();
    let got: Vec<u64> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert_eq!(got, (0..8u64).map(|i| 40 * (8 - i)).collect::<Vec<_>>());
    client.close(Duration::from_secs(10));
}

#[test]
fn attached_streams_match_out_of_order_replies_and_fail_pending_at_end() {
    let (to_daemon_r, to_daemon_w) = pipe();
    let (from_daemon_r, mut from_daemon_w) = pipe();
    let client = Client::attach(Box::new(from_daemon_r), Box::new(to_daemon_w));
    let a = client.submit("ping", Default::default(), None);
    let b = client.submit("ping", Default::default(), None);
    let mut lines = BufReader::new(to_daemon_r).lines();
    let ids: Vec<Value> = (0..2).map(|_| serde_json::from_str::<Value>(&lines.next().unwrap().unwrap()).unwrap()["id"].clone()).collect();
    assert_eq!(ids, vec![json!(1), json!(2)]);
    from_daemon_w.write_all(b"{\"id\":2,\"success\":true,\"message\":\"b\",\"data\":{\"n\":2}}\n").unwrap();
    from_daemon_w.write_all(b"{\"id\":1,\"success\":false,\"message\":\"bad\",\"data\":null,\"error\":{\"code\":\"CORRUPT_DATA\",\"file\":\"x.pak\",\"offset\":16,\"structure\":\"PakIndex\"},\"warnings\":[\"w\"]}\n").unwrap();
    assert_eq!(b.wait(Some(Duration::from_secs(5))).unwrap().data, json!({"n": 2}));
    match a.wait(Some(Duration::from_secs(5))) {
        Err(Error::Request(e)) => assert_eq!((e.code.as_str(), e.file.as_deref(), e.offset, e.structure.as_deref(), e.warnings), ("CORRUPT_DATA", Some("x.pak"), Some(16), Some("PakIndex"), vec!["w".to_string()])),
        other => panic!("{other:?}"),
    }
    let c = client.submit("sleep", Default::default(), None);
    drop(from_daemon_w);
    assert_eq!(c.wait(Some(Duration::from_secs(5))).unwrap_err().code(), "DAEMON_EXITED");
    assert_eq!(client.call("ping", Value::Null).unwrap_err().code(), "DAEMON_EXITED");
}

#[test]
fn find_daemon_resolves_launcher_jar_and_home() {
    assert_eq!(find_daemon(Some(std::path::Path::new("/x/bin/uassetd"))).unwrap(), vec!["/x/bin/uassetd".to_string()]);
    assert_eq!(&find_daemon(Some(std::path::Path::new("/x/uassetd.jar"))).unwrap()[1..], &["-jar".to_string(), "/x/uassetd.jar".to_string()]);
    let jar = find_daemon(Some(&repo())).unwrap();
    assert_eq!(jar[2], repo().join("daemon/target/uassetd.jar").to_string_lossy());
    assert!(matches!(find_daemon(Some(std::path::Path::new("/"))), Err(Error::DaemonNotFound(_))));
}

/// An OS pipe as (reader, writer) files, via a child `cat` (std has no portable pipe before Rust 1.87).
fn pipe() -> (std::process::ChildStdout, std::process::ChildStdin) {
    let mut child = std::process::Command::new("cat").stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).spawn().unwrap();
    (child.stdout.take().unwrap(), child.stdin.take().unwrap())
}
