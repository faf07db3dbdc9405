package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.uassetd.codecs.asset.core.FGuid;
import org.junit.jupiter.api.Test;

class JsonNamesTest {
    @Test
    void guidsAreWrittenInUnrealsOrderAndReadBack() {
        FGuid g = new FGuid(0x375EC13C, 0x06E448FB, 0xB50084F0, 0x262A717E);
        assertThat(JsonNames.guid(g)).isEqualTo("{375EC13C-06E4-48FB-B500-84F0262A717E}");
        assertThat(JsonNames.guid(new FGuid(0, 0, 0, 0))).isEqualTo("{00000000-0000-0000-0000-000000000000}");
        FGuid all = new FGuid(-1, 0x80000001, 0x7FFFFFFF, 0xA);
        assertThat(JsonNames.guid(all)).isEqualTo("{FFFFFFFF-8000-0001-7FFF-FFFF0000000A}");
        for (FGuid x : new FGuid[] {g, all}) {
            assertThat(JsonNames.guid(new JsonIn(TextNode.valueOf(JsonNames.guid(x)), "$.G", "test"))).isEqualTo(x);
        }
        assertThat(JsonNames.guid((FGuid) null)).isNull();
    }
}
