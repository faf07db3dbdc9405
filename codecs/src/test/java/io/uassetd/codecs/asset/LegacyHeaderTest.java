package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenTarget;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The header-only reader ({@link LegacyHeader#read}) against the object model
 * ({@link LegacyHeader#of} of {@link AssetPackage#read}) on every cooked legacy package of the
 * fixtures: every part a conversion to Zen uses is equal (summary, names with their hashes, imports,
 * export entries, preload dependencies, data resources, the export area byte for byte), and so are
 * the Zen packages converted from each.
 */
class LegacyHeaderTest {

    /** Splits and converts {@code header} + {@code uexp} both ways; returns whether the package converted. */
    private static boolean same(byte[] header, byte[] uexp, String file, EngineVersion engine) {
        LegacyHeader want = LegacyHeader.of(AssetPackage.read(header, uexp, file, engine));
        LegacyHeader got = LegacyHeader.read(header, uexp, file, engine);
        assertThat(got.name()).isEqualTo(want.name());
        assertThat(got.split()).as(file).isEqualTo(want.split());
        assertThat(got.summary()).as(file + " summary").usingRecursiveComparison().isEqualTo(want.summary());
        assertThat(got.names().entries()).as(file + " names").isEqualTo(want.names().entries());
        assertThat(got.imports()).as(file + " imports").isEqualTo(want.imports());
        assertThat(got.exports()).as(file + " exports").isEqualTo(want.exports());
        assertThat(got.preloadDependencies()).as(file + " preload dependencies").isEqualTo(want.preloadDependencies());
        assertThat(got.dataResources()).as(file + " data resources").isEqualTo(want.dataResources());
        assertThat(got.exportArea()).as(file + " export area").isNotNull().isEqualTo(want.exportArea());
        for (int i = 0; i < got.exports().size(); i++) {
            assertThat(got.preloadDependenciesOf(i)).as(file + " export " + i)
                    .isEqualTo(want.preloadDependenciesOf(i));
        }
        boolean cooked = (want.summary().packageFlags() & PackageFileSummary.PKG_FILTER_EDITOR_ONLY) != 0;
        if (!cooked) {
            return false;
        }
        ZenTarget target;
        try {
            target = ZenTarget.of(engine);
        } catch (FormatException e) {
            return false; // no Zen before UE4.26
        }
        byte[] zenWant;
        try {
            zenWant = LegacyToZen.convert(AssetPackage.read(header, uexp, file, engine), null, target, Map.of()).zenPackage();
        } catch (FormatException e) {
            // the same refusal from the header-only reader
            assertThatThrownBy(() -> LegacyToZen.convert(got, null, target, Map.of())).as(file)
                    .isInstanceOf(e.getClass()).hasMessage(e.getMessage());
            return false;
        }
        assertThat(LegacyToZen.convert(got, null, target, Map.of()).zenPackage()).as(file + " Zen package").isEqualTo(zenWant);
        return true;
    }

    private static byte[] uexpOf(Path uasset) throws Exception {
        Path uexp = AssetPackage.sibling(uasset, ".uexp");
        return Files.isRegularFile(uexp) ? Files.readAllBytes(uexp) : null;
    }

    @Test
    void sameAsTheObjectModelOnTheSplitFixturePackages() throws Exception {
        List<String> compared = new ArrayList<>();
        List<String> converted = new ArrayList<>();
        for (String rel : AssetFixtures.legacyPackages().toList()) {
            Path p = Fixtures.path(rel);
            byte[] uexp = uexpOf(p);
            if (uexp == null) {
                continue;
            }
            if (same(Files.readAllBytes(p), uexp, p.getFileName().toString(), AssetFixtures.engineFor(rel))) {
                converted.add(rel);
            }
            compared.add(rel);
        }
        if (Fixtures.available()) {
            assertThat(compared).hasSize(EXPECTED_SPLIT);
            assertThat(converted).hasSize(EXPECTED_CONVERTED);
        }
    }

    static final int EXPECTED_SPLIT = 57;
    static final int EXPECTED_CONVERTED = 47;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"4.18,UE4_18,0", "4.27,UE4_27,8", "5.0,UE5_0,8"})
    void sameAsTheObjectModelOnTheMatyaPackages(String folder, EngineVersion engine, int convertible) throws Exception {
        List<String> converted = new ArrayList<>();
        Path dir = Fixtures.path("matya/" + folder);
        List<Path> files;
        try (var s = Files.list(dir)) {
            files = s.filter(f -> f.toString().endsWith(".uasset")).sorted().toList();
        }
        for (Path p : files) {
            if (same(Files.readAllBytes(p), uexpOf(p), p.getFileName().toString(), engine)) {
                converted.add(p.getFileName().toString());
            }
        }
        assertThat(files).hasSize(8);
        assertThat(converted).hasSize(convertible);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void sameAsTheObjectModelOnTheUe58CookedPackages(String mode) {
        List<String> converted = new ArrayList<>();
        try (PakReader r = PakReader.open(Fixtures.path("cue4parse/UE5_8/LegacyPak/" + mode + "/Uncompressed/CUE4ParseFixtures-Legacy-"
                + mode + "-Uncompressed.pak"), PakReadOptions.defaults())) {
            for (PakEntry e : r.entries()) {
                if (!e.path().endsWith(".uasset") && !e.path().endsWith(".umap")) {
                    continue;
                }
                String base = e.path().substring(0, e.path().lastIndexOf('.'));
                byte[] uexp = r.find(base + ".uexp").map(r::readEntry).orElseThrow();
                if (same(r.readEntry(e), uexp, e.path(), EngineVersion.UE5_8)) {
                    converted.add(base);
                }
            }
        }
        assertThat(converted).containsExactlyInAnyOrder("DataTables/DT_AllProperties", "Maps/Empty",
                "Properties/DA_AllProperties", "Textures/T_BC6H", "Textures/T_Streaming");
    }

    /** The packages Zen -> legacy makes from the UE5.8 containers (what the legacy -> Zen benchmark converts back). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void sameAsTheObjectModelOnThePackagesExtractedFromUe58(String mode) {
        int converted = 0;
        try (PackageStore store = ZenLegacyFixtures.store(mode)) {
            for (long id : store.packageIds()) {
                LegacyOutput out = ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                AssetPackage.Bytes b = out.asset().toBytes();
                String file = out.packageName().substring(out.packageName().lastIndexOf('/') + 1) + ".uasset";
                converted += same(b.header(), b.exports(), file, EngineVersion.UE5_8) ? 1 : 0;
            }
        }
        assertThat(converted).isEqualTo(97);
    }

    @Test
    void aSingleFilePackageIsReadThroughTheObjectModel() throws Exception {
        Path p = Fixtures.path("matya/4.27/SM_Worm.uasset");
        byte[] header = Files.readAllBytes(p);
        byte[] uexp = uexpOf(p);
        assertThat(Arrays.equals(LegacyHeader.read(header, uexp, "SM_Worm.uasset", EngineVersion.UE4_27).exportArea(), uexp))
                .isTrue();
        // the single-file form of the same package: the object model decides the export area
        byte[] whole = new byte[header.length + uexp.length];
        System.arraycopy(header, 0, whole, 0, header.length);
        System.arraycopy(uexp, 0, whole, header.length, uexp.length);
        LegacyHeader single = LegacyHeader.read(whole, null, "SM_Worm.uasset", EngineVersion.UE4_27);
        assertThat(single.split()).isFalse();
        assertThat(single.exportArea()).isEqualTo(uexp);
    }

    @Test
    void aTruncatedUexpFailsAsInTheObjectModel() throws Exception {
        Path p = Fixtures.path("matya/5.0/SM_Worm.uasset");
        byte[] header = Files.readAllBytes(p);
        byte[] uexp = uexpOf(p);
        for (byte[] cut : List.of(Arrays.copyOf(uexp, uexp.length - 1), Arrays.copyOf(uexp, uexp.length / 2))) {
            Throwable want = org.assertj.core.api.Assertions.catchThrowable(
                    () -> AssetPackage.read(header, cut, "SM_Worm.uasset", EngineVersion.UE5_0));
            assertThat(want).isInstanceOf(FormatException.class);
            assertThatThrownBy(() -> LegacyHeader.read(header, cut, "SM_Worm.uasset", EngineVersion.UE5_0))
                    .isInstanceOf(want.getClass()).hasMessage(want.getMessage());
        }
    }
}
