package io.uassetd.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a byte stream into lines ({@code \n}, with an optional {@code \r} before it), decoding
 * each as strict UTF-8. A line longer than the limit is skipped to its end and reported as an
 * error, as is a line that is not valid UTF-8; the stream goes on with the next line. Not
 * thread-safe: one reader thread owns it.
 */
public final class LineReader {
    /** 64 MiB: the longest request line accepted. */
    public static final int DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

    /** One line: its text, or why it could not be read. */
    public record Line(String text, String error, long number) {
        public boolean ok() {
            return error == null;
        }
    }

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int limit;
    private boolean eof;
    private byte[] line = new byte[8 * 1024];
    private long lineNumber;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    public LineReader(InputStream in) {
        this(in, DEFAULT_MAX_LINE_BYTES);
    }

    public LineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** The next line, or null at end of stream. Blank lines are returned too (empty text). */
    public Line next() throws IOException {
        int len = 0;
        boolean tooLong = false;
        boolean sawAny = false;
        while (true) {
            if (pos == limit) {
                if (eof || !fill()) {
                    if (!sawAny) {
                        return null;
                    }
                    break; // last line without a newline
                }
            }
            sawAny = true;
            int start = pos;
            int nl = -1;
            for (int i = pos; i < limit; i++) {
                if (buf[i] == '\n') {
                    nl = i;
                    break;
                }
            }
            int end = nl < 0 ? limit : nl;
            int n = end - start;
            if (!tooLong) {
                if ((long) len + n > maxLineBytes) {
                    tooLong = true;
                    line = new byte[8 * 1024]; // release a huge buffer
                } else {
                    ensure(len + n);
                    System.arraycopy(buf, start, line, len, n);
                    len += n;
                }
            }
            pos = nl < 0 ? limit : nl + 1;
            if (nl >= 0) {
                break;
            }
        }
        lineNumber++;
        if (tooLong) {
            return new Line(null, "Request line " + lineNumber + " is longer than the limit of " + maxLineBytes + " bytes", lineNumber);
        }
        if (len > 0 && line[len - 1] == '\r') {
            len--;
        }
        try {
            CharBuffer cb = decoder.reset().decode(ByteBuffer.wrap(line, 0, len));
            String s = cb.toString();
            if (line.length > 1024 * 1024) {
                line = new byte[8 * 1024];
            }
            return new Line(s, null, lineNumber);
        } catch (CharacterCodingException e) {
            return new Line(null, "Request line " + lineNumber + " is not valid UTF-8", lineNumber);
        }
    }

    private void ensure(int n) {
        if (n > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(maxLineBytes, Math.max(n, (long) line.length * 2)));
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            eof = true;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }
}
