/**
 * The resident server behind one-shot commands (docs/server.md): a process per user and build that
 * the native front-end {@code uassetd-front} hands each command line to over a Unix domain socket in
 * a private folder, so that commands run at warm speed with the output, exit codes, progress and
 * Ctrl-C of an in-process run.
 *
 * <p>On-disk structures owned: the runtime folder's {@code BUILD.sock}, {@code BUILD.lock},
 * {@code BUILD.pid} and {@code BUILD.log} (docs/server.md).
 *
 * <p>May depend on: daemon.cli, daemon.action, daemon.actions, daemon.services, protocol.
 */
package io.uassetd.daemon.resident;
