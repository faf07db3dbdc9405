/**
 * The texture actions (get_texture_info, extract_texture_png, inject_texture, strip_mipmaps_native,
 * has_inline_texture_data, texture_preview and their batch_ forms): one handler class per action with
 * its spec; the work is done by codecs.texture.asset and codecs.texture.
 *
 * <p>On-disk structures owned: None; the formats live in codecs.
 *
 * <p>May depend on: daemon.action, daemon.services, daemon.cache, daemon.util, codecs.*, protocol,
 * daemon.actions.asset.
 */
package io.uassetd.daemon.actions.texture;
