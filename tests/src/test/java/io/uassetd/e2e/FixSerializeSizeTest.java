package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fix_serialize_size (and CLI fix) through the packaged daemon: a fixture whose .uasset export map
 * sizes were made wrong gets its original bytes back (in place, with .bak copies of what was
 * there); an intact fixture needs no fix and is not written.
 */
class FixSerializeSizeTest extends SharedDaemon {
    private static final String DIR = "uassetapi/TestManyAssets/CodeVein/";
    private static final String NAME = "SK_Inner_Female1";

    static Path copy(Path dir) throws Exception {
        for (String ext : new String[] {".uasset", ".uexp"}) {
            Path to = dir.resolve(NAME + ext);
            Files.copy(Fixtures.path(DIR + NAME + ext), to, StandardCopyOption.REPLACE_EXISTING);
            to.toFile().setWritable(true);
        }
        return dir.resolve(NAME + ".uasset");
    }

    /** Adds {@code delta} to every export's serial size where (size, offset) stand in the export map (64-bit fields). */
    static byte[] corrupt(byte[] header, JsonNode exports, long delta) {
        byte[] out = header.clone();
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        for (JsonNode e : exports) {
            long size = e.get("serial_size").longValue();
            long offset = e.get("serial_offset").longValue();
            boolean found = false;
            for (int at = 0; at + 16 <= out.length && !found; at++) {
                if (b.getLong(at) == size && b.getLong(at + 8) == offset) {
                    b.putLong(at, size + delta);
                    found = true;
                }
            }
            assertThat(found).as("export map entry of " + e.get("object_name")).isTrue();
        }
        return out;
    }

    @Test
    void wrongSizesAreFixedInPlace(@TempDir Path dir) throws Exception {
        Path uasset = copy(dir);
        byte[] original = Files.readAllBytes(uasset);
        byte[] uexp = Files.readAllBytes(dir.resolve(NAME + ".uexp"));
        Reply exports = call("get_exports", Map.of("file_path", uasset.toString()));
        assertThat(exports.success()).as(exports.message()).isTrue();
        byte[] bad = corrupt(original, exports.dataTree(), 12);
        Files.write(uasset, bad);

        // no engine named: each release the probe tries reads the package repaired under it (the sizes are what is wrong)
        Reply r = call("fix_serialize_size", Map.of("file_path", uasset.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode d = r.dataTree();
        assertThat(d.get("engine_version").textValue()).isEqualTo("UE4_27");
        assertThat(d.get("engine_source").textValue()).isEqualTo("probe");
        assertThat(d.get("engine_candidates")).hasSize(12);
        assertThat(d.get("success").booleanValue()).isTrue();
        assertThat(d.get("fixed_count").intValue()).isEqualTo(2);
        assertThat(d.get("message").textValue()).startsWith("Fixed 2 exports");
        for (JsonNode f : d.get("fixes")) {
            assertThat(f.get("difference").longValue()).isEqualTo(-12);
            assertThat(f.get("new_size").longValue()).isEqualTo(f.get("old_size").longValue() - 12);
        }
        assertThat(d.get("fixes").get(0).get("export_name").textValue())
                .isEqualTo(exports.dataTree().get(0).get("object_name").textValue());
        assertThat(r.warnings()).anyMatch(w -> w.contains(".bak"));
        assertThat(Files.readAllBytes(uasset)).isEqualTo(original);
        assertThat(Files.readAllBytes(dir.resolve(NAME + ".uexp"))).isEqualTo(uexp);
        assertThat(Files.readAllBytes(dir.resolve(NAME + ".uasset.bak"))).isEqualTo(bad);
        assertThat(Files.readAllBytes(dir.resolve(NAME + ".uexp.bak"))).isEqualTo(uexp);
    }

    @Test
    void intactPackageIsLeftAlone(@TempDir Path dir) throws Exception {
        Path uasset = copy(dir);
        Reply r = call("fix_serialize_size", Map.of("file_path", uasset.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(r.dataTree().get("fixed_count").intValue()).isZero();
        assertThat(r.dataTree().get("fixes")).isEmpty();
        assertThat(dir.resolve(NAME + ".uasset.bak")).doesNotExist();
    }

    @Test
    void cliFixWritesToOutputPath(@TempDir Path dir) throws Exception {
        Path uasset = copy(dir);
        byte[] original = Files.readAllBytes(uasset);
        Reply exports = call("get_exports", Map.of("file_path", uasset.toString()));
        Files.write(uasset, corrupt(original, exports.dataTree(), -5));
        Path out = dir.resolve("fixed/" + NAME + ".uasset");
        Daemon.Result res = Daemon.run("fix", uasset.toString(), "--output-path", out.toString());
        assertThat(res.status()).as(res.stderr()).isZero();
        assertThat(res.stdout()).startsWith("Fixed 2 exports").contains("(+5)");
        assertThat(Files.readAllBytes(out)).isEqualTo(original);
        assertThat(dir.resolve(NAME + ".uasset.bak")).doesNotExist();
    }

    @Test
    void missingFileIsNotFound(@TempDir Path dir) throws Exception {
        Reply r = call("fix_serialize_size", Map.of("file_path", dir.resolve("none.uasset").toString()));
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).isEqualTo(io.uassetd.protocol.ErrorCode.NOT_FOUND);
    }
}
