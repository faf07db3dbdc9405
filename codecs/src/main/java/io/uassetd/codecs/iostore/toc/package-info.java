/**
 * The .utoc: header per {@code TocVersion}, chunk ids and offsets, compression blocks, directory
 * index, perfect hash, signatures and metadata; reader and writer.
 *
 * <p>On-disk structures owned: FIoStoreTocHeader and every TOC table.
 *
 * <p>May depend on: codecs.io, codecs.hash, codecs.crypto, codecs.error.
 */
package io.uassetd.codecs.iostore.toc;
