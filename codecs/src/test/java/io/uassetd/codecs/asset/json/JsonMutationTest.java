package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Edited JSON that no longer describes a valid package (a value replaced by another type, a number
 * changed, a field or element removed; seeded, 300 mutations per fixture) is either read or refused
 * with a {@link JsonFormatException}: never another exception, a hang or a half-built result.
 */
class JsonMutationTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"uassetapi/TestJson/Items.uasset", "retoc/UE5.5/BP_ThirdPersonCharacter.uasset",
        "unrealmodding/ue5/PublicHousingPlot_Root.umap"})
    void mutatedJsonIsReadOrRefusedClearly(String relative) {
        AssetPackage pkg = PropertyFixtures.open(relative);
        Usmap usmap = pkg.hasUnversionedProperties() ? PropertyFixtures.usmapFor(relative) : null;
        JsonNode original = UAssetJson.parse(UAssetJson.toJson(pkg, usmap), pkg.name());
        List<JsonNode> containers = new ArrayList<>();
        collect(original, containers);
        Random random = new Random(relative.hashCode());
        int refused = 0;
        for (int i = 0; i < 300; i++) {
            JsonNode copy = original.deepCopy();
            List<JsonNode> nodes = new ArrayList<>();
            collect(copy, nodes);
            mutate((ContainerNode<?>) nodes.get(random.nextInt(nodes.size())), random);
            try {
                UAssetJson.toPackageBytes(copy, pkg.name());
            } catch (JsonFormatException e) {
                refused++;
                assertThat(e.getMessage()).contains("$");
            }
        }
        assertThat(refused).as("mutations of %s refused (of 300)", relative).isPositive();
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode() && n.size() > 0) {
            out.add(n);
            n.forEach(c -> collect(c, out));
        }
    }

    private static void mutate(ContainerNode<?> c, Random random) {
        JsonNode replacement = switch (random.nextInt(5)) {
            case 0 -> F.textNode("x");
            case 1 -> F.numberNode(random.nextInt(2000) - 1000);
            case 2 -> F.nullNode();
            case 3 -> F.arrayNode();
            default -> F.numberNode(Long.MAX_VALUE);
        };
        boolean remove = random.nextInt(4) == 0;
        if (c instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String field = names.get(random.nextInt(names.size()));
            if (remove) {
                o.remove(field);
            } else {
                o.set(field, replacement);
            }
        } else if (c instanceof ArrayNode a) {
            int i = random.nextInt(a.size());
            if (remove) {
                a.remove(i);
            } else {
                a.set(i, replacement);
            }
        }
    }
}
