package io.uassetd.codecs.asset.niagara;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.testkit.NiagaraTestSystem;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data interfaces of NiagaraSystems: NS_Fixture as converted from the CUE4Parse containers
 * (tagged and unversioned; it has a texture interface only), and NS_Fixture extended with one
 * export per curve and array interface kind (see {@link NiagaraTestSystem}).
 */
class NiagaraSystemAssetTest {
    @TempDir
    static Path dir;
    static Path system;

    @BeforeAll
    static void build() {
        system = NiagaraTestSystem.write(dir.resolve("built"));
    }

    static AssetPackage open(Path p) {
        return AssetPackage.open(p, EngineVersion.UE5_8);
    }

    @Test
    void theConvertedFixtureIsANiagaraSystemWithoutCurveOrArrayInterfaces() {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Path p = ZenLegacyFixtures.convert(flavour, "/Game/Fixtures/Effects/NS_Fixture", dir.resolve(flavour));
            AssetPackage pkg = open(p);
            Usmap usmap = flavour.equals("Unversioned") ? Usmap.load(ZenLegacyFixtures.usmap(), io.uassetd.codecs.compression.Codecs.standard()) : null;
            NiagaraSystemAsset ns = NiagaraSystemAsset.open(pkg, usmap);
            assertThat(ns.interfaces()).as(flavour).isEmpty();
            assertThat(ns.otherInterfaces()).singleElement().satisfies(o -> {
                assertThat(o.exportIndex()).isZero();
                assertThat(o.className()).isEqualTo("NiagaraDataInterfaceTexture");
                assertThat(o.emitter()).isNull();
            });
            assertThat(pkg.className(pkg.exports().get(0))).isEqualTo("NiagaraDataInterfaceTexture");
            assertThatThrownBy(() -> ns.at(0)).isInstanceOf(NiagaraException.class)
                    .hasMessageContaining("NiagaraDataInterfaceTexture").hasMessageContaining("not a curve or array data interface");
            assertThatThrownBy(() -> NiagaraColorEditor.apply(ns, ColorEdit.all(1, 0, 0, 1)))
                    .isInstanceOf(NiagaraException.class).hasMessageContaining("no colour curve");
        }
    }

    @Test
    void everyInterfaceKindIsReadWithItsEmitterSizesAndTimes() {
        NiagaraSystemAsset ns = NiagaraSystemAsset.open(open(system), null);
        assertThat(ns.interfaces()).extracting(NiagaraDataInterface::exportIndex).containsExactly(
                NiagaraTestSystem.COLOR_GLOW, NiagaraTestSystem.COLOR_ALPHA, NiagaraTestSystem.VECTOR_CURVE,
                NiagaraTestSystem.FLOAT_CURVE, NiagaraTestSystem.VECTOR2D_CURVE, NiagaraTestSystem.ARRAY_COLOR,
                NiagaraTestSystem.ARRAY_FLOAT, NiagaraTestSystem.ARRAY_FLOAT3, NiagaraTestSystem.ARRAY_INT32);
        assertThat(ns.interfaces()).extracting(NiagaraDataInterface::entryCount).containsExactly(8, 4, 5, 6, 3, 3, 4, 2, 3);
        assertThat(ns.interfaces()).extracting(NiagaraDataInterface::kind).containsExactly(NiagaraInterfaceKind.COLOR_CURVE,
                NiagaraInterfaceKind.COLOR_CURVE, NiagaraInterfaceKind.VECTOR_CURVE, NiagaraInterfaceKind.CURVE,
                NiagaraInterfaceKind.VECTOR2D_CURVE, NiagaraInterfaceKind.ARRAY_COLOR, NiagaraInterfaceKind.ARRAY_FLOAT,
                NiagaraInterfaceKind.ARRAY_FLOAT3, NiagaraInterfaceKind.ARRAY_INT32);
        NiagaraDataInterface glow = ns.at(NiagaraTestSystem.COLOR_GLOW);
        assertThat(glow.emitter()).isEqualTo("Fire");
        assertThat(glow.exportName()).isEqualTo("NiagaraDataInterfaceColorCurve_Glow");
        assertThat(glow.valueCount()).isEqualTo(32);
        assertThat(glow.minTime()).isEqualTo(0.0);
        assertThat(glow.maxTime()).isEqualTo(2.0);
        float[] expected = NiagaraTestSystem.glow();
        for (int i = 0; i < expected.length; i++) {
            assertThat(glow.value(i)).isEqualTo(expected[i]);
        }
        NiagaraDataInterface scale = ns.at(NiagaraTestSystem.FLOAT_CURVE);
        assertThat(scale.minTime()).isEqualTo(0.5);
        assertThat(scale.maxTime()).isEqualTo(3.0);
        assertThat(ns.at(NiagaraTestSystem.ARRAY_FLOAT).emitter()).isNull();
        assertThat(ns.at(NiagaraTestSystem.ARRAY_FLOAT).minTime()).isNull();
        assertThat(ns.at(NiagaraTestSystem.ARRAY_COLOR).entry(2)).containsExactly(0, 0, 4, 1);
        assertThat(ns.at(NiagaraTestSystem.ARRAY_FLOAT3).entry(1)[2]).isEqualTo((double) 0.6f);
        assertThat(ns.at(NiagaraTestSystem.ARRAY_INT32).values()).containsExactly(7, 8, 9);
    }

    @Test
    void theUnversionedSystemReadsAndEditsLikeTheTaggedOne() {
        Path unversioned = NiagaraTestSystem.writeUnversioned(dir.resolve("unversioned"));
        Usmap usmap = Usmap.load(ZenLegacyFixtures.usmap(), io.uassetd.codecs.compression.Codecs.standard());
        AssetPackage pkg = open(unversioned);
        assertThat(pkg.hasUnversionedProperties()).isTrue();
        AssetPackage.Bytes before = pkg.toBytes();
        NiagaraSystemAsset ns = NiagaraSystemAsset.open(pkg, usmap);
        NiagaraSystemAsset tagged = NiagaraSystemAsset.open(open(system), null);
        assertThat(ns.interfaces()).hasSameSizeAs(tagged.interfaces());
        for (int i = 0; i < ns.interfaces().size(); i++) {
            NiagaraDataInterface u = ns.interfaces().get(i);
            NiagaraDataInterface t = tagged.interfaces().get(i);
            assertThat(u.kind()).isEqualTo(t.kind());
            assertThat(u.emitter()).isEqualTo(t.emitter());
            assertThat(u.values()).as(u.exportName()).containsExactly(t.values());
            assertThat(u.minTime()).isEqualTo(t.minTime());
            assertThat(u.maxTime()).isEqualTo(t.maxTime());
        }
        assertThat(pkg.toBytes().exports()).isEqualTo(before.exports());
        NiagaraColorEditor.apply(ns, new ColorEdit(0.25, 0.5, 0.75, 1, NiagaraTestSystem.ARRAY_COLOR, null, 1, null, null,
                true, true, true, false));
        Path out = dir.resolve("unversioned-edited/NS_Fixture.uasset");
        pkg.write(out);
        byte[] after = open(out).toBytes().exports();
        assertThat(after).hasSameSizeAs(before.exports());
        int differing = 0;
        for (int i = 0; i < after.length; i += 4) {
            differing += java.util.Arrays.equals(after, i, i + 4, before.exports(), i, i + 4) ? 0 : 1;
        }
        assertThat(differing).isEqualTo(3);
        assertThat(NiagaraSystemAsset.open(open(out), usmap).at(NiagaraTestSystem.ARRAY_COLOR).entry(1))
                .containsExactly(0.25, 0.5, 0.75, 0.5);
    }

    @Test
    void readingWithoutEditingWritesBackByteForByte() {
        AssetPackage pkg = open(system);
        AssetPackage.Bytes before = pkg.toBytes();
        NiagaraSystemAsset.open(pkg, null);
        assertThat(pkg.exports().get(NiagaraTestSystem.COLOR_GLOW).content()).isNotNull();
        AssetPackage.Bytes after = pkg.toBytes();
        assertThat(after.header()).isEqualTo(before.header());
        assertThat(after.exports()).isEqualTo(before.exports());
    }

    @Test
    void aRangeEditChangesExactlyThoseFloatsAndSurvivesWriteAndReread() throws Exception {
        AssetPackage pkg = open(system);
        List<Object> viewsBefore = views(pkg);
        byte[] uexpBefore = pkg.toBytes().exports();
        NiagaraSystemAsset ns = NiagaraSystemAsset.open(pkg, null);
        ColorEdit edit = new ColorEdit(0, 10, 0, 0.25, NiagaraTestSystem.COLOR_GLOW, null, null, 2, 4, true, true, true, false);
        NiagaraEditResult r = NiagaraColorEditor.apply(ns, edit);
        assertThat(r.exports()).singleElement().satisfies(t -> {
            assertThat(t.exportIndex()).isEqualTo(NiagaraTestSystem.COLOR_GLOW);
            assertThat(t.firstIndex()).isEqualTo(2);
            assertThat(t.lastIndex()).isEqualTo(4);
        });
        // red is 1 and blue 0 already: only red (set to 0) and green (set to 10) change in entries 2..4
        assertThat(r.colorsChanged()).isEqualTo(3);
        assertThat(r.valuesChanged()).isEqualTo(6);
        Path out = dir.resolve("edited/NS_Fixture.uasset");
        pkg.write(out);

        AssetPackage back = open(out);
        byte[] uexpAfter = back.toBytes().exports();
        assertThat(uexpAfter).hasSameSizeAs(uexpBefore);
        List<Integer> differingWords = new ArrayList<>();
        for (int i = 0; i < uexpAfter.length; i++) {
            if (uexpAfter[i] != uexpBefore[i] && !differingWords.contains(i / 4)) {
                differingWords.add(i / 4);
            }
        }
        assertThat(differingWords).hasSizeLessThanOrEqualTo(6);
        NiagaraDataInterface glow = NiagaraSystemAsset.open(back, null).at(NiagaraTestSystem.COLOR_GLOW);
        float[] original = NiagaraTestSystem.glow();
        for (int i = 0; i < original.length; i++) {
            int entry = i / 4;
            int channel = i % 4;
            boolean edited = entry >= 2 && entry <= 4 && channel <= 1;
            double expected = edited ? (channel == 0 ? 0.0 : 10.0) : original[i];
            assertThat(glow.value(i)).as("value %d", i).isEqualTo((float) expected);
        }
        List<Object> viewsAfter = views(open(out));
        for (int e = 0; e < viewsBefore.size(); e++) {
            if (e != NiagaraTestSystem.COLOR_GLOW) {
                assertThat(viewsAfter.get(e)).as("export %d", e).isEqualTo(viewsBefore.get(e));
            }
        }
        assertThat(viewsAfter.get(NiagaraTestSystem.COLOR_GLOW)).isNotEqualTo(viewsBefore.get(NiagaraTestSystem.COLOR_GLOW));
    }

    private static List<Object> views(AssetPackage pkg) {
        List<Object> out = new ArrayList<>();
        for (Export e : pkg.exports()) {
            out.add(PropertyParser.parse(pkg, e, null).propertyRows(pkg).toString());
        }
        return out;
    }

    @Test
    void nameFilterSingleIndexChannelsAndRawEdits() {
        NiagaraSystemAsset ns = NiagaraSystemAsset.open(open(system), null);
        ColorEdit alphaOnly = new ColorEdit(0, 0, 0, 0.5, null, "alpha", 1, null, null, false, false, false, true);
        NiagaraEditResult r = NiagaraColorEditor.apply(ns, alphaOnly);
        assertThat(r.exports()).extracting(NiagaraEditResult.Touched::exportIndex).containsExactly(NiagaraTestSystem.COLOR_ALPHA);
        assertThat(ns.at(NiagaraTestSystem.COLOR_ALPHA).entry(1)).containsExactly(1, 1, 1, 0.5);
        // with no target every colour curve and colour array is edited
        NiagaraEditResult all = NiagaraColorEditor.apply(ns, ColorEdit.all(0.5, 0.5, 0.5, 1));
        assertThat(all.exports()).extracting(NiagaraEditResult.Touched::exportIndex).containsExactly(
                NiagaraTestSystem.COLOR_GLOW, NiagaraTestSystem.COLOR_ALPHA, NiagaraTestSystem.ARRAY_COLOR);
        // a vector curve takes R, G, B as X, Y, Z
        NiagaraColorEditor.apply(ns, new ColorEdit(9, 8, 7, 6, NiagaraTestSystem.VECTOR_CURVE, null, 0, null, null, true, true, true, true));
        assertThat(ns.at(NiagaraTestSystem.VECTOR_CURVE).entry(0)).containsExactly(9, 8, 7);
        double[] lut = new double[6];
        java.util.Arrays.fill(lut, 2.5);
        NiagaraColorEditor.applyRaw(ns, NiagaraTestSystem.FLOAT_CURVE, lut, null);
        assertThat(ns.at(NiagaraTestSystem.FLOAT_CURVE).values()).containsOnly(2.5);
        NiagaraEditResult raw = NiagaraColorEditor.applyRaw(ns, NiagaraTestSystem.ARRAY_INT32, null, new double[][] {{1}, {8}, {3}});
        assertThat(raw.valuesChanged()).isEqualTo(2);
        assertThat(ns.at(NiagaraTestSystem.ARRAY_INT32).values()).containsExactly(1, 8, 3);
    }

    @Test
    void badEditsAreRefusedBeforeAnythingChanges() {
        AssetPackage pkg = open(system);
        byte[] before = pkg.toBytes().exports();
        NiagaraSystemAsset ns = NiagaraSystemAsset.open(pkg, null);
        assertThatThrownBy(() -> NiagaraColorEditor.apply(ns, new ColorEdit(1, 1, 1, 1, NiagaraTestSystem.COLOR_GLOW, null,
                null, 5, 8, true, true, true, true))).isInstanceOf(NiagaraException.class).hasMessageContaining("5..8")
                .hasMessageContaining("8 entries");
        assertThatThrownBy(() -> NiagaraColorEditor.apply(ns, new ColorEdit(1, 1, 1, 1, NiagaraTestSystem.SYSTEM, null,
                null, null, null, true, true, true, true))).isInstanceOf(NiagaraException.class).hasMessageContaining("NiagaraSystem");
        assertThatThrownBy(() -> NiagaraColorEditor.apply(ns, new ColorEdit(1, 1, 1, 1, NiagaraTestSystem.FLOAT_CURVE, null,
                null, null, null, true, true, true, true))).isInstanceOf(NiagaraException.class).hasMessageContaining("not a colour");
        assertThatThrownBy(() -> NiagaraColorEditor.apply(ns, new ColorEdit(1, 1, 1, 1, 99, null,
                null, null, null, true, true, true, true))).isInstanceOf(NiagaraException.class).hasMessageContaining("outside");
        assertThatThrownBy(() -> NiagaraColorEditor.applyRaw(ns, NiagaraTestSystem.COLOR_GLOW, new double[3], null))
                .isInstanceOf(NiagaraException.class).hasMessageContaining("holds 32 values");
        assertThat(pkg.toBytes().exports()).isEqualTo(before);
        Path sm = ZenLegacyFixtures.convert("Tagged", "/Game/Fixtures/Meshes/SM_Fixture", dir.resolve("sm"));
        assertThatThrownBy(() -> NiagaraSystemAsset.open(open(sm), null)).isInstanceOf(NiagaraException.class)
                .hasMessageContaining("not a NiagaraSystem");
    }

    @Test
    void previewIsAGradientStripOverACheckerboard() throws Exception {
        NiagaraSystemAsset ns = NiagaraSystemAsset.open(open(system), null);
        Path png = dir.resolve("preview/glow.png");
        NiagaraPreview.write(ns.at(NiagaraTestSystem.COLOR_GLOW), png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(256);
        assertThat(img.getHeight()).isEqualTo(NiagaraPreview.HEIGHT);
        // entry 0 is opaque red (1, 0, 0, 1); entry 7 is (1, 1, 0, 0.3) over the checkerboard
        assertThat(img.getRGB(0, 0) & 0xFFFFFF).isEqualTo(0xFF0000);
        int last = img.getRGB(240, 0) & 0xFFFFFF;
        assertThat(last >> 16).isEqualTo((int) Math.round(255 * 0.3 + 0xCC * 0.7) & 0xFF);
        assertThat(Files.list(png.getParent())).hasSize(1);
    }
}
