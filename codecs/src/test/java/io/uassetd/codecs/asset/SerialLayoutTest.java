package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * fix_serialize_size's model: on every intact legacy fixture the serial layout repair changes
 * nothing and the package writes back identical; with the export map's sizes made wrong (each size
 * off by a different amount, the last one too) it finds the real sizes and writes the original bytes.
 */
class SerialLayoutTest {

    static SerialLayout.Result repair(Path uasset, byte[] header, byte[] uexp, String relative) {
        return SerialLayout.repair(header, uexp, uasset.getFileName().toString(), AssetFixtures.engineFor(relative), null);
    }

    private static byte[] uexpOf(Path uasset) throws IOException {
        Path uexp = AssetPackage.sibling(uasset, ".uexp");
        return Files.isRegularFile(uexp) ? Files.readAllBytes(uexp) : null;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.uassetd.codecs.asset.AssetFixtures#legacyPackages")
    void intactPackageNeedsNoFix(String relative) throws IOException {
        Path uasset = Fixtures.path(relative);
        byte[] header = Files.readAllBytes(uasset);
        byte[] uexp = uexpOf(uasset);
        SerialLayout.Result r = repair(uasset, header, uexp, relative);
        assertThat(r.fixes()).isEmpty();
        assertThat(r.pkg().toBytes().header()).isEqualTo(header);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset",
        "uassetapi/TestUE5_4/BlankGame/BP_CubePawn.uasset", "unrealmodding/general/pseudoregalia/UI_HUD.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCharacter.uasset"})
    void wrongSizesAreRecomputed(String relative) throws IOException {
        Path uasset = Fixtures.path(relative);
        byte[] header = Files.readAllBytes(uasset);
        byte[] uexp = uexpOf(uasset);
        AssetPackage intact = AssetPackage.open(uasset, AssetFixtures.engineFor(relative));
        byte[] corrupt = header.clone();
        List<Export> exports = intact.exports();
        for (Export e : exports) {
            ObjectExport x = e.entry();
            patchSize(corrupt, intact, x, x.serialSize() + 3 + 5L * e.index());
        }
        SerialLayout.Result r = repair(uasset, corrupt, uexp, relative);
        assertThat(r.fixes()).hasSize(exports.size()).allSatisfy(f -> {
            assertThat(f.difference()).isEqualTo(-(3 + 5L * f.exportIndex()));
            assertThat(f.newOffset()).isEqualTo(f.oldOffset());
            assertThat(f.exportName()).isEqualTo(intact.name(intact.export(f.exportIndex()).entry().objectName()));
        });
        AssetPackage.Bytes fixed = r.pkg().toBytes();
        assertThat(fixed.header()).isEqualTo(header);
        if (uexp != null) {
            assertThat(fixed.exports()).isEqualTo(uexp);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset",
        "uassetapi/TestUE5_4/BlankGame/BP_CubePawn.uasset", "unrealmodding/general/pseudoregalia/UI_HUD.uasset",
        "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonCharacter.uasset"})
    void theEngineOfAPackageWithWrongSizesIsFoundAsThatOfTheIntactPackage(String relative) throws IOException {
        Path uasset = Fixtures.path(relative);
        byte[] header = Files.readAllBytes(uasset);
        byte[] uexp = uexpOf(uasset);
        String name = uasset.getFileName().toString();
        AssetPackage intact = AssetPackage.open(uasset, AssetFixtures.engineFor(relative));
        byte[] corrupt = header.clone();
        for (Export e : intact.exports()) {
            patchSize(corrupt, intact, e.entry(), e.entry().serialSize() + 12);
        }
        // the plain probe reads the wrong sizes and fails under every release
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PackageEngine.read(corrupt, uexp, name, null, null))
                .isInstanceOf(io.uassetd.codecs.error.FormatException.class);
        var expected = PackageEngine.read(header, uexp, name, null, null).choice();
        var found = PackageEngine.readPrepared(corrupt, uexp, name, null, e -> SerialLayout.repairedBytes(corrupt, uexp, name, e, null));
        assertThat(found.choice().engine()).isEqualTo(expected.engine());
        assertThat(found.choice().source()).isEqualTo(expected.source());
        assertThat(found.choice().candidates()).isEqualTo(expected.candidates());
        assertThat(SerialLayout.repairedBytes(corrupt, uexp, name, found.choice().engine(), null)).isEqualTo(new byte[][] {header, uexp});
    }

    /** Overwrites one export map entry's serial size where (size, offset) stand in the export map. */
    static void patchSize(byte[] header, AssetPackage pkg, ObjectExport x, long newSize) {
        boolean wide = pkg.version().atLeast(io.uassetd.codecs.asset.version.ObjectVersion.EXPORTMAP_64BIT_SERIAL_SIZES);
        int width = wide ? 8 : 4;
        ByteBuffer b = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        int from = pkg.summary().exportOffset();
        for (int at = from; at + 2 * width <= header.length; at++) {
            long size = wide ? b.getLong(at) : b.getInt(at);
            long offset = wide ? b.getLong(at + width) : b.getInt(at + width);
            if (size == x.serialSize() && offset == x.serialOffset()) {
                if (wide) {
                    b.putLong(at, newSize);
                } else {
                    b.putInt(at, (int) newSize);
                }
                return;
            }
        }
        throw new AssertionError("Serial size of " + x.objectName() + " not found in the export map");
    }
}
