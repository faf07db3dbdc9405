package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.content.PropertyParser;
import static org.assertj.core.api.Assertions.assertThat;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.SerialLayout;
import io.uassetd.codecs.asset.version.EngineVersion;
import org.junit.jupiter.api.Test;

/**
 * A hand edit of the .uexp: a string property of the first of several exports made longer, the
 * .uasset left as it was (every size and the following offsets stale). The serial layout repair,
 * probing where the following exports' properties read, finds that they moved and writes the same
 * package our editor writes for that edit.
 */
class SerialLayoutEditTest {
    private static final String FILE = "uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset";

    @Test
    void grownExportMovesTheFollowingOnes() {
        AssetPackage pkg = PropertyFixtures.open(FILE);
        AssetPackage.Bytes original = pkg.toBytes();
        PropertyParser.contentOf(pkg, pkg.export(0), null).editor(pkg).set("ImportedFilePath", "D:/somewhere/much/longer/than/before/Sk.apx");
        AssetPackage.Bytes edited = pkg.toBytes();
        long d = edited.exports().length - original.exports().length;
        assertThat(d).isNotZero();

        SerialLayout.Result r = SerialLayout.repair(original.header(), edited.exports(), "SK_Inner_Female1.uasset",
                EngineVersion.UE4_18, PropertyParser.propertiesProbe(null));
        assertThat(r.fixes()).isNotEmpty();
        assertThat(r.fixes().get(0).exportIndex()).isZero();
        assertThat(r.fixes().get(0).difference()).isEqualTo(d);
        assertThat(r.fixes().subList(1, r.fixes().size())).allSatisfy(f -> {
            assertThat(f.newOffset() - f.oldOffset()).isEqualTo(d);
            assertThat(f.difference()).isZero();
        });
        AssetPackage.Bytes fixed = r.pkg().toBytes();
        assertThat(java.util.Arrays.mismatch(fixed.header(), edited.header())).as("first differing header byte").isEqualTo(-1);
        assertThat(java.util.Arrays.mismatch(fixed.exports(), edited.exports())).as("first differing .uexp byte").isEqualTo(-1);
    }
}
