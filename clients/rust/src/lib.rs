//! Client of the uassetd daemon: spawns it (or attaches to streams), sends requests with ids,
//! runs many at once from any number of threads, delivers progress events, cancels, times out,
//! notices the daemon dying and restarts it. Blocking API; `Client` is `Clone + Send + Sync`.

mod actions;

pub use actions::*;

use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const STDERR_TAIL_LINES: usize = 50;

/// One reply line: success, message, data, plus the extensions id, error and warnings.
#[derive(Debug, Clone)]
pub struct Reply {
    pub id: Option<Value>,
    pub success: bool,
    pub message: String,
    pub data: Value,
    pub error: Option<Value>,
    pub warnings: Vec<String>,
    pub raw: Value,
}

impl Reply {
    fn from_value(raw: Value) -> Reply {
        let s = |k: &str| raw.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
        Reply {
            id: raw.get("id").cloned(),
            success: raw.get("success").and_then(Value::as_bool).unwrap_or(false),
            message: s("message"),
            data: raw.get("data").cloned().unwrap_or(Value::Null),
            error: raw.get("error").cloned(),
            warnings: raw
                .get("warnings")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(|w| w.as_str().map(String::from)).collect())
                .unwrap_or_default(),
            raw,
        }
    }

    /// The reply's data read as `T`, an action's generated reply type (`CityhashReply`...).
    pub fn data_as<T: serde::de::DeserializeOwned>(&self) -> Result<T, Error> {
        serde_json::from_value(self.data.clone()).map_err(Error::Json)
    }
}

/// A progress line of a running request.
#[derive(Debug, Clone)]
pub struct ProgressEvent {
    pub id: Value,
    pub done: u64,
    pub total: u64,
    pub item: Option<String>,
}

/// A request the daemon answered with a failure: its code (NOT_FOUND, CORRUPT_DATA, WRONG_KEY,
/// CANCELLED, NO_SPACE (a full disk; the file names the path), INVALID_PATH, TOO_LARGE, ...), message, the location of bad input, and the reply's warnings.
#[derive(Debug, Clone)]
pub struct RequestError {
    pub code: String,
    pub message: String,
    pub file: Option<String>,
    pub offset: Option<u64>,
    pub structure: Option<String>,
    pub warnings: Vec<String>,
}

/// Everything a call can fail with.
#[derive(Debug)]
pub enum Error {
    /// The daemon answered with a failure (CANCELLED included).
    Request(RequestError),
    /// The daemon exited, crashed or closed its output while the request waited.
    DaemonExited(String),
    /// The request did not finish within its timeout; the client cancelled it on the daemon.
    Timeout(String),
    /// No daemon found (explicit path, UASSETD_HOME, PATH).
    DaemonNotFound(String),
    Io(std::io::Error),
    Json(serde_json::Error),
}

