package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every legacy package fixture (uassetapi with their usmaps, unrealmodding, the legacy halves of
 * retoc, the packages inside the CUE4Parse LegacyPak paks): bytes -> model -> JSON -> model -> bytes
 * gives the input bytes, and the JSON of the package read back from JSON is the same JSON.
 */
class JsonRoundTripTest {

    static Stream<String> packages() {
        return PropertyFixtures.legacyPackages();
    }

    static Stream<String> paks() {
        return PropertyFixtures.LEGACY_PAKS.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packages")
    void fixtureSurvivesJson(String relative) throws IOException {
        Path path = Fixtures.path(relative);
        AssetPackage pkg = PropertyFixtures.open(relative);
        Usmap usmap = pkg.hasUnversionedProperties() ? PropertyFixtures.usmapFor(relative) : null;
        Path uexp = AssetPackage.sibling(path, ".uexp");
        roundTrip(pkg, usmap, Files.readAllBytes(path), Files.exists(uexp) ? Files.readAllBytes(uexp) : new byte[0]);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("paks")
    void legacyPakPackagesSurviveJson(String pak) {
        Usmap usmap = pak.startsWith("Unversioned") ? PropertyFixtures.legacyPakMappings() : null;
        for (Map.Entry<String, AssetPackage> e : PropertyFixtures.legacyPak(pak).entrySet()) {
            AssetPackage.Bytes original = e.getValue().toBytes();
            roundTrip(e.getValue(), usmap, original.header(), original.exports());
        }
    }

    private static void roundTrip(AssetPackage pkg, Usmap usmap, byte[] header, byte[] uexp) {
        byte[] json = UAssetJson.toJson(pkg, usmap);
        JsonNode tree = UAssetJson.parse(json, pkg.name());
        assertThat(tree.get("$type").asText()).isEqualTo("UAssetAPI.UAsset, UAssetAPI");
        AssetPackage back = UAssetJson.fromJson(json, pkg.name());
        AssetPackage.Bytes out = back.toBytes();
        assertThat(out.header()).as(pkg.name() + " header").isEqualTo(header);
        assertThat(out.exports()).as(pkg.name() + " uexp").isEqualTo(uexp);
        AssetPackage.Bytes once = UAssetJson.toPackageBytes(tree, pkg.name());
        assertThat(once.header()).as(pkg.name() + " header (one pass)").isEqualTo(header);
        assertThat(once.exports()).as(pkg.name() + " uexp (one pass)").isEqualTo(uexp);
        JsonNode again = UAssetJson.parse(UAssetJson.toJson(back, usmap), pkg.name());
        assertThat(firstDifference("$", tree, again)).as(pkg.name() + " JSON of the package read from JSON").isNull();
    }

    /** The path and values where two trees first differ, or null when equal. */
    static String firstDifference(String path, JsonNode a, JsonNode b) {
        if (a.equals(b)) {
            return null;
        }
        if (a.isObject() && b.isObject()) {
            var names = new java.util.LinkedHashSet<String>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                JsonNode x = a.get(n);
                JsonNode y = b.get(n);
                if (x == null || y == null) {
                    return path + "." + n + ": " + x + " vs " + y;
                }
                String d = firstDifference(path + "." + n, x, y);
                if (d != null) {
                    return d;
                }
            }
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                String d = firstDifference(path + "[" + i + "]", a.get(i), b.get(i));
                if (d != null) {
                    return d;
                }
            }
        }
        String x = a.toString();
        String y = b.toString();
        return path + ": " + x.substring(0, Math.min(300, x.length())) + " vs " + y.substring(0, Math.min(300, y.length()));
    }
}
