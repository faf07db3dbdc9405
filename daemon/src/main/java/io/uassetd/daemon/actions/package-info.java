/**
 * {@code Actions}: the registry of every action handler, in blocks per format.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.action, daemon.actions.*.
 */
package io.uassetd.daemon.actions;
