package io.uassetd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.daemon.actions.core.CapabilitiesAction;
import io.uassetd.daemon.services.Services;
import io.uassetd.protocol.Json;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The four clients' generated action types (clients/codegen/generate.py) are what the actions'
 * declarations produce: the test hands the generator this build's {@code capabilities} and runs it
 * in check mode. Run with {@code -Duassetd.regenerate=true} to rewrite the files instead.
 */
class ClientCodegenTest {
    static final Path GENERATOR = Path.of("..", "clients", "codegen", "generate.py");
    static final String REGENERATE = "./mvnw -q -B -o -pl daemon -am test -Dtest=ClientCodegenTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Duassetd.regenerate=true";

    @Test
    void generatedClientTypesMatchTheDeclarations(@TempDir Path tmp) throws Exception {
        Path caps = tmp.resolve("capabilities.json");
        try (Services services = Bootstrap.services(Services.Config.defaults(), System.err, true)) {
            var registry = Actions.registry();
            CapabilitiesAction action = (CapabilitiesAction) registry.action("capabilities").orElseThrow();
            ActionResult r = action.handle(new Args(action.spec(), Map.of(), Map.of()),
                    new ActionContext(services, null, null, ActionContext.Control.NONE));
            Files.write(caps, Json.mapper().writeValueAsBytes(r.data()));
        }
        boolean regenerate = Boolean.getBoolean("uassetd.regenerate");
        List<String> cmd = new ArrayList<>(List.of("python3", GENERATOR.toString(), "--capabilities", caps.toString()));
        if (!regenerate) {
            cmd.add("--check");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String said = out.toString(StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("%s\nregenerate the clients' action types with: %s", said, REGENERATE).isZero();
    }
}
