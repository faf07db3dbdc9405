package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.content.PropertyRow;
import static org.assertj.core.api.Assertions.assertThat;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.usmap.Usmap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The get_export_properties rows of DA_AllProperties: the Tagged and the Unversioned cooks of the
 * same asset give the same names, types and values (the unversioned one also lists the properties
 * its zero mask marks as default).
 */
class PropertyRowsTest {

    private static Map<String, PropertyRow> rows(String pak, Usmap usmap) {
        AssetPackage pkg = PropertyLegacyPakTest.packages(pak).get("Properties/DA_AllProperties");
        Export e = pkg.exports().stream().filter(x -> pkg.className(x).equals("ParserFixtureData")).findFirst().orElseThrow();
        List<PropertyRow> rows = PropertyParser.contentOf(pkg, e, usmap).propertyRows(pkg);
        // FName comparison ignores case: the mappings spell one property "float", the tag "Float"
        return rows.stream().collect(Collectors.toMap(r -> r.name().toLowerCase(Locale.ROOT) + "[" + r.arrayIndex() + "]",
                Function.identity(),
                (a, b) -> a, java.util.LinkedHashMap::new));
    }

    @Test
    void taggedAndUnversionedCooksAgree() {
        Map<String, PropertyRow> tagged = rows("Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak", null);
        Map<String, PropertyRow> unversioned = rows("Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak",
                PropertyLegacyPakTest.mappings());
        assertThat(tagged).isNotEmpty();
        assertThat(unversioned.keySet()).containsAll(tagged.keySet());
        for (Map.Entry<String, PropertyRow> e : tagged.entrySet()) {
            PropertyRow t = e.getValue();
            PropertyRow u = unversioned.get(e.getKey());
            if (!u.type().equals("WeakObjectProperty") && !u.type().equals("MulticastDelegateProperty")) {
                // tags name a weak object reference ObjectProperty; usmap has one multicast delegate kind
                assertThat(u.type()).as(e.getKey()).isEqualTo(t.type());
            }
            assertThat(u.structType()).as(e.getKey()).isEqualTo(t.structType());
            assertThat(u.value()).as(e.getKey()).isEqualTo(t.value());
        }
        assertThat(tagged.get("integer[0]").value()).isEqualTo(0x12345678L);
        assertThat(tagged.get("integer[0]").type()).isEqualTo("IntProperty");
        assertThat(unversioned.get("enum[0]").value()).isEqualTo("EFixtureEnum::Beta");
    }
}
