package io.uassetd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.Codecs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The daemon's early Oodle search: quiet when the JVM is shutting down, one line for any other failure. */
class BootstrapTest {
    private static String search(Codecs codecs) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Bootstrap.earlyOodleSearch(codecs, log);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSearchCutShortByShutdownSaysNothing() {
        // what JNA's class initialisation throws when the daemon's input ended at once
        Codecs codecs = Codecs.withLazyNativeOodle(() -> {
            throw new ExceptionInInitializerError(new IllegalStateException("Shutdown in progress"));
        });
        assertThat(search(codecs)).isEmpty();
    }

    @Test
    void anyOtherFailureIsOneLine() {
        Codecs codecs = Codecs.withLazyNativeOodle(() -> {
            throw new UnsatisfiedLinkError("no jnidispatch in java.library.path");
        });
        assertThat(search(codecs)).isEqualTo("uassetd: the early search for the Oodle library failed: "
                + "java.lang.UnsatisfiedLinkError: no jnidispatch in java.library.path" + System.lineSeparator());
    }

    @Test
    void noLibraryIsNotAFailure() {
        assertThat(search(Codecs.withLazyNativeOodle(() -> null))).isEmpty();
    }

    @Test
    void shutdownIsRecognisedThroughCauses() {
        assertThat(Bootstrap.duringShutdown(new RuntimeException(new IllegalStateException("Shutdown in progress")))).isTrue();
        assertThat(Bootstrap.duringShutdown(new IllegalStateException("Writer finished"))).isFalse();
    }
}
