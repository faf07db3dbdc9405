package io.uassetd.codecs.asset;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Packages of the legacy file versions and UE4 versions no fixture has (UE4.0 to UE4.24, legacy -2
 * to -6), spelled out here field by field from the documented summary layout, independently of the
 * writer: the reader must find every table and the writer must reproduce the bytes.
 */
class AssetLegacyVersionsTest {

    /** A little-endian byte sink. */
    private static final class Bytes {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Bytes i32(int v) {
            out.write(v);
            out.write(v >>> 8);
            out.write(v >>> 16);
            out.write(v >>> 24);
            return this;
        }

        Bytes i64(long v) {
            return i32((int) v).i32((int) (v >>> 32));
        }

        Bytes u16(int v) {
            out.write(v);
            out.write(v >>> 8);
            return this;
        }

        Bytes str(String s) {
            byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
            i32(b.length + 1);
            out.write(b, 0, b.length);
            out.write(0);
            return this;
        }

        Bytes guid(int seed) {
            return i32(seed).i32(seed + 1).i32(seed + 2).i32(seed + 3);
        }

        int size() {
            return out.size();
        }

        byte[] get() {
            return out.toByteArray();
        }
    }

    private record Layout(int names, int imports, int exports, int depends, int softRefs, int searchable, int thumbs,
            int registry, int preload, int header, long bulk) {
    }

    /** The summary as Unreal lays it out for a legacy tag and UE4 version (editor package unless cooked). */
    private static byte[] summary(int legacy, int ue4, boolean cooked, Layout l) {
        boolean filter = cooked;
        Bytes b = new Bytes();
        b.i32(0x9E2A83C1).i32(legacy);
        if (legacy != -4) {
            b.i32(864);
        }
        b.i32(ue4).i32(0);
        b.i32(1);
        if (legacy == -2) {
            b.i32(7).i32(3);
        } else if (legacy >= -5) {
            b.guid(0x100).i32(4).str("FriendlyVersion");
        } else {
            b.guid(0x100).i32(4);
        }
        b.i32(l.header).str("/Game/Test").i32(filter ? 0x80000000 : 0);
        b.i32(3).i32(l.names);
        if (!filter && ue4 >= 516) {
            b.str("");
        }
        if (ue4 >= 459) {
            b.i32(0).i32(0);
        }
        b.i32(1).i32(l.exports).i32(1).i32(l.imports).i32(l.depends);
        if (ue4 >= 384) {
            b.i32(1).i32(l.softRefs);
        }
        if (ue4 >= 510) {
            b.i32(l.searchable);
        }
        b.i32(l.thumbs);
        b.guid(0x200);
        if (!filter && ue4 >= 518) {
            b.guid(0x300);
            if (ue4 < 520) {
                b.guid(0x400);
            }
        }
        b.i32(1).i32(1).i32(3);
        b.u16(4).u16(ue4 >= 444 ? 8 : 0).u16(0).i32(12345).str("++UE4+Release");
        if (ue4 >= 444) {
            b.u16(4).u16(8).u16(0).i32(12345).str("++UE4+Release");
        }
        b.i32(0).i32(0).i32(0x1234).i32(0);
        if (legacy > -7) {
            b.i32(0);
        }
        b.i32(l.registry).i64(l.bulk).i32(0);
        b.i32(1).i32(7);
        if (ue4 >= 507) {
            b.i32(l.preload == 0 ? -1 : 1).i32(l.preload);
        }
        return b.get();
    }

    private static byte[] tables(int ue4, boolean cooked, int exportDataOffset, Layout at, int[] starts) {
        Bytes b = new Bytes();
        starts[0] = b.size();
        for (String n : new String[] {"None", "/Script/Engine", "Test"}) {
            b.str(n);
            if (ue4 >= 504) {
                b.u16(0).u16(0);
            }
        }
        starts[1] = b.size();
        b.i32(1).i32(0).i32(2).i32(0).i32(0).i32(2).i32(0);
        if (!cooked && ue4 >= 520) {
            b.i32(1).i32(0);
        }
        starts[2] = b.size();
        b.i32(-1).i32(0);
        if (ue4 >= 508) {
            b.i32(0);
        }
        b.i32(0).i32(2).i32(0).i32(0x11);
        if (ue4 >= 511) {
            b.i64(4).i64(exportDataOffset);
        } else {
            b.i32(4).i32(exportDataOffset);
        }
        b.i32(0).i32(0).i32(0).guid(0x500).i32(0);
        if (ue4 >= 365) {
            b.i32(1);
        }
        if (ue4 >= 485) {
            b.i32(1);
        }
        if (ue4 >= 507) {
            b.i32(0).i32(1).i32(0).i32(0).i32(0);
        }
        starts[3] = b.size();
        b.i32(0);
        starts[4] = b.size();
        if (ue4 >= 384) {
            if (ue4 >= 514) {
                b.i32(1).i32(0);
            } else {
                b.str("/Game/Other");
            }
        }
        starts[5] = b.size();
        if (ue4 >= 510) {
            b.i32(0);
        }
        starts[6] = b.size();
        b.i32(0);
        starts[7] = b.size();
        b.i32(0);
        starts[8] = b.size();
        if (ue4 >= 507) {
            b.i32(-1);
        }
        starts[9] = b.size();
        return b.get();
    }

