package io.uassetd.codecs.asset.property.classdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.SerialLayout;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.FormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Damaged class data never crashes: a string table whose entry count is absurd, or random bytes
 * flipped in it, is kept raw with a note saying why, and the package still writes back byte for
 * byte; a serial layout whose export lies past the data is a clear format error.
 */
class ClassDataBadInputTest {
    /** Items.uasset: the entry count follows the 8-byte None terminator, the GUID flag and the "Items" namespace. */
    private static final int COUNT_AT = 8 + 4 + 4 + 6;

    private static AssetPackage items(byte[] exports) {
        AssetPackage pkg = ClassDataFixtures.legacy("uassetapi/TestJson/Items.uasset", EngineVersion.UE4_23);
        AssetPackage.Bytes b = pkg.toBytes();
        return AssetPackage.read(b.header(), exports == null ? b.exports() : exports, "Items.uasset", EngineVersion.UE4_23);
    }

    @Test
    void absurdEntryCountIsKeptRaw() {
        byte[] uexp = items(null).toBytes().exports().clone();
        ByteBuffer.wrap(uexp).order(ByteOrder.LITTLE_ENDIAN).putInt(COUNT_AT, 0x7FFFFFF0);
        AssetPackage pkg = items(uexp);
        PackageProperties all = PropertyParser.parseAll(pkg, null);
        PackageProperties.Result r = all.result(0);
        assertThat(r.content()).isNotNull();
        assertThat(r.content().classData()).isNull();
        assertThat(r.fallbacks()).anySatisfy(f -> assertThat(f).contains("StringTable").contains("Implausible string table entry count"));
        all.apply();
        assertThat(pkg.toBytes().exports()).isEqualTo(uexp);
    }

    @Test
    void randomDamageNeverEscapesAsAnythingButRawData() {
        byte[] good = items(null).toBytes().exports();
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            byte[] bad = good.clone();
            for (int k = 0; k < 3; k++) {
                bad[COUNT_AT + random.nextInt(400)] = (byte) random.nextInt(256);
            }
            AssetPackage pkg = items(bad);
            try {
                PackageProperties all = PropertyParser.parseAll(pkg, null);
                all.apply();
                assertThat(pkg.toBytes().exports()).isEqualTo(bad);
            } catch (FormatException expected) {
                // a damaged property list is a format error naming where; anything else fails the test
            }
        }
    }

    @Test
    void exportPastTheDataIsAFormatError() {
        AssetPackage pkg = items(null);
        AssetPackage.Bytes b = pkg.toBytes();
        byte[] shortUexp = java.util.Arrays.copyOf(b.exports(), 100);
        assertThatThrownBy(() -> SerialLayout.repair(b.header(), shortUexp, "Items.uasset", EngineVersion.UE4_23, null))
                .isInstanceOf(FormatException.class);
    }
}
