package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.content.PropertyRow;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import io.uassetd.codecs.asset.property.content.PropertyEditException;
import io.uassetd.codecs.asset.property.content.PropertyEditor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Edits through {@link PropertyEditor}: set, add and remove properties of several types, write,
 * read back, and only the intended bytes and values changed.
 */
class PropertyEditTest {
    private static final String TAGGED = "Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak";
    private static final String UNVERSIONED = "Unversioned/Uncompressed/CUE4ParseFixtures-Legacy-Unversioned-Uncompressed.pak";

    private static Export dataExport(AssetPackage pkg) {
        return pkg.exports().stream().filter(x -> pkg.className(x).equals("ParserFixtureData")).findFirst().orElseThrow();
    }

    private static AssetPackage reread(AssetPackage pkg, EngineVersion engine) {
        AssetPackage.Bytes b = pkg.toBytes();
        return AssetPackage.read(b.header(), b.exports(), pkg.name(), engine);
    }

    private static List<PropertyRow> rowsExcept(AssetPackage pkg, PropertyExportContent c, String... names) {
        List<PropertyRow> out = new ArrayList<>(PropertyRow.of(pkg, c.properties()));
        out.removeIf(r -> List.of(names).contains(r.name()));
        return out;
    }

    @Test
    void setIntegerChangesOnlyItsFourBytes() {
        AssetPackage pkg = PropertyLegacyPakTest.packages(TAGGED).get("Properties/DA_AllProperties");
        byte[] before = pkg.toBytes().exports();
        Export e = dataExport(pkg);
        PropertyExportContent c = PropertyParser.parse(pkg, e, null);
        new PropertyEditor(pkg, c).set("Integer", 0x01020304);
        e.setContent(c);
        byte[] after = pkg.toBytes().exports();
        assertThat(after).hasSameSizeAs(before);
        List<Integer> diffs = new ArrayList<>();
        for (int i = 0; i < before.length; i++) {
            if (before[i] != after[i]) {
                diffs.add(i);
            }
        }
        assertThat(diffs).hasSizeBetween(1, 4);
        assertThat(diffs.get(diffs.size() - 1) - diffs.get(0)).isLessThan(4);

        AssetPackage back = reread(pkg, EngineVersion.UE5_8);
        PropertyExportContent c2 = PropertyParser.parse(back, dataExport(back), null);
        assertThat(new PropertyEditor(back, c2).view("Integer")).isEqualTo(0x01020304L);
        assertThat(rowsExcept(back, c2, "Integer")).usingRecursiveComparison().isEqualTo(rowsExcept(pkg, c, "Integer"));
    }

