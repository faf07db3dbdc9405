package io.uassetd.codecs.locres;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine-written en/de CUE4ParseFixtures.locres inside the UE5.8 minimal paks (Oodle and
 * Uncompressed): every entry with its exact text and hashes, byte-identical rewrites (directly and
 * through the JSON form), edits, and the older versions written by {@link LocResWriter} and read back.
 */
class LocResFixtureTest {
    static final String NS = "CUE4ParseFixtures.Tests";
    static final List<String> KEYS = List.of("CityGreeting", "Unicode", "SharedFirst", "SharedSecond", "CompressionPayload");
    static final String PAYLOAD_EN = "Deterministic localization payload for compression coverage.";
    static final String PAYLOAD_DE = "Deterministische Lokalisierungsnutzlast für die Kompressionsprüfung.";

    /** The culture's .locres from the pak of this variant ({@code Oodle} or {@code Uncompressed}). */
    static byte[] locres(String variant, String culture) {
        Path pak = Fixtures.path("cue4parse/UE5_8/Pak/" + variant + "/CUE4ParseFixtures-Minimal-" + variant + ".pak");
        try (PakReader r = PakReader.open(pak, PakReadOptions.defaults())) {
            return r.readEntry(r.find("Content/Localization/CUE4ParseFixtures/" + culture + "/CUE4ParseFixtures.locres").orElseThrow());
        }
    }

