package io.uassetd.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestReplyTest {
    private static JsonNode json(String s) throws Exception {
        return Json.mapper().readTree(s);
    }

    @Test
    void parsesEnvelopeAndKeepsOtherFields() throws Exception {
        Request r = Request.fromJson(json("{\"action\":\"list_pak\",\"id\":\"a1\",\"progress\":true,\"file_path\":\"x.pak\",\"filter_patterns\":[\"*.uasset\"]}"));
        assertThat(r.action()).isEqualTo("list_pak");
        assertThat(r.id().textValue()).isEqualTo("a1");
        assertThat(r.progress()).isTrue();
        assertThat(r.fields()).containsOnlyKeys("file_path", "filter_patterns");
        assertThat(r.field("file_path").textValue()).isEqualTo("x.pak");
        assertThatThrownBy(() -> r.fields().put("x", IntNode.valueOf(1))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void requestIsACopyOfItsSource() throws Exception {
        ObjectNode src = (ObjectNode) json("{\"action\":\"a\",\"obj\":{\"k\":1}}");
        Request r = Request.fromJson(src);
        ((ObjectNode) src.get("obj")).put("k", 2);
        assertThat(r.field("obj").get("k").intValue()).isEqualTo(1);
        assertThat(r.toJson().toString()).isEqualTo("{\"action\":\"a\",\"obj\":{\"k\":1}}");
    }

    @Test
    void badEnvelopesAreRejectedWithCodes() {
        assertThatThrownBy(() -> Request.fromJson(json("[1]")))
                .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PARSE_ERROR));
        assertThatThrownBy(() -> Request.fromJson(json("{\"id\":3}")))
                .isInstanceOfSatisfying(ProtocolException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.id().intValue()).isEqualTo(3);
                    assertThat(e.getMessage()).isEqualTo("Missing field 'action'");
                });
        assertThatThrownBy(() -> Request.fromJson(json("{\"action\":5}")))
                .isInstanceOf(ProtocolException.class).hasMessage("Field 'action' must be a string");
        assertThatThrownBy(() -> Request.fromJson(json("{\"action\":\"a\",\"id\":{}}")))
                .isInstanceOf(ProtocolException.class).hasMessage("Field 'id' must be a string or an integer");
        assertThatThrownBy(() -> Request.fromJson(json("{\"action\":\"a\",\"progress\":\"yes\"}")))
                .isInstanceOf(ProtocolException.class).hasMessage("Field 'progress' must be a boolean");
    }

    @Test
    void replySerializesInUassetToolShapeWithExtensionsOnlyWhenSet() throws Exception {
        String ok = Json.mapper().writeValueAsString(Reply.ok(null, "done", null, List.of()));
        assertThat(ok).isEqualTo("{\"success\":true,\"message\":\"done\",\"data\":null}");
        String fail = Json.mapper().writeValueAsString(Reply.failure(IntNode.valueOf(4), "bad",
                new ErrorInfo(ErrorCode.CORRUPT_DATA, "a.pak", 16L, "PakInfo"), List.of("w")));
        assertThat(fail).isEqualTo("{\"id\":4,\"success\":false,\"message\":\"bad\",\"data\":null,"
                + "\"error\":{\"code\":\"CORRUPT_DATA\",\"file\":\"a.pak\",\"offset\":16,\"structure\":\"PakInfo\"},\"warnings\":[\"w\"]}");
        Reply back = Json.mapper().readValue(fail, Reply.class);
        assertThat(back.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(back.error().offset()).isEqualTo(16L);
        assertThat(back.warnings()).containsExactly("w");
        String ev = Json.mapper().writeValueAsString(ProgressEvent.progress(IntNode.valueOf(4), 1, 3, "a"));
        assertThat(ev).isEqualTo("{\"id\":4,\"event\":\"progress\",\"done\":1,\"total\":3,\"item\":\"a\"}");
    }

    @Test
    void duplicateIdRejectionCarriesNoIdAndIsAnEvent() throws Exception {
        String line = Json.mapper().writeValueAsString(DuplicateIdRejection.of(IntNode.valueOf(7)));
        assertThat(line).isEqualTo("{\"event\":\"rejected\",\"duplicate_id\":7,\"success\":false,"
                + "\"message\":\"A request with id 7 is already in flight; this request was not run\",\"data\":null,"
                + "\"error\":{\"code\":\"DUPLICATE_ID\"}}");
        JsonNode n = Json.mapper().readTree(line);
        assertThat(n.has("id")).isFalse();
        assertThat(n.has("event")).isTrue();
    }

    @Test
    void replyInvariantsHold() {
        assertThatThrownBy(() -> new Reply(null, true, "m", null, ErrorInfo.of(ErrorCode.INTERNAL), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Reply(null, false, "m", null, null, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
