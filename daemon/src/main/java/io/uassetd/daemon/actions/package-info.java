/**
 * {@code Actions}: the registry of every action handler, in blocks per format.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.action and the daemon.actions.* packages.
 */
package io.uassetd.daemon.actions;