    static String repeat(String sentence, int times) {
        return String.join(" ", java.util.Collections.nCopies(times, sentence));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Oodle", "Uncompressed"})
    void englishAndGermanReadWithTheirExactText(String variant) {
        byte[] en = locres(variant, "en");
        byte[] de = locres(variant, "de");
        assertThat(en).hasSize(6250);
        assertThat(de).hasSize(13674);
        LocRes e = LocResReader.read("en.locres", en);
        LocRes d = LocResReader.read("de.locres", de);
        for (LocRes r : List.of(e, d)) {
            assertThat(r.version()).isEqualTo(LocResVersion.OPTIMIZED_CITYHASH64_UTF16);
            assertThat(r.namespaces()).extracting(LocRes.Namespace::name).containsExactly(NS);
            assertThat(r.namespaces().get(0).entries()).extracting(LocRes.Entry::key).containsExactlyElementsOf(KEYS);
            assertThat(r.storedEntriesCount()).isEqualTo(5);
            assertThat(r.forceUnicode()).isFalse();
        }
        Map<String, String> enExpected = new LinkedHashMap<>();
        enExpected.put("CityGreeting", "Greetings from Frankfurt");
        enExpected.put("Unicode", "Unicode source text – 日本語 – Ω – 🚀");
        enExpected.put("SharedFirst", "First shared source");
        enExpected.put("SharedSecond", "Second shared source");
        enExpected.put("CompressionPayload", repeat(PAYLOAD_EN, 96));
        Map<String, String> deExpected = new LinkedHashMap<>();
        deExpected.put("CityGreeting", "Grüße aus Frankfurt");
        deExpected.put("Unicode", "Unicode-Übersetzung – 日本語 – Ω – 🚀");
        deExpected.put("SharedFirst", "Gemeinsam verwendete Übersetzung");
        deExpected.put("SharedSecond", "Gemeinsam verwendete Übersetzung");
        deExpected.put("CompressionPayload", repeat(PAYLOAD_DE, 96));
        assertThat(e.toMap()).containsExactly(Map.entry(NS, enExpected));
        assertThat(d.toMap()).containsExactly(Map.entry(NS, deExpected));
        assertThat(e.find(NS, "CityGreeting").value()).isEqualTo("Greetings from Frankfurt");
        assertThat(d.find(NS, "CityGreeting").value()).isEqualTo("Grüße aus Frankfurt");

        // the engine stores the same source hashes in both cultures: FCrc::StrCrc32 of the English (native) text
        List<Integer> enHashes = new ArrayList<>();
        for (int i = 0; i < KEYS.size(); i++) {
            LocRes.Entry ee = e.namespaces().get(0).entries().get(i);
            LocRes.Entry de2 = d.namespaces().get(0).entries().get(i);
            assertThat(de2.sourceHash()).as(KEYS.get(i)).isEqualTo(ee.sourceHash());
            assertThat(LocResHashes.strCrc32(ee.value())).as(KEYS.get(i)).isEqualTo(ee.sourceHash());
            enHashes.add(ee.sourceHash());
        }
        assertThat(enHashes).containsExactly(0x60DB9A0B, 0x8FA29700, 0x18281401, 0xF1997C14, 0xBD0BA04A);
        // namespace and key hashes: CityHash64 of the UTF-16 text folded to 32 bits, as stored by the engine
        assertThat(e.namespaces().get(0).storedHash()).isEqualTo(0xB2E842A4).isEqualTo(LocResHashes.cityHashKey(NS));
        List<Integer> keyHashes = new ArrayList<>();
        for (LocRes.Entry x : d.namespaces().get(0).entries()) {
            assertThat(x.storedKeyHash()).as(x.key()).isEqualTo(LocResHashes.cityHashKey(x.key()));
            keyHashes.add(x.storedKeyHash());
        }
        assertThat(keyHashes).containsExactly(0x3ED5C9F9, 0xFE65CA6C, 0x3CE0DB43, 0xD599BE02, 0x2C6C1D5F);
        // the German table stores the shared translation once, referenced twice
        assertThat(d.storedTable()).extracting(LocRes.TableString::refCount).containsExactly(1, 1, 2, 1);
        assertThat(e.storedTable()).extracting(LocRes.TableString::refCount).containsExactly(1, 1, 1, 1, 1);
        // ASCII strings are stored as ANSI, the others as UTF-16
        assertThat(e.find(NS, "CityGreeting").valueText().form()).isEqualTo(LocText.Form.ANSI);
        assertThat(e.find(NS, "Unicode").valueText().form()).isEqualTo(LocText.Form.UTF16);
        assertThat(d.find(NS, "CityGreeting").valueText().form()).isEqualTo(LocText.Form.UTF16);
    }

    @Test
    void bothPaksHoldTheSameFiles() {
        assertThat(locres("Oodle", "en")).isEqualTo(locres("Uncompressed", "en"));
        assertThat(locres("Oodle", "de")).isEqualTo(locres("Uncompressed", "de"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de"})
    void rewriteAndJsonRoundTripAreByteIdentical(String culture) throws Exception {
        byte[] orig = locres("Uncompressed", culture);
        LocRes r = LocResReader.read(culture, orig);
        assertThat(LocResWriter.toBytes(r)).isEqualTo(orig);
        // through JSON text: the JSON has no table, no hashes and no forms (all computable), and rebuilds the same bytes
        ObjectMapper m = new ObjectMapper();
        String text = m.writerWithDefaultPrettyPrinter().writeValueAsString(LocResJson.toJson(r));
        assertThat(text).doesNotContain("key_hash").doesNotContain("namespace_hash").doesNotContain("_form").doesNotContain("force_unicode");
        LocRes back = LocResJson.fromJson(m.readTree(text), "json");
        assertThat(back.modified()).isTrue();
        assertThat(LocResWriter.toBytes(back)).isEqualTo(orig);
    }

    @Test
    void editsShowWhenReadBackAndTheTableIsRecounted() {
        byte[] orig = locres("Uncompressed", "de");
        LocRes r = LocResReader.read("de", orig);
        assertThat(r.set(NS, "CityGreeting", "Hallo aus Frankfurt", null)).isEqualTo("Grüße aus Frankfurt");
        r.add("Mod", "NewKey", "Neuer Text", null);
        assertThat(r.remove(NS, "SharedSecond")).isEqualTo(1);
        byte[] edited = LocResWriter.toBytes(r);
        LocRes back = LocResReader.read("edited", edited);
        assertThat(back.version()).isEqualTo(LocResVersion.OPTIMIZED_CITYHASH64_UTF16);
        assertThat(back.find(NS, "CityGreeting").value()).isEqualTo("Hallo aus Frankfurt");
        assertThat(back.find(NS, "CityGreeting").sourceHash()).isEqualTo(0x60DB9A0B);
        assertThat(back.find(NS, "SharedSecond")).isNull();
        assertThat(back.find("Mod", "NewKey").value()).isEqualTo("Neuer Text");
        assertThat(back.find("Mod", "NewKey").sourceHash()).isEqualTo(LocResHashes.strCrc32("Neuer Text"));
        assertThat(back.namespace("Mod").storedHash()).isEqualTo(LocResHashes.cityHashKey("Mod"));
        assertThat(back.find("Mod", "NewKey").storedKeyHash()).isEqualTo(LocResHashes.cityHashKey("NewKey"));
        assertThat(back.storedEntriesCount()).isEqualTo(5);
        // the shared string is now used once; the new one is appended
        assertThat(back.storedTable()).extracting(t -> t.text().value()).containsExactly("Hallo aus Frankfurt",
                "Unicode-Übersetzung – 日本語 – Ω – 🚀", "Gemeinsam verwendete Übersetzung", repeat(PAYLOAD_DE, 96), "Neuer Text");
        assertThat(back.storedTable()).extracting(LocRes.TableString::refCount).containsExactly(1, 1, 1, 1, 1);
        assertThat(back.find(NS, "Unicode").value()).isEqualTo("Unicode-Übersetzung – 日本語 – Ω – 🚀");
        // and the edited file, unchanged, rewrites byte for byte
        assertThat(LocResWriter.toBytes(back)).isEqualTo(edited);
    }

    @ParameterizedTest
    @EnumSource(LocResVersion.class)
    void everyVersionIsWrittenAndReadBack(LocResVersion v) throws Exception {
        for (String culture : List.of("en", "de")) {
            LocRes src = LocResReader.read(culture, locres("Uncompressed", culture));
            byte[] bytes = LocResWriter.toBytes(src.withVersion(v));
            LocRes back = LocResReader.read(culture + "-" + v, bytes);
            assertThat(back.version()).isEqualTo(v);
            assertThat(back.toMap()).isEqualTo(src.toMap());
            for (int i = 0; i < KEYS.size(); i++) {
                assertThat(back.namespaces().get(0).entries().get(i).sourceHash())
                        .isEqualTo(src.namespaces().get(0).entries().get(i).sourceHash());
            }
            assertThat(LocResReader.hasMagic(bytes)).isEqualTo(v != LocResVersion.LEGACY);
            if (v == LocResVersion.LEGACY) {
                assertThat(back.storedTable()).isNull();
                // a legacy file starts with its namespace count
                assertThat(bytes[0]).isEqualTo((byte) 1);
            } else {
                assertThat(bytes[16]).isEqualTo((byte) v.number());
                assertThat(back.storedTable()).extracting(LocRes.TableString::refCount)
                        .containsExactlyElementsOf(v.isOptimized()
                                ? (culture.equals("de") ? List.of(1, 1, 2, 1) : List.of(1, 1, 1, 1, 1))
                                : (culture.equals("de") ? List.of(-1, -1, -1, -1) : List.of(-1, -1, -1, -1, -1)));
            }
            if (v == LocResVersion.OPTIMIZED_CRC32) {
                assertThat(back.namespaces().get(0).storedHash()).isEqualTo(LocResHashes.strCrc32(NS));
                assertThat(back.find(NS, "CityGreeting").storedKeyHash()).isEqualTo(LocResHashes.strCrc32("CityGreeting"));
            }
            if (v == LocResVersion.OPTIMIZED_CITYHASH64_UTF16) {
                assertThat(bytes).isEqualTo(locres("Uncompressed", culture));
            }
            // unchanged, each version rewrites byte for byte, and through JSON too
            assertThat(LocResWriter.toBytes(back)).isEqualTo(bytes);
            assertThat(LocResWriter.toBytes(LocResJson.fromJson(LocResJson.toJson(back), "json"))).isEqualTo(bytes);
        }
    }
}
