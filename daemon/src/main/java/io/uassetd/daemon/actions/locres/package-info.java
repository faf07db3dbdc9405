/**
 * Localization actions: parse_locres, parse_locmeta, locres_to_json, json_to_locres, edit_locres.
 */
package io.uassetd.daemon.actions.locres;
