package io.uassetd.daemon;

import io.uassetd.daemon.services.Services;
import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.daemon.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String command, String... args) {
        try (Services s = Bootstrap.services(Services.Config.defaults(), System.err, true)) {
            Dispatcher d = new Dispatcher(Actions.registry(), new ErrorMapper(System.err), Map.of());
            PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
            return new Cli(d, s, o, e).run(command, List.of(args));
        }
    }

    @Test
    void cityhashPrintsHumanOutputAndJsonOnRequest() {
        assertThat(run("cityhash", "/Game/_AssemblyStorm/TestMod/LIB_Hooks")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("0x4AAF10FD2F66632E");
        out.reset();
        assertThat(run("cityhash", "/Game/_AssemblyStorm/TestMod/LIB_Hooks", "--json")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("{\"success\":true,").contains("\"hash_hex\":\"0x4AAF10FD2F66632E\"");
    }

    @Test
    void badCommandLinesExitWithStatus2AndHelp() {
        assertThat(run("nonsense")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown command 'nonsense'");
        err.reset();
        assertThat(run("cityhash")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("missing argument <file_path>");
        err.reset();
        assertThat(run("sleep", "--bogus", "1")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown option --bogus");
    }

    @Test
    void failingActionExitsNothingDoneWithOneLineSummary() {
        assertThat(run("sleep", "--duration-ms", "-5")).isEqualTo(Cli.EXIT_NOTHING_DONE);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("uassetd sleep: error [INVALID_ARGUMENT]: ");
    }

    @Test
    void helpListsEveryCommandFromTheRegistry() {
        assertThat(run("help")).isZero();
        String help = out.toString(StandardCharsets.UTF_8);
        for (var h : Actions.registry().commands()) {
            assertThat(help).contains(h.spec().cliName());
        }
        out.reset();
        assertThat(run("help", "sleep")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--steps <integer>");
    }

    @Test
    void everyActionIsReachableByItsWireName() {
        assertThat(run("cache_stats", "--json")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"capacity_bytes\"");
    }
}
