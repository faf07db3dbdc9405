package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import static org.assertj.core.api.Assertions.assertThat;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.compact.CompactJson;
import io.uassetd.codecs.usmap.Usmap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compact JSON of every legacy fixture (with its usmap where it has one): one object per export
 * with its type, name, class and flags, properties for every export whose properties read, and the
 * package left byte-identical.
 */
class CompactJsonCorpusTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.uassetd.codecs.asset.property.PropertyFixtures#legacyPackages")
    void everyExportIsListed(String relative) {
        AssetPackage pkg = PropertyFixtures.open(relative);
        Usmap usmap = pkg.hasUnversionedProperties() ? PropertyFixtures.usmapFor(relative) : null;
        AssetPackage.Bytes before = pkg.toBytes();
        PackageProperties parsed = PropertyParser.parseAll(pkg, usmap);
        ArrayNode json = CompactJson.write(pkg, usmap);
        assertThat(json).hasSize(pkg.exports().size());
        for (int i = 0; i < json.size(); i++) {
            JsonNode e = json.get(i);
            assertThat(e.get("Type").textValue()).isEqualTo(pkg.className(pkg.export(i)));
            assertThat(e.get("Name").textValue()).isEqualTo(pkg.name(pkg.export(i).entry().objectName()));
            assertThat(e.get("Class").textValue()).contains("'");
            assertThat(e.get("Flags").textValue()).startsWith("RF_");
            boolean read = parsed.result(i).content() != null;
            assertThat(e.has("ReadError")).as("export " + i + " ReadError").isEqualTo(!read);
            if (read && !parsed.result(i).content().properties().properties().isEmpty()) {
                assertThat(e.get("Properties")).as("export " + i).isNotNull();
            }
        }
        assertThat(pkg.toBytes().exports()).isEqualTo(before.exports());
    }
}
