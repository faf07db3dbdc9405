package io.uassetd.daemon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.daemon.actions.Actions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/actions.md is what the actions' declarations say ({@link ActionDocs}); run with
 * {@code -Duassetd.regenerate=true} to rewrite it (the failure message gives the command).
 */
class ActionDocsTest {
    static final Path DOC = Path.of("..", "docs", "actions.md");

    @Test
    void docsAreGeneratedFromTheDeclarations() throws Exception {
        String generated = ActionDocs.markdown(Actions.registry());
        if (Boolean.getBoolean("uassetd.regenerate")) {
            Files.createDirectories(DOC.getParent());
            Files.writeString(DOC, generated, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(DOC)).as("docs/actions.md is missing; generate it with: %s", ActionDocs.REGENERATE).isTrue();
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
                .as("docs/actions.md is stale (the actions' declarations changed); regenerate it with: %s", ActionDocs.REGENERATE)
                .isEqualTo(generated);
    }
}
