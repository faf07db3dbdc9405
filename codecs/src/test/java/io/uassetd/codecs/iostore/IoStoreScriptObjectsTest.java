package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.header.NameBatch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class IoStoreScriptObjectsTest {
    static Stream<Arguments> databases() {
        return Stream.of(Arguments.of("retoc/UE5.3/ScriptObjects.bin", 29_083, 30_977),
                Arguments.of("unrealmodding/iostore/global.utoc", 28_292, 30_101),
                Arguments.of("cue4parse/UE5_8/IoStore/Tagged/global.utoc", 34_639, 36_979),
                Arguments.of("cue4parse/UE5_8/IoStore/Unversioned/global.utoc", 34_639, 36_979));
    }

    static byte[] raw(String relative) throws Exception {
        Path p = Fixtures.path(relative);
        if (relative.endsWith(".bin")) {
            return Files.readAllBytes(p);
        }
        try (IoStoreContainer c = IoStoreContainer.open(p)) {
            return ScriptObjectsChunk.rawChunk(c);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void parsesCountsHashesAndPathsAndWritesBack(String relative, int names, int objects) throws Exception {
        byte[] raw = raw(relative);
        ScriptObjectsDatabase db = ScriptObjectsDatabase.read(raw, relative);
        NameBatch batch = db.names(); // made again on each call: once here
        assertThat(batch.size()).isEqualTo(names).isEqualTo(db.nameCount());
        assertThat(db.size()).isEqualTo(objects);
        assertThat(db.toBytes()).isEqualTo(raw);
        assertThat(batch.hashVersion()).isEqualTo(NameBatch.CITY_HASH_VERSION);
        for (int i = 0; i < batch.size(); i++) {
            assertThat(batch.hashes()[i]).as("hash of %s", batch.get(i))
                    .isEqualTo(NameBatch.hash(batch.get(i), batch.wide().get(i)));
        }
        for (int i = 0; i < db.size(); i++) {
            String path = db.path(i);
            assertThat(db.entries().get(i).globalIndex()).as(path).isEqualTo(PackageObjectIndex.scriptImport(path));
            assertThat(db.indexOf(db.entries().get(i).globalIndex())).isEqualTo(i);
            assertThat(db.indexOf(path.toUpperCase())).isEqualTo(i);
        }
        int mesh = db.indexOf("/Script/Engine.StaticMesh");
        assertThat(mesh).isGreaterThanOrEqualTo(0);
        assertThat(db.name(mesh)).isEqualTo("StaticMesh");
        assertThat(db.indexOf("/Script/Niagara.NiagaraEmitter")).isGreaterThanOrEqualTo(0);
        int cdo = db.indexOf("/Script/Engine.Default__StaticMesh");
        assertThat(cdo).isGreaterThanOrEqualTo(0);
        assertThat(db.entries().get(cdo).cdoClassIndex()).isEqualTo(db.entries().get(mesh).globalIndex());
    }

    @Test
    void extractsTheGlobalScriptObjectsOfAPaksFolder(@TempDir Path tmp) throws Exception {
        Path paks = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        Path out = tmp.resolve("ScriptObjects.bin");
        long size = ScriptObjectsChunk.extractToFile(paks, ContainerKeys.none(), Codecs.standard(), out);
        assertThat(Files.readAllBytes(out)).hasSize((int) size).isEqualTo(raw("cue4parse/UE5_8/IoStore/Tagged/global.utoc"));
    }

    @Test
    void truncatedScriptObjectsAreRefusedWithProjectExceptions() throws Exception {
        byte[] raw = Files.readAllBytes(Fixtures.path("retoc/UE5.3/ScriptObjects.bin"));
        for (int cut : new int[] {0, 3, 15, 100, 70_000, raw.length / 2, raw.length - 1}) {
            assertThatThrownBy(() -> ScriptObjectsDatabase.read(Arrays.copyOf(raw, cut), "cut"))
                    .isInstanceOf(FormatException.class);
        }
    }

    @Test
    void retocContainerHeaderChunkParsesAndWritesBack() throws Exception {
        byte[] raw = Files.readAllBytes(Fixtures.path("retoc/UE5.3/ContainerHeader_1.bin"));
        ContainerHeader h = ContainerHeader.read(raw, "ContainerHeader_1.bin", 0);
        assertThat(h.version()).isEqualTo(ContainerHeaderVersion.NO_EXPORT_INFO);
        assertThat(h.packageIds()).hasSize(3786).doesNotHaveDuplicates();
        assertThat(h.storeEntries().stream().mapToInt(e -> e.importedPackages().size()).sum()).isEqualTo(1139);
        assertThat(h.storeEntries().stream().mapToInt(e -> e.shaderMapHashes().size()).sum()).isEqualTo(236);
        assertThat(h.storeEntries()).allMatch(e -> e.exportCount() == -1);
        assertThat(h.toBytes()).isEqualTo(raw);
        for (int cut = 0; cut < raw.length; cut += 997) {
            int c = cut;
            assertThatThrownBy(() -> ContainerHeader.read(Arrays.copyOf(raw, c), "cut", 0))
                    .isInstanceOf(FormatException.class);
        }
    }
}
