package io.uassetd.daemon;

import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.daemon.cli.Cli;
import io.uassetd.daemon.resident.Frames;
import io.uassetd.daemon.resident.ResidentServer;
import io.uassetd.daemon.services.Services;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The hidden {@code __cds-train} command: the {@code ./uassetd} launcher runs it once under
 * {@code -XX:ArchiveClassesAtExit} so the class-data-sharing archive holds the classes of the common
 * one-shot commands (ping, create_pak stored, Zlib, Zstd, LZ4 and encrypted, list_pak, extract_pak of each, text and JSON output)
 * rather than only those of whichever command happened to run first, then the resident server's
 * own path (docs/server.md): a {@link ResidentServer} in a private folder of the temporary one
 * serves create_pak stored and LZ4 and extract_pak sent as the front-end sends them, so the
 * server's first command does not load its socket, framing and dispatch classes from the jar.
 * Works in a temporary folder it deletes afterwards; prints nothing on stdout.
 */
final class CdsTraining {
    private CdsTraining() {
    }

    static int run(Services.Config config, PrintStream err) throws IOException {
        Path dir = Files.createTempDirectory("uassetd-cds-train");
        PrintStream nul = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        int failures = 0;
        try (Services services = Bootstrap.services(config, nul, true)) {
            Dispatcher dispatcher = new Dispatcher(Actions.registry(), new ErrorMapper(nul), services.env());
            Cli cli = new Cli(dispatcher, services, nul, nul);
            Path in = Files.createDirectories(dir.resolve("in/Game/Content"));
            byte[] data = new byte[64 << 10];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (i * 31 >>> 3);
            }
            for (int i = 0; i < 8; i++) {
                Files.write(in.resolve("file" + i + ".bin"), data);
            }
            // one larger file so the hashing and copying loops run long enough to be profiled (JDK 25's AOT cache keeps profiles)
            byte[] big = new byte[6 << 20];
            new Random(25).nextBytes(big);
            Files.write(in.resolve("big.bin"), big);
            String src = dir.resolve("in").toString();
            String stored = dir.resolve("stored.pak").toString();
            String zlib = dir.resolve("zlib.pak").toString();
            String aes = dir.resolve("aes.pak").toString();
            String key = "0x" + "3F8A1C5E7B9D2F4A6C8E0B1D3F5A7C9E".repeat(2);
            List<List<String>> runs = List.of(
                    List.of("ping"),
                    List.of("ping", "--json"),
                    List.of("create_pak", stored, src, "--compress", "false"),
                    List.of("create_pak", zlib, src, "--compress", "Zlib", "--compression-level", "1"),
                    List.of("create_pak", dir.resolve("zstd.pak").toString(), src, "--compress", "Zstd"),
                    List.of("create_pak", dir.resolve("lz4.pak").toString(), src, "--compress", "LZ4", "--compression-level", "0"),
                    List.of("create_pak", aes, src, "--compress", "false", "--aes-key", key),
                    List.of("list_pak", stored),
                    List.of("list_pak", zlib, "--json"),
                    List.of("extract_pak", stored, dir.resolve("out1").toString()),
                    List.of("extract_pak", zlib, dir.resolve("out2").toString(), "--json"),
                    List.of("extract_pak", dir.resolve("zstd.pak").toString(), dir.resolve("out3").toString()),
                    List.of("extract_pak", dir.resolve("lz4.pak").toString(), dir.resolve("out4").toString()),
                    List.of("extract_pak", aes, dir.resolve("out5").toString(), "--aes", key));
            for (List<String> r : runs) {
                if (cli.run(r.get(0), new ArrayList<>(r.subList(1, r.size()))) != 0) {
                    failures++;
                    err.println("uassetd: CDS training step failed: " + r);
                }
            }
            failures += throughServer(services, dir, List.of(
                    List.of("create_pak", stored, src, "--compress", "false"),
                    List.of("create_pak", dir.resolve("lz4-2.pak").toString(), src, "--compress", "LZ4", "--compression-level", "0"),
                    List.of("extract_pak", stored, dir.resolve("out6").toString())), err);
        } catch (Exception e) {
            err.println("uassetd: CDS training failed: " + e);
            failures++;
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return failures == 0 ? 0 : 1;
    }

    /**
     * Runs {@code commands} through a resident server of its own in {@code dir/rt} as the front-end
     * would (one connection per command, frames until the exit status), then retires it; returns the
     * number of commands that failed. Where the server cannot run (no Unix sockets or POSIX
     * permissions) this part is skipped: the archive then lacks only the server's classes.
     */
    private static int throughServer(Services services, Path dir, List<List<String>> commands, PrintStream err) throws Exception {
        Path rt;
        try {
            rt = Files.createDirectory(dir.resolve("rt"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            return 0; // no POSIX permissions: the server would refuse the folder
        }
        String build = "cds-train";
        PrintStream nul = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        ResidentServer server = new ResidentServer(rt, build, Actions.registry(), services, nul, 600);
        CompletableFuture<Integer> serving = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                serving.complete(server.run());
            } catch (Throwable e) {
                serving.completeExceptionally(e);
            }
        }, "uassetd-cds-train-server");
        t.setDaemon(true);
        t.start();
        Path sock = rt.resolve(build + ".sock");
        for (int i = 0; i < 200 && !Files.exists(sock) && !serving.isDone(); i++) {
            Thread.sleep(10);
        }
        if (!Files.exists(sock)) {
            return 0; // the server refused its folder (no POSIX permissions) or this system has no Unix sockets
        }
        List<String> env = new ArrayList<>();
        for (Map.Entry<String, String> e : System.getenv().entrySet()) {
            env.add(e.getKey() + "=" + e.getValue());
        }
        int failures = 0;
        for (List<String> cmd : commands) {
            byte[] req = new Frames.Request(Frames.VERSION, build, dir.toString(), cmd, env).encode();
            int status = -1;
            try (SocketChannel ch = connect(sock)) {
                Frames.write(ch, Frames.REQUEST, req, 0, req.length);
                for (Frames.Frame f = Frames.read(ch); f != null; f = Frames.read(ch)) {
                    if (f.type() == Frames.EXIT) {
                        status = java.nio.ByteBuffer.wrap(f.payload()).getInt();
                        break;
                    }
                    if (f.type() == Frames.FALLBACK) {
                        break;
                    }
                }
            }
            if (status != 0) {
                failures++;
                err.println("uassetd: CDS training step through the resident server failed (status " + status + "): " + cmd);
            }
        }
        try (SocketChannel ch = connect(sock)) {
            Frames.write(ch, Frames.QUIT, new byte[0], 0, 0);
        }
        serving.get(60, TimeUnit.SECONDS);
        return failures;
    }

    /** Connects to the socket; the file appears before the server listens on it, so a refusal is tried again for a while. */
    private static SocketChannel connect(Path sock) throws IOException, InterruptedException {
        for (int i = 0;; i++) {
            SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.connect(UnixDomainSocketAddress.of(sock));
                return ch;
            } catch (java.net.ConnectException e) {
                ch.close();
                if (i >= 500) {
                    throw e;
                }
                Thread.sleep(10);
            }
        }
    }
}
