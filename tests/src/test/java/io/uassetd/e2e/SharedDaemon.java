package io.uassetd.e2e;

import io.uassetd.client.UassetdClient;
import io.uassetd.protocol.Reply;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Base of test classes that share one packaged daemon child process across their tests. */
abstract class SharedDaemon {
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
