/**
 * Core actions: ping, capabilities, version, cache_stats, cancel, sleep, shutdown, cityhash.
 *
 * <p>On-disk structures owned: None; the formats live in codecs.
 *
 * <p>May depend on: daemon.action, daemon.services, daemon.cache, daemon.util, codecs.*, protocol.
 */
package io.uassetd.daemon.actions.core;
