package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import static org.assertj.core.api.Assertions.assertThat;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.testkit.Fixtures;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The legacy packages inside CUE4Parse's UE 5.8 LegacyPak paks, Tagged (no usmap) and Unversioned
 * (with the fixture project's usmap): every export parses, writes back identical, and the known
 * values read: DA_AllProperties Integer = 0x12345678 and AnsiString = "Fixture_ANSI_123", DataTable
 * row Alpha's Number = 0x12345678.
 */
class PropertyLegacyPakTest {
    static Map<String, AssetPackage> packages(String pak) {
        return PropertyFixtures.legacyPak(pak);
    }

    static Usmap mappings() {
        return PropertyFixtures.legacyPakMappings();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak",
        "Tagged/OodleEncrypted/CUE4ParseFixtures-Legacy-Tagged-OodleEncrypted.pak",
        "Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak",
        "Unversioned/Zlib/CUE4ParseFixtures-Legacy-Unversioned-Zlib.pak"})
    void knownValuesAndByteIdenticalRewrite(String pak) {
        Usmap usmap = pak.startsWith("Unversioned") ? mappings() : null;
        Map<String, AssetPackage> pkgs = packages(pak);
        for (Map.Entry<String, AssetPackage> e : pkgs.entrySet()) {
            AssetPackage pkg = e.getValue();
            AssetPackage.Bytes before = pkg.toBytes();
            PackageProperties all = PropertyParser.parseAll(pkg, usmap);
            StringBuilder why = new StringBuilder();
            all.results().stream().filter(r -> !r.fullyParsed()).forEach(r -> why.append("\n  ").append(r.export().index())
                    .append(' ').append(pkg.className(r.export())).append(": ")
                    .append(r.error() != null ? r.error().getMessage() : r.fallbacks()));
            String state = e.getKey() + " full=" + all.fullyParsedCount() + "/" + all.results().size() + why;
            all.apply();
            AssetPackage.Bytes after = pkg.toBytes();
            assertThat(after.header()).as(state).isEqualTo(before.header());
            assertThat(after.exports()).as(state).isEqualTo(before.exports());
        }

        AssetPackage da = pkgs.get("Properties/DA_AllProperties");
        Export data = da.exports().stream().filter(x -> da.className(x).equals("ParserFixtureData")).findFirst().orElseThrow();
        PropertyExportContent c = PropertyParser.parse(da, data, usmap);
        assertThat(c.properties().find(da, "Integer", 0).value().view(da)).isEqualTo(0x12345678L);
        assertThat(c.properties().find(da, "AnsiString", 0).value().view(da)).isEqualTo("Fixture_ANSI_123");

        AssetPackage dt = pkgs.get("DataTables/DT_AllProperties");
        PropertyExportContent table = PropertyParser.parse(dt, dt.export(0), usmap);
        assertThat(table.rows()).as("rows").isNotNull();
        assertThat(table.extras()).as("bytes after the rows").isEmpty();
        Property number = table.rows().row(dt, "Alpha").value().properties().find(dt, "Number", 0);
        assertThat(number.value().view(dt)).isEqualTo(0x12345678L);
    }
}
