package io.uassetd.codecs.usmap;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.testkit.Fixtures;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class UsmapFixtureTest {
    private static final Codecs CODECS = Codecs.standard();

    static Usmap load(String relative) {
        return Usmap.load(Fixtures.path(relative), CODECS);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap, 31948, 1565, 7657, LARGE_ENUMS, ZSTANDARD",
        "uassetapi/TestUE5_6/BpThirdPerson/ExplicitEnumValuesExample.usmap, 36767, 1739, 9230, EXPLICIT_ENUM_VALUES, ZSTANDARD",
    })
    void countsFromTheFixtureNotes(String relative, int names, int enums, int schemas, UsmapVersion version,
            UsmapCompression compression) {
        Usmap m = load(relative);
        assertThat(m.names()).hasSize(names);
        assertThat(m.enums()).hasSize(enums);
        assertThat(m.schemas()).hasSize(schemas);
        assertThat(m.version()).isEqualTo(version);
        assertThat(m.compression()).isEqualTo(compression);
    }

    static Stream<String> allUsmaps() {
        return Stream.of("uassetapi/TestJson/Outriders.usmap", "unrealmodding/ue5/palia.usmap",
                "uassetapi/TestManyAssets/Clay/Clay.usmap", "uassetapi/TestUE5_1/UnderlyingEnumTypes/UnderlyingEnumTypes.usmap",
                "uassetapi/TestUE5_4/Billiards/5.4.3-34507850+++UE5+Release-5.4-DeepSpace7.usmap",
                "uassetapi/TestUE5_5/BlankGame/BlankUE5_5.usmap");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allUsmaps")
    void everyFixtureParsesWithConsistentReferences(String relative) {
        Usmap m = load(relative);
        assertThat(m.schemas()).isNotEmpty();
        for (UsmapSchema s : m.schemas()) {
            for (UsmapProperty p : s.properties()) {
                assertThat(p.schemaIndex() + Math.max(1, p.arraySize())).as(s.name() + "." + p.name())
                        .isLessThanOrEqualTo(s.propertyCount());
            }
        }
    }

    @Test
    void theFourCompressionsOfTheCue4ParseMappingsAgree() {
        String dir = "cue4parse/UE5_8/Mappings/CUE4ParseFixtures-";
        Usmap none = load(dir + "Uncompressed.usmap");
        assertThat(none.compression()).isEqualTo(UsmapCompression.NONE);
        for (String variant : List.of("Oodle", "Brotli", "Zstandard")) {
            Usmap other = load(dir + variant + ".usmap");
            assertThat(other.compression().name()).isEqualTo(variant.equals("Zstandard") ? "ZSTANDARD" : variant.toUpperCase());
            assertThat(other.names()).as(variant).isEqualTo(none.names());
            assertThat(other.enums()).as(variant).isEqualTo(none.enums());
            assertThat(other.schemas()).as(variant).isEqualTo(none.schemas());
        }
    }

    @Test
    void schemaLookupResolvesSuperStructs() {
        Usmap m = load("uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap");
        UsmapSchema actor = m.schema("actor");
        assertThat(actor).isNotNull();
        assertThat(actor.name()).isEqualTo("Actor");
        assertThat(actor.superName()).isEqualTo("Object");
        List<UsmapSchema> chain = m.hierarchy("Pawn");
        assertThat(chain).extracting(UsmapSchema::name).startsWith("Pawn", "Actor");
        int actorTotal = m.totalPropertyCount("Actor");
        assertThat(m.totalPropertyCount("Pawn")).isEqualTo(actorTotal + m.schema("Pawn").propertyCount());
        UsmapProperty firstOwn = m.schema("Pawn").properties().get(0);
        assertThat(m.propertyAt("Pawn", actorTotal + firstOwn.schemaIndex())).isEqualTo(firstOwn);
        UsmapProperty inherited = m.propertyAt("Pawn", 0);
        assertThat(inherited).isEqualTo(m.propertyAt("Actor", 0));
        assertThat(m.propertyAt("Pawn", m.totalPropertyCount("Pawn"))).isNull();
        assertThat(m.allProperties("Pawn")).hasSize(
                m.hierarchy("Pawn").stream().mapToInt(s -> s.properties().size()).sum());
    }

    @Test
    void typeTreesAndEnumsAreRead() {
        Usmap m = load("uassetapi/TestUE5_6/BpThirdPerson/ExplicitEnumValuesExample.usmap");
        boolean sawMap = false;
        boolean sawEnum = false;
        for (UsmapSchema s : m.schemas()) {
            for (UsmapProperty p : s.properties()) {
                if (p.type().kind() == UsmapPropertyKind.MAP) {
                    assertThat(p.type().inner()).isNotNull();
                    assertThat(p.type().value()).isNotNull();
                    sawMap = true;
                }
                if (p.type().kind() == UsmapPropertyKind.ENUM) {
                    assertThat(p.type().enumName()).isNotNull();
                    assertThat(p.type().inner()).isNotNull();
                    sawEnum = true;
                }
            }
        }
        assertThat(sawMap).isTrue();
        assertThat(sawEnum).isTrue();
        UsmapEnum e = m.enumNamed("ECollisionChannel");
        assertThat(e).isNotNull();
        assertThat(e.nameOf(0)).isEqualTo("ECC_WorldStatic");
    }
}
