package io.uassetd.codecs.open;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.mesh.MeshInfo;
import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.InputFileException;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Opening packages as a request asks, on real files: engine and mappings policy, and what wrong inputs are told. */
class PackageOpenerTest {
    static final Path MATYA_418 = Fixtures.path("matya/4.18");

    static PackageOpener opener(EngineVersion engine, Path usmap, Path env, List<String> warnings) {
        return new PackageOpener(engine, usmap, env, p -> Usmap.load(p, Codecs.standard()), warnings::add);
    }

    @Test
    void aFolderAUexpAndAnAbsentFileAreToldApart() {
        PackageOpener o = opener(null, null, null, new ArrayList<>());
        assertThatThrownBy(() -> o.open(MATYA_418)).isInstanceOfSatisfying(InputFileException.class, e -> {
            assertThat(e.missing()).isFalse();
            assertThat(e.getMessage()).isEqualTo("Package " + MATYA_418 + " is a folder, not a file");
        });
        assertThatThrownBy(() -> o.open(MATYA_418.resolve("SK_Worm.uexp"))).isInstanceOfSatisfying(InputFileException.class, e -> {
            assertThat(e.missing()).isFalse();
            assertThat(e.getMessage()).startsWith(MATYA_418.resolve("SK_Worm.uexp") + " is the .uexp (export data) of a package: give its header, "
                    + MATYA_418.resolve("SK_Worm.uasset"));
        });
        assertThatThrownBy(() -> o.open(MATYA_418.resolve("Nope.uasset"))).isInstanceOfSatisfying(InputFileException.class, e -> {
            assertThat(e.missing()).isTrue();
            assertThat(e.getMessage()).isEqualTo("Package not found: " + MATYA_418.resolve("Nope.uasset"));
        });
    }

    @Test
    void aDetectedEngineSaysHowItWasFoundAndAFailureUnderItSuggestsEngineVersion() throws Exception {
        List<String> warnings = new ArrayList<>();
        PackageOpener.Opened auto = opener(null, null, null, warnings).open(MATYA_418.resolve("SK_Worm.uasset"));
        // cooked unversioned by UE4.18: the probe finds every UE4 release from 4.16 on reads its header alike
        assertThat(auto.choice().source()).isEqualTo(EngineSource.PROBE);
        assertThat(auto.engine()).isEqualTo(EngineVersion.UE4_27);
        assertThat(auto.choice().candidates()).contains(EngineVersion.UE4_18, EngineVersion.UE4_27);
        assertThat(auto.mappings()).isNull();
        // the mesh does not read as UE4_27: the failure names the engine it was read with, what the evidence leaves and the field
        assertThatThrownBy(() -> MeshInfo.read(auto.pkg(), null, MeshProfile.STANDARD))
                .isInstanceOf(FormatException.class)
                .satisfies(e -> assertThat(auto.choice().explainDetected((RuntimeException) e).getMessage())
                        .contains("SK_Worm.uexp")
                        .contains("[engine not named: read as UE4_27 (probe); the evidence leaves UE4_27, UE4_26")
                        .contains("UE4_18")
                        .contains("name the engine that cooked the files with engine_version ("));
        // named: read as asked, and the mesh reads
        PackageOpener.Opened named = opener(EngineVersion.UE4_18, null, null, warnings).open(MATYA_418.resolve("SK_Worm.uasset"));
        assertThat(named.choice().source()).isEqualTo(EngineSource.REQUEST);
        assertThat(MeshInfo.read(named.pkg(), null, MeshProfile.STANDARD).materials()).hasSize(1);
        assertThat(warnings).isEmpty();
    }

    @Test
    void environmentMappingsAreReadOnlyForPackagesThatNeedThem() throws Exception {
        List<String> warnings = new ArrayList<>();
        Path usmap = Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap");
        PackageOpener o = opener(null, null, usmap, warnings);
        PackageOpener.Opened tagged = o.open(MATYA_418.resolve("T_Worm_D.uasset"));
        assertThat(tagged.mappings()).isNull();
        assertThat(warnings).isEmpty();
        PackageOpener stale = opener(null, null, Path.of("/nonexistent/x.usmap"), warnings);
        assertThat(stale.mappings()).isNull();
        assertThat(warnings).containsExactly("USMAP_PATH names /nonexistent/x.usmap, which is not a file: read without mappings");
        assertThatThrownBy(() -> opener(null, MATYA_418, null, warnings).named()).isInstanceOf(InputFileException.class)
                .hasMessage("Mappings file " + MATYA_418 + " is a folder, not a file");
    }

    /** A UAssetAPI JSON document opens to the bytes it describes, read back under the engine its versions give. */
    @Test
    void aJsonDocumentOpensToItsBytesAndTheirEngine() throws Exception {
        Path json = Fixtures.path("uassetgui-json/DT_Moria_Chapters.json");
        List<String> warnings = new ArrayList<>();
        PackageOpener.JsonOpened doc = opener(null, null, null, warnings).openJson(json);
        AssetPackage.Bytes direct = UAssetJson.toPackageBytes(UAssetJson.parse(Files.readAllBytes(json), json.getFileName().toString()),
                json.getFileName().toString());
        assertThat(doc.bytes().header()).isEqualTo(direct.header());
        assertThat(doc.bytes().exports()).isEqualTo(direct.exports());
        assertThat(doc.pkg().exports()).hasSize(1);
        assertThat(doc.opened().mappings()).isNull();
        assertThat(doc.choice().source()).isNotEqualTo(EngineSource.REQUEST);
        PackageOpener.JsonOpened named = opener(EngineVersion.UE4_27, null, null, warnings).openJson(json);
        assertThat(named.choice().source()).isEqualTo(EngineSource.REQUEST);
        assertThat(named.bytes().header()).isEqualTo(direct.header());
        assertThat(warnings).isEmpty();
        assertThatThrownBy(() -> opener(null, null, null, warnings).openJson(MATYA_418)).isInstanceOf(InputFileException.class)
                .hasMessage("JSON document " + MATYA_418 + " is a folder, not a file");
    }

    /** A Zen package opens under the engine its layout and versions leave, or the one named; a legacy package is refused. */
    @Test
    void aZenPackageOpensUnderItsEngine() throws Exception {
        Path zen = Fixtures.path("retoc/UE5.5/SM_Cube.uzenasset");
        byte[] data = Files.readAllBytes(zen);
        PackageOpener.ZenOpened auto = PackageOpener.withoutMappings(null, new PackageEngine.Batch()).openZen(zen, null);
        assertThat(auto.pkg().toBytes()).isEqualTo(data);
        assertThat(auto.engine().zenLayout()).isEqualTo(auto.pkg().layout());
        assertThat(auto.choice().source()).isNotEqualTo(EngineSource.REQUEST);
        PackageOpener.ZenOpened named = PackageOpener.withoutMappings(EngineVersion.UE5_5, new PackageEngine.Batch()).openZen(zen, null);
        assertThat(named.choice().source()).isEqualTo(EngineSource.REQUEST);
        assertThat(named.pkg().toBytes()).isEqualTo(data);
        assertThatThrownBy(() -> PackageOpener.withoutMappings(null, new PackageEngine.Batch())
                .openZen(MATYA_418.resolve("SK_Worm.uasset"), null)).isInstanceOf(FormatException.class);
    }
}
