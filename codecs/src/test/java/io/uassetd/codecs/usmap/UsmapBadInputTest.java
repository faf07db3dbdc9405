package io.uassetd.codecs.usmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UsmapBadInputTest {
    private static final Codecs CODECS = Codecs.standard();

    private static byte[] read(String relative) throws IOException {
        return Files.readAllBytes(Fixtures.path(relative));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap",
        "cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Zstandard.usmap", "cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Brotli.usmap",
        "cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap"})
    void everyTruncationIsRefusedWithAProjectException(String relative) throws IOException {
        byte[] data = read(relative);
        for (int len = 0; len < data.length; len += Math.max(1, data.length / 20)) {
            byte[] cut = Arrays.copyOf(data, len);
            try {
                Usmap.read(cut, "cut.usmap", CODECS);
                fail("Truncation to " + len + " accepted");
            } catch (FormatException e) {
                assertThat(e.file()).as(e.getMessage()).startsWith("cut.usmap");
            } catch (RuntimeException e) {
                fail("Truncation to " + len + " raised " + e, e);
            }
        }
    }

    @Test
    void truncatedPayloadsAreRefusedWherePayloadParsingStops() throws IOException {
        byte[] data = read("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap");
        int headerSize = 16;
        byte[] payload = Arrays.copyOfRange(data, headerSize, data.length);
        for (int cut = 0; cut < payload.length; cut += Math.max(1, payload.length / 120)) {
            byte[] file = Arrays.copyOf(data, headerSize + cut);
            for (int k = 0; k < 4; k++) {
                file[8 + k] = (byte) (cut >>> (8 * k));
                file[12 + k] = (byte) (cut >>> (8 * k));
            }
            try {
                Usmap.read(file, "cut.usmap", CODECS);
                fail("Payload cut to " + cut + " bytes accepted");
            } catch (FormatException e) {
                assertThat(e.file()).startsWith("cut.usmap");
                assertThat(e.structure()).startsWith("Usmap");
            } catch (RuntimeException e) {
                fail("Payload cut to " + cut + " raised " + e, e);
            }
        }
    }

    @Test
    void corruptedPayloadBytesNeverEscapeAsOtherExceptions() throws IOException {
        byte[] data = read("uassetapi/TestJson/Outriders.usmap");
        for (int at = 12; at < data.length; at += data.length / 60) {
            for (int v : new int[] {0x00, 0xFF, 0x80}) {
                byte[] bad = data.clone();
                bad[at] = (byte) v;
                try {
                    Usmap.read(bad, "bad.usmap", CODECS);
                } catch (FormatException e) {
                    assertThat(e.file()).startsWith("bad.usmap");
                    assertThat(e.structure()).isNotNull();
                } catch (RuntimeException | OutOfMemoryError e) {
                    fail("Byte " + at + " = " + v + " raised " + e, e);
                }
            }
        }
    }

    @Test
    void headerErrorsNameTheProblem() throws IOException {
        byte[] data = read("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Zstandard.usmap");
        byte[] magic = data.clone();
        magic[0] = 0;
        assertThatThrownBy(() -> Usmap.read(magic, "m.usmap", CODECS)).isInstanceOf(CorruptDataException.class)
                .hasMessage("Bad usmap magic 0x3000 (expected 0x30C4) (m.usmap, offset 0x0, UsmapHeader)");
        byte[] version = data.clone();
        version[2] = 9;
        assertThatThrownBy(() -> Usmap.read(version, "m.usmap", CODECS)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Unsupported usmap version 9");
        byte[] method = data.clone();
        method[7] = 7;
        assertThatThrownBy(() -> Usmap.read(method, "m.usmap", CODECS)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Unknown usmap compression method 7");
        byte[] huge = data.clone();
        huge[12] = huge[13] = huge[14] = huge[15] = (byte) 0x7F;
        assertThatThrownBy(() -> Usmap.read(huge, "m.usmap", CODECS)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("exceeds the limit");
        byte[] bomb = data.clone();
        bomb[12] = 0;
        bomb[13] = 0;
        bomb[14] = 0;
        bomb[15] = 0x10;
        assertThatThrownBy(() -> Usmap.read(bomb, "m.usmap", CODECS)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("implausible");
        byte[] comp = data.clone();
        comp[8] = (byte) 0xFF;
        comp[9] = (byte) 0xFF;
        comp[10] = (byte) 0xFF;
        assertThatThrownBy(() -> Usmap.read(comp, "m.usmap", CODECS)).isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("exceeds the");
        byte[] payload = data.clone();
        payload[40] ^= 0x55;
        assertThatThrownBy(() -> Usmap.read(payload, "m.usmap", CODECS)).isInstanceOf(FormatException.class)
                .hasMessageContaining("m.usmap");
    }
}
