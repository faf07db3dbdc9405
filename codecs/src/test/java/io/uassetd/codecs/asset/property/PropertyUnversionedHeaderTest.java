package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import static org.assertj.core.api.Assertions.assertThat;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.InstancedStructValue;
import io.uassetd.codecs.asset.property.types.MapValue;
import io.uassetd.codecs.asset.property.types.StructValue;
import io.uassetd.codecs.asset.property.UnversionedHeader;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FUnversionedHeader: the header this code generates for a list of present properties decodes to
 * the same slots as the one Unreal wrote, for every unversioned struct in the fixtures, and is
 * identical to it when Unreal's has no value-less fragments (Unreal also writes those for empty
 * structs and at some super-struct boundaries; a reader skips them alike). Generate -> read keeps
 * the slots of random lists (long skips and runs split at 127).
 */
class PropertyUnversionedHeaderTest {

    static Stream<String> unversionedWithMappings() {
        return PropertyFixtures.legacyPackages().filter(rel -> {
            AssetPackage p = PropertyFixtures.open(rel);
            return p.hasUnversionedProperties() && PropertyFixtures.usmapFor(rel) != null;
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unversionedWithMappings")
    void regeneratedHeadersMatchUnreals(String relative) {
        AssetPackage pkg = PropertyFixtures.open(relative);
        Usmap usmap = PropertyFixtures.usmapFor(relative);
        List<PropertyList> lists = new ArrayList<>();
        for (PackageProperties.Result r : PropertyParser.parseAll(pkg, usmap).results()) {
            if (r.content() != null) {
                collect(r.content().properties(), lists);
                if (r.content().rows() != null) {
                    r.content().rows().rows().forEach(row -> collect(row.value().properties(), lists));
                }
            }
        }
        assertThat(lists).isNotEmpty();
        lists.forEach(PropertyUnversionedHeaderTest::check);
    }

    @Test
    void legacyPakHeadersMatchUnreals() {
        Usmap usmap = PropertyLegacyPakTest.mappings();
        int n = 0;
        for (AssetPackage pkg : PropertyLegacyPakTest.packages(
                "Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak").values()) {
            for (Export e : pkg.exports()) {
                List<PropertyList> lists = new ArrayList<>();
                PropertyExportContent c = PropertyParser.parse(pkg, e, usmap);
                collect(c.properties(), lists);
                if (c.rows() != null) {
                    c.rows().rows().forEach(row -> collect(row.value().properties(), lists));
                }
                lists.forEach(PropertyUnversionedHeaderTest::check);
                n += lists.size();
            }
        }
        assertThat(n).isGreaterThan(10);
    }

    private static void check(PropertyList l) {
        UnversionedHeader h = l.header();
        UnversionedHeader mine = UnversionedHeader.of(h.slots());
        assertThat(mine.slots()).as(l.structName()).isEqualTo(h.slots());
        if (h.fragments().stream().allMatch(f -> f.values() > 0)) {
            assertThat(mine).as(l.structName()).isEqualTo(h);
        }
    }

    private static void collect(PropertyList list, List<PropertyList> out) {
        if (list.isUnversioned()) {
            out.add(list);
        }
        list.properties().forEach(p -> collect(p.value(), out));
    }

    private static void collect(PropertyValue v, List<PropertyList> out) {
        if (v instanceof StructValue s) {
            collect(s.properties(), out);
        } else if (v instanceof InstancedStructValue i && i.value() != null) {
            collect(i.value().properties(), out);
        } else if (v instanceof ArrayValue a) {
            a.items().forEach(x -> collect(x, out));
        } else if (v instanceof MapValue m) {
            m.entries().forEach(e -> {
                collect(e.key(), out);
                collect(e.value(), out);
            });
        }
    }

    @Test
    void randomSlotListsSurviveGenerateWriteRead() {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            List<UnversionedHeader.Slot> slots = new ArrayList<>();
            int index = 0;
            int count = random.nextInt(400);
            for (int i = 0; i < count; i++) {
                index += random.nextInt(10) == 0 ? random.nextInt(600) : random.nextInt(2);
                slots.add(new UnversionedHeader.Slot(index++, random.nextInt(4) == 0));
            }
            UnversionedHeader h = UnversionedHeader.of(slots);
            assertThat(h.slots()).isEqualTo(slots);
            for (UnversionedHeader.Fragment f : h.fragments()) {
                assertThat(f.skip()).isBetween(0, 127);
                assertThat(f.values()).isBetween(0, 127);
            }
            assertThat(h.fragments().get(h.fragments().size() - 1).isLast()).isTrue();
        }
    }
}
