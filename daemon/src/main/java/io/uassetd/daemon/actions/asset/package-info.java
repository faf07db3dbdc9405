/**
 * The asset actions: one handler class per action with its spec; README's Actions section lists their
 * fields and replies.
 *
 * <p>On-disk structures owned: None; the formats live in codecs.
 *
 * <p>May depend on: daemon.action, daemon.services, daemon.cache, daemon.util, codecs.*, protocol,
 * daemon.actions.usmap, daemon.actions.iostore.
 */
package io.uassetd.daemon.actions.asset;
