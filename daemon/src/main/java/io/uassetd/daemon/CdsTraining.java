package io.uassetd.daemon;

import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.daemon.cli.Cli;
import io.uassetd.daemon.services.Services;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The hidden {@code __cds-train} command: the {@code ./uassetd} launcher runs it once under
 * {@code -XX:ArchiveClassesAtExit} so the class-data-sharing archive holds the classes of the common
 * one-shot commands (ping, create_pak stored, Zlib, Zstd, LZ4 and encrypted, list_pak, extract_pak of each, text and JSON output)
 * rather than only those of whichever command happened to run first. Works in a temporary folder
 * it deletes afterwards; prints nothing on stdout.
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
}
