package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Properties through the packaged daemon: the CUE4Parse legacy paks (tagged, and unversioned
 * with the fixture mappings) extracted, read, edited and written back.
 */
class PropertyActionsTest extends SharedDaemon {
    static final String KEY = "435545345061727365466978747572654145534b657930313233343536373839";

    static Path extract(Path out, String flavour) throws Exception {
        Path pak;
        try (Stream<Path> s = Files.walk(Fixtures.path("cue4parse/UE5_8/LegacyPak/" + flavour + "/Uncompressed"))) {
            pak = s.filter(p -> p.toString().endsWith(".pak")).findFirst().orElseThrow();
        }
        Path dest = out.resolve(flavour);
        Reply r = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", dest.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        return dest;
    }

    static JsonNode row(JsonNode rows, String name) {
        for (JsonNode r : rows) {
            if (r.get("name").textValue().equals(name)) {
                return r;
            }
        }
        throw new AssertionError("no property " + name + " in " + rows);
    }

    static int exportIndex(Map<String, Object> base, String objectName) throws Exception {
        for (JsonNode e : call("get_exports", base).dataTree()) {
            if (e.get("object_name").textValue().equals(objectName)) {
                return e.get("index").intValue();
            }
        }
        throw new AssertionError("no export " + objectName);
    }

    @Test
    void knownValuesOfTaggedAndUnversionedPackages(@TempDir Path out) throws Exception {
        for (String flavour : new String[] {"Tagged", "Unversioned"}) {
            Path dir = extract(out, flavour);
            Map<String, Object> base = new HashMap<>(Map.of("file_path", dir.resolve("Properties/DA_AllProperties.uasset").toString()));
            if (flavour.equals("Unversioned")) {
                base.put("usmap_path", Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Zstandard.usmap").toString());
            }
            int da = exportIndex(base, "DA_AllProperties");
            Map<String, Object> f = new HashMap<>(base);
            f.put("export_index", da);
            Reply r = call("get_export_properties", f);
            assertThat(r.success()).as(flavour + ": " + r.message()).isTrue();
            JsonNode rows = r.dataTree();
            assertThat(row(rows, "Integer").get("value").longValue()).as(flavour).isEqualTo(0x12345678L);
            assertThat(row(rows, "Integer").get("type").textValue()).isEqualTo("IntProperty");
            assertThat(row(rows, "AnsiString").get("value").textValue()).isEqualTo("Fixture_ANSI_123");
            assertThat(row(rows, "Vector").get("struct_type").textValue()).isEqualTo("Vector");
        }
    }

    @Test
    void unversionedWithoutMappingsIsAClearError(@TempDir Path out) throws Exception {
        Path dir = extract(out, "Unversioned");
        Reply r = call("get_export_properties", Map.of("file_path", dir.resolve("Properties/DA_AllProperties.uasset").toString(),
                "export_index", 0));
        assertThat(r.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(r.message()).contains("usmap_path");
    }

    @Test
    void setAddRemoveChangeOnlyTheIntendedBytes(@TempDir Path out) throws Exception {
        Path dir = extract(out, "Tagged");
        Path src = dir.resolve("Properties/DA_AllProperties.uasset");
        Map<String, Object> base = new HashMap<>(Map.of("file_path", src.toString()));
        int da = exportIndex(base, "DA_AllProperties");
        // set, to another file: only the 4 bytes of the int change.
        Path edited = out.resolve("edited/DA.uasset");
        Map<String, Object> set = new HashMap<>(base);
        set.putAll(Map.of("export_index", da, "property_path", "Integer", "property_value", 42, "output_path", edited.toString()));
        Reply s = call("set_property_value", set);
        assertThat(s.success()).as(s.message()).isTrue();
        assertThat(s.dataTree().get("old_value").longValue()).isEqualTo(0x12345678L);
        byte[] a = Files.readAllBytes(dir.resolve("Properties/DA_AllProperties.uexp"));
        byte[] b = Files.readAllBytes(out.resolve("edited/DA.uexp"));
        assertThat(b).hasSize(a.length);
        int diffs = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                diffs++;
            }
        }
        assertThat(diffs).isBetween(1, 4);
        assertThat(Files.readAllBytes(edited)).isEqualTo(Files.readAllBytes(src));
        Map<String, Object> read = new HashMap<>(Map.of("file_path", edited.toString(), "export_index", da));
        assertThat(row(call("get_export_properties", read).dataTree(), "Integer").get("value").intValue()).isEqualTo(42);
        // add then remove, in place: a .bak keeps the original.
        Map<String, Object> add = new HashMap<>(Map.of("file_path", edited.toString(), "export_index", da,
                "property_name", "AddedByTest", "property_type", "str", "property_value", "hello"));
        Reply ad = call("add_property", add);
        assertThat(ad.success()).as(ad.message()).isTrue();
        assertThat(ad.warnings()).anyMatch(w -> w.contains(".bak"));
        assertThat(Files.exists(out.resolve("edited/DA.uasset.bak"))).isTrue();
        assertThat(row(call("get_export_properties", read).dataTree(), "AddedByTest").get("value").textValue()).isEqualTo("hello");
        Map<String, Object> rm = new HashMap<>(Map.of("file_path", edited.toString(), "export_index", da,
                "property_path", "AddedByTest"));
        assertThat(call("remove_property", rm).success()).isTrue();
        assertThat(Files.readAllBytes(out.resolve("edited/DA.uexp"))).isEqualTo(b);
        // A path that names nothing is INVALID_ARGUMENT and writes nothing.
        rm.put("property_path", "Integr");
        byte[] before = Files.readAllBytes(out.resolve("edited/DA.uexp"));
        Reply bad = call("remove_property", rm);
        assertThat(bad.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(bad.message()).contains("Integr");
        assertThat(Files.readAllBytes(out.resolve("edited/DA.uexp"))).isEqualTo(before);
        // Wrong value type.
        set.put("property_value", "not a number");
        assertThat(call("set_property_value", set).errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void saveAssetRewritesByteIdenticalAndCountsProperties(@TempDir Path out) throws Exception {
        Path dir = extract(out, "Tagged");
        Path src = dir.resolve("DataTables/DT_AllProperties.uasset");
        Path dst = out.resolve("copy/DT.uasset");
        Reply r = call("save_asset", Map.of("file_path", src.toString(), "output_path", dst.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(Files.readAllBytes(dst)).isEqualTo(Files.readAllBytes(src));
        assertThat(Files.readAllBytes(out.resolve("copy/DT.uexp"))).isEqualTo(Files.readAllBytes(dir.resolve("DataTables/DT_AllProperties.uexp")));
        JsonNode exports = call("get_exports", Map.of("file_path", src.toString())).dataTree();
        assertThat(exports.get(0).get("property_count").isNumber()).isTrue();
    }
}
