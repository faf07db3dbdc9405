package io.uassetd.daemon;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import java.io.PrintStream;

/** Builds the process's {@link Services}: codecs, the Oodle backend, the cache. */
final class Bootstrap {
    private Bootstrap() {
    }

    static Services services(Services.Config config, PrintStream log) {
        Codecs codecs = Codecs.standard();
        Services.OodleStatus status = new Services.OodleStatus(false, codecs.get(CompressionMethod.OODLE).backend(),
                "native Oodle loading is not part of this build yet");
        return new Services(config, codecs, status, log, System.getenv());
    }
}
