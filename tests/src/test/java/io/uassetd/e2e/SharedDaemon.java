package io.uassetd.e2e;

import io.uassetd.client.UassetdClient;
import io.uassetd.protocol.Reply;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Base of test classes that share one packaged daemon child process across their tests. */
abstract class SharedDaemon {
    /** A request's fields from name/value pairs, in order. */
    protected static Map<String, Object> fields(Object... kv) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static UassetdClient daemon;

    @BeforeAll
    static void startDaemon() throws Exception {
        daemon = UassetdClient.spawnJar(Daemon.jar());
    }

    @AfterAll
    static void stopDaemon() {
        daemon.close();
    }

    static Reply call(String action, Map<String, ?> fields) throws Exception {
        return daemon.send(action, fields).get(120, TimeUnit.SECONDS);
    }
}
