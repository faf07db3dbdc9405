/**
 * The JSON-lines server on stdin/stdout (protocol lines only on stdout, logs on stderr), concurrent
 * requests, progress and cancellation.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.action, daemon.services, protocol.
 */
package io.uassetd.daemon.server;
