/**
 * {@code ResourceCache}: open containers, package stores and other loaded resources shared between
 * requests, leased and evicted by size; its statistics are {@code cache_stats}.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: codecs.*.
 */
package io.uassetd.daemon.cache;
