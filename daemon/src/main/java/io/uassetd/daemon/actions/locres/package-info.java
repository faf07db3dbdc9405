/**
 * The LocRes actions (parse_locres, parse_locmeta, locres_to_json, json_to_locres, edit_locres):
 * one handler class per action with its spec; the work is done by codecs.locres.
 *
 * <p>On-disk structures owned: None; the formats live in codecs.
 *
 * <p>May depend on: daemon.action, daemon.services, daemon.cache, daemon.util, codecs.*, protocol.
 */
package io.uassetd.daemon.actions.locres;
