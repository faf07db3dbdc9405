package io.uassetd.codecs.datatable;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.testkit.Fixtures;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.asset.property.classdata.ClassDataFixtures;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.function.Supplier;

/** The DataTables of the fixture sets, each with the mappings it needs. */
final class DataTableFixtures {
    /** One table: a name for the test, the package, its mappings (null for tagged data). */
    record Table(String label, EngineVersion engine, Supplier<AssetPackage> pkg, Supplier<Usmap> mappings) {
        /** The package's file name (its last word). */
        String fileName() {
            return label.substring(label.lastIndexOf(' ') + 1) + ".uasset";
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private DataTableFixtures() {
    }

    static List<Table> all() {
        return List.of(
                new Table("UE5.8 legacy tagged DT_AllProperties", EngineVersion.UE5_8,
                        () -> PropertyFixtures.legacyPak(PropertyFixtures.LEGACY_PAKS.get(0)).get("DataTables/DT_AllProperties"), () -> null),
                new Table("UE5.8 legacy unversioned DT_AllProperties", EngineVersion.UE5_8,
                        () -> PropertyFixtures.legacyPak(PropertyFixtures.LEGACY_PAKS.get(4)).get("DataTables/DT_AllProperties"),
                        PropertyFixtures::legacyPakMappings),
                new Table("UE5.8 Zen tagged DT_Overrides", EngineVersion.UE5_8, () -> ClassDataFixtures.zen("Tagged", "/Game/Fixtures/DataTables/DT_Overrides"),
                        () -> null),
                new Table("UE5.8 Zen unversioned DT_Overrides", EngineVersion.UE5_8,
                        () -> ClassDataFixtures.zen("Unversioned", "/Game/Fixtures/DataTables/DT_Overrides"), ClassDataFixtures::ue58Mappings),
                new Table("UE5.8 Zen unversioned DT_AllProperties", EngineVersion.UE5_8,
                        () -> ClassDataFixtures.zen("Unversioned", "/Game/Fixtures/DataTables/DT_AllProperties"), ClassDataFixtures::ue58Mappings),
                new Table("UE4.18 PB_DT_RandomizerRoomCheck", EngineVersion.UE4_18,
                        () -> AssetPackage.open(Fixtures.path("uassetapi/TestManyAssets/Bloodstained/PB_DT_RandomizerRoomCheck.uasset"),
                                EngineVersion.UE4_18), () -> null),
                new Table("UE5.1 unversioned NewDataTable", EngineVersion.UE5_1,
                        () -> AssetPackage.open(Fixtures.path("uassetapi/TestUE5_1/UnderlyingEnumTypes/NewDataTable.uasset"), EngineVersion.UE5_1),
                        () -> Usmap.load(Fixtures.path("uassetapi/TestUE5_1/UnderlyingEnumTypes/UnderlyingEnumTypes.usmap"), Codecs.standard())),
                json("DT_ThrowLights"), json("DT_Moria_ZoneFilters"), json("DT_Moria_Chapters"));
    }

    /** A UAssetGUI JSON table (UE4.27, no binary twin) written as a package by uassetd. */
    private static Table json(String name) {
        return new Table("UE4.27 UAssetGUI " + name, EngineVersion.UE4_27, () -> {
            try {
                byte[] json = Files.readAllBytes(Fixtures.path("uassetgui-json/" + name + ".json"));
                AssetPackage.Bytes b = UAssetJson.fromTree(UAssetJson.parse(json, name + ".uasset"), name + ".uasset").toBytes();
                return AssetPackage.read(b.header(), b.exports(), name + ".uasset", EngineVersion.UE4_27);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, () -> null);
    }
}
