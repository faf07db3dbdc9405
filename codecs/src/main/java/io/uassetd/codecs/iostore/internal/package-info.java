/**
 * Bit helpers internal to the IoStore packages.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs.error, codecs.io.
 */
package io.uassetd.codecs.iostore.internal;