impl Error {
    /// The daemon's error code, or the client's own: DAEMON_EXITED, TIMEOUT, DAEMON_NOT_FOUND, IO, JSON.
    pub fn code(&self) -> &str {
        match self {
            Error::Request(e) => &e.code,
            Error::DaemonExited(_) => "DAEMON_EXITED",
            Error::Timeout(_) => "TIMEOUT",
            Error::DaemonNotFound(_) => "DAEMON_NOT_FOUND",
            Error::Io(_) => "IO",
            Error::Json(_) => "JSON",
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.code() == "CANCELLED"
    }

    fn from_reply(r: &Reply) -> Error {
        let e = r.error.clone().unwrap_or(Value::Null);
        let s = |k: &str| e.get(k).and_then(Value::as_str).map(String::from);
        Error::Request(RequestError {
            code: s("code").unwrap_or_else(|| "INTERNAL".into()),
            message: r.message.clone(),
            file: s("file"),
            offset: e.get("offset").and_then(Value::as_u64),
            structure: s("structure"),
            warnings: r.warnings.clone(),
        })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Request(e) => write!(f, "{}: {}", e.code, e.message),
            Error::DaemonExited(m) | Error::Timeout(m) | Error::DaemonNotFound(m) => write!(f, "{}: {}", self.code(), m),
            Error::Io(e) => write!(f, "IO: {e}"),
            Error::Json(e) => write!(f, "JSON: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Json(e)
    }
}

/// Receives a request's progress events (on the client's reader thread: return quickly).
pub type ProgressFn = Arc<dyn Fn(&ProgressEvent) + Send + Sync>;

/// Per-request options.
#[derive(Clone, Default)]
pub struct CallOptions {
    pub timeout: Option<Duration>,
    pub progress: Option<ProgressFn>,
}

impl CallOptions {
    pub fn timeout(mut self, t: Duration) -> Self {
        self.timeout = Some(t);
        self
    }
    pub fn progress(mut self, f: impl Fn(&ProgressEvent) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(f));
        self
    }
}

/// Serializes a typed parameter struct into request fields.
pub fn to_fields<T: Serialize>(params: &T) -> Result<Map<String, Value>, Error> {
    match serde_json::to_value(params)? {
        Value::Object(m) => Ok(m),
        Value::Null => Ok(Map::new()),
        other => Err(Error::DaemonNotFound(format!("parameters must serialize to an object, got {other}"))),
    }
}

fn java_for(home: Option<&Path>) -> PathBuf {
    let exe = if cfg!(windows) { "java.exe" } else { "java" };
    if let Some(h) = home {
        let j = h.join("runtime").join("bin").join(exe);
        if j.is_file() {
            return j;
        }
    }
    if let Some(jh) = std::env::var_os("JAVA_HOME") {
        let j = PathBuf::from(jh).join("bin").join(exe);
        if j.is_file() {
            return j;
        }
    }
    PathBuf::from("java")
}

fn from_home(home: &Path) -> Option<Vec<String>> {
    let launcher = home.join("bin").join(if cfg!(windows) { "uassetd.cmd" } else { "uassetd" });
    if launcher.is_file() {
        return Some(vec![launcher.to_string_lossy().into_owned()]);
    }
    for jar in [home.join("lib").join("uassetd.jar"), home.join("daemon").join("target").join("uassetd.jar")] {
        if jar.is_file() {
            return Some(vec![
                java_for(Some(home)).to_string_lossy().into_owned(),
                "-jar".into(),
                jar.to_string_lossy().into_owned(),
            ]);
        }
    }
    None
}

/// The command that runs the daemon (without `serve`): from `path` (launcher, jar or distribution
/// folder), else `UASSETD_HOME` (bin/uassetd, or lib/uassetd.jar with the bundled runtime or
/// JAVA_HOME's java), else `uassetd` on PATH.
pub fn find_daemon(path: Option<&Path>) -> Result<Vec<String>, Error> {
    if let Some(p) = path {
        if p.is_dir() {
            return from_home(p).ok_or_else(|| Error::DaemonNotFound(format!("{} holds neither bin/uassetd nor lib/uassetd.jar", p.display())));
        }
        let s = p.to_string_lossy().into_owned();
        if s.ends_with(".jar") {
            return Ok(vec![java_for(None).to_string_lossy().into_owned(), "-jar".into(), s]);
        }
        return Ok(vec![s]);
    }
    if let Some(home) = std::env::var_os("UASSETD_HOME") {
        let home = PathBuf::from(home);
        return from_home(&home).ok_or_else(|| Error::DaemonNotFound(format!("UASSETD_HOME={} holds neither bin/uassetd nor lib/uassetd.jar", home.display())));
    }
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join(if cfg!(windows) { "uassetd.cmd" } else { "uassetd" });
            if p.is_file() {
                return Ok(vec![p.to_string_lossy().into_owned()]);
            }
        }
    }
    Err(Error::DaemonNotFound("uassetd not found: pass its path, set UASSETD_HOME, or put bin/uassetd on PATH".into()))
}

struct Slot {
    result: Mutex<Option<Result<Reply, Error>>>,
    ready: Condvar,
    progress: Option<ProgressFn>,
}

impl Slot {
    fn new(progress: Option<ProgressFn>) -> Arc<Slot> {
        Arc::new(Slot { result: Mutex::new(None), ready: Condvar::new(), progress })
    }
    fn settle(&self, r: Result<Reply, Error>) {
        let mut g = self.result.lock().unwrap();
        if g.is_none() {
            *g = Some(r);
            self.ready.notify_all();
        }
    }
}

#[derive(Default)]
struct Tables {
    pending: HashMap<String, Arc<Slot>>,
    ordered: VecDeque<Arc<Slot>>,
    closed: bool,
}

struct Session {
    writer: Mutex<Option<Box<dyn Write + Send>>>,
    tables: Mutex<Tables>,
    child: Mutex<Option<Child>>,
    stderr_tail: Mutex<VecDeque<String>>,
    reader: Mutex<Option<thread::JoinHandle<()>>>,
}

