/**
 * Texture packages: a Texture2D's platform data, mips and where each lives (inline, .ubulk, optional bulk data, virtual textures), extraction to images, injection from an image and mip stripping.
 */
package io.uassetd.codecs.texture.asset;
