/**
 * The IoStore container header: store entries, localized packages, package redirects and soft package
 * references per {@code ContainerHeaderVersion}.
 *
 * <p>On-disk structures owned: FIoContainerHeader.
 *
 * <p>Family: codecs.iostore.* (one slice of the cycle check: IoStoreContainer and PackageStore use the TOC,
 * header and script-objects packages, which use IoChunkId, MappedName, NameBatch and the container back; see
 * docs/architecture.md).
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash, codecs.iostore.*.
 */
package io.uassetd.codecs.iostore.header;
