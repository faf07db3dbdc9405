package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.testkit.ZenLegacyFixtures;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.testkit.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every package of the UE5.8 Tagged container, converted to legacy, goes to UAssetAPI JSON and back
 * to the same bytes, SK_Fixture (whose SkeletalMeshAreaWeightedTriangleSampler holds float and int arrays) included.
 */
class ConvertedPackagesJsonTest {

    @Test
    void everyConvertedUe58TaggedPackageRoundTripsThroughJson() {
        List<String> done = new ArrayList<>();
        try (PackageStore store = ZenLegacyFixtures.store("Tagged")) {
            for (long id : store.packageIds()) {
                LegacyOutput out = ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                AssetPackage.Bytes bytes = out.asset().toBytes();
                AssetPackage legacy = AssetPackage.read(bytes.header(), bytes.exports(), out.relativePath(), EngineVersion.UE5_8);
                byte[] json = UAssetJson.toJson(legacy, null);
                AssetPackage.Bytes back = UAssetJson.fromJson(json, out.relativePath()).toBytes();
                assertThat(back.header()).as(out.packageName()).isEqualTo(bytes.header());
                assertThat(back.exports()).as(out.packageName()).isEqualTo(bytes.exports());
                done.add(out.packageName());
            }
        }
        assertThat(done).hasSize(97).contains("/Game/Fixtures/Meshes/SK_Fixture");
    }
}
