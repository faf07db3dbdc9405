//! Runs clients/conformance/scenario.json against the real daemon through the Rust client.
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};
use uassetd_client::{CallOptions, Client, Error, ProgressEvent, Reply};

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..").canonicalize().unwrap()
}

pub fn scenario_path() -> PathBuf {
    repo().join("clients").join("conformance").join("scenario.json")
}

pub fn daemon_path() -> PathBuf {
    std::env::var_os("UASSETD_DAEMON").map(PathBuf::from).unwrap_or_else(|| repo().join("uassetd"))
}

/// The shared fixtures folder, or None (tests skip) unless UASSETD_REQUIRE_FIXTURES=1.
pub fn fixtures_dir() -> Option<PathBuf> {
    let f = std::env::var("UASSETD_FIXTURES").unwrap_or_else(|_| "../shared/fixtures".into());
    let p = if Path::new(&f).is_absolute() { PathBuf::from(&f) } else { repo().join(&f) };
    if p.is_dir() {
        return Some(p.canonicalize().unwrap());
    }
    assert!(std::env::var("UASSETD_REQUIRE_FIXTURES").as_deref() != Ok("1"), "fixtures folder {} is missing and UASSETD_REQUIRE_FIXTURES=1", p.display());
    None
}

fn subst(v: &Value, env: &[(&str, String)]) -> Value {
    match v {
        Value::String(s) => {
            let mut s = s.clone();
            for (k, val) in env {
                s = s.replace(&format!("${{{k}}}"), val);
            }
            Value::String(s)
        }
        Value::Array(a) => Value::Array(a.iter().map(|x| subst(x, env)).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), subst(x, env))).collect()),
        other => other.clone(),
    }
}

/// Objects: the expected keys match; lists: same length, each element matches; else equal.
fn matches(expected: &Value, actual: &Value, at: &str) {
    match expected {
        Value::Object(o) => {
            let a = actual.as_object().unwrap_or_else(|| panic!("{at}: expected an object, got {actual}"));
            for (k, v) in o {
                let x = a.get(k).unwrap_or_else(|| panic!("{at}: missing key {k}"));
                matches(v, x, &format!("{at}.{k}"));
            }
        }
        Value::Array(e) => {
            let a = actual.as_array().unwrap_or_else(|| panic!("{at}: expected a list, got {actual}"));
            assert_eq!(a.len(), e.len(), "{at}: {actual}");
            for (i, (x, y)) in e.iter().zip(a).enumerate() {
                matches(x, y, &format!("{at}[{i}]"));
            }
        }
        Value::Number(n) => assert_eq!(n.as_f64(), actual.as_f64(), "{at}"),
        other => assert_eq!(other, actual, "{at}"),
    }
}

fn check_reply(expect: &Value, r: &Reply) {
    assert_ne!(expect.get("success"), Some(&Value::Bool(false)), "expected a failure, got {:?}", r.raw);
    assert!(r.success);
    if let Some(d) = expect.get("data") {
        matches(d, &r.data, "data");
    }
    if let Some(keys) = expect.get("data_keys") {
        // serde_json (without preserve_order) sorts object keys, so the key set is compared.
        let got: std::collections::BTreeSet<&str> = r.data.as_object().unwrap().keys().map(String::as_str).collect();
        let want: std::collections::BTreeSet<&str> = keys.as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
        assert_eq!(got, want);
    }
    if let Some(w) = expect.get("warnings").and_then(Value::as_array) {
        assert_eq!(r.warnings.len(), w.len(), "{:?}", r.warnings);
        for (got, sub) in r.warnings.iter().zip(w) {
            assert!(got.contains(sub.as_str().unwrap()), "{got}");
        }
    }
}

fn check_error(expect: &Value, err: &Error) {
    let e = match err {
        Error::Request(e) => e,
        other => panic!("unexpected client error {other}"),
    };
    assert_eq!(expect.get("success"), Some(&Value::Bool(false)), "unexpected failure {}: {}", e.code, e.message);
    let x = &expect["error"];
    assert_eq!(x["code"].as_str().unwrap(), e.code, "{}", e.message);
    if let Some(f) = x.get("file") {
        assert_eq!(Some(f.as_str().unwrap()), e.file.as_deref());
    }
    if let Some(o) = x.get("offset") {
        assert_eq!(o.as_u64(), e.offset);
    }
    if let Some(s) = x.get("structure") {
        assert_eq!(Some(s.as_str().unwrap()), e.structure.as_deref());
    }
    if let Some(m) = expect.get("message_contains").and_then(Value::as_str) {
        assert!(e.message.contains(m), "{}", e.message);
    }
    assert_eq!(err.is_cancelled(), e.code == "CANCELLED");
}

fn outcome(expect: &Value, r: Result<Reply, Error>) {
    match r {
        Ok(reply) => check_reply(expect, &reply),
        Err(e) => check_error(expect, &e),
    }
}

