package io.uassetd.codecs.asset.property.classdata;

import static org.assertj.core.api.Assertions.assertThat;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * String tables (UAssetAPI's UE4.23 Items, CUE4Parse's UE5.8 ST_Fixed in both cooks) and enums
 * (CUE4Parse's UserDefinedEnum E_Fixture in both cooks) read into their models with the stored
 * values, and every package writes back byte for byte with the models applied and after an edit
 * that is undone.
 */
class StringTableEnumTest {

    static PropertyExportContent parsedRoundTrip(AssetPackage pkg, Usmap usmap) {
        AssetPackage.Bytes before = pkg.toBytes();
        PackageProperties all = PropertyParser.parseAll(pkg, usmap);
        all.apply();
        AssetPackage.Bytes after = pkg.toBytes();
        assertThat(after.header()).isEqualTo(before.header());
        assertThat(after.exports()).isEqualTo(before.exports());
        return all.result(0).content();
    }

    @Test
    void itemsStringTable() {
        AssetPackage pkg = ClassDataFixtures.legacy("uassetapi/TestJson/Items.uasset", EngineVersion.UE4_23);
        PropertyExportContent c = parsedRoundTrip(pkg, null);
        StringTableData st = (StringTableData) c.classData();
        assertThat(st.namespace()).isEqualTo("Items");
        assertThat(st.entries()).hasSize(397);
        assertThat(st.source("Name_PrinterSmall")).isEqualTo("Small Printer");
        assertThat(st.source("Name_AllCaps_PrinterSmall")).isEqualTo("SMALL PRINTER");
        assertThat(st.metadata()).isEmpty();
        assertThat(c.extras()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void fixtureStringTable(String flavour) {
        AssetPackage pkg = ClassDataFixtures.zen(flavour, "/Game/Fixtures/StringTables/ST_Fixed");
        PropertyExportContent c = parsedRoundTrip(pkg, ClassDataFixtures.mappingsFor(flavour));
        StringTableData st = (StringTableData) c.classData();
        assertThat(st.namespace()).isEqualTo("CUE4ParseFixtures.StringTable");
        assertThat(st.entryMap()).containsExactly(Map.entry("Greeting", "Hello from Frankfurt"),
                Map.entry("Unicode", "Fixture \u65e5\u672c\u8a9e \u03a9 \u00e4\u00f6\u00fc"), Map.entry("Empty", ""));
        assertThat(c.extras()).isEmpty();

        AssetPackage.Bytes original = pkg.toBytes();
        st.put("Greeting", "Hallo aus Frankfurt, longer");
        AssetPackage.Bytes edited = pkg.toBytes();
        AssetPackage reread = AssetPackage.read(edited.header(), edited.exports(), "edited", EngineVersion.UE5_8);
        StringTableData again = (StringTableData) PropertyParser.parse(reread, reread.export(0),
                ClassDataFixtures.mappingsFor(flavour)).classData();
        assertThat(again.source("Greeting")).isEqualTo("Hallo aus Frankfurt, longer");
        assertThat(reread.export(0).entry().serialSize()).isEqualTo(pkg.export(0).rawSize() + 7);
        st.put("Greeting", "Hello from Frankfurt");
        assertThat(pkg.toBytes().exports()).isEqualTo(original.exports());
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void userDefinedEnum(String flavour) {
        AssetPackage pkg = ClassDataFixtures.zen(flavour, "/Game/Fixtures/Blueprints/E_Fixture");
        PropertyExportContent c = parsedRoundTrip(pkg, ClassDataFixtures.mappingsFor(flavour));
        EnumData en = (EnumData) c.classData();
        assertThat(en.layout()).isEqualTo(EnumData.NamesLayout.INT64_VALUES);
        assertThat(en.nameMap(pkg)).containsExactly(Map.entry("E_Fixture::NewEnumerator0", 0L),
                Map.entry("E_Fixture::NewEnumerator1", 1L), Map.entry("E_Fixture::NewEnumerator2", 2L),
                Map.entry("E_Fixture::E_MAX", 3L));
        assertThat(en.cppForm()).isEqualTo(EnumData.CppForm.Namespaced);
        assertThat(c.extras()).as("the byte after the C++ form, not modelled").hasSize(1);
        assertThat(c.propertyRows(pkg).get(0).name()).isEqualTo("DisplayNameMap");
    }
}
