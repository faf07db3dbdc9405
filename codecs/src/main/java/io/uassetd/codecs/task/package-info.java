/**
 * {@code TaskMonitor}: progress and cancellation for long operations.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs.error.
 */
package io.uassetd.codecs.task;
