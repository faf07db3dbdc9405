/**
 * The one-shot CLI (commands and options from the action specs), its human-readable renderer and
 * {@code batch} (JSON lines from a shell pipeline).
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.action, daemon.services, protocol.
 */
package io.uassetd.daemon.cli;
