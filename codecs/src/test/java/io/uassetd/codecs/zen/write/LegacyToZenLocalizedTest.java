package io.uassetd.codecs.zen.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.Fixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Localized packages (/Game/L10N/culture/...) name their source package. */
class LegacyToZenLocalizedTest {

    @Test
    void localizedPathsSplit() {
        assertThat(LocalizedName.of("/Game/L10N/fr/UI/Menu")).isEqualTo(new LocalizedName("/Game/UI/Menu", "fr"));
        assertThat(LocalizedName.of("/MyPlugin/l10n/de-DE/Sub/Asset")).isEqualTo(new LocalizedName("/MyPlugin/Sub/Asset", "de-DE"));
        assertThat(LocalizedName.of("/Game/UI/Menu")).isNull();
        assertThat(LocalizedName.of("/Game/L10N/fr")).isNull();
        assertThat(LocalizedName.of("/Game/L10N//Menu")).isNull();
        assertThat(LocalizedName.of("Game/L10N/fr/Menu")).isNull();
    }

    @Test
    void ue4LocalizedPackageNamesItsSourceAndHashesExportsUnderIt() throws Exception {
        AssetPackage legacy = AssetPackage.open(Fixtures.path("retoc/UE4.27/TestModUI.uasset"), EngineVersion.UE4_27);
        ZenTarget ue427 = ZenTarget.of(EngineVersion.UE4_27);
        ZenConversion plain = LegacyToZen.convert(legacy, null, ue427, Map.of());
        String localizedName = "/Game/L10N/fr/_AssemblyStorm/TestMod/TestModUI";
        ZenConversion fr = LegacyToZen.convert(legacy, localizedName, ue427, Map.of());
        ZenPackage p = fr.model();
        assertThat(p.packageName()).isEqualTo(localizedName);
        assertThat(p.name(p.ue4Summary().sourceName())).isEqualTo("/Game/_AssemblyStorm/TestMod/TestModUI");
        assertThat(p.ue4Summary().sourceName()).isEqualTo(plain.model().ue4Summary().sourceName());
        assertThat(fr.packageId()).isEqualTo(Hashes.cityHash64LowerUtf16(localizedName));
        assertThat(fr.sourcePackageName()).isEqualTo("/Game/_AssemblyStorm/TestMod/TestModUI");
        assertThat(fr.culture()).isEqualTo("fr");
        assertThat(p.exportMap().stream().map(ExportMapEntry::publicExportHash).toList())
                .isEqualTo(plain.model().exportMap().stream().map(ExportMapEntry::publicExportHash).toList());
        assertThat(plain.sourcePackageName()).isNull();
        assertThat(plain.culture()).isNull();
    }

    @Test
    void ue5LocalizedPackageKeepsPackageRelativeHashes() throws Exception {
        AssetPackage legacy = AssetPackage.open(Fixtures.path("retoc/UE5.4/BP_Table_Lamp.uasset"), EngineVersion.UE5_4);
        ZenTarget ue54 = ZenTarget.of(EngineVersion.UE5_4);
        ZenConversion plain = LegacyToZen.convert(legacy, ue54);
        ZenConversion de = LegacyToZen.convert(legacy, "/Game/L10N/de/Billiards/Blueprints/BP_Table_Lamp", ue54, Map.of());
        assertThat(de.culture()).isEqualTo("de");
        assertThat(de.sourcePackageName()).isEqualTo("/Game/Billiards/Blueprints/BP_Table_Lamp");
        assertThat(de.model().packageName()).isEqualTo("/Game/L10N/de/Billiards/Blueprints/BP_Table_Lamp");
        assertThat(de.model().exportMap()).isEqualTo(plain.model().exportMap());
    }
}
