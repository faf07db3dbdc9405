/**
 * The .utoc: header per {@code TocVersion}, chunk ids and offsets, compression blocks, directory
 * index, perfect hash, signatures and metadata; reader and writer.
 *
 * <p>On-disk structures owned: FIoStoreTocHeader and every TOC table.
 *
 * <p>Family: codecs.iostore.* (one slice of the cycle check: IoStoreContainer and PackageStore use the TOC,
 * header and script-objects packages, which use IoChunkId, MappedName, NameBatch and the container back; see
 * docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash, codecs.crypto, codecs.iostore.*.
 */
package io.uassetd.codecs.iostore.toc;
