package io.uassetd.daemon.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilePathsTest {
    private static final ActionSpec SPEC = ActionSpec.of("t", "test",
            FieldSpec.optional("file_path", FieldType.STRING, null, "one"),
            FieldSpec.optional("file_paths", FieldType.STRING_LIST, null, "several"));
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private static Args args(String one, List<String> many) {
        Map<String, JsonNode> f = new LinkedHashMap<>();
        if (one != null) {
            f.put("file_path", JSON.textNode(one));
        }
        if (many != null) {
            f.put("file_paths", JSON.arrayNode().addAll(many.stream().map(s -> (JsonNode) JSON.textNode(s)).toList()));
        }
        return new Args(SPEC, f, Map.of());
    }

    @Test
    void filePathComesFirstThenFilePathsInOrder() {
        assertThat(FilePaths.of(args("a", List.of("b", "c")), "none")).containsExactly("a", "b", "c");
        assertThat(FilePaths.of(args("a", null), "none")).containsExactly("a");
        assertThat(FilePaths.of(args(null, List.of("b")), "none")).containsExactly("b");
        assertThat(FilePaths.of(args("", List.of("b")), "none")).containsExactly("b");
    }

    @Test
    void noFileIsAnInvalidRequestWithTheCallersMessage() {
        assertThatThrownBy(() -> FilePaths.of(args(null, List.of()), "Give file_path or file_paths"))
                .isInstanceOf(ActionException.class).hasMessage("Give file_path or file_paths");
        assertThatThrownBy(() -> FilePaths.of(args("", null), "Give one")).isInstanceOf(ActionException.class);
    }
}
