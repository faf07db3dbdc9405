package io.uassetd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.NativeUnavailableException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.protocol.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ErrorMapperTest {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final ErrorMapper mapper = new ErrorMapper(new PrintStream(log, true));

    @Test
    void formatErrorsKeepCodeAndLocation() {
        ErrorMapper.Mapped m = mapper.map(new TruncatedDataException("Truncated pak: index size 0x1F4000 exceeds file size", "foo.pak", 0x3A2F10, "PakInfo"));
        assertThat(m.error().code()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(m.error().file()).isEqualTo("foo.pak");
        assertThat(m.error().offset()).isEqualTo(0x3A2F10L);
        assertThat(m.error().structure()).isEqualTo("PakInfo");
        assertThat(m.message()).isEqualTo("Truncated pak: index size 0x1F4000 exceeds file size (foo.pak, offset 0x3A2F10, PakInfo)");
        assertThat(mapper.map(new WrongKeyException("bad key", "a.pak", -1, "PakIndex")).error().code()).isEqualTo(ErrorCode.WRONG_KEY);
        assertThat(mapper.map(new WrongKeyException("bad key", "a.pak", -1, "PakIndex")).error().offset()).isNull();
        assertThat(mapper.map(new UnsupportedVersionException("v99")).error().code()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(mapper.map(new CompletionException(new CorruptDataException("x"))).error().code()).isEqualTo(ErrorCode.CORRUPT_DATA);
        // an import from a package the store lacks (a mod converted without its base game) is NOT_FOUND, naming it
        ErrorMapper.Mapped missing = mapper.map(new io.uassetd.codecs.zen.convert.MissingPackageException("/Game/Mod/BP_Mod",
                "/Game/Base/BP_Base", "import 0 comes from package /Game/Base/BP_Base, which is not in the package store"));
        assertThat(missing.error().code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(missing.message()).contains("/Game/Base/BP_Base").contains("unresolved: placeholder");
    }

    @Test
    void daemonErrorsMapToTheirCodes() {
        // a job that needs more than the heap: TOO_LARGE, saying how to give more
        ErrorMapper.Mapped oom = mapper.map(new java.util.concurrent.ExecutionException(new OutOfMemoryError("Java heap space")));
        assertThat(oom.error().code()).isEqualTo(ErrorCode.TOO_LARGE);
        assertThat(oom.message()).contains("--memory-mb", (Runtime.getRuntime().maxMemory() >> 20) + " MiB heap");
        assertThat(mapper.map(ActionException.invalid("Missing field 'x'")).error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        ErrorMapper.Mapped nf = mapper.map(new NoSuchFileException("/nope.pak"));
        assertThat(nf.error().code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(nf.error().file()).isEqualTo("/nope.pak");
        assertThat(mapper.map(new NativeUnavailableException("no oodle")).error().code()).isEqualTo(ErrorCode.NATIVE_UNAVAILABLE);
        assertThat(mapper.map(new CancelledException("x")).error().code()).isEqualTo(ErrorCode.CANCELLED);
        assertThat(log.size()).isZero();
    }

    @Test
    void unexpectedErrorsAreInternalWithStackOnStderr() {
        ErrorMapper.Mapped m = mapper.map(new IllegalStateException("oops"));
        assertThat(m.error().code()).isEqualTo(ErrorCode.INTERNAL);
        assertThat(m.message()).isEqualTo("Internal error: IllegalStateException: oops");
        assertThat(log.toString()).contains("IllegalStateException").contains("ErrorMapperTest");
    }
}
