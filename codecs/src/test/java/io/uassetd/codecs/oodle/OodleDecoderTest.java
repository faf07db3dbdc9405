package io.uassetd.codecs.oodle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.testkit.Fixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OodleDecoderTest {
    private static final int XML_SIZE = 5_345_280;

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @Test
    void krakenBlocksDecodeToTheirBinFiles() throws Exception {
        Path dir = Fixtures.path("oodle/kraken-blocks");
        List<String> lines = OodleStreams.readLines(dir.resolve("vectors.tsv"));
        int checked = 0;
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            byte[] comp = OodleStreams.read(dir.resolve(f[0] + ".kraken"));
            assertThat(comp.length).as(f[0]).isEqualTo(Integer.parseInt(f[2]));
            assertThat(sha256(comp)).as(f[0]).isEqualTo(f[5]);
            byte[] out = new byte[Integer.parseInt(f[3])];
            OodleDecoder.decompress(comp, 0, comp.length, out, 0, out.length);
            assertThat(sha256(out)).as(f[0]).isEqualTo(f[6]);
            assertThat(out).as(f[0]).isEqualTo(OodleStreams.read(dir.resolve(f[0] + ".bin")));
            checked++;
        }
        assertThat(checked).isEqualTo(5);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kraken", "mermaid", "selkie", "leviathan"})
    void xmlStreamsOfEveryCodecDecodeToTheSameBytes(String codec) {
        OodleStreams.Sample kraken = OodleStreams.oozextract("oodle/oozextract/testdata/xml.kraken", null);
        byte[] reference = new byte[XML_SIZE];
        OodleDecoder.decompress(kraken.data(), kraken.offset(), kraken.length(), reference, 0, XML_SIZE);
        OodleStreams.Sample s = OodleStreams.oozextract("oodle/oozextract/testdata/xml." + codec, reference);
        assertThat(OodleStreams.le(s.data(), 0, s.offset())).isEqualTo(XML_SIZE);
        int codecByte = s.data()[s.offset() + 1] & 0x7F;
        assertThat(codecByte).isEqualTo(switch (codec) {
            case "kraken" -> 6;
            case "leviathan" -> 12;
            default -> 10;
        });
        byte[] out = OodleStreams.decode(s);
        assertThat(Arrays.equals(out, reference)).as(codec).isTrue();
        assertThat(new String(out, 0, 64, java.nio.charset.StandardCharsets.ISO_8859_1)).contains("xml");
    }

    @Test
    void xmlDecodesIntoAnOffsetOutputRangeWithoutTouchingItsNeighbours() {
        OodleStreams.Sample s = OodleStreams.oozextract("oodle/oozextract/testdata/xml.selkie", null);
        byte[] plain = new byte[XML_SIZE];
        OodleDecoder.decompress(s.data(), s.offset(), s.length(), plain, 0, XML_SIZE);
        byte[] src = new byte[s.length() + 10];
        System.arraycopy(s.data(), s.offset(), src, 7, s.length());
        byte[] out = new byte[XML_SIZE + 20];
        Arrays.fill(out, (byte) 0x5A);
        OodleDecoder.decompress(src, 7, s.length(), out, 11, XML_SIZE);
        assertThat(Arrays.copyOfRange(out, 11, 11 + XML_SIZE)).isEqualTo(plain);
        assertThat(Arrays.copyOfRange(out, 0, 11)).containsOnly((byte) 0x5A);
        assertThat(Arrays.copyOfRange(out, 11 + XML_SIZE, out.length)).containsOnly((byte) 0x5A);
    }

    @Test
    void leviathanBundleDecodesToItsVerifyFile() {
        String name = "fe5d387ce3be813ae5837a456c537450bdc21e8a80e003170800da84b172fc79";
        byte[] expected = OodleStreams.read(Fixtures.path("oodle/oozextract/verify/" + name));
        OodleStreams.Sample s = OodleStreams.oozextract("oodle/oozextract/testdata/" + name + ".bundle", expected);
        assertThat(s.offset()).isEqualTo(8);
        assertThat(OodleStreams.le(s.data(), 0, 8)).isEqualTo(262_144);
        assertThat(OodleStreams.decode(s)).isEqualTo(expected);
    }

    /** The payload of a usmap: {compression, compressed size, size, payload offset}. */
    private static int[] usmapPayload(byte[] f) {
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getShort() & 0xFFFF).isEqualTo(0x30C4);
        int version = b.get() & 0xFF;
        if (version >= 1) {
            // an Unreal-serialised bool: 4 bytes
            boolean hasVersioning = b.getInt() != 0;
            assertThat(hasVersioning).as("fixture usmaps carry no versioning block").isFalse();
        }
        int compression = b.get() & 0xFF;
        int compSize = b.getInt();
        int size = b.getInt();
        return new int[] {compression, compSize, size, b.position()};
    }

    @Test
    void oodleCompressedUsmapDecodesToTheUncompressedPayload() {
        byte[] plainFile = OodleStreams.read(Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap"));
        byte[] oodleFile = OodleStreams.read(Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap"));
        int[] plain = usmapPayload(plainFile);
        int[] packed = usmapPayload(oodleFile);
        assertThat(plain[0]).isZero();
        assertThat(packed[0]).isEqualTo(1);
        assertThat(packed[2]).isEqualTo(plain[2]).isEqualTo(1_374_968);
        assertThat(packed[3] + packed[1]).isEqualTo(oodleFile.length);
        byte[] expected = Arrays.copyOfRange(plainFile, plain[3], plain[3] + plain[2]);
        byte[] out = new byte[packed[2]];
        OodleDecoder.decompress(oodleFile, packed[3], packed[1], out, 0, out.length);
        assertThat(out).isEqualTo(expected);
    }

    @Test
    void standardCodecsDecompressOodleWithoutTheNativeLibrary() {
        Codecs codecs = Codecs.standard();
        assertThat(codecs.canDecompress(CompressionMethod.OODLE)).isTrue();
        Codec oodle = codecs.get(CompressionMethod.OODLE);
        assertThat(oodle.backend()).contains("pure-Java");
        for (OodleStreams.Sample s : OodleStreams.krakenBlocks()) {
            byte[] out = new byte[s.expected().length];
            oodle.decompress(s.data(), 0, s.data().length, out, 0, out.length);
            assertThat(out).as(s.name()).isEqualTo(s.expected());
        }
    }

    @Test
    void storedAndOneByteRunBlocks() {
        byte[] data = new byte[0x40000 + 100];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + (i >>> 9));
        }
        byte[] stream = new byte[2 + 0x40000 + 2 + 100];
        stream[0] = (byte) 0xCC;
        stream[1] = 0x06;
        System.arraycopy(data, 0, stream, 2, 0x40000);
        stream[2 + 0x40000] = 0x4C;
        stream[3 + 0x40000] = 0x0A;
        System.arraycopy(data, 0x40000, stream, 4 + 0x40000, 100);
        byte[] out = new byte[data.length];
        OodleDecoder.decompress(stream, 0, stream.length, out, 0, out.length);
        assertThat(out).isEqualTo(data);

        byte[] run = {(byte) 0x8C, 0x06, 0x07, (byte) 0xFF, (byte) 0xFF, 0x42};
        byte[] filled = new byte[1000];
        OodleDecoder.decompress(run, 0, run.length, filled, 0, filled.length);
        byte[] expected = new byte[1000];
        Arrays.fill(expected, (byte) 0x42);
        assertThat(filled).isEqualTo(expected);

        byte[] quantumStored = {(byte) 0x8C, 0x0C, 0x00, 0x00, 0x03, 1, 2, 3, 4};
        byte[] four = new byte[4];
        OodleDecoder.decompress(quantumStored, 0, quantumStored.length, four, 0, 4);
        assertThat(four).containsExactly(1, 2, 3, 4);
    }

    @Test
    void quantumChecksumsAreSkipped() {
        for (OodleStreams.Sample s : OodleStreams.krakenBlocks()) {
            byte[] c = s.data();
            byte[] withSum = new byte[c.length + 3];
            System.arraycopy(c, 0, withSum, 0, 5);
            withSum[1] |= (byte) 0x80;
            withSum[5] = 0x12;
            withSum[6] = 0x34;
            withSum[7] = 0x56;
            System.arraycopy(c, 5, withSum, 8, c.length - 5);
            byte[] out = new byte[s.expected().length];
            OodleDecoder.decompress(withSum, 0, withSum.length, out, 0, out.length);
            assertThat(out).as(s.name()).isEqualTo(s.expected());
        }
    }

    @Test
    void corruptHeadersNameTheOffset() {
        byte[] out = new byte[100];
        assertThatThrownBy(() -> OodleDecoder.decompress(new byte[] {0x12, 0x06, 0, 0}, 0, 4, out, 0, 100))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("offset 0");
        assertThatThrownBy(() -> OodleDecoder.decompress(new byte[] {(byte) 0x8C, 0x05, 0, 0}, 0, 4, out, 0, 100))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("offset 1").hasMessageContaining("codec 5");
        assertThatThrownBy(() -> OodleDecoder.decompress(new byte[] {9, (byte) 0x8C, 0x06}, 1, 2, out, 0, 100))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("offset 2")
                .hasMessageContaining("quantum header");
        assertThatThrownBy(() -> OodleDecoder.decompress(new byte[0], 0, 0, out, 0, 100))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("block header");
        OodleDecoder.decompress(new byte[0], 0, 0, out, 0, 0);
    }

    @Test
    void truncatedStreamsAreCorrupt() {
        for (OodleStreams.Sample s : OodleStreams.krakenBlocks()) {
            byte[] out = new byte[s.expected().length];
            for (int cut : new int[] {1, 2, 5, s.length() / 2, s.length() - 1}) {
                assertThatThrownBy(() -> OodleDecoder.decompress(s.data(), 0, cut, out, 0, out.length))
                        .as(s.name() + " cut to " + cut).isInstanceOf(CorruptDataException.class);
            }
        }
    }
}
