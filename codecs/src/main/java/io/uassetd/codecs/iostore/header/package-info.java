/**
 * The IoStore container header: store entries, localized packages, package redirects and soft package
 * references per {@code ContainerHeaderVersion}; the name batches ({@code NameBatch}, {@code MappedName})
 * that container headers, script objects and Zen packages share.
 *
 * <p>On-disk structures owned: FIoContainerHeader.
 *
 * <p>May depend on: codecs.error, codecs.io, codecs.hash, codecs.iostore.internal.
 */
package io.uassetd.codecs.iostore.header;
