package io.uassetd.codecs.locres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Synthetic .locres/.locmeta: string forms, hashes of empty keys, bad input, LocMeta versions, JSON errors. */
class LocResFormatTest {
    @TempDir
    Path tmp;

    static LocRes sample(LocResVersion v) {
        LocRes r = new LocRes(v);
        r.add("", "Empty namespace key", "plain", null);
        r.add("UI", "Title", "Überschrift", null);
        r.add("UI", "", "empty key", 0x12345678);
        r.add("UI", "Blank", "", null);
        r.add("UI", "Again", "plain", null);
        return r;
    }

    @Test
    void strCrc32IsTheEnginesWideCharCrc() {
        // empty string: 0; the engine's source hash of the fixture's English text (see LocResFixtureTest)
        assertThat(LocResHashes.strCrc32("")).isZero();
        assertThat(LocResHashes.strCrc32("Greetings from Frankfurt")).isEqualTo(0x60DB9A0B);
        assertThat(LocResHashes.keyHash(LocResVersion.OPTIMIZED_CITYHASH64_UTF16, "")).isZero();
        assertThat(LocResHashes.keyHash(LocResVersion.COMPACT, "x")).isZero();
    }

    @Test
    void syntheticFilesOfEveryVersionRoundTrip() {
        for (LocResVersion v : LocResVersion.values()) {
            LocRes r = sample(v);
            byte[] b = LocResWriter.toBytes(r);
            LocRes back = LocResReader.read("synthetic-" + v, b);
            assertThat(back.version()).isEqualTo(v);
            assertThat(back.toMap()).isEqualTo(r.toMap());
            assertThat(back.namespaces()).extracting(LocRes.Namespace::name).containsExactly("", "UI");
            assertThat(back.find("UI", "").sourceHash()).isEqualTo(0x12345678);
            assertThat(back.find("UI", "Blank").valueText().form()).isEqualTo(LocText.Form.EMPTY);
            // an empty namespace: a lone NUL in the optimized versions (SaveKeyString), a bare 0 before
            assertThat(back.namespaces().get(0).nameText().form()).isEqualTo(v.isOptimized() ? LocText.Form.ANSI : LocText.Form.EMPTY);
            if (v.isOptimized()) {
                assertThat(back.namespaces().get(0).storedHash()).isZero();
                assertThat(back.find("UI", "").storedKeyHash()).isZero();
            }
            if (v.hasStringTable()) {
                // "plain" is shared by two entries
                assertThat(back.storedTable()).extracting(t -> t.text().value()).containsExactly("plain", "Überschrift", "empty key", "");
            }
            assertThat(LocResWriter.toBytes(back)).isEqualTo(b);
            assertThat(back.find("UI", "Title").valueText().form()).isEqualTo(LocText.Form.UTF16);
        }
    }

    @Test
    void forcedUnicodeFilesKeepTheirFormsAndNewStringsFollow() {
        LocRes r = new LocRes(LocResVersion.COMPACT);
        r.forceUnicode(true);
        r.add("NS", "A", "ascii", null);
        byte[] b = LocResWriter.toBytes(r);
        LocRes back = LocResReader.read("forced", b);
        assertThat(back.forceUnicode()).isTrue();
        assertThat(back.find("NS", "A").valueText().form()).isEqualTo(LocText.Form.UTF16);
        back.add("NS", "B", "more ascii", null);
        assertThat(back.find("NS", "B").valueText().form()).isEqualTo(LocText.Form.UTF16);
        assertThat(LocResJson.toJson(back).get("force_unicode").booleanValue()).isTrue();
        assertThat(LocResWriter.toBytes(LocResJson.fromJson(LocResJson.toJson(back), "j"))).isEqualTo(LocResWriter.toBytes(back));
    }

    @Test
    void nonCanonicalFormsAndHashesSurviveTheJsonForm() {
        LocRes r = sample(LocResVersion.OPTIMIZED_CITYHASH64_UTF16);
        byte[] b = LocResWriter.toBytes(r);
        // store "Title" as a wide string although it is ASCII, and give "UI" a wrong stored hash
        LocRes odd = new LocRes(LocResVersion.OPTIMIZED_CITYHASH64_UTF16);
        LocRes.Namespace ns = new LocRes.Namespace(new LocText("UI", LocText.Form.UTF16), 0xDEADBEEF);
        ns.entries().add(new LocRes.Entry(new LocText("Title", LocText.Form.ANSI), null, 7, new LocText("Title", LocText.Form.UTF16)));
        odd.namespaces().add(ns);
        byte[] ob = LocResWriter.toBytes(odd);
        LocRes back = LocResReader.read("odd", ob);
        var json = LocResJson.toJson(back);
        assertThat(json.toString()).contains("\"namespace_hash\":\"0xDEADBEEF\"").contains("\"namespace_form\":\"UTF16\"")
                .contains("\"string_form\":\"UTF16\"").doesNotContain("key_form");
        assertThat(LocResWriter.toBytes(LocResJson.fromJson(json, "j"))).isEqualTo(ob);
        assertThat(b).isNotEqualTo(ob);
    }

