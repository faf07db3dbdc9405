package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.bundle.BundleAssembler;
import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.bundle.BundleWriter;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.bundle.LegacyPackages;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retoc UE5.4/5.5 pairs: a bundle of the legacy files (converted) and a bundle of retoc's
 * .uzenasset files are the same files byte for byte: the same Zen package chunks, bulk chunks,
 * paths, and container header (store entries derived from the Zen packages' imported package names
 * equal the converter's).
 */
class BundleRetocPairsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"UE5.4, UE5_4, BP_Table_Lamp", "UE5.5, UE5_5, BP_ThirdPersonCharacter SM_Cube T_Test"})
    void legacyAndZenInputsMakeTheSameBundle(String folder, String engine, String names, @TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("retoc/" + folder);
        List<Path> legacy = new ArrayList<>();
        List<Path> zen = new ArrayList<>();
        for (String n : names.split(" ")) {
            legacy.add(dir.resolve(n + ".uasset"));
            legacy.add(dir.resolve(n + ".uexp"));
            zen.add(dir.resolve(n + ".uzenasset"));
            if (Files.exists(dir.resolve(n + ".ubulk"))) {
                legacy.add(dir.resolve(n + ".ubulk"));
                zen.add(dir.resolve(n + ".ubulk"));
            }
        }
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.valueOf(engine));
        BundleAssembler.Plan fromLegacy = BundleAssembler.assemble(BundleInput.of(legacy, dir, ""), profile, false,
                new LegacyPackages(true), null, TaskMonitor.NONE);
        BundleAssembler.Plan fromZen = BundleAssembler.assemble(BundleInput.of(zen, dir, ""), profile, false, null, null,
                TaskMonitor.NONE);
        assertThat(fromLegacy.errors()).isEmpty();
        assertThat(fromZen.errors()).isEmpty();
        assertThat(fromLegacy.legacyCount()).isEqualTo(names.split(" ").length);
        assertThat(fromZen.legacyCount()).isZero();
        BundleWriter.Options o = BundleWriter.Options.of(profile).withMethod(CompressionMethod.ZLIB);
        BundleWriter.write(tmp.resolve("a/Retoc_P.utoc"), o, fromLegacy.packages(), List.of(), Codecs.standard(), TaskMonitor.NONE);
        BundleWriter.write(tmp.resolve("b/Retoc_P.utoc"), o, fromZen.packages(), List.of(), Codecs.standard(), TaskMonitor.NONE);
        for (String f : List.of("Retoc_P.utoc", "Retoc_P.ucas", "Retoc_P.pak")) {
            assertThat(Files.readAllBytes(tmp.resolve("b").resolve(f))).as(f).isEqualTo(Files.readAllBytes(tmp.resolve("a").resolve(f)));
        }
        try (IoStoreContainer c = IoStoreContainer.open(tmp.resolve("a/Retoc_P.utoc"))) {
            assertThat(c.toc().version()).isEqualTo(profile.tocVersion());
            for (String n : names.split(" ")) {
                byte[] want = Files.readAllBytes(dir.resolve(n + ".uzenasset"));
                IoStoreFile f = c.files().stream().filter(x -> x.path().endsWith("/" + n + ".uasset")).findFirst().orElseThrow();
                assertThat(c.readChunk(f.chunkIndex())).as(n).isEqualTo(want);
            }
            assertThat(c.containerHeader().orElseThrow().packageIds()).hasSize(names.split(" ").length);
        }
    }
}
