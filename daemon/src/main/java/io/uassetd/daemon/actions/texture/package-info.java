/**
 * Texture actions: texture info, extraction and previews, injection, inline-data checks and mip stripping, single and batched.
 */
package io.uassetd.daemon.actions.texture;
