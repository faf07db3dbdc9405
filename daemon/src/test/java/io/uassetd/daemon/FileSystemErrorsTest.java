package io.uassetd.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.uassetd.codecs.error.OverBudgetException;
import io.uassetd.codecs.error.UnsafePathException;
import io.uassetd.codecs.io.OutputFailedException;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.protocol.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The file system's refusals get codes of their own (never INTERNAL), and path fields are typed. */
class FileSystemErrorsTest {
    private final ErrorMapper mapper = new ErrorMapper(new PrintStream(new ByteArrayOutputStream(), true));

    @Test
    void aFullDiskIsNoSpaceNamingTheFile() {
        ErrorMapper.Mapped m = mapper.map(new OutputFailedException("Cannot write /out/X.uasset: No space left on device",
                Path.of("/out/X.uasset"), new IOException("No space left on device")));
        assertThat(m.error().code()).isEqualTo(ErrorCode.NO_SPACE);
        assertThat(m.error().file()).isEqualTo("/out/X.uasset");
        assertThat(m.message()).contains("No space left").contains("/out/X.uasset");
        // from a plain channel write inside an extraction, wrapped without a path
        assertThat(mapper.map(new UncheckedIOException(new IOException("No space left on device"))).error().code())
                .isEqualTo(ErrorCode.NO_SPACE);
    }

    /**
     * A failed write keeps the name of the file it was writing however deep it arrives (the mapper
     * stops unwrapping at OutputFailedException): the cause gives the code, the wrapper the file.
     */
    @Test
    void aFailedWriteNamesItsTargetUnderAnyWrapper() {
        Path target = Path.of("/out/X.uasset");
        OutputFailedException denied = new OutputFailedException("Cannot write /out/X.uasset: access denied", target,
                new AccessDeniedException("/out/.X.uasset.tmp"));
        for (Throwable t : new Throwable[] {denied, new CompletionException(denied),
                new ExecutionException(new CompletionException(denied))}) {
            ErrorMapper.Mapped m = mapper.map(t);
            assertThat(m.error().code()).as(t.toString()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(m.error().file()).as(t.toString()).isEqualTo("/out/X.uasset");
            assertThat(m.message()).isEqualTo("Cannot write /out/X.uasset: access denied");
        }
        ErrorMapper.Mapped io = mapper.map(new CompletionException(new OutputFailedException(
                "Cannot write /out/Y.uasset: Input/output error", Path.of("/out/Y.uasset"), new IOException("Input/output error"))));
        assertThat(io.error().file()).isEqualTo("/out/Y.uasset");
        assertThat(io.message()).contains("/out/Y.uasset");
    }

    @Test
    void namesTheFileSystemCannotHoldSayWhichRule() {
        ErrorMapper.Mapped tooLong = mapper.map(new UncheckedIOException(new FileSystemException("/out/" + "a".repeat(300), null,
                "File name too long")));
        assertThat(tooLong.error().code()).isEqualTo(ErrorCode.INVALID_PATH);
        assertThat(tooLong.message()).contains("longer than the file system allows");
        ErrorMapper.Mapped both = mapper.map(new UncheckedIOException(new NotDirectoryException("/out/a/b")));
        assertThat(both.error().code()).isEqualTo(ErrorCode.INVALID_PATH);
        assertThat(both.message()).contains("both a file and a folder");
        ErrorMapper.Mapped nul = mapper.map(new InvalidPathException("a\0b", "Nul character not allowed"));
        assertThat(nul.error().code()).isEqualTo(ErrorCode.INVALID_PATH);
        assertThat(mapper.map(new UnsafePathException("Path /out/d is a link inside the output folder", "/out/d")).error().code())
                .isEqualTo(ErrorCode.INVALID_PATH);
        assertThat(mapper.map(new OverBudgetException("PNG of 16384x16384 needs 1281 MiB", "big.png", 16, "PNG IHDR", 1L << 30))
                .error().code()).isEqualTo(ErrorCode.TOO_LARGE);
    }

    private static Args args(JsonNode value) {
        ActionSpec spec = ActionSpec.of("t", "test", FieldSpec.required("file_path", FieldType.STRING, "a file"));
        return new Args(spec, Map.of("file_path", value), Map.of());
    }

    @Test
    void pathFieldsAreStringsThatNameAPath() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        assertThat(args(f.textNode("a/b.pak")).requirePath("file_path")).isEqualTo(Path.of("a/b.pak"));
        for (JsonNode bad : new JsonNode[] {f.numberNode(12), f.booleanNode(true), f.textNode("a\0b"), f.textNode("a\uD800b"),
                f.textNode("\uDC00")}) {
            assertThatThrownBy(() -> args(bad).requirePath("file_path")).as(bad.toString()).isInstanceOf(ActionException.class)
                    .hasMessageContaining("file_path")
                    .satisfies(e -> assertThat(((ActionException) e).code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        }
    }
}
