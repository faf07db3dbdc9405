package io.uassetd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.daemon.services.Services;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The start-up archive's training run ({@code __cds-train}, which the build runs under the JVM's
 * archive recording): every command succeeds, in-process and through the resident server it starts
 * in a private folder (create_pak stored and LZ4, extract_pak sent as frames, each answered with
 * exit status 0). A step that failed or fell back to in-process would make it report 1.
 */
class CdsTrainingTest {
    @Test
    @DisabledOnOs(OS.WINDOWS) // the resident server needs Unix sockets and POSIX folder permissions
    void everyStepSucceedsInProcessAndThroughTheResidentServer() throws Exception {
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        int status = CdsTraining.run(Services.Config.defaults(), err);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(status).isZero();
    }
}
