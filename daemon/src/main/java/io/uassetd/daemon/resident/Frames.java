package io.uassetd.daemon.resident;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The front-end's wire format (docs/server.md): frames of a one-byte type, a four-byte big-endian
 * payload length and the payload. Strings in a payload are a four-byte big-endian length and UTF-8
 * (any bytes: arguments and environment values are passed as the client has them).
 */
public final class Frames {
    private Frames() {
    }

    /** The version of this format; a request of another version is answered with {@link #FALLBACK}. */
    public static final int VERSION = 1;
    /** Largest payload accepted (a command line with its environment is far smaller). */
    public static final int MAX_PAYLOAD = 16 << 20;

    /** Client to server: the command (version, build id, folder, arguments, environment). */
    public static final byte REQUEST = 'R';
    /** Client to server: Ctrl-C; cancel the running command. */
    public static final byte CANCEL = 'C';
    /** Client (a newer server) to server: finish the running commands and exit. */
    public static final byte QUIT = 'Q';
    /** Server to client: bytes for stdout. */
    public static final byte STDOUT = '1';
    /** Server to client: bytes for stderr. */
    public static final byte STDERR = '2';
    /** Server to client: the exit status (four bytes); the last frame. */
    public static final byte EXIT = 'X';
    /** Server to client: not served here (the reason as text); run the command in-process. The last frame. */
    public static final byte FALLBACK = 'F';

    /** One frame read. */
    public record Frame(byte type, byte[] payload) {
    }

    /** Reads one frame; null at a clean end of stream before its first byte. */
    public static Frame read(ReadableByteChannel ch) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(5);
        if (!fill(ch, head, true)) {
            return null;
        }
        head.flip();
        byte type = head.get();
        int len = head.getInt();
        if (len < 0 || len > MAX_PAYLOAD) {
            throw new IOException("frame of " + Integer.toUnsignedString(len) + " bytes (at most " + MAX_PAYLOAD + ")");
        }
        ByteBuffer body = ByteBuffer.allocate(len);
        fill(ch, body, false);
        return new Frame(type, body.array());
    }

    private static boolean fill(ReadableByteChannel ch, ByteBuffer b, boolean endOk) throws IOException {
        boolean first = true;
        while (b.hasRemaining()) {
            int n = ch.read(b);
            if (n < 0) {
                if (first && endOk && b.position() == 0) {
                    return false;
                }
                throw new EOFException("connection closed inside a frame");
            }
            first = false;
        }
        return true;
    }

    /** Writes one frame (whole: callers writing from several threads synchronize on the channel). */
    public static void write(WritableByteChannel ch, byte type, byte[] payload, int off, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(5 + len);
        b.put(type).putInt(len).put(payload, off, len).flip();
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    public static byte[] exitPayload(int status) {
        return ByteBuffer.allocate(4).putInt(status).array();
    }

    /** The fields of a {@link #REQUEST} frame. */
    public record Request(int version, String buildId, String cwd, List<String> args, List<String> env) {
        public static Request parse(byte[] payload) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(payload);
            try {
                int version = b.getInt();
                if (version != VERSION) {
                    return new Request(version, "", "", List.of(), List.of());
                }
                String build = string(b);
                String cwd = string(b);
                List<String> args = strings(b);
                List<String> env = strings(b);
                return new Request(version, build, cwd, args, env);
            } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
                throw new IOException("malformed request frame");
            }
        }

        public byte[] encode() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteBuffer v = ByteBuffer.allocate(4).putInt(version);
            out.writeBytes(v.array());
            put(out, buildId);
            put(out, cwd);
            putAll(out, args);
            putAll(out, env);
            return out.toByteArray();
        }

        private static void putAll(ByteArrayOutputStream out, List<String> list) {
            out.writeBytes(ByteBuffer.allocate(4).putInt(list.size()).array());
            list.forEach(s -> put(out, s));
        }

        private static void put(ByteArrayOutputStream out, String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
            out.writeBytes(bytes);
        }

        private static List<String> strings(ByteBuffer b) {
            int n = b.getInt();
            if (n < 0 || n > b.remaining() / 4) {
                throw new IllegalArgumentException("count");
            }
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(string(b));
            }
            return out;
        }

        private static String string(ByteBuffer b) {
            int n = b.getInt();
            if (n < 0 || n > b.remaining()) {
                throw new IllegalArgumentException("length");
            }
            byte[] s = new byte[n];
            b.get(s);
            return new String(s, StandardCharsets.UTF_8);
        }
    }
}
