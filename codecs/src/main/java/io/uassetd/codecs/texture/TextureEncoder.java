package io.uassetd.codecs.texture;

import io.uassetd.codecs.error.UnsupportedVersionException;

import java.util.EnumSet;
import java.util.Set;

/**
 * Encodes an {@link Image} to the pixel data of one surface in a given {@link PixelFormat}, laid out as
 * the engine stores it (blocks row by row, {@link PixelFormat#mipSize(int, int)} bytes). The image is
 * converted as needed (float images are clamped for LDR formats; 8-bit images are scaled for float
 * formats); single-channel formats take the red channel, two-channel formats red and green. Formats
 * without an encoder raise {@link UnsupportedVersionException} naming the format. Thread-safe.
 */
public final class TextureEncoder {
    private TextureEncoder() {
    }

    private static final Set<PixelFormat> RAW = EnumSet.of(
            PixelFormat.PF_B8G8R8A8, PixelFormat.PF_R8G8B8A8, PixelFormat.PF_G8, PixelFormat.PF_L8, PixelFormat.PF_R8,
            PixelFormat.PF_A8, PixelFormat.PF_R8G8, PixelFormat.PF_G16, PixelFormat.PF_R16G16B16A16_UNORM,
            PixelFormat.PF_A16B16G16R16, PixelFormat.PF_R16F, PixelFormat.PF_R16F_FILTER, PixelFormat.PF_FloatRGBA,
            PixelFormat.PF_R32_FLOAT, PixelFormat.PF_A32B32G32R32F);

    private static final Set<PixelFormat> BLOCK = EnumSet.of(
            PixelFormat.PF_DXT1, PixelFormat.PF_DXT5, PixelFormat.PF_BC4, PixelFormat.PF_BC5, PixelFormat.PF_BC7,
            PixelFormat.PF_BC6H);

    /** Whether {@link #encode} supports {@code format}. */
    public static boolean canEncode(PixelFormat format) {
        return RAW.contains(format) || (BLOCK.contains(format) && BlockEncoders.available(format));
    }

    /** Encodes with {@link EncodeOptions#DEFAULT}. */
    public static byte[] encode(PixelFormat format, Image image) {
        return encode(format, image, EncodeOptions.DEFAULT);
    }

    /** The pixel data of {@code image} in {@code format}. */
    public static byte[] encode(PixelFormat format, Image image, EncodeOptions options) {
        if (!canEncode(format)) {
            throw new UnsupportedVersionException("No encoder for pixel format " + format.name()
                    + " (encodable: " + encodable() + ")", null, -1, format.name());
        }
        if (RAW.contains(format)) {
            return RawEncode.encode(format, image);
        }
        return BlockEncoders.encode(format, image, options);
    }

    /** The formats {@link #encode} supports, comma-separated, for messages and capability lists. */
    public static String encodable() {
        StringBuilder sb = new StringBuilder();
        for (PixelFormat f : PixelFormat.values()) {
            if (canEncode(f)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(f.name());
            }
        }
        return sb.toString();
    }
}
