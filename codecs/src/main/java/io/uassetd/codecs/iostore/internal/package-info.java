/**
 * Bit helpers internal to the IoStore packages.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: Nothing but the JDK.
 */
package io.uassetd.codecs.iostore.internal;
