/**
 * The action framework: {@code ActionSpec}/{@code FieldSpec} (name, fields, CLI form), {@code
 * ActionHandler}, {@code Args}, {@code ActionRegistry}, {@code Dispatcher} and the mapping of codec
 * exceptions to protocol error codes.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: daemon.services, daemon.cache, protocol, codecs.error, codecs.task, codecs.asset,
 * codecs.asset.version.
 */
package io.uassetd.daemon.action;
