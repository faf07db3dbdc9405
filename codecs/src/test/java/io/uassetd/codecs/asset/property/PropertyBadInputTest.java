package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.content.ValueCodec;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.Usmap;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Bad input: truncated and corrupted property data, unversioned data without mappings or with the
 * wrong ones. Every failure is a project {@link FormatException} naming the file, offset, export
 * and property; nothing else escapes and nothing allocates what the data cannot hold.
 */
class PropertyBadInputTest {
    private static final String TAGGED = "Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak";
    private static final String UNVERSIONED = "Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak";

    private static Export dataExport(AssetPackage pkg) {
        return pkg.exports().stream().filter(x -> pkg.className(x).equals("ParserFixtureData")).findFirst().orElseThrow();
    }

    @Test
    void truncatedTaggedDataNamesTheExportAndProperty() {
        AssetPackage pkg = PropertyLegacyPakTest.packages(TAGGED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        byte[] raw = e.rawData();
        e.setRawData(Arrays.copyOf(raw, raw.length / 2));
        assertThatThrownBy(() -> PropertyParser.parse(pkg, e, null)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Export[" + e.index() + "]").hasMessageContaining("property ")
                .hasMessageContaining("DA_AllProperties.uexp");
    }

    @Test
    void truncatedUnversionedDataNamesTheExportAndProperty() {
        AssetPackage pkg = PropertyLegacyPakTest.packages(UNVERSIONED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        byte[] raw = e.rawData();
        e.setRawData(Arrays.copyOf(raw, 40));
        assertThatThrownBy(() -> PropertyParser.parse(pkg, e, PropertyLegacyPakTest.mappings()))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Export[" + e.index() + "] property ");
    }

    @Test
    void everyTruncationIsAFormatException() {
        for (String pak : new String[] {TAGGED, UNVERSIONED}) {
            Usmap usmap = pak == UNVERSIONED ? PropertyLegacyPakTest.mappings() : null;
            AssetPackage pkg = PropertyLegacyPakTest.packages(pak).get("Properties/DA_AllProperties");
            Export e = dataExport(pkg);
            byte[] raw = e.rawData();
            for (int len = 0; len < raw.length; len += 7) {
                e.setRawData(Arrays.copyOf(raw, len));
                try {
                    PropertyParser.parse(pkg, e, usmap);
                } catch (FormatException expected) {
                    assertThat(expected.getMessage()).contains("Export[" + e.index() + "]");
                }
            }
        }
    }

    @Test
    void corruptedBytesNeverEscapeAsAnotherException() {
        Random random = new Random(42);
        for (String pak : new String[] {TAGGED, UNVERSIONED}) {
            Usmap usmap = pak == UNVERSIONED ? PropertyLegacyPakTest.mappings() : null;
            for (String name : new String[] {"Properties/DA_AllProperties", "DataTables/DT_AllProperties"}) {
                AssetPackage pkg = PropertyLegacyPakTest.packages(pak).get(name);
                for (Export e : pkg.exports()) {
                    byte[] raw = e.rawData();
                    for (int round = 0; round < 300; round++) {
                        byte[] bad = raw.clone();
                        int at = random.nextInt(bad.length);
                        bad[at] = (byte) (round % 3 == 0 ? 0xFF : round % 3 == 1 ? 0x7F : random.nextInt(256));
                        e.setRawData(bad);
                        try {
                            PropertyExportContent c = PropertyParser.parse(pkg, e, usmap);
                            e.setContent(c);
                            assertThat(c.serialize(pkg, e)).as("a parse that succeeds writes back what it read").isEqualTo(bad);
                        } catch (FormatException expected) {
                            assertThat(expected.getMessage()).contains("Export[" + e.index() + "]");
                        }
                        e.setRawData(raw);
                    }
                }
            }
        }
    }

    @Test
    void deeplyNestedTextIsRefusedNotAStackOverflow() {
        AssetPackage pkg = PropertyLegacyPakTest.packages(TAGGED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        // a Text property whose value is a Transform of a Transform of ... (history 10), 100,000 deep
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1 + 5 * 100_000 + 64).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0);
        for (int i = 0; i < 100_000; i++) {
            b.putInt(0).put((byte) 10);
        }
        PropertyReader r = new PropertyReader(ValueCodec.INSTANCE, pkg,
                pkg.exportReader(e).derive(b.array(), "nested.bin", 0, "test"), null,
                e.index());
        r.in().readU8();
        assertThatThrownBy(() -> io.uassetd.codecs.asset.property.types.TextValue.read(r))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("nested deeper than");
    }

    @Test
    void unversionedWithoutMappingsIsRefused() {
        AssetPackage pkg = PropertyLegacyPakTest.packages(UNVERSIONED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        assertThatThrownBy(() -> PropertyParser.parse(pkg, e, null)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("need a .usmap mapping file").hasMessageContaining("Export[" + e.index() + "]");
        PackageProperties all = PropertyParser.parseAll(pkg, null);
        assertThat(all.fullyParsedCount()).isZero();
        all.apply();
        AssetPackage.Bytes b = pkg.toBytes();
        assertThat(b.exports()).isNotEmpty();
    }

    @Test
    void unversionedWithTheWrongMappingsIsAFormatException() {
        Usmap wrong = PropertyFixtures.load("unrealmodding/ue5/palia.usmap");
        AssetPackage pkg = PropertyLegacyPakTest.packages(UNVERSIONED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        assertThatThrownBy(() -> PropertyParser.parse(pkg, e, wrong)).isInstanceOf(FormatException.class)
                .hasMessageContaining("ParserFixtureData").hasMessageContaining("Export[" + e.index() + "]");
        // the right class but a schema from another game: every export either parses or fails cleanly
        for (Export x : pkg.exports()) {
            try {
                PropertyParser.parse(pkg, x, wrong);
            } catch (FormatException expected) {
                assertThat(expected.getMessage()).contains("Export[" + x.index() + "]");
            }
        }
    }
}
