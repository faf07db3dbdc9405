package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.zen.convert.BulkConversionResult;
import io.uassetd.codecs.zen.convert.ZenConversionException;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gives a project exception that names the package and the problem, never another exception type. */
class ZenBadInputTest {
    private static final String LAMP = "retoc/UE5.4/BP_Table_Lamp.uzenasset";

    private static byte[] lamp() throws Exception {
        return Files.readAllBytes(Fixtures.path(LAMP));
    }

    @Test
    void truncatedHeaderIsTruncatedData() throws Exception {
        byte[] data = Arrays.copyOf(lamp(), 20);
        assertThatThrownBy(() -> ZenPackage.read(data, "lamp", EngineVersion.UE5_4))
                .isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("lamp").hasMessageContaining("FZenPackageSummary");
    }

    @Test
    void headerSizePastTheEndIsCorrupt() throws Exception {
        byte[] data = lamp();
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).putInt(4, data.length + 1);
        assertThatThrownBy(() -> ZenPackage.read(data, "lamp", EngineVersion.UE5_4))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("The header size " + (data.length + 1) + " is outside 0.." + data.length
                        + " (lamp, offset 0x0, FZenPackageSummary)");
    }

    @Test
    void misplacedExportMapIsCorrupt() throws Exception {
        byte[] data = lamp();
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x20, b.getInt(0x20) + 4);
        assertThatThrownBy(() -> ZenPackage.read(data, "lamp", EngineVersion.UE5_4))
                .isInstanceOf(CorruptDataException.class).hasMessage("Section import map from +584 to +740 is not a whole"
                        + " number of 8-byte entries inside the 2450-byte package (lamp, offset 0x248, FPackageObjectIndex)");
    }

    /** Every single-byte corruption of the header either reads or fails as a FormatException; conversion likewise. */
    @Test
    void corruptedHeadersFailAsFormatExceptions() throws Exception {
        byte[] good = lamp();
        ZenPackage original = ZenPackage.read(good, "lamp", EngineVersion.UE5_4);
        ScriptObjectsDatabase scripts = ScriptObjectsDatabase.read(Fixtures.path("retoc/UE5.3/ScriptObjects.bin"));
        Random random = new Random(42);
        int failures = 0;
        for (int round = 0; round < 1500; round++) {
            byte[] data = good.clone();
            int at = random.nextInt((int) original.headerSize());
            data[at] = (byte) (random.nextBoolean() ? 0xFF : random.nextInt(256));
            try {
                ZenPackage p = ZenPackage.read(data, "lamp", EngineVersion.UE5_4);
                assertThat(p.toBytes()).as("corruption at %d", at).isEqualTo(data);
                ZenToLegacy.convert(p, 1, null, null, scripts, EngineVersion.UE5_4, ZenToLegacy.Unresolved.PLACEHOLDER,
                        Map.of());
            } catch (FormatException e) {
                failures++;
                assertThat(e.getMessage()).isNotBlank();
            }
        }
        assertThat(failures).isPositive();
    }

    @Test
    void corruptedUe4HeadersFailAsFormatExceptions() throws Exception {
        byte[] good = Files.readAllBytes(Fixtures.path("retoc/UE4.27/BP_SpicyChoppingDamage.uasset"));
        ZenPackage original = ZenPackage.read(good, "ue4", EngineVersion.UE4_27);
        Random random = new Random(7);
        int failures = 0;
        for (int round = 0; round < 1500; round++) {
            byte[] data = good.clone();
            data[random.nextInt((int) original.headerSize())] = (byte) random.nextInt(256);
            try {
                ZenPackage p = ZenPackage.read(data, "ue4", EngineVersion.UE4_27);
                assertThat(p.toBytes()).isEqualTo(data);
            } catch (FormatException e) {
                failures++;
            }
        }
        assertThat(failures).isPositive();
    }

    @Test
    void unresolvedImportNamesThePackageAndTheImport() {
        try (PackageStore store = ZenFixtures.ue58Store("Unversioned/Uncompressed")) {
            long id = Hashes.cityHash64LowerUtf16("/Game/Fixtures/Meshes/SM_Fixture");
            assertThatThrownBy(() -> ZenToLegacy.convert(store, id, EngineVersion.UE5_8))
                    .isInstanceOfSatisfying(io.uassetd.codecs.zen.convert.MissingPackageException.class,
                            e -> assertThat(e.missing()).isEqualTo("/Engine/EngineMaterials/WorldGridMaterial"))
                    .hasMessageStartingWith("Cannot convert /Game/Fixtures/Meshes/SM_Fixture: import ")
                    .hasMessageContaining("comes from package /Engine/EngineMaterials/WorldGridMaterial (0x953039A7B296B2EE),"
                            + " which is not in the package store");
        }
    }

    @Test
    void missingPackageIsAConversionError() {
        try (PackageStore store = ZenFixtures.ue58Store("Unversioned/Uncompressed")) {
            assertThatThrownBy(() -> ZenToLegacy.convert(store, 0x1234L, EngineVersion.UE5_8))
                    .isInstanceOf(ZenConversionException.class)
                    .hasMessage("Cannot convert 0x0000000000001234: the package is not in the package store"
                            + " (0x0000000000001234, ZenToLegacy)");
        }
    }

    @Test
    void missingGlobalTocFailsEachPackageAndGoesOn(@TempDir Path out) {
        try (PackageStore store = PackageStore.builder(ContainerKeys.of(AesKey.of(ZenFixtures.CUE4PARSE_KEY)),
                Codecs.standard()).addContainer(ZenFixtures.ue58Toc("Tagged/Uncompressed"), PackageStore.GAME_PRIORITY)
                .strict(true).build()) {
            long id = Hashes.cityHash64LowerUtf16("/Game/Fixtures/Properties/DA_AllProperties");
            assertThatThrownBy(() -> ZenToLegacy.convert(store, id, EngineVersion.UE5_8))
                    .isInstanceOf(ZenConversionException.class)
                    .hasMessageStartingWith("Cannot convert /Game/Fixtures/Properties/DA_AllProperties: import ")
                    .hasMessageContaining("there are no script objects (global.utoc is missing)");
            BulkConversionResult r = ZenToLegacy.convertAll(store, name -> name.contains("/Properties/"),
                    EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER, out, TaskMonitor.NONE);
            assertThat(r.converted()).isEmpty();
            assertThat(r.failures()).isNotEmpty().allSatisfy(f -> assertThat(f.message())
                    .startsWith("Cannot convert " + f.packageName() + ": ").contains("global.utoc is missing"));
            assertThat(r.skipped() + r.failures().size()).isEqualTo(97);
        }
    }

    @Test
    void unknownLayoutListsEveryAttempt() {
        byte[] junk = new byte[64];
        Arrays.fill(junk, (byte) 0x7F);
        assertThatThrownBy(() -> ZenPackage.readAny(junk, "junk"))
                .isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("No Zen package layout fits; VERSE_CELLS: ")
                .hasMessageContaining("; UE4_PACKAGE_SUMMARY: ");
    }
}
