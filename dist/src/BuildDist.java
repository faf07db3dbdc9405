import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Builds the self-contained distribution (run by the {@code dist} Maven profile, Java source launcher):
 * <pre>
 * uassetd-VERSION/
 *   bin/uassetd, bin/uassetd.cmd   launchers (the bundled runtime, its AOT cache or CDS archive)
 *   bin/uassetd-front              the native front-end of one-shot commands (docs/server.md), when built
 *   lib/uassetd.jar, lib/uassetd.aot (Java 25+ runtime) or lib/uassetd.jsa (older)
 *   runtime/                       jlink image with the modules jdeps finds (+ its legal/ notices)
 *   README.md, docs/*.md, THIRD-PARTY.md, licenses/
 * </pre>
 * packed as {@code uassetd-VERSION-OS-ARCH.tar.gz} ({@code .zip} on Windows) for the system it runs on.
 */
public final class BuildDist {
    /** Libraries shaded into the jar, with their licenses (versions come from the jar's Maven metadata). */
    private static final Map<String, String> LIBRARIES = new LinkedHashMap<>();

    static {
        LIBRARIES.put("com.fasterxml.jackson.core:jackson-core", "Apache License 2.0");
        LIBRARIES.put("com.fasterxml.jackson.core:jackson-databind", "Apache License 2.0");
        LIBRARIES.put("com.fasterxml.jackson.core:jackson-annotations", "Apache License 2.0");
        LIBRARIES.put("org.bouncycastle:bcprov-jdk18on", "Bouncy Castle Licence (MIT style)");
        LIBRARIES.put("net.openhft:zero-allocation-hashing", "Apache License 2.0");
        LIBRARIES.put("com.github.luben:zstd-jni", "BSD 2-Clause (zstd: BSD 3-Clause)");
        LIBRARIES.put("net.java.dev.jna:jna", "Apache License 2.0 or LGPL 2.1");
        LIBRARIES.put("at.yawk.lz4:lz4-java", "Apache License 2.0");
        LIBRARIES.put("org.brotli:dec", "MIT License");
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < argv.length; i += 2) {
            a.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
        }
        Path jar = Path.of(a.get("jar")).toAbsolutePath().normalize();
        Path repo = Path.of(a.get("repo")).toAbsolutePath().normalize();
        Path out = Path.of(a.get("out")).toAbsolutePath().normalize();
        Path work = Path.of(a.get("work")).toAbsolutePath().normalize();
        Path jdk = resolveJdk(a.getOrDefault("jdk", "auto"));
        String version = a.get("version");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: the daemon module must be packaged first");
        }
        boolean windows = System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("windows");
        String os = windows ? "windows" : System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("mac") ? "macos" : "linux";
        String arch = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "x64";
            case "aarch64", "arm64" -> "aarch64";
            default -> System.getProperty("os.arch");
        };
        String name = "uassetd-" + version;
        Path stage = work.resolve("stage").resolve(name);
        deleteTree(work.resolve("stage"));
        Files.createDirectories(stage.resolve("bin"));
        Files.createDirectories(stage.resolve("lib"));

        log("runtime from " + jdk + " (Java " + javaMajor(jdk) + ")");
        String modules = tool(jdk, "jdeps", "--multi-release", "17", "--ignore-missing-deps", "--print-module-deps", jar.toString()).trim();
        log("modules: " + modules);
        List<String> jlink = new ArrayList<>(List.of("--add-modules", modules, "--output", stage.resolve("runtime").toString(),
                "--strip-debug", "--no-man-pages", "--no-header-files", "--generate-cds-archive"));
        tool(jdk, "jlink", jlink.toArray(String[]::new));
        Files.copy(jar, stage.resolve("lib/uassetd.jar"));
        writeLaunchers(stage);
        // The native front-end (docs/server.md), built beside the jar by the daemon module when a C compiler was there
        Path front = jar.resolveSibling("uassetd-front");
        if (Files.isRegularFile(front)) {
            Files.copy(front, stage.resolve("bin/uassetd-front"));
            log("bin/uassetd-front: one-shot commands through the resident server");
        } else {
            log("no " + front + " (no C compiler when the daemon was built): one-shot commands run in-process");
        }
        if (javaMajor(stage.resolve("runtime")) >= 25) {
            makeAotCache(stage, windows);
        } else {
            makeCdsArchive(stage, windows);
        }
        Files.copy(repo.resolve("README.md"), stage.resolve("README.md"));
        // the README is a door to docs/: the documents come along, so that its links work in the download
        Files.createDirectories(stage.resolve("docs"));
        try (var docs = Files.list(repo.resolve("docs"))) {
            for (Path d : docs.filter(p -> p.toString().endsWith(".md")).toList()) {
                Files.copy(d, stage.resolve("docs").resolve(d.getFileName().toString()));
            }
        }
        writeLicenses(jar, stage, modules);

        Path archive = out.resolve(name + "-" + os + "-" + arch + (windows ? ".zip" : ".tar.gz"));
        Path tmp = out.resolve(archive.getFileName() + ".tmp");
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20)) {
            if (windows) {
                zip(stage, o);
            } else {
                tarGz(stage, o);
            }
        }
        Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        log(archive + " (" + Files.size(archive) / 1024 / 1024 + " MiB)");
    }

    private static void log(String s) {
        System.err.println("[dist] " + s);
    }

    /**
     * The JDK whose runtime the distribution bundles: {@code auto} takes the newest JDK 25 or later
     * installed in the usual places (its AOT cache starts uassetd faster; the code stays Java 17),
     * else the JDK running this build; a path names one.
     */
    private static Path resolveJdk(String spec) throws IOException {
        Path own = Path.of(System.getProperty("java.home"));
        if (!spec.equals("auto")) {
            return Path.of(spec).toAbsolutePath().normalize();
        }
        Path best = own;
        int bestMajor = javaMajor(own);
        for (String root : List.of("/usr/lib/jvm", "/opt/java", "/Library/Java/JavaVirtualMachines")) {
            Path r = Path.of(root);
            if (!Files.isDirectory(r)) {
                continue;
            }
            try (Stream<Path> s = Files.list(r)) {
                for (Path home : s.toList()) {
                    Path h = Files.isDirectory(home.resolve("Contents/Home")) ? home.resolve("Contents/Home") : home;
                    int m = javaMajor(h);
                    if (m >= 25 && m > bestMajor && Files.isExecutable(h.resolve("bin/jlink"))) {
                        best = h;
                        bestMajor = m;
                    }
                }
            }
        }
        return best;
    }

    /** The major Java version a JDK or runtime image says it is ({@code release} file), 0 when unknown. */
    private static int javaMajor(Path home) throws IOException {
        Path rel = home.resolve("release");
        if (!Files.isRegularFile(rel)) {
            return 0;
        }
        for (String line : Files.readAllLines(rel, StandardCharsets.UTF_8)) {
            if (line.startsWith("JAVA_VERSION=\"")) {
                String v = line.substring(14).replace("\"", "");
                int end = 0;
                while (end < v.length() && Character.isDigit(v.charAt(end))) {
                    end++;
                }
                return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
            }
        }
        return 0;
    }

    /** Runs a JDK tool: in this JVM when {@code jdk} is the one running, else that JDK's executable. */
    private static String tool(Path jdk, String name, String... args) throws IOException, InterruptedException {
        if (jdk.equals(Path.of(System.getProperty("java.home")))) {
            return tool(name, args);
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.resolve("bin").resolve(name).toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(name + " failed (" + p.exitValue() + "): " + out);
        }
        return out;
    }

    private static String tool(String name, String... args) {
        ToolProvider t = ToolProvider.findFirst(name).orElseThrow(() -> new IllegalStateException(name + " is not in this JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = t.run(new PrintWriter(out), new PrintWriter(err), args);
        if (rc != 0) {
            throw new IllegalStateException(name + " failed (" + rc + "): " + err + out);
        }
        return out.toString();
    }

    private static void writeLaunchers(Path stage) throws IOException {
        String sh = """
                #!/bin/sh
                # uassetd launcher of the self-contained distribution: runs the bundled Java runtime (no Java
                # installation is needed or used) with a class-data-sharing archive of the start-up classes.
                # Java 17 archives record the jar's absolute path, so the archive made at build time serves
                # the folder it was made in; unpacked elsewhere, the first run makes a new one for its folder
                # (in lib/ when writable, else in ~/.cache/uassetd). UASSETD_JAVA_OPTS adds JVM options;
                # UASSETD_NO_CDS=1 turns the archive off.
                self="$0"
                while [ -h "$self" ]; do
                  link=$(ls -ld "$self" | sed 's/.*-> //')
                  case "$link" in /*) self="$link" ;; *) self="$(dirname "$self")/$link" ;; esac
                done
                case "$self" in */*) bindir="${self%/*}" ;; *) bindir=. ;; esac
                home=$(cd "$bindir/.." && pwd -P)
                # One-shot commands go to the resident server through the native front-end (docs/server.md);
                # --no-server or UASSETD_NO_SERVER=1 run them in this process, as do serve and batch.
                if [ $# -gt 0 ] && [ -x "$home/bin/uassetd-front" ] && { [ -z "${UASSETD_NO_SERVER:-}" ] || [ "$UASSETD_NO_SERVER" = 0 ]; }; then
                  case "$1" in
                    --no-server|--serve-socket|serve|batch) ;;
                    *) UASSETD_LAUNCHER="$home/bin/uassetd" UASSETD_SERVER_JAR="$home/lib/uassetd.jar" exec "$home/bin/uassetd-front" "$@" ;;
                  esac
                fi
                # The memory budget (docs/limits.md): --memory-mb N, else UASSETD_MEMORY_MB, else a quarter of the
                # smaller of physical memory and the cgroup limit; the heap gets 3/4 of it.
                mb="${UASSETD_MEMORY_MB:-}"
                prev=""
                for a in "$@"; do
                  if [ "$prev" = "--memory-mb" ]; then mb="$a"; fi
                  case "$a" in --memory-mb=*) mb="${a#--memory-mb=}" ;; esac
                  prev="$a"
                done
                heap="-XX:MaxRAMPercentage=18.75"
                # (read by the shell itself: no process is started for it)
                mem_kb=4194304
                if [ -r /proc/meminfo ]; then
                  while read -r key value rest; do
                    if [ "$key" = "MemTotal:" ]; then
                      case "$value" in ''|*[!0-9]*) ;; *) mem_kb="$value" ;; esac
                      break
                    fi
                  done < /proc/meminfo
                fi
                heap_mb=$((mem_kb * 3 / 16 / 1024))
                for f in /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory/memory.limit_in_bytes; do
                  lim=""
                  if [ -r "$f" ]; then read -r lim 2>/dev/null < "$f" || true; fi
                  case "$lim" in ''|*[!0-9]*) ;; *) [ $((lim * 3 / 16 / 1048576)) -lt "$heap_mb" ] && heap_mb=$((lim * 3 / 16 / 1048576)) ;; esac
                done
                case "$mb" in ''|*[!0-9]*) ;; *) heap="-Xmx$((mb * 3 / 4))m"; heap_mb=$((mb * 3 / 4)) ;; esac
                # The collector (docs/server.md "Memory"): serial on up to 4 cores, parallel above, a young generation
                # of 4 MiB per core (8 to 64 MiB), a heap a full collection shrinks to at most 30% free; a collector
                # named in UASSETD_JAVA_OPTS replaces this choice. The resident server gives memory back between commands.
                srv=""
                case " ${UASSETD_JAVA_OPTS:-} " in
                  *-XX:+Use*GC*) ;;
                  *)
                    # the cores this process may run on, as nproc counts them (its affinity list), read by the shell
                    cores=""
                    if [ -z "${OMP_NUM_THREADS:-}${OMP_THREAD_LIMIT:-}" ] && [ -r /proc/self/status ]; then
                      while IFS=': \t' read -r key list rest; do
                        if [ "$key" = Cpus_allowed_list ]; then
                          cores=0
                          old_ifs="$IFS"; IFS=,
                          for r in $list; do
                            case "$r" in
                              *[!0-9-]*|''|-*|*-) cores=""; break ;;
                              *-*) cores=$((cores + ${r#*-} - ${r%-*} + 1)) ;;
                              *) cores=$((cores + 1)) ;;
                            esac
                          done
                          IFS="$old_ifs"
                          break
                        fi
                      done < /proc/self/status
                    fi
                    case "$cores" in ''|0|*[!0-9]*) cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2) ;; esac
                    case "$cores" in ''|*[!0-9]*) cores=2 ;; esac
                    young=$((cores * 4)); [ "$young" -lt 8 ] && young=8; [ "$young" -gt 64 ] && young=64
                    if [ "$cores" -le 4 ]; then srv="-XX:+UseSerialGC"; else srv="-XX:+UseParallelGC"; fi
                    srv="$srv -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30"
                    if [ "$heap_mb" -ge $((young * 4)) ]; then srv="$srv -Xmn${young}m -Xms$((young * 2))m"; fi
                    ;;
                esac
                # the JIT's inlining (docs/server.md "The JIT's inlining"): small hot callees only
                srv="$srv -XX:FreqInlineSize=60 -XX:InlineSmallCode=600"
                if [ -f "$home/lib/uassetd.aot" ]; then
                  # A Java 25+ runtime and the AOT cache trained at build time (valid wherever the folder is);
                  # JNA (the Oodle library) and lz4-java may use native access without start-up warnings.
                  aot="-XX:AOTCache=$home/lib/uassetd.aot"
                  if [ -n "${UASSETD_NO_CDS:-}" ]; then aot="-Xshare:auto"; fi
                  if [ "${1:-}" = "--serve-socket" ]; then srv="$srv -XX:TrimNativeHeapInterval=5000"; fi
                  # shellcheck disable=SC2086
                  exec "$home/runtime/bin/java" "$aot" "$heap" $srv -Xlog:aot=off -Xlog:cds=off --enable-native-access=ALL-UNNAMED \
                    --sun-misc-unsafe-memory-access=allow ${UASSETD_JAVA_OPTS:-} -jar "$home/lib/uassetd.jar" "$@"
                fi
                cds="-Xshare:auto"
                if [ -z "${UASSETD_NO_CDS:-}" ]; then
                  dir="$home/lib"
                  if [ ! -w "$dir" ]; then
                    dir="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/uassetd/$(printf '%s' "$home" | cksum | cut -d ' ' -f 1)"
                    mkdir -p "$dir" 2>/dev/null || dir=""
                  fi
                  if [ -n "$dir" ]; then
                    if [ -f "$dir/uassetd.jsa" ] && [ "$(cat "$dir/uassetd.jsa.home" 2>/dev/null)" = "$home" ]; then
                      cds="-XX:SharedArchiveFile=$dir/uassetd.jsa"
                    elif [ -w "$dir" ]; then
                      cds="-XX:ArchiveClassesAtExit=$dir/uassetd.jsa"
                      printf '%s' "$home" > "$dir/uassetd.jsa.home"
                    fi
                  fi
                fi
                # shellcheck disable=SC2086
                exec "$home/runtime/bin/java" -Xshare:auto "$cds" "$heap" $srv -Xlog:cds=off -Xlog:cds+dynamic=off ${UASSETD_JAVA_OPTS:-} -jar "$home/lib/uassetd.jar" "$@"
                """;
        Path launcher = stage.resolve("bin/uassetd");
        Files.writeString(launcher, sh);
        try {
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // Windows: the tar/zip entry mode is set when packing.
        }
        String cmd = """
                @echo off
                rem uassetd launcher of the self-contained distribution: the bundled Java runtime and its CDS archive.
                setlocal
                set "HOME_DIR=%~dp0.."
                rem the memory budget (docs/limits.md): --memory-mb N, else UASSETD_MEMORY_MB, else a quarter of the machine's
                set "HEAP_MB="
                if defined UASSETD_MEMORY_MB set /a "HEAP_MB=UASSETD_MEMORY_MB*3/4" 2>nul
                call :memory_arg %*
                set "HEAP_OPTS=-XX:MaxRAMPercentage=18.75"
                if defined HEAP_MB if not "%HEAP_MB%"=="0" set "HEAP_OPTS=-Xmx%HEAP_MB%m"
                rem the JIT's inlining (docs/server.md "The JIT's inlining"): small hot callees only
                set "HEAP_OPTS=%HEAP_OPTS% -XX:FreqInlineSize=60 -XX:InlineSmallCode=600"
                if exist "%HOME_DIR%\\lib\\uassetd.aot" goto aot
                set "CDS=-XX:SharedArchiveFile=%HOME_DIR%\\lib\\uassetd.jsa"
                if defined UASSETD_NO_CDS set "CDS=-Xshare:auto"
                if not exist "%HOME_DIR%\\lib\\uassetd.jsa" set "CDS=-Xshare:auto"
                "%HOME_DIR%\\runtime\\bin\\java.exe" -Xshare:auto "%CDS%" %HEAP_OPTS% -Xlog:cds=off -Xlog:cds+dynamic=off %UASSETD_JAVA_OPTS% -jar "%HOME_DIR%\\lib\\uassetd.jar" %*
                exit /b %ERRORLEVEL%
                :aot
                rem a Java 25+ runtime and the AOT cache trained at build time
                set "AOT=-XX:AOTCache=%HOME_DIR%\\lib\\uassetd.aot"
                if defined UASSETD_NO_CDS set "AOT=-Xshare:auto"
                "%HOME_DIR%\\runtime\\bin\\java.exe" "%AOT%" %HEAP_OPTS% -Xlog:aot=off -Xlog:cds=off --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow %UASSETD_JAVA_OPTS% -jar "%HOME_DIR%\\lib\\uassetd.jar" %*
                exit /b %ERRORLEVEL%
                :memory_arg
                if "%~1"=="" exit /b 0
                if "%~1"=="--memory-mb" (
                  set /a "HEAP_MB=%~2*3/4" 2>nul
                  exit /b 0
                )
                shift
                goto memory_arg
                """.replace("\n", "\r\n");
        Files.writeString(stage.resolve("bin/uassetd.cmd"), cmd);
    }

    /**
     * Java 25 or later: trains an AOT cache (JEP 483/514/515: classes loaded and linked, method
     * profiles) on uassetd's representative run ({@code __cds-train}: pack, list and unpack in each
     * compression) into lib/uassetd.aot. The cache stays valid wherever the folder is unpacked.
     */
    private static void makeAotCache(Path stage, boolean windows) throws Exception {
        Path java = stage.resolve("runtime/bin/" + (windows ? "java.exe" : "java"));
        Path aot = stage.resolve("lib/uassetd.aot");
        Process p = new ProcessBuilder(java.toString(), "-XX:AOTCacheOutput=" + aot, "-Xlog:aot=off", "-Xlog:cds=off",
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-jar", stage.resolve("lib/uassetd.jar").toString(), "__cds-train")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.isRegularFile(aot)) {
            throw new IllegalStateException("the AOT cache training run failed: " + out);
        }
        log("AOT cache " + Files.size(aot) / 1024 / 1024 + " MiB");
    }

    /** Runs the bundled runtime once over a few requests and keeps the classes it loaded in lib/uassetd.jsa. */
    private static void makeCdsArchive(Path stage, boolean windows) throws Exception {
        Path java = stage.resolve("runtime/bin/" + (windows ? "java.exe" : "java"));
        Process p = new ProcessBuilder(java.toString(), "-XX:ArchiveClassesAtExit=" + stage.resolve("lib/uassetd.jsa"),
                "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-jar", stage.resolve("lib/uassetd.jar").toString(), "serve")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(("""
                    {"action":"ping"}
                    {"id":1,"action":"version"}
                    {"id":2,"action":"capabilities"}
                    {"id":3,"action":"cityhash","file_path":"/Game/Cds/Warmup"}
                    {"id":4,"action":"sleep","duration_ms":10,"steps":2,"progress":true}
                    {"id":5,"action":"list_pak","file_path":"missing.pak"}
                    {not json
                    """).getBytes(StandardCharsets.UTF_8));
        }
        byte[] replies = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("the CDS training run failed: " + new String(replies, StandardCharsets.UTF_8));
        }
        long lines = new String(replies, StandardCharsets.UTF_8).lines().filter(l -> !l.contains("\"event\"")).count();
        if (lines != 7 || !Files.isRegularFile(stage.resolve("lib/uassetd.jsa"))) {
            throw new IllegalStateException("the CDS training run answered " + lines + " of 7 requests or wrote no archive");
        }
        // The folder the archive is valid for (Java 17 checks the jar's absolute path); bin/uassetd remakes it elsewhere.
        Files.writeString(stage.resolve("lib/uassetd.jsa.home"), stage.toRealPath().toString());
    }

    private static void writeLicenses(Path jar, Path stage, String modules) throws IOException {
        Path dir = stage.resolve("licenses");
        Files.createDirectories(dir);
        StringBuilder md = new StringBuilder("""
                # Third-party software in this distribution

                `lib/uassetd.jar` bundles these libraries (their license texts, as the libraries ship them,
                are in `licenses/`):

                | library | version | license |
                |---|---|---|
                """);
        try (ZipFile z = new ZipFile(jar.toFile())) {
            for (Map.Entry<String, String> lib : LIBRARIES.entrySet()) {
                String[] ga = lib.getKey().split(":");
                ZipEntry pom = z.getEntry("META-INF/maven/" + ga[0] + "/" + ga[1] + "/pom.properties");
                String version = "?";
                if (pom != null) {
                    try (InputStream in = z.getInputStream(pom)) {
                        java.util.Properties p = new java.util.Properties();
                        p.load(in);
                        version = p.getProperty("version", "?");
                    }
                }
                md.append("| ").append(lib.getKey()).append(" | ").append(version).append(" | ").append(lib.getValue()).append(" |\n");
            }
            var entries = z.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                String n = e.getName();
                String base = n.substring(n.lastIndexOf('/') + 1);
                boolean legal = !e.isDirectory() && (base.toUpperCase(Locale.ROOT).contains("LICENSE") || base.toUpperCase(Locale.ROOT).contains("NOTICE"))
                        && !base.endsWith(".class");
                if (legal) {
                    String target = n.replace("META-INF/", "").replace('/', '_');
                    try (InputStream in = z.getInputStream(e)) {
                        Files.copy(in, dir.resolve(target), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        md.append("\nThe Java runtime in `runtime/` (modules ").append(modules)
                .append(") is OpenJDK, GPL v2 with the Classpath Exception; its notices are in `runtime/legal/`.\n");
        Files.writeString(stage.resolve("THIRD-PARTY.md"), md);
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.sorted(Comparator.comparing(Path::toString)).toList();
        }
    }

    private static void zip(Path stage, OutputStream o) throws IOException {
        try (ZipOutputStream z = new ZipOutputStream(o)) {
            for (Path p : files(stage)) {
                String n = stage.getParent().relativize(p).toString().replace('\\', '/');
                if (Files.isDirectory(p)) {
                    z.putNextEntry(new ZipEntry(n + "/"));
                } else {
                    z.putNextEntry(new ZipEntry(n));
                    Files.copy(p, z);
                }
                z.closeEntry();
            }
        }
    }

    /** A POSIX ustar archive, gzip-compressed, keeping the executable bits. */
    private static void tarGz(Path stage, OutputStream o) throws IOException {
        GZIPOutputStream gz = new GZIPOutputStream(o, 1 << 16);
        for (Path p : files(stage)) {
            String n = stage.getParent().relativize(p).toString().replace('\\', '/');
            boolean dir = Files.isDirectory(p);
            boolean exec = dir || Files.isExecutable(p) || n.endsWith("/bin/uassetd") || n.endsWith("/bin/uassetd-front");
            long size = dir ? 0 : Files.size(p);
            long mtime = Files.getLastModifiedTime(p).toMillis() / 1000; // CDS checks the jar's modification time
            gz.write(tarHeader(dir ? n + "/" : n, size, exec ? 0755 : 0644, dir, mtime));
            if (!dir) {
                Files.copy(p, gz);
                int pad = (int) ((512 - size % 512) % 512);
                gz.write(new byte[pad]);
            }
        }
        gz.write(new byte[1024]);
        gz.finish();
        gz.flush();
    }

    private static byte[] tarHeader(String name, long size, int mode, boolean dir, long mtime) {
        byte[] h = new byte[512];
        String prefix = "";
        if (name.length() > 100) {
            int cut = name.lastIndexOf('/', name.length() - 2);
            while (cut > 0 && name.length() - cut - 1 > 100) {
                cut = name.indexOf('/', cut + 1);
            }
            if (cut <= 0 || cut > 155) {
                throw new IllegalStateException("path too long for ustar: " + name);
            }
            prefix = name.substring(0, cut);
            name = name.substring(cut + 1);
        }
        put(h, 0, 100, name.getBytes(StandardCharsets.UTF_8));
        put(h, 100, 8, octal(mode, 7));
        put(h, 108, 8, octal(0, 7));
        put(h, 116, 8, octal(0, 7));
        put(h, 124, 12, octal(size, 11));
        put(h, 136, 12, octal(mtime, 11));
        java.util.Arrays.fill(h, 148, 156, (byte) ' ');
        h[156] = (byte) (dir ? '5' : '0');
        put(h, 257, 6, "ustar\0".getBytes(StandardCharsets.US_ASCII));
        put(h, 263, 2, "00".getBytes(StandardCharsets.US_ASCII));
        put(h, 345, 155, prefix.getBytes(StandardCharsets.UTF_8));
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xFF;
        }
        put(h, 148, 8, (String.format("%06o", sum) + "\0 ").getBytes(StandardCharsets.US_ASCII));
        return h;
    }

    private static byte[] octal(long v, int digits) {
        return (String.format("%0" + digits + "o", v) + "\0").getBytes(StandardCharsets.US_ASCII);
    }

    private static void put(byte[] h, int off, int len, byte[] v) {
        if (v.length > len) {
            throw new IllegalStateException("tar field overflow");
        }
        System.arraycopy(v, 0, h, off, v.length);
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }

}