    @Test
    void setStringAddAndRemoveInTaggedUE58() {
        AssetPackage pkg = PropertyLegacyPakTest.packages(TAGGED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        PropertyExportContent c = PropertyParser.parse(pkg, e, null);
        PropertyEditor ed = new PropertyEditor(pkg, c);
        ed.set("AnsiString", "A much longer ANSI string than before");
        ed.add("AddedInt", "IntProperty", 42);
        ed.add("AddedFlag", "BoolProperty", true);
        ed.add("AddedText", "StrProperty", "héllo wörld ✓");
        ed.add("AddedName", "NameProperty", "Brand_New_Name");
        ed.add("AddedDouble", "DoubleProperty", 2.5);
        String removed = c.properties().properties().get(0).name(pkg);
        assertThat(ed.remove(removed)).isTrue();
        e.setContent(c);

        AssetPackage back = reread(pkg, EngineVersion.UE5_8);
        PropertyExportContent c2 = PropertyParser.parse(back, dataExport(back), null);
        PropertyEditor ed2 = new PropertyEditor(back, c2);
        assertThat(ed2.view("AnsiString")).isEqualTo("A much longer ANSI string than before");
        assertThat(ed2.view("AddedInt")).isEqualTo(42L);
        assertThat(ed2.view("AddedFlag")).isEqualTo(true);
        assertThat(ed2.view("AddedText")).isEqualTo("héllo wörld ✓");
        assertThat(ed2.view("AddedName")).isEqualTo("Brand_New_Name");
        assertThat(ed2.view("AddedDouble")).isEqualTo(2.5);
        assertThat(c2.properties().find(back, removed, 0)).isNull();
        assertThat(c2.rawCount()).isZero();
        assertThat(back.names().indexOf("AddedInt")).isNotNegative();
        assertThat(rowsExcept(back, c2, "AnsiString", "AddedInt", "AddedFlag", "AddedText", "AddedName", "AddedDouble"))
                .usingRecursiveComparison().isEqualTo(rowsExcept(pkg, c, "AnsiString", "AddedInt", "AddedFlag", "AddedText",
                        "AddedName", "AddedDouble"));
    }

    @Test
    void editsInUE4TaggedPackage() {
        String rel = "uassetapi/TestJson/WPN_LockOnRifle.uasset";
        AssetPackage pkg = PropertyFixtures.open(rel);
        PackageProperties all = PropertyParser.parseAll(pkg, null);
        // the first export with an IntProperty or FloatProperty at the top
        PackageProperties.Result target = all.results().stream().filter(r -> r.content() != null && r.content().properties()
                .properties().stream().anyMatch(p -> p.type().is("FloatProperty"))).findFirst().orElseThrow();
        Property f = target.content().properties().properties().stream().filter(p -> p.type().is("FloatProperty")).findFirst()
                .orElseThrow();
        String name = f.name(pkg);
        PropertyEditor ed = new PropertyEditor(pkg, target.content());
        ed.set(name, 1234.5);
        ed.add("UassetdAdded", "Int64Property", 1L << 40);
        target.export().setContent(target.content());

        AssetPackage back = reread(pkg, PropertyFixtures.engineFor(rel));
        PropertyExportContent c2 = PropertyParser.parse(back, back.export(target.export().index()), null);
        PropertyEditor ed2 = new PropertyEditor(back, c2);
        assertThat(ed2.view(name)).isEqualTo(1234.5);
        assertThat(ed2.view("UassetdAdded")).isEqualTo(1L << 40);
        for (Export other : back.exports()) {
            if (other.index() != target.export().index()) {
                assertThat(other.rawData()).isEqualTo(pkg.export(other.index()).rawData());
            }
        }
    }

    @Test
    void scriptSerializationOffsetsSpanThePropertiesAndFollowEdits() {
        for (AssetPackage pkg : PropertyLegacyPakTest.packages(TAGGED).values()) {
            for (Export e : pkg.exports()) {
                PropertyExportContent c = PropertyParser.parse(pkg, e, null);
                var x = e.entry();
                assertThat(x.scriptSerializationEndOffset() - x.scriptSerializationStartOffset()).as(pkg.name() + " " + e.index())
                        .isEqualTo(c.scriptPropertiesSize());
            }
        }
        AssetPackage pkg = PropertyLegacyPakTest.packages(TAGGED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        PropertyExportContent c = PropertyParser.contentOf(pkg, e, null);
        long end = e.entry().scriptSerializationEndOffset();
        c.editor(pkg).set("AnsiString", "Fixture_ANSI_123" + "0123456789");
        AssetPackage back = reread(pkg, EngineVersion.UE5_8);
        assertThat(dataExport(back).entry().scriptSerializationEndOffset()).isEqualTo(end + 10);
    }

    @Test
    void nestedPathsArraysMapsStaticArraysAndNativeFields() {
        for (String pak : new String[] {TAGGED, UNVERSIONED}) {
            Usmap usmap = pak.equals(UNVERSIONED) ? PropertyLegacyPakTest.mappings() : null;
            AssetPackage pkg = PropertyLegacyPakTest.packages(pak).get("Properties/DA_AllProperties");
            PropertyEditor ed = PropertyParser.contentOf(pkg, dataExport(pkg), usmap).editor(pkg);
            assertThat(ed.view("Nested.Marker")).isEqualTo(777L);
            assertThat(ed.view("StructArray[1].Label")).isEqualTo("Second");
            assertThat(ed.view("IntegerMap[Answer]")).isEqualTo(42L);
            assertThat(ed.view("IntegerMap[\"Marker\"]")).isEqualTo(0x12345678L);
            assertThat(ed.view("FixedIntegerArray[2]")).isEqualTo(2147483647L);
            assertThat(ed.view("Vector.Y")).isEqualTo(-2.5);
            ed.set("Nested.Marker", 778);
            ed.set("StructArray[1].Label", "Second, renamed");
            ed.set("StructArray[2].Position", java.util.Map.of("X", 0.5, "Z", -0.25));
            ed.set("IntegerMap[Answer]", 43);
            ed.set("IntegerArray[2]", 333);
            ed.set("FixedIntegerArray[2]", 5);
            ed.set("Vector.Y", 6.5);
            ed.set("Color", java.util.Map.of("R", 1, "G", 2));
            ed.set("Name", "Renamed_Name_0xBEEF");
            ed.set("bBoolean", false);
            assertThat(ed.remove("IntegerArray[0]")).isTrue();
            assertThat(ed.remove("IntegerMap[Minimum]")).isTrue();
            assertThat(ed.remove("IntegerMap[NoSuchKey]")).isFalse();
            assertThatThrownBy(() -> ed.set("IntegerArray[9]", 1)).isInstanceOf(PropertyEditException.class)
                    .hasMessageContaining("outside");
            assertThatThrownBy(() -> ed.set("Nested.Marker.Deeper", 1)).isInstanceOf(PropertyEditException.class);

            AssetPackage back = reread(pkg, EngineVersion.UE5_8);
            PropertyEditor ed2 = PropertyParser.contentOf(back, dataExport(back), usmap).editor(back);
            assertThat(ed2.view("Nested.Marker")).as(pak).isEqualTo(778L);
            assertThat(ed2.view("StructArray[1].Label")).isEqualTo("Second, renamed");
            assertThat(ed2.view("StructArray[2].Position.X")).isEqualTo(0.5);
            assertThat(ed2.view("StructArray[2].Position.Z")).isEqualTo(-0.25);
            assertThat(ed2.view("IntegerMap")).isEqualTo(java.util.Map.of("Answer", 43L, "Marker", 0x12345678L));
            assertThat(ed2.view("IntegerArray")).isEqualTo(List.of(22L, 333L, 44L));
            assertThat(ed2.view("FixedIntegerArray[2]")).isEqualTo(5L);
            assertThat(ed2.view("FixedIntegerArray")).isEqualTo(-2147483648L);
            assertThat(ed2.view("Vector")).isEqualTo(java.util.Map.of("X", 1.25, "Y", 6.5, "Z", 3.75));
            assertThat(ed2.view("Color.R")).isEqualTo(1L);
            assertThat(ed2.view("Name")).isEqualTo("Renamed_Name_0xBEEF");
            assertThat(ed2.view("bBoolean")).isEqualTo(false);
        }
    }

    @Test
    void dataTableRowsAreEditable() {
        for (String pak : new String[] {TAGGED, UNVERSIONED}) {
            Usmap usmap = pak.equals(UNVERSIONED) ? PropertyLegacyPakTest.mappings() : null;
            AssetPackage pkg = PropertyLegacyPakTest.packages(pak).get("DataTables/DT_AllProperties");
            PropertyExportContent c = PropertyParser.contentOf(pkg, pkg.export(0), usmap);
            new PropertyEditor(pkg, c.rows().row(pkg, "Alpha").value().properties()).set("Number", 0x0BADF00D);
            AssetPackage back = reread(pkg, EngineVersion.UE5_8);
            PropertyExportContent c2 = PropertyParser.parse(back, back.export(0), usmap);
            assertThat(new PropertyEditor(back, c2.rows().row(back, "Alpha").value().properties()).view("Number"))
                    .isEqualTo(0x0BADF00DL);
            assertThat(c2.rows().view(back).keySet()).isEqualTo(c.rows().view(pkg).keySet());
        }
    }

    @Test
    void wrongTypesAndBadPathsNameThePathAndExpectedType() {
        AssetPackage pkg = PropertyLegacyPakTest.packages(TAGGED).get("Properties/DA_AllProperties");
        PropertyEditor ed = new PropertyEditor(pkg, PropertyParser.parse(pkg, dataExport(pkg), null));
        assertThatThrownBy(() -> ed.set("Integer", "not a number")).isInstanceOf(PropertyEditException.class)
                .hasMessageContaining("path Integer").hasMessageContaining("expected IntProperty");
        assertThatThrownBy(() -> ed.set("Integer", 1L << 40)).isInstanceOf(PropertyEditException.class)
                .hasMessageContaining("outside the range of IntProperty");
        assertThatThrownBy(() -> ed.set("NoSuchProperty", 1)).isInstanceOf(PropertyEditException.class)
                .hasMessageContaining("No property 'NoSuchProperty'");
        assertThatThrownBy(() -> ed.set("Integer[", 1)).isInstanceOf(PropertyEditException.class).hasMessageContaining("Unclosed");
        assertThatThrownBy(() -> ed.add("Integer", "IntProperty", 1)).isInstanceOf(PropertyEditException.class)
                .hasMessageContaining("already exists");
        assertThatThrownBy(() -> ed.add("X", "MapProperty", 1)).isInstanceOf(PropertyEditException.class)
                .hasMessageContaining("Cannot add a property of type MapProperty");
    }

    @Test
    void setInUnversionedPackageThroughTheUsmap() {
        Usmap usmap = PropertyLegacyPakTest.mappings();
        AssetPackage pkg = PropertyLegacyPakTest.packages(UNVERSIONED).get("Properties/DA_AllProperties");
        Export e = dataExport(pkg);
        PropertyExportContent c = PropertyParser.parse(pkg, e, usmap);
        PropertyEditor ed = new PropertyEditor(pkg, c);
        ed.set("Integer", 7);
        ed.set("AnsiString", "short");
        Property zero = c.properties().properties().stream().filter(p -> p.isZero() && p.type().is("IntProperty")).findFirst()
                .orElse(null);
        if (zero != null) {
            ed.set(zero.name(pkg), 99);
        }
        e.setContent(c);
        AssetPackage back = reread(pkg, EngineVersion.UE5_8);
        PropertyExportContent c2 = PropertyParser.parse(back, dataExport(back), usmap);
        PropertyEditor ed2 = new PropertyEditor(back, c2);
        assertThat(ed2.view("Integer")).isEqualTo(7L);
        assertThat(ed2.view("AnsiString")).isEqualTo("short");
        if (zero != null) {
            assertThat(ed2.view(zero.name(pkg))).isEqualTo(99L);
            assertThat(ed2.property(zero.name(pkg)).isZero()).isFalse();
        }
        assertThatThrownBy(() -> ed.add("NotInTheSchema", "IntProperty", 1)).isInstanceOf(PropertyEditException.class)
                .hasMessageContaining("has no property 'NotInTheSchema'");
    }

    @Test
    void removeThenAddInUnversionedPackageThroughTheSchema() {
        Usmap usmap = PropertyLegacyPakTest.mappings();
        AssetPackage pkg = PropertyLegacyPakTest.packages(UNVERSIONED).get("Properties/DA_AllProperties");
        PropertyExportContent c = PropertyParser.contentOf(pkg, dataExport(pkg), usmap);
        List<String> order = c.propertyRows(pkg).stream().map(PropertyRow::name).toList();
        assertThat(c.editor(pkg).remove("Integer")).isTrue();
        AssetPackage removed = reread(pkg, EngineVersion.UE5_8);
        PropertyExportContent c2 = PropertyParser.contentOf(removed, dataExport(removed), usmap);
        assertThat(c2.properties().find(removed, "Integer", 0)).isNull();
        assertThat(rowsExcept(removed, c2, "Integer")).usingRecursiveComparison().isEqualTo(rowsExcept(pkg, c, "Integer"));

        PropertyEditor ed = c2.editor(removed);
        assertThatThrownBy(() -> ed.add("Integer", "BoolProperty", true)).isInstanceOf(PropertyEditException.class)
                .hasMessageContaining("expected IntProperty");
        ed.add("Integer", "IntProperty", 4242);
        AssetPackage back = reread(removed, EngineVersion.UE5_8);
        PropertyExportContent c3 = PropertyParser.parse(back, dataExport(back), usmap);
        assertThat(c3.editor(back).view("Integer")).isEqualTo(4242L);
        assertThat(rowsExcept(back, c3, "Integer")).usingRecursiveComparison().isEqualTo(rowsExcept(pkg, c, "Integer"));
        assertThat(c3.propertyRows(back).stream().map(PropertyRow::name).toList()).isEqualTo(order);
    }
}