    /** Builds a single-file package: summary, tables, 4 bytes of export data, the end tag. */
    static byte[] build(int legacy, int ue4, boolean cooked) {
        int[] starts = new int[10];
        Layout zero = new Layout(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        int summarySize = summary(legacy, ue4, cooked, zero).length;
        byte[] probe = tables(ue4, cooked, 0, zero, starts);
        int header = summarySize + probe.length;
        Layout l = new Layout(summarySize + starts[0], summarySize + starts[1], summarySize + starts[2],
                summarySize + starts[3], ue4 >= 384 ? summarySize + starts[4] : 0, ue4 >= 510 ? summarySize + starts[5] : 0,
                summarySize + starts[6], summarySize + starts[7], ue4 >= 507 ? summarySize + starts[8] : 0, header,
                header + 4);
        Bytes all = new Bytes();
        byte[] sum = summary(legacy, ue4, cooked, l);
        all.out.write(sum, 0, sum.length);
        byte[] t = tables(ue4, cooked, header, l, starts);
        all.out.write(t, 0, t.length);
        all.i32(0x0BADF00D).i32(0x9E2A83C1);
        return all.get();
    }

    @ParameterizedTest(name = "legacy {0}, UE4 version {1}, cooked {2}")
    @CsvSource({"-2, 342, false", "-3, 352, false", "-4, 385, false", "-5, 451, false", "-6, 482, false",
        "-6, 505, true", "-7, 510, false", "-7, 513, true", "-7, 514, false", "-7, 516, false", "-7, 518, false",
        "-7, 519, false", "-7, 522, false"})
    void readsAndRewritesEveryLegacyLayout(int legacy, int ue4, boolean cooked) {
        byte[] bytes = build(legacy, ue4, cooked);
        AssetPackage p = AssetPackage.read(bytes, null, "synthetic.uasset", null);
        PackageFileSummary s = p.summary();
        assertThat(s.legacyFileVersion().value()).isEqualTo(legacy);
        assertThat(s.legacyFileVersion().customVersionFormat()).isEqualTo(legacy == -2 ? CustomVersionContainer.Format.ENUMS
                : legacy >= -5 ? CustomVersionContainer.Format.GUIDS : CustomVersionContainer.Format.OPTIMIZED);
        assertThat(s.customVersions().versions()).hasSize(1);
        assertThat(s.customVersions().versions().get(0).version()).isEqualTo(legacy == -2 ? 3 : 4);
        assertThat(s.fileVersionUE4()).isEqualTo(ue4);
        assertThat(s.packageName().text()).isEqualTo("/Game/Test");
        assertThat(s.legacyUE3Version()).isEqualTo(legacy == -4 ? 0 : 864);
        assertThat(p.names().entries()).extracting(NameEntry::text).containsExactly("None", "/Script/Engine", "Test");
        assertThat(p.importInfos()).containsExactly(new AssetPackage.ImportInfo(0, "Test", "Test",
                "/Script/Engine", 0, false));
        assertThat(p.exportInfos()).hasSize(1);
        AssetPackage.ExportInfo e = p.exportInfos().get(0);
        assertThat(e.objectName()).isEqualTo("Test");
        assertThat(e.className()).isEqualTo("Test");
        assertThat(e.serialSize()).isEqualTo(4);
        assertThat(e.serialOffset()).isEqualTo(s.totalHeaderSize());
        assertThat(p.export(0).rawData()).containsExactly(0x0D, 0xF0, 0xAD, 0x0B);
        assertThat(p.export(0).entry().notAlwaysLoadedForEditorGame()).isTrue();
        if (ue4 >= 384) {
            assertThat(p.softPackageReferences()).hasSize(1);
            SoftPackageReference ref = p.softPackageReferences().get(0);
            assertThat(ue4 >= 514 ? p.name(ref.name()) : ref.path().text()).isEqualTo(ue4 >= 514 ? "/Script/Engine" : "/Game/Other");
        }
        if (!cooked && ue4 >= 518) {
            assertThat(s.persistentGuid()).isNotNull();
            assertThat(s.ownerPersistentGuid() != null).isEqualTo(ue4 < 520);
        }
        assertThat(s.chunkIds()).containsExactly(7);
        assertThat(p.toBytes().header()).isEqualTo(bytes);
        assertThat(legacy >= -7 || s.legacyFileVersion().atLeast(LegacyFileVersion.UE5_VERSION)).isTrue();
    }
}
