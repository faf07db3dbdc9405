/**
 * Helpers for handlers: extraction into an output folder, key parsing, output paths, parallel work,
 * snake_case field names.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.action, daemon.services, daemon.cache, protocol, codecs.*.
 */
package io.uassetd.daemon.util;
