/**
 * The action framework: {@code ActionSpec}/{@code FieldSpec} (name, fields, CLI form), {@code
 * ActionHandler}, {@code Args}, {@code ActionRegistry}, {@code Dispatcher} and the mapping of codec
 * exceptions to protocol error codes.
 *
 * <p>On-disk structures owned: None.
 *
 * <p>May depend on: protocol, daemon.services, daemon.cache, codecs.error and codecs.asset.version
 * (engine field).
 */
package io.uassetd.daemon.action;
