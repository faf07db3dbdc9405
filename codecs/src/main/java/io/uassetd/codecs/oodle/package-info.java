/**
 * A pure-Java decoder for Oodle Data streams made by the Kraken, Mermaid, Selkie and Leviathan
 * compressors, so Unreal containers compressed with Oodle can be read without the proprietary
 * native library. Entry point: {@link io.uassetd.codecs.oodle.OodleDecoder#decompress}.
 *
 * <h2>Layers</h2>
 * <ul>
 *   <li>{@code OodleDecoder}: 256 KiB blocks (2-byte header: codec, stored flag, checksum flag),
 *       quantum headers (compressed size, or a one-byte run), and the 128 KiB chunks of a quantum
 *       (stored, entropy coded as a whole, or LZ coded).</li>
 *   <li>{@code KrakenChunk}, {@code MermaidChunk} (also Selkie), {@code LeviathanChunk}: one class per
 *       LZ format, turning decoded streams (literals, commands, offsets, lengths) into output.</li>
 *   <li>{@code EntropyDecoder}: the byte-block layer the LZ formats build their streams from:
 *       stored, tANS ({@code TansBlock}), Huffman with 3 or 6 interleaved streams
 *       ({@code HuffmanBlock}, alphabets read by {@code CodeLengths}), run-length
 *       ({@code RleBlock}), and recursive blocks, including multi-arrays ({@code MultiArray}).</li>
 *   <li>{@code OffsetLengthCoder}: the extra bits of Kraken and Leviathan offsets and long lengths,
 *       read from both ends of the chunk tail with {@code MsbBitReader}.</li>
 * </ul>
 *
 * <h2>Safety</h2>
 * Every size, count, offset and length read from the stream is checked against the buffers it
 * addresses before use; failures throw {@link io.uassetd.codecs.error.CorruptDataException} with the
 * offset in the compressed input. Scratch memory is sized from the chunk size (at most 128 KiB per
 * stream) and kept per thread between calls. Word-sized copies only run where the whole word lies
 * inside the chunk being written, and bit readers over entropy data read from zero-padded copies.
 *
 * <p>Written from the public descriptions of the format; no code from other decoders is used.
 *
 * <p>May depend on: codecs.error.
 */
package io.uassetd.codecs.oodle;
