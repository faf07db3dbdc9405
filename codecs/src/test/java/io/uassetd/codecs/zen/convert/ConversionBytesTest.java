package io.uassetd.codecs.zen.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.ZenLegacyFixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bytes Zen -> legacy makes while it lays the package out ({@link LegacyOutput#bytes()}, what
 * extraction writes) are the bytes of the converted package serialized the long way
 * ({@code asset().toBytes()}), on every Zen package of the UE5.8 containers and the retoc pairs.
 */
class ConversionBytesTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void laidOutBytesAreTheSerializedPackageOnTheUe58Packages(String mode) {
        int n = 0;
        try (PackageStore store = ZenLegacyFixtures.store(mode)) {
            ScriptObjectsDatabase scripts = store.scriptObjects().orElseThrow();
            for (long id : store.packageIds()) {
                LegacyOutput out = ZenToLegacy.convert(store, scripts, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                same(out);
                n++;
            }
        }
        assertThat(n).isEqualTo(97);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"retoc/UE5.4/BP_Table_Lamp,UE5_4", "retoc/UE5.5/BP_ThirdPersonCharacter,UE5_5", "retoc/UE5.5/SM_Cube,UE5_5",
            "retoc/UE5.5/T_Test,UE5_5", "retoc/UE4.27/TestModUI,UE4_27"})
    void laidOutBytesAreTheSerializedPackageOnTheRetocPackages(String base, EngineVersion engine) throws Exception {
        same(io.uassetd.codecs.zen.ZenRetocPairTest.convertPair(base, engine).out());
    }

    private static void same(LegacyOutput out) {
        assertThat(out.bytes()).as(out.packageName()).isNotNull();
        AssetPackage.Bytes want = out.asset().toBytes();
        assertThat(out.bytes().header()).as(out.packageName() + " .uasset").isEqualTo(want.header());
        assertThat(out.bytes().exports()).as(out.packageName() + " .uexp").isEqualTo(want.exports());
    }
}