impl Session {
    fn start(input: Box<dyn Read + Send>, output: Box<dyn Write + Send>, child: Option<Child>, stderr: Option<Box<dyn Read + Send>>) -> Arc<Session> {
        let s = Arc::new(Session {
            writer: Mutex::new(Some(output)),
            tables: Mutex::new(Tables::default()),
            child: Mutex::new(child),
            stderr_tail: Mutex::new(VecDeque::new()),
            reader: Mutex::new(None),
        });
        if let Some(err) = stderr {
            let s2 = Arc::clone(&s);
            thread::Builder::new()
                .name("uassetd-stderr".into())
                .spawn(move || {
                    for line in BufReader::new(err).lines() {
                        let line = match line {
                            Ok(l) => l,
                            Err(_) => break,
                        };
                        let mut t = s2.stderr_tail.lock().unwrap();
                        t.push_back(line);
                        while t.len() > STDERR_TAIL_LINES {
                            t.pop_front();
                        }
                    }
                })
                .expect("spawn stderr thread");
        }
        let s2 = Arc::clone(&s);
        let h = thread::Builder::new().name("uassetd-reader".into()).spawn(move || s2.read_loop(input)).expect("spawn reader thread");
        *s.reader.lock().unwrap() = Some(h);
        s
    }

    fn read_loop(&self, input: Box<dyn Read + Send>) {
        let mut reader = BufReader::new(input);
        let mut line = String::new();
        let mut why = String::new();
        loop {
            line.clear();
            match reader.read_line(&mut line) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => {
                    why = format!(" (reading from the daemon failed: {e})");
                    break;
                }
            }
            let msg = match serde_json::from_str::<Value>(&line) {
                Ok(m) => m,
                Err(_) => continue,
            };
            if !msg.is_object() {
                continue;
            }
            if msg.get("event").is_some() {
                let key = msg.get("id").map(Value::to_string).unwrap_or_default();
                let slot = self.tables.lock().unwrap().pending.get(&key).cloned();
                if let Some(f) = slot.and_then(|s| s.progress.clone()) {
                    let ev = ProgressEvent {
                        id: msg["id"].clone(),
                        done: msg.get("done").and_then(Value::as_u64).unwrap_or(0),
                        total: msg.get("total").and_then(Value::as_u64).unwrap_or(0),
                        item: msg.get("item").and_then(Value::as_str).map(String::from),
                    };
                    f(&ev);
                }
                continue;
            }
            let slot = {
                let mut t = self.tables.lock().unwrap();
                match msg.get("id") {
                    Some(id) => t.pending.remove(&id.to_string()),
                    None => t.ordered.pop_front(),
                }
            };
            if let Some(s) = slot {
                s.settle(Ok(Reply::from_value(msg)));
            }
        }
        why.push_str(&self.exit_note());
        let waiting: Vec<Arc<Slot>> = {
            let mut t = self.tables.lock().unwrap();
            t.closed = true;
            let mut v: Vec<_> = t.pending.drain().map(|(_, s)| s).collect();
            v.extend(t.ordered.drain(..));
            v
        };
        for s in waiting {
            s.settle(Err(Error::DaemonExited(format!("the daemon closed its output{why}"))));
        }
    }

    fn exit_note(&self) -> String {
        let mut s = String::new();
        let deadline = Instant::now() + Duration::from_millis(1000);
        if let Some(child) = self.child.lock().unwrap().as_mut() {
            loop {
                match child.try_wait() {
                    Ok(Some(st)) => {
                        s.push_str(&format!(" (exit status {})", st.code().map(|c| c.to_string()).unwrap_or_else(|| format!("{st}"))));
                        break;
                    }
                    Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                    _ => break,
                }
            }
        }
        let tail = self.stderr_tail.lock().unwrap();
        if !tail.is_empty() {
            s.push_str("; last stderr lines:\n");
            s.push_str(&tail.iter().cloned().collect::<Vec<_>>().join("\n"));
        }
        s
    }

    fn write_line(&self, line: &[u8]) -> Result<(), Error> {
        let mut w = self.writer.lock().unwrap();
        let out = match w.as_mut() {
            Some(o) => o,
            None => return Err(Error::DaemonExited("the client is closed".into())),
        };
        out.write_all(line)
            .and_then(|_| out.write_all(b"\n"))
            .and_then(|_| out.flush())
            .map_err(|e| Error::DaemonExited(format!("cannot write to the daemon: {e}")))
    }
}

