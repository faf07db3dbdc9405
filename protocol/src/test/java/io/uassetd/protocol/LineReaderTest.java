package io.uassetd.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineReaderTest {
    private static LineReader reader(byte[] bytes, int max) {
        return new LineReader(new ByteArrayInputStream(bytes), max);
    }

    @Test
    void splitsLinesAndStripsCarriageReturns() throws IOException {
        LineReader r = reader("a\r\n\nbé\nlast".getBytes(StandardCharsets.UTF_8), 100);
        assertThat(r.next().text()).isEqualTo("a");
        assertThat(r.next().text()).isEmpty();
        assertThat(r.next().text()).isEqualTo("bé");
        LineReader.Line last = r.next();
        assertThat(last.text()).isEqualTo("last");
        assertThat(last.number()).isEqualTo(4);
        assertThat(r.next()).isNull();
    }

    @Test
    void tooLongLineIsReportedAndTheNextLineStillReads() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write("x".repeat(300_000).getBytes(StandardCharsets.US_ASCII));
        b.write("\nok\n".getBytes(StandardCharsets.US_ASCII));
        LineReader r = reader(b.toByteArray(), 1000);
        LineReader.Line l = r.next();
        assertThat(l.ok()).isFalse();
        assertThat(l.error()).contains("longer than the limit of 1000 bytes");
        assertThat(r.next().text()).isEqualTo("ok");
        assertThat(r.next()).isNull();
    }

    @Test
    void invalidUtf8IsReportedAndTheNextLineStillReads() throws IOException {
        byte[] bad = {'{', (byte) 0xC3, (byte) 0x28, '}', '\n', 'o', 'k', '\n'};
        LineReader r = reader(bad, 100);
        LineReader.Line l = r.next();
        assertThat(l.ok()).isFalse();
        assertThat(l.error()).contains("not valid UTF-8");
        assertThat(r.next().text()).isEqualTo("ok");
    }

    @Test
    void lineExactlyAtTheLimitIsAccepted() throws IOException {
        LineReader r = reader(("y".repeat(1000) + "\n").getBytes(StandardCharsets.US_ASCII), 1000);
        assertThat(r.next().text()).hasSize(1000);
    }

    @Test
    void writerWritesWholeLines() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LineWriter w = new LineWriter(out);
        w.write(Reply.ok(null, "m\nx", java.util.Map.of("k", "v\n"), java.util.List.of()));
        String s = out.toString(StandardCharsets.UTF_8);
        assertThat(s).isEqualTo("{\"success\":true,\"message\":\"m\\nx\",\"data\":{\"k\":\"v\\n\"}}\n");
    }
}
