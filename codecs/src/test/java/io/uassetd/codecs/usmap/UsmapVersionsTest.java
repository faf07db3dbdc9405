package io.uassetd.codecs.usmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every usmap layout version spelled out byte by byte (no fixture has versions 1, 2 or 5, or a
 * versioning block): names, an enum, a struct with a super and a map of enums.
 */
class UsmapVersionsTest {

    private static final class Out {
        final ByteArrayOutputStream b = new ByteArrayOutputStream();

        Out u8(int v) {
            b.write(v);
            return this;
        }

        Out u16(int v) {
            return u8(v).u8(v >>> 8);
        }

        Out i32(int v) {
            return u16(v).u16(v >>> 16);
        }

        Out i64(long v) {
            return i32((int) v).i32((int) (v >>> 32));
        }

        Out bytes(byte[] x) {
            b.write(x, 0, x.length);
            return this;
        }
    }

    static byte[] build(int version) {
        String[] names = {"EColor", "Red", "Blue", "Base", "Derived", "Count", "Lookup"};
        Out p = new Out();
        p.i32(names.length);
        for (String n : names) {
            byte[] s = n.getBytes(StandardCharsets.UTF_8);
            if (version >= 2) {
                p.u16(s.length);
            } else {
                p.u8(s.length);
            }
            p.bytes(s);
        }
        p.i32(1).i32(0);
        if (version >= 3) {
            p.u16(2);
        } else {
            p.u8(2);
        }
        if (version >= 4) {
            p.i64(5).i32(1).i64(9).i32(2);
        } else {
            p.i32(1).i32(2);
        }
        p.i32(2);
        p.i32(3).i32(-1).u16(1).u16(1);
        p.u16(0).u8(1).i32(5).u8(2);
        p.i32(4).i32(3).u16(2).u16(1);
        p.u16(0).u8(2).i32(6).u8(24).u8(26).u8(0).i32(0).u8(9).i32(3);
        byte[] payload = p.b.toByteArray();
        Out f = new Out();
        f.u16(0x30C4).u8(version);
        if (version >= 1) {
            f.i32(1);
            if (version >= 5) {
                byte[] branch = "++UE5+Release-5.4\0".getBytes(StandardCharsets.US_ASCII);
                f.u16(5).u16(4).u16(3).i32(34507850).i32(branch.length).bytes(branch);
            }
            f.i32(522).i32(1012).i32(1).i32(0x11111111).i32(0x22222222).i32(0x33333333).i32(0x44444444).i32(7).i32(4242);
        }
        f.u8(0).i32(payload.length).i32(payload.length).bytes(payload);
        return f.b.toByteArray();
    }

    @ParameterizedTest(name = "usmap version {0}")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void everyVersionReads(int version) {
        Usmap m = Usmap.read(build(version), "v" + version + ".usmap", Codecs.standard());
        assertThat(m.version().ordinal()).isEqualTo(version);
        assertThat(m.names()).hasSize(7);
        UsmapEnum e = m.enumNamed("ecolor");
        assertThat(e.entries()).extracting(UsmapEnum.Entry::name).containsExactly("Red", "Blue");
        assertThat(e.nameOf(version >= 4 ? 9 : 1)).isEqualTo("Blue");
        UsmapSchema derived = m.schema("Derived");
        assertThat(derived.superName()).isEqualTo("Base");
        assertThat(m.totalPropertyCount("Derived")).isEqualTo(3);
        assertThat(m.propertyAt("Derived", 0).name()).isEqualTo("Count");
        UsmapProperty lookup = m.propertyAt("Derived", 2);
        assertThat(lookup.name()).isEqualTo("Lookup");
        assertThat(lookup.arraySize()).isEqualTo(2);
        assertThat(m.propertyAt("Derived", 1)).isEqualTo(lookup);
        assertThat(lookup.type().toString()).isEqualTo("MapProperty<EnumProperty<EColor:ByteProperty>,StructProperty<Base>>");
        if (version >= 1) {
            UsmapVersioning v = m.versioning();
            assertThat(v.fileVersionUE4()).isEqualTo(522);
            assertThat(v.fileVersionUE5()).isEqualTo(1012);
            assertThat(v.customVersions()).containsExactly(
                    new UsmapVersioning.CustomVersionEntry("11111111222222223333333344444444", 7));
            assertThat(v.netChangelist()).isEqualTo(4242);
            assertThat(v.engineVersion() == null).isEqualTo(version < 5);
            if (version >= 5) {
                assertThat(v.engineVersion().branch()).isEqualTo("++UE5+Release-5.4");
                assertThat(v.engineVersion().minor()).isEqualTo(4);
            }
        } else {
            assertThat(m.versioning()).isNull();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 7, 200})
    void laterVersionsAreRefusedByName(int version) {
        byte[] data = build(4);
        data[2] = (byte) version;
        assertThatThrownBy(() -> Usmap.read(data, "new.usmap", Codecs.standard()))
                .isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("version " + version)
                .hasMessageContaining("new.usmap");
    }
}