/// A request in flight.
pub struct PendingRequest {
    pub id: Value,
    slot: Arc<Slot>,
    client: Client,
}

impl PendingRequest {
    /// Waits for the reply; a failed reply is `Error::Request`. After `timeout` the request is
    /// cancelled on the daemon and `Error::Timeout` returned.
    pub fn wait(&self, timeout: Option<Duration>) -> Result<Reply, Error> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut g = self.slot.result.lock().unwrap();
        loop {
            if let Some(r) = g.take() {
                return match r {
                    Ok(reply) if !reply.success => Err(Error::from_reply(&reply)),
                    other => other,
                };
            }
            match deadline {
                None => g = self.slot.ready.wait(g).unwrap(),
                Some(d) => {
                    let now = Instant::now();
                    if now >= d {
                        drop(g);
                        self.client.abandon(&self.id);
                        return Err(Error::Timeout(format!("request {} timed out after {:?} (cancelled)", self.id, timeout.unwrap())));
                    }
                    g = self.slot.ready.wait_timeout(g, d - now).unwrap().0;
                }
            }
        }
    }

    /// Asks the daemon to cancel it; `wait` then returns a CANCELLED `Error::Request`.
    pub fn cancel(&self) -> Result<bool, Error> {
        self.client.cancel(self.id.clone())
    }
}

/// A uassetd daemon spawned as a child process (or reached over given streams). Clone it to share
/// it between threads; every clone talks to the same daemon.
#[derive(Clone)]
pub struct Client {
    session: Arc<Mutex<Arc<Session>>>,
    command: Option<Vec<String>>,
    next_id: Arc<AtomicU64>,
    pub default_timeout: Option<Duration>,
}

impl Client {
    /// Spawns `<daemon> serve <args>` (see `find_daemon`).
    pub fn spawn(daemon: Option<&Path>, args: &[&str]) -> Result<Client, Error> {
        let mut command = find_daemon(daemon)?;
        command.push("serve".into());
        command.extend(args.iter().map(|a| a.to_string()));
        let session = Self::start(&command)?;
        Ok(Client { session: Arc::new(Mutex::new(session)), command: Some(command), next_id: Arc::new(AtomicU64::new(1)), default_timeout: None })
    }

    /// Talks to a daemon over existing streams: `input` is its stdout, `output` its stdin.
    pub fn attach(input: Box<dyn Read + Send>, output: Box<dyn Write + Send>) -> Client {
        let session = Session::start(input, output, None, None);
        Client { session: Arc::new(Mutex::new(session)), command: None, next_id: Arc::new(AtomicU64::new(1)), default_timeout: None }
    }