    // --- bad input -------------------------------------------------------------------------------

    static byte[] sampleBytes() {
        return LocResWriter.toBytes(sample(LocResVersion.OPTIMIZED_CITYHASH64_UTF16));
    }

    @Test
    void everyTruncationIsAFormatErrorNamingTheFile() {
        for (LocResVersion v : LocResVersion.values()) {
            byte[] full = LocResWriter.toBytes(sample(v));
            for (int n = 0; n < full.length; n++) {
                byte[] cut = Arrays.copyOf(full, n);
                final int len = n;
                assertThatThrownBy(() -> LocResReader.read("cut.locres", cut)).as(v + " cut at " + len)
                        .isInstanceOf(FormatException.class)
                        .satisfies(e -> assertThat(((FormatException) e).file()).isEqualTo("cut.locres"));
            }
        }
    }

    @Test
    void aNewerVersionIsUnsupportedAtItsOffset() {
        byte[] b = sampleBytes();
        b[16] = 4;
        assertThatThrownBy(() -> LocResReader.read("v4.locres", b)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("LocRes version 4").hasMessageContaining("v4.locres").hasMessageContaining("offset 0x10")
                .hasMessageContaining("LocRes header");
    }

    @Test
    void aBadStringTableOffsetIsCorrupt() {
        byte[] b = sampleBytes();
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(17, 1L << 40);
        assertThatThrownBy(() -> LocResReader.read("off.locres", b)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("String table offset 1099511627776").hasMessageContaining("offset 0x11");
    }

    @Test
    void badCountsAreCorruptNamingTheStructure() {
        byte[] b = sampleBytes();
        // namespace count after magic(16) + version(1) + table offset(8) + entry count(4)
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(29, 0x7FFFFFFF);
        assertThatThrownBy(() -> LocResReader.read("ns.locres", b)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Implausible namespace count 2147483647").hasMessageContaining("offset 0x1D");
        byte[] c = sampleBytes();
        long tableOffset = ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).getLong(17);
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putInt((int) tableOffset, -5);
        assertThatThrownBy(() -> LocResReader.read("table.locres", c)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Implausible string table count -5").hasMessageContaining("LocRes string table");
    }

    @Test
    void aStringIndexOutsideTheTableIsCorrupt() {
        LocRes r = new LocRes(LocResVersion.COMPACT);
        r.add("NS", "K", "v", 1);
        byte[] b = LocResWriter.toBytes(r);
        // magic 16, version 1, offset 8, ns count 4, ns "NS" (4+3), key count 4, key "K" (4+2), source hash 4 -> index at 50
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(50, 3);
        assertThatThrownBy(() -> LocResReader.read("idx.locres", b)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("String index 3 outside the string table of 1 strings").hasMessageContaining("offset 0x32")
                .hasMessageContaining("entry 'NS' / 'K'");
    }

    @Test
    void aFileWithoutTheMagicIsReadAsLegacyAndSaysSo() {
        byte[] b = "This is not a localization resource at all".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> LocResReader.read("text.locres", b)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("text.locres").hasMessageContaining("legacy LocRes (no magic)");
        // a corrupt string length inside
        LocRes r = sample(LocResVersion.LEGACY);
        byte[] l = LocResWriter.toBytes(r);
        ByteBuffer.wrap(l).order(ByteOrder.LITTLE_ENDIAN).putInt(4, Integer.MIN_VALUE);
        assertThatThrownBy(() -> LocResReader.read("len.locres", l)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Implausible string length").hasMessageContaining("offset 0x4");
        byte[] t = LocResWriter.toBytes(r);
        ByteBuffer.wrap(t).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 1000);
        assertThatThrownBy(() -> LocResReader.read("long.locres", t)).isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("runs past the end");
    }

    @Test
    void aMissingTerminatorIsCorrupt() {
        LocRes r = new LocRes(LocResVersion.LEGACY);
        r.add("N", "K", "v", 1);
        byte[] b = LocResWriter.toBytes(r);
        b[9] = 'x'; // the NUL after "N"
        assertThatThrownBy(() -> LocResReader.read("nul.locres", b)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("lacks its NUL terminator");
    }

    // --- LocMeta ----------------------------------------------------------------------------------

    @Test
    void locMetaOfEveryVersionRoundTrips() throws Exception {
        for (int v = 0; v <= LocMeta.LATEST; v++) {
            LocMeta m = new LocMeta(v, "en", "Game/en/Game.locres", v >= 1 ? List.of("en", "de", "ja") : null, v >= 2 ? Boolean.TRUE : null);
            Path f = tmp.resolve("Game" + v + ".locmeta");
            m.write(f);
            assertThat(LocMeta.read(f)).isEqualTo(m);
            assertThat(LocMeta.hasMagic(Files.readAllBytes(f))).isTrue();
            assertThat(LocResReader.hasMagic(Files.readAllBytes(f))).isFalse();
        }
        assertThat(new LocMeta(1, "en", "x", List.of(), null).versionName()).isEqualTo("AddedCompiledCultures");
        // layout of version 1: magic, 1, "en", "x", count 1, "de"
        byte[] b = new LocMeta(1, "en", "x", List.of("de"), null).toBytes();
        assertThat(b).hasSize(16 + 1 + 7 + 6 + 4 + 7);
    }

    @Test
    void badLocMetaIsAClearError() {
        byte[] good = new LocMeta(2, "en", "Game/en/Game.locres", List.of("en"), false).toBytes();
        for (int n = 0; n < good.length; n++) {
            byte[] cut = Arrays.copyOf(good, n);
            assertThatThrownBy(() -> LocMeta.read("cut.locmeta", cut)).isInstanceOf(FormatException.class);
        }
        byte[] v = good.clone();
        v[16] = 3;
        assertThatThrownBy(() -> LocMeta.read("v3.locmeta", v)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("LocMeta version 3").hasMessageContaining("offset 0x10");
        byte[] m = good.clone();
        m[0] ^= 1;
        assertThatThrownBy(() -> LocMeta.read("magic.locmeta", m)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("LocMeta magic").hasMessageContaining("magic.locmeta");
        byte[] u = good.clone();
        u[u.length - 4] = 7;
        assertThatThrownBy(() -> LocMeta.read("ugc.locmeta", u)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("LocMeta IsUGC");
    }

    // --- JSON -------------------------------------------------------------------------------------

    @Test
    void badJsonDocumentsNameThePath() throws Exception {
        ObjectMapper m = new ObjectMapper();
        assertThatThrownBy(() -> LocResJson.fromJson(m.readTree("{\"version\":\"Optimized_CRC64\",\"namespaces\":[]}"), "a.json"))
                .isInstanceOf(JsonFormatException.class).hasMessageContaining("Unknown LocRes version").hasMessageContaining("$.version");
        assertThatThrownBy(() -> LocResJson.fromJson(m.readTree(
                "{\"version\":3,\"namespaces\":[{\"namespace\":\"N\",\"entries\":[{\"key\":\"K\",\"string\":\"s\",\"colour\":1}]}]}"), "b.json"))
                .isInstanceOf(JsonFormatException.class).hasMessageContaining("Unknown field 'colour'")
                .hasMessageContaining("$.namespaces[0].entries[0].colour");
        assertThatThrownBy(() -> LocResJson.fromJson(m.readTree(
                "{\"version\":3,\"namespaces\":[{\"namespace\":\"N\",\"entries\":[{\"key\":\"K\",\"string\":\"Ω\",\"string_form\":\"ANSI\"}]}]}"), "c.json"))
                .isInstanceOf(JsonFormatException.class).hasMessageContaining("cannot store this string");
        assertThatThrownBy(() -> LocResJson.fromJson(m.readTree(
                "{\"version\":3,\"namespaces\":[{\"namespace\":\"N\",\"entries\":[{\"key\":\"K\",\"string\":\"s\",\"source_hash\":\"0x1FFFFFFFF\"}]}]}"), "d.json"))
                .isInstanceOf(JsonFormatException.class).hasMessageContaining("source_hash");
        // source_hash left out: the hash of source_string, else of the string
        LocRes r = LocResJson.fromJson(m.readTree("{\"version\":\"Legacy\",\"namespaces\":[{\"namespace\":\"N\",\"entries\":["
                + "{\"key\":\"A\",\"string\":\"Hallo\",\"source_string\":\"Hello\"},{\"key\":\"B\",\"string\":\"Hallo\"},"
                + "{\"key\":\"C\",\"string\":\"x\",\"source_hash\":4294967295}]}]}"), "e.json");
        assertThat(r.find("N", "A").sourceHash()).isEqualTo(LocResHashes.strCrc32("Hello"));
        assertThat(r.find("N", "B").sourceHash()).isEqualTo(LocResHashes.strCrc32("Hallo"));
        assertThat(r.find("N", "C").sourceHash()).isEqualTo(-1);
    }
}
