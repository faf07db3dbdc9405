package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Truncated and corrupted packages fail with a project exception naming the place, never anything else. */
class AssetBadInputTest {

    private static byte[] read(String relative) throws IOException {
        return Files.readAllBytes(Fixtures.path(relative));
    }

    private static byte[] uexpOf(String relative) throws IOException {
        Path u = AssetPackage.sibling(Fixtures.path(relative), ".uexp");
        return Files.exists(u) ? Files.readAllBytes(u) : null;
    }

    /** Parses and writes; returns normally or with a FormatException naming file and structure. */
    private static void parseOrFormatError(byte[] header, byte[] uexp, EngineVersion engine, String what) {
        try {
            AssetPackage p = AssetPackage.read(header, uexp, "fuzz.uasset", engine);
            p.toBytes();
        } catch (FormatException e) {
            assertThat(e.file()).as(what + ": " + e.getMessage()).isNotNull();
            assertThat(e.structure()).as(what + ": " + e.getMessage()).isNotNull();
        } catch (RuntimeException | OutOfMemoryError e) {
            fail(what + " raised " + e, e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uassetapi/TestJson/Items.uasset", "uassetapi/TestUE5_4/BlankGame/MI_BlueCube.uasset",
        "uassetapi/TestEditorAssets/TestSoundClass.uasset", "uassetapi/TestUE5_6/BpThirdPerson/MI_Quinn_01.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonGameMode.uasset"})
    void truncatedHeadersFailCleanly(String relative) throws IOException {
        byte[] header = read(relative);
        byte[] uexp = uexpOf(relative);
        EngineVersion engine = AssetFixtures.engineFor(relative);
        for (int len = 0; len < header.length; len += Math.max(1, header.length / 400)) {
            byte[] cut = Arrays.copyOf(header, len);
            try {
                AssetPackage.read(cut, uexp, "cut.uasset", engine);
                fail("Truncation to " + len + " bytes was accepted");
            } catch (FormatException e) {
                assertThat(e.file()).isEqualTo("cut.uasset");
                assertThat(e.offset()).as(e.getMessage()).isBetween(0L, (long) header.length);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uassetapi/TestJson/Items.uasset", "uassetapi/TestUE5_4/BlankGame/MI_BlueCube.uasset",
        "uassetapi/TestEditorAssets/TestSoundClass.uasset", "uassetapi/TestManyAssets/Bloodstained/PB_DT_RandomizerRoomCheck.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonGameMode.uasset"})
    void corruptedBytesNeverEscapeAsOtherExceptions(String relative) throws IOException {
        byte[] header = read(relative);
        byte[] uexp = uexpOf(relative);
        EngineVersion engine = AssetFixtures.engineFor(relative);
        Random rnd = new Random(relative.hashCode());
        int limit = Math.min(header.length, 4096);
        for (int at = 0; at < limit; at += Math.max(1, limit / 300)) {
            for (int value : new int[] {0x00, 0xFF, 0x7F, rnd.nextInt(256)}) {
                byte[] bad = header.clone();
                bad[at] = (byte) value;
                parseOrFormatError(bad, uexp, engine, "byte " + at + " = " + value);
            }
        }
    }

    @Test
    void truncatedUexpIsReportedWithTheExportAndOffset() throws IOException {
        String relative = "uassetapi/TestJson/Items.uasset";
        byte[] uexp = uexpOf(relative);
        assertThatThrownBy(() -> AssetPackage.read(read(relative), Arrays.copyOf(uexp, uexp.length / 2), "Items.uasset",
                EngineVersion.UE4_23))
                .isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("Export 0 data")
                .hasMessageContaining("Items.uexp")
                .hasMessageContaining("ExportMap[0]");
        byte[] noTag = Arrays.copyOf(uexp, uexp.length - 1);
        byte[] header = read(relative);
        assertThatThrownBy(() -> AssetPackage.read(header, noTag, "Items.uasset", EngineVersion.UE4_23))
                .isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("does not end with the package tag")
                .hasMessageContaining("Items.uexp, offset " + FormatException.hex(noTag.length - 4) + ", PackageTag");
    }

    @Test
    void badTagAndUnknownLegacyVersionAndMissingEngine() throws IOException {
        byte[] header = read("uassetapi/TestJson/Items.uasset");
        byte[] badTag = header.clone();
        badTag[0] = 0;
        assertThatThrownBy(() -> AssetPackage.read(badTag, null, "x.uasset", EngineVersion.UE4_23))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Bad package tag 0x9E2A8300 (expected 0x9E2A83C1) (x.uasset, offset 0x0, PackageFileSummary)");
        byte[] badLegacy = header.clone();
        badLegacy[4] = (byte) 0xF0;
        assertThatThrownBy(() -> AssetPackage.read(badLegacy, null, "x.uasset", EngineVersion.UE4_23))
                .isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("legacy file version -16");
        assertThatThrownBy(() -> AssetPackage.read(header, null, "x.uasset", null))
                .isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("engine version is required");
    }

    @Test
    void headerSizeDisagreeingWithTheSplitIsRefused() throws IOException {
        String relative = "uassetapi/TestJson/Items.uasset";
        byte[] header = read(relative);
        byte[] longer = Arrays.copyOf(header, header.length + 4);
        assertThatThrownBy(() -> AssetPackage.read(longer, uexpOf(relative), "Items.uasset", EngineVersion.UE4_23))
                .isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("but TotalHeaderSize is " + header.length);
    }
}
