package io.uassetd.codecs.asset.property.classdata;

import static org.assertj.core.api.Assertions.assertThat;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyRow;
import io.uassetd.codecs.asset.version.EngineVersion;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * User-defined structs: unrealmodding's UE4.26 achievements_STRUCT_entry and CUE4Parse's UE5.8
 * S_Fixture (both cooks) read into their definition (fields with types and flags) and default
 * instance, and write back byte for byte.
 */
class UserDefinedStructTest {

    private static List<String> fieldNames(AssetPackage pkg, UserDefinedStructData s) {
        return s.childProperties().stream().map(f -> pkg.names().render(f.name()) + ":" + pkg.names().render(f.type())).toList();
    }

    @Test
    void ue426Struct() {
        AssetPackage pkg = ClassDataFixtures.legacy("unrealmodding/user_defined_struct/achievements_STRUCT_entry.uasset",
                EngineVersion.UE4_26);
        PropertyExportContent c = StringTableEnumTest.parsedRoundTrip(pkg, null);
        UserDefinedStructData s = (UserDefinedStructData) c.classData();
        assertThat(fieldNames(pkg, s)).containsExactly("statID_20_9BBE1DBC484BB38CCABFF9A7DCFA5E6F:StrProperty",
                "unlockValue_21_26A8F1674CBC6C898FC0379BF365A929:IntProperty");
        FieldDefinition stat = s.childProperties().get(0);
        assertThat(stat.layout()).isEqualTo(FieldDefinition.Layout.ARRAY_DIM_AND_ELEMENT_SIZE);
        assertThat(stat.arrayDim()).isEqualTo(1);
        assertThat(stat.elementSize()).isEqualTo(16);
        assertThat(s.childProperties().get(1).elementSize()).isEqualTo(4);
        assertThat(s.superStruct().isNull()).isTrue();
        assertThat(s.defaultInstance()).isNotNull();
        assertThat(PropertyRow.of(pkg, s.defaultInstance())).extracting(PropertyRow::type).containsExactly("StrProperty", "IntProperty");
        assertThat(c.extras()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void ue58Struct(String flavour) {
        AssetPackage pkg = ClassDataFixtures.zen(flavour, "/Game/Fixtures/Blueprints/S_Fixture");
        PropertyExportContent c = StringTableEnumTest.parsedRoundTrip(pkg, ClassDataFixtures.mappingsFor(flavour));
        assertThat(c.classData()).as("struct data read").isInstanceOf(UserDefinedStructData.class);
        UserDefinedStructData s = (UserDefinedStructData) c.classData();
        assertThat(fieldNames(pkg, s)).containsExactly("MemberVar_0_3EB8260349BFB562B7E76EAF98324AA4:BoolProperty",
                "Count_2_E856539A494C2F8996E8BA8D7485D64B:IntProperty", "Label_4_2411429D414DC216B045299AAF2DEF6B:StrProperty",
                "Offset_6_EE13655F478516862862DFBAA00CF12B:StructProperty");
        assertThat(s.childProperties()).extracting(FieldDefinition::elementSize).containsExactly(1, 4, 16, 24);
        assertThat(s.childProperties().get(0).boolLayout()).hasSize(6);
        assertThat(pkg.objectName(s.childProperties().get(3).objects().get(0))).isEqualTo("Vector");
        List<PropertyRow> defaults = PropertyRow.of(pkg, s.defaultInstance());
        assertThat(defaults).extracting(PropertyRow::value).contains(1337L, "Fixture user-defined string");
        assertThat(c.extras()).isEmpty();
    }
}
