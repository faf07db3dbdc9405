package io.uassetd.codecs.asset.property.classdata;

import static org.assertj.core.api.Assertions.assertThat;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.json.compact.CompactJson;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.usmap.Usmap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FNiagaraVariableBase, FNiagaraVariable and FNiagaraVariableWithOffset, which UE5 serializes
 * natively (the name, then the FNiagaraTypeDefinition their handle refers to as a property list,
 * then VarData or Offset), on CUE4Parse's UE5.8 NS_Fixture in both cooks: every export parses with
 * no value kept raw (before, the script exports failed in the unversioned cook and kept 12 values
 * raw in the tagged one), the values are the stored ones, and the package writes back byte for
 * byte, also through both JSON forms.
 */
class NiagaraVariableStructsTest {

    @ParameterizedTest
    @ValueSource(strings = {"Tagged", "Unversioned"})
    void niagaraVariablesParse(String flavour) {
        AssetPackage pkg = ClassDataFixtures.zen(flavour, "/Game/Fixtures/Effects/NS_Fixture");
        Usmap usmap = ClassDataFixtures.mappingsFor(flavour);
        AssetPackage.Bytes original = pkg.toBytes();
        PackageProperties all = PropertyParser.parseAll(pkg, usmap);
        assertThat(all.results()).hasSize(4).allSatisfy(r -> {
            assertThat(r.error()).isNull();
            assertThat(r.fallbacks()).isEmpty();
        });
        all.apply();
        assertThat(pkg.toBytes().header()).isEqualTo(original.header());
        assertThat(pkg.toBytes().exports()).isEqualTo(original.exports());

        Property vm = all.result(1).content().properties().properties().stream().filter(p -> p.name(pkg).equals("CachedScriptVM"))
                .findFirst().orElseThrow();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> attributes = (List<Map<String, Object>>) ((Map<String, Object>) vm.value().view(pkg)).get("Attributes");
        assertThat(attributes.get(0)).containsEntry("Name", "Emitter.RandomSeed");
        assertThat(((Map<?, ?>) attributes.get(0).get("TypeDef")).get("ClassStructOrEnum")).isEqualTo("/Script/Niagara.NiagaraInt32");
        assertThat(attributes.get(1)).containsEntry("Name", "System.Age");
        assertThat(((Map<?, ?>) attributes.get(1).get("TypeDef")).get("ClassStructOrEnum")).isEqualTo("/Script/Niagara.NiagaraFloat");

        AssetPackage fresh = ClassDataFixtures.zen(flavour, "/Game/Fixtures/Effects/NS_Fixture");
        byte[] json = UAssetJson.toJson(fresh, usmap);
        AssetPackage.Bytes back = UAssetJson.toPackageBytes(UAssetJson.parse(json, fresh.name()), fresh.name());
        assertThat(back.header()).isEqualTo(original.header());
        assertThat(back.exports()).isEqualTo(original.exports());

        JsonNode compact = CompactJson.write(ClassDataFixtures.zen(flavour, "/Game/Fixtures/Effects/NS_Fixture"), usmap);
        JsonNode script = compact.get(1);
        assertThat(script.has("ReadError")).isFalse();
        assertThat(script.get("Properties").get("CachedScriptVM").get("Attributes").get(0).get("Name").asText())
                .isEqualTo("Emitter.RandomSeed");
    }
}
