package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every package of matya/ (UE4.18, UE4.27, UE5.0; the 5.0 set unversioned) listed in its
 * database.json: it reads as the engine it was cooked by, its main export has the class the
 * database names, and it writes back byte for byte (.uasset and .uexp).
 */
class MatyaPackagesTest {

    static Stream<String[]> samples() throws Exception {
        JsonNode db = new ObjectMapper().readTree(Fixtures.path("matya/database.json").toFile());
        List<String[]> out = new ArrayList<>();
        db.get("samples").forEach(n -> out.add(new String[] {n.get("file").asText().replace('\\', '/'), n.get("version").asText(),
                n.get("class").asText()}));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void readsAndWritesBackByteForByte(String file, String version, String cls) throws Exception {
        Path p = Fixtures.path("matya/" + file);
        AssetPackage pkg = AssetPackage.open(p, EngineVersion.parse(version));
        assertThat(pkg.exports().stream().filter(e -> e.entry().outerIndex().isNull()).map(pkg::className)).contains(cls);
        AssetPackage.Bytes b = pkg.toBytes();
        assertThat(b.header()).isEqualTo(Files.readAllBytes(p));
        assertThat(b.exports()).isEqualTo(Files.readAllBytes(AssetPackage.sibling(p, ".uexp")));
    }

    @org.junit.jupiter.api.Test
    void theDatabaseListsEveryPackage() throws Exception {
        long listed = samples().count();
        long files = 0;
        for (String v : List.of("4.18", "4.27", "5.0")) {
            try (var s = Files.list(Fixtures.path("matya/" + v))) {
                files += s.filter(f -> f.toString().endsWith(".uasset")).count();
            }
        }
        assertThat(listed).isEqualTo(files).isEqualTo(24);
    }
}