fn check_events(expect: &Value, events: &[ProgressEvent]) {
    assert!(!events.is_empty(), "no progress event");
    let within: Vec<u64> = expect["done_within"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    let dones: Vec<u64> = events.iter().map(|e| e.done).collect();
    assert!(events.iter().all(|e| Some(e.total) == expect["total"].as_u64()));
    assert!(dones.iter().all(|d| within.contains(d)), "{dones:?}");
    assert!(dones.windows(2).all(|w| w[0] < w[1]), "{dones:?}");
    assert_eq!(Some(dones[0]), expect["first_done"].as_u64());
    assert_eq!(Some(*dones.last().unwrap()), expect["last_done"].as_u64());
}

fn fields(v: &Value) -> Map<String, Value> {
    v.as_object().cloned().unwrap_or_default()
}

fn ms(v: &Value) -> Duration {
    Duration::from_millis(v.as_u64().unwrap())
}

/// Runs every step; returns the names run. The kill step restarts the client's daemon.
pub fn run_scenario(client: &Client, fixtures: &Path) -> Vec<String> {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(scenario_path()).unwrap()).unwrap();
    let tmp = std::env::temp_dir().join(format!("uassetd-conformance-rust-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let env = [("fixtures", fixtures.to_string_lossy().into_owned()), ("tmp", tmp.to_string_lossy().into_owned())];
    let long = CallOptions::default().timeout(Duration::from_secs(60));
    let mut ran = Vec::new();
    for raw in doc["steps"].as_array().unwrap() {
        let step = subst(raw, &env);
        let expect = &step["expect"];
        let action = step.get("action").and_then(Value::as_str).unwrap_or("");
        match step["kind"].as_str().unwrap() {
            "call" => outcome(expect, client.call_with(action, fields(&step["fields"]), long.clone())),
            "raw_line" => {
                let r = client.send_raw_line(step["line"].as_str().unwrap(), Duration::from_secs(30)).unwrap();
                assert!(r.id.is_none() && !r.success);
                check_error(expect, &Err::<(), _>(r).map_err(|r| uassetd_client::Error::Request(to_request_error(&r))).unwrap_err());
            }
            "concurrent" => {
                let reqs: Vec<_> = step["requests"].as_array().unwrap().iter().map(|r| client.submit(r["action"].as_str().unwrap(), fields(&r["fields"]), None)).collect();
                let order = Arc::new(Mutex::new(Vec::new()));
                let handles: Vec<_> = reqs
                    .into_iter()
                    .zip(step["requests"].as_array().unwrap().clone())
                    .map(|(req, spec)| {
                        let order = Arc::clone(&order);
                        std::thread::spawn(move || {
                            let r = req.wait(Some(Duration::from_secs(60))).unwrap();
                            order.lock().unwrap().push(req.id.as_u64().unwrap());
                            check_reply(&spec["expect"], &r);
                        })
                    })
                    .collect();
                for h in handles {
                    h.join().unwrap();
                }
                let order = order.lock().unwrap().clone();
                let mut sorted = order.clone();
                sorted.sort_unstable();
                assert_ne!(order, sorted, "replies came back in request order");
            }
            "progress" => {
                let events = Arc::new(Mutex::new(Vec::new()));
                let ev = Arc::clone(&events);
                let opts = long.clone().progress(move |e| ev.lock().unwrap().push(e.clone()));
                let mut rest = expect.as_object().unwrap().clone();
                rest.remove("events");
                rest.remove("files");
                outcome(&Value::Object(rest), client.call_with(action, fields(&step["fields"]), opts));
                check_events(&expect["events"], &events.lock().unwrap());
                if let Some(files) = expect.get("files").and_then(Value::as_object) {
                    for (rel, size) in files {
                        assert_eq!(std::fs::metadata(tmp.join(rel)).unwrap().len(), size.as_u64().unwrap(), "{rel}");
                    }
                }
            }
            "cancel" => {
                let (tx, rx) = mpsc::channel();
                let tx = Mutex::new(tx);
                let t0 = Instant::now();
                let req = client.submit(action, fields(&step["fields"]), Some(Arc::new(move |_e: &ProgressEvent| {
                    let _ = tx.lock().unwrap().send(());
                })));
                rx.recv_timeout(Duration::from_secs(30)).expect("no progress event before cancelling");
                assert_eq!(Some(req.cancel().unwrap()), expect["cancel_reply"]["cancelled"].as_bool());
                let err = req.wait(Some(ms(&expect["within_ms"]))).expect_err("a cancelled request succeeded");
                check_error(expect, &err);
                assert!(t0.elapsed() < ms(&expect["within_ms"]));
            }
            "timeout" => {
                let t0 = Instant::now();
                let err = client.call_with(action, fields(&step["fields"]), CallOptions::default().timeout(ms(&step["timeout_ms"]))).expect_err("no timeout");
                assert_eq!(err.code(), "TIMEOUT");
                assert!(t0.elapsed() < ms(&expect["within_ms"]));
            }
            "kill" => {
                let reqs: Vec<_> = step["requests"].as_array().unwrap().iter().map(|r| client.submit(r["action"].as_str().unwrap(), fields(&r["fields"]), None)).collect();
                std::thread::sleep(Duration::from_millis(200));
                let t0 = Instant::now();
                client.kill();
                for r in reqs {
                    let err = r.wait(Some(ms(&expect["within_ms"]))).expect_err("a request of a killed daemon succeeded");
                    assert_eq!(err.code(), "DAEMON_EXITED", "{err}");
                    assert!(err.to_string().contains("exit status"), "{err}");
                }
                assert!(t0.elapsed() < ms(&expect["within_ms"]));
                assert_eq!(client.call("ping", Value::Null).unwrap_err().code(), "DAEMON_EXITED");
                client.restart().unwrap();
                let after = &expect["after_restart"];
                outcome(&after["expect"], client.call_with(after["action"].as_str().unwrap(), fields(&after["fields"]), long.clone()));
            }
            other => panic!("unknown step kind {other}"),
        }
        ran.push(step["name"].as_str().unwrap().to_string());
    }
    ran
}

fn to_request_error(r: &Reply) -> uassetd_client::RequestError {
    let e = r.error.clone().unwrap_or(Value::Null);
    uassetd_client::RequestError {
        code: e["code"].as_str().unwrap_or("").into(),
        message: r.message.clone(),
        file: e.get("file").and_then(Value::as_str).map(String::from),
        offset: e.get("offset").and_then(Value::as_u64),
        structure: e.get("structure").and_then(Value::as_str).map(String::from),
        warnings: r.warnings.clone(),
    }
}
