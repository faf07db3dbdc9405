/**
 * The process entry points: {@code Main} (daemon or CLI) and {@code Bootstrap} (builds the services,
 * loads native Oodle in the background).
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.*, protocol, codecs.*, nativelib.*.
 */
package io.uassetd.daemon;
