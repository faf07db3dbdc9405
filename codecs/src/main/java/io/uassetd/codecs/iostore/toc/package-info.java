/**
 * The .utoc: header per {@code TocVersion}, chunk ids ({@code IoChunkId}, {@code IoChunkType}) and
 * offsets, compression blocks, directory index, perfect hash, signatures and metadata; reader and writer.
 *
 * <p>On-disk structures owned: FIoStoreTocHeader and every TOC table.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash, codecs.crypto, codecs.iostore.internal.
 */
package io.uassetd.codecs.iostore.toc;
