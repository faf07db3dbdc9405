/**
 * The Java client: starts or connects to a daemon, sends typed requests ({@code Actions}, generated
 * from {@code capabilities}), receives replies and progress.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: protocol.
 */
package io.uassetd.client;
