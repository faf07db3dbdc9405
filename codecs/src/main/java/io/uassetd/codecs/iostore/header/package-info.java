/**
 * The IoStore container header: store entries, localized packages, package redirects and soft package
 * references per {@code ContainerHeaderVersion}.
 *
 * <p>On-disk structures owned: FIoContainerHeader.
 *
 * <p>May depend on: codecs.io, codecs.error, codecs.iostore.scriptobjects.
 */
package io.uassetd.codecs.iostore.header;
