package io.uassetd.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;

/** Locates the packaged daemon jar and builds command lines that run it as a child process. */
final class Daemon {
    private Daemon() {
    }

    static Path jar() {
        String p = System.getProperty("uassetd.jar");
        Path jar = p == null ? Path.of("../daemon/target/uassetd.jar") : Path.of(p);
        if (!Files.isRegularFile(jar)) {
            Assertions.fail("Packaged daemon " + jar.toAbsolutePath() + " is missing: run the build through 'package' (./mvnw verify)");
        }
        return jar.toAbsolutePath().normalize();
    }

    static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(jar().toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Runs a CLI command to completion; returns exit status, stdout and stderr. */
    static Result run(String... args) throws Exception {
        Process p = new ProcessBuilder(command(args)).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        var out = p.getInputStream().readAllBytes();
        var err = p.getErrorStream().readAllBytes();
        int status = p.waitFor();
        return new Result(status, new String(out, java.nio.charset.StandardCharsets.UTF_8), new String(err, java.nio.charset.StandardCharsets.UTF_8));
    }

    record Result(int status, String stdout, String stderr) {
    }
}
