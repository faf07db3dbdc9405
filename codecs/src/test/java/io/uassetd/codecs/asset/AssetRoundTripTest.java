package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every legacy package fixture: read, write, identical bytes (header and .uexp). */
class AssetRoundTripTest {

    static java.util.stream.Stream<String> packages() {
        return AssetFixtures.legacyPackages();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void writesBackIdenticalBytes(String relative) throws IOException {
        Path path = Fixtures.path(relative);
        AssetPackage pkg = AssetFixtures.open(relative);
        AssetPackage.Bytes out = pkg.toBytes();
        assertThat(out.header()).as("header").isEqualTo(Files.readAllBytes(path));
        Path uexp = AssetPackage.sibling(path, ".uexp");
        if (Files.exists(uexp)) {
            assertThat(pkg.isSplit()).isTrue();
            assertThat(out.exports()).as("uexp").isEqualTo(Files.readAllBytes(uexp));
        } else {
            assertThat(out.exports()).isEmpty();
        }
        assertThat(pkg.exports()).hasSize(pkg.summary().exportCount());
        assertThat(pkg.imports()).hasSize(pkg.summary().importCount());
        assertThat(pkg.names().size()).isEqualTo(pkg.summary().nameCount());
    }
}