    fn start(command: &[String]) -> Result<Arc<Session>, Error> {
        let mut child = Command::new(&command[0]).args(&command[1..]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        Ok(Session::start(Box::new(stdout), Box::new(stdin), Some(child), Some(Box::new(stderr))))
    }

    fn current(&self) -> Arc<Session> {
        Arc::clone(&self.session.lock().unwrap())
    }

    /// Sends a request with a fresh id and returns at once.
    pub fn submit(&self, action: &str, fields: Map<String, Value>, progress: Option<ProgressFn>) -> PendingRequest {
        let id = Value::from(self.next_id.fetch_add(1, Ordering::Relaxed));
        let mut req = Map::new();
        req.insert("action".into(), Value::from(action));
        req.extend(fields);
        req.insert("id".into(), id.clone());
        if progress.is_some() {
            req.insert("progress".into(), Value::Bool(true));
        }
        let slot = Slot::new(progress);
        let session = self.current();
        let key = id.to_string();
        let closed = {
            let mut t = session.tables.lock().unwrap();
            if !t.closed {
                t.pending.insert(key.clone(), Arc::clone(&slot));
            }
            t.closed
        };
        if closed {
            slot.settle(Err(Error::DaemonExited(format!("the daemon is not running{}", session.exit_note()))));
        } else if let Err(e) = session.write_line(&serde_json::to_vec(&Value::Object(req)).expect("serializable")) {
            session.tables.lock().unwrap().pending.remove(&key);
            slot.settle(Err(e));
        }
        PendingRequest { id, slot, client: self.clone() }
    }

    /// Sends a request and waits for its reply.
    pub fn call(&self, action: &str, fields: Value) -> Result<Reply, Error> {
        self.call_with(action, as_map(fields), CallOptions::default())
    }

    /// Sends a request with options (timeout, progress) and waits for its reply.
    pub fn call_with(&self, action: &str, fields: Map<String, Value>, options: CallOptions) -> Result<Reply, Error> {
        self.submit(action, fields, options.progress).wait(options.timeout.or(self.default_timeout))
    }

    /// Cancels a request by id; true when the daemon found it running.
    pub fn cancel(&self, target_id: Value) -> Result<bool, Error> {
        let mut m = Map::new();
        m.insert("target_id".into(), target_id);
        let r = self.submit("cancel", m, None).wait(Some(Duration::from_secs(30)))?;
        Ok(r.data.get("cancelled").and_then(Value::as_bool).unwrap_or(false))
    }

    fn abandon(&self, id: &Value) {
        let session = self.current();
        let removed = session.tables.lock().unwrap().pending.remove(&id.to_string()).is_some();
        if removed {
            let mut m = Map::new();
            m.insert("target_id".into(), id.clone());
            let _ = self.submit("cancel", m, None);
        }
    }

    /// Sends one raw line, answered without an id in order (UAssetTool-style requests, tests).
    pub fn send_raw_line(&self, line: &str, timeout: Duration) -> Result<Reply, Error> {
        assert!(!line.contains('\n'), "a protocol line cannot contain a newline");
        let slot = Slot::new(None);
        let session = self.current();
        {
            let mut w = session.writer.lock().unwrap();
            {
                let mut t = session.tables.lock().unwrap();
                if t.closed {
                    return Err(Error::DaemonExited("the daemon is not running".into()));
                }
                t.ordered.push_back(Arc::clone(&slot));
            }
            let out = w.as_mut().ok_or_else(|| Error::DaemonExited("the client is closed".into()))?;
            out.write_all(line.as_bytes()).and_then(|_| out.write_all(b"\n")).and_then(|_| out.flush()).map_err(|e| Error::DaemonExited(format!("cannot write to the daemon: {e}")))?;
        }
        let g = slot.result.lock().unwrap();
        let (mut g, _) = slot.ready.wait_timeout_while(g, timeout, |r| r.is_none()).unwrap();
        g.take().unwrap_or_else(|| Err(Error::Timeout(format!("no reply to a raw line within {timeout:?}"))))
    }

    /// Kills the daemon at once (as a crash would); every pending request fails with `DaemonExited`.
    pub fn kill(&self) {
        if let Some(c) = self.current().child.lock().unwrap().as_mut() {
            let _ = c.kill();
        }
    }

    /// The daemon's process id, when spawned.
    pub fn pid(&self) -> Option<u32> {
        self.current().child.lock().unwrap().as_ref().map(Child::id)
    }

    /// Closes the daemon's input (in-flight requests finish), waits up to `timeout`, kills it if
    /// needed; returns its exit status (None for attached streams).
    pub fn close(&self, timeout: Duration) -> Option<i32> {
        let session = self.current();
        session.writer.lock().unwrap().take();
        let deadline = Instant::now() + timeout;
        let mut status = None;
        if let Some(child) = session.child.lock().unwrap().as_mut() {
            loop {
                match child.try_wait() {
                    Ok(Some(st)) => {
                        status = st.code().or(Some(-1));
                        break;
                    }
                    Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                    _ => {
                        let _ = child.kill();
                        status = child.wait().ok().map(|s| s.code().unwrap_or(-1));
                        break;
                    }
                }
            }
        }
        // A spawned daemon's output ends with it; attached streams may stay open, so their reader is not awaited.
        if session.child.lock().unwrap().is_some() {
            if let Some(h) = session.reader.lock().unwrap().take() {
                let _ = h.join();
            }
        }
        status
    }

    /// Stops the daemon and starts a new one; pending requests fail with `DaemonExited`.
    pub fn restart(&self) -> Result<(), Error> {
        let command = self.command.clone().ok_or_else(|| Error::DaemonNotFound("an attached client cannot restart its daemon".into()))?;
        self.close(Duration::from_secs(5));
        let fresh = Self::start(&command)?;
        *self.session.lock().unwrap() = fresh;
        Ok(())
    }
}

fn as_map(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}
