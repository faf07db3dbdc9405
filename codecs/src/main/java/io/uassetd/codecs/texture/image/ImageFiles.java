package io.uassetd.codecs.texture.image;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.TextureDecoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads and writes image files: PNG, TGA, BMP, DDS (decoded: top mip of the first slice), OpenEXR and
 * Radiance HDR. Files are recognised by their magic (TGA, which has none, by its extension). Writing
 * picks the format from the extension and goes through {@link AtomicOutput}.
 */
public final class ImageFiles {
    /** Image files larger than this are refused (they would not fit one Java array of pixels). */
    public static final long MAX_FILE_BYTES = 1L << 30;

    private ImageFiles() {
    }

    /** Reads and decodes an image file. */
    public static Image read(Path file) {
        byte[] data = readBytes(file);
        ImageFileFormat byExt = ImageFileFormat.fromPath(file);
        return decode(data, file.toString(), byExt);
    }

    /** Decodes the bytes of an image file; {@code hint} (may be null) is used when the magic says nothing. */
    public static Image decode(byte[] data, String name, ImageFileFormat hint) {
        ImageFileFormat f = ImageFileFormat.sniff(data, hint);
        if (f == null) {
            throw new UnsupportedVersionException("Not a PNG, TGA, BMP, DDS, EXR or HDR image", name, 0, "image header");
        }
        switch (f) {
            case PNG:
                return Png.read(data, name);
            case TGA:
                return Tga.read(data, name);
            case BMP:
                return Bmp.read(data, name);
            case EXR:
                return Exr.read(data, name);
            case HDR:
                return RadianceHdr.read(data, name);
            default: {
                Dds.DdsImage dds = Dds.read(data, name);
                // the top mip decodes to 4 bytes a pixel (16 for HDR formats): admitted before it is decoded
                MemoryBudget.admit((long) dds.width() * dds.height() * (dds.format().isHdr() ? 16 : 4), "DDS " + dds.format().name() + " "
                        + dds.width() + "x" + dds.height() + " decoded", name, 12, "DDS_HEADER");
                return TextureDecoder.decode(dds.format(), dds.mip(0), 0, dds.width(), dds.height());
            }
        }
    }

    /**
     * The file bytes of {@code image} in {@code format}: PNG is 16-bit for RGBA16 images and 8-bit
     * otherwise (float images tone-clamped to [0, 1]); TGA and BMP are 8-bit; EXR and HDR keep floats.
     * DDS is written by {@link Dds#write} from the original blocks, not here.
     */
    public static byte[] encode(Image image, ImageFileFormat format) {
        switch (format) {
            case PNG:
                return image.kind() == Image.Kind.RGBA16 ? Png.write16(image) : Png.write8(image);
            case TGA:
                return Tga.write(image);
            case BMP:
                return Bmp.write(image);
            case EXR:
                return Exr.write(image);
            case HDR:
                return RadianceHdr.write(image);
            default:
                throw new UnsupportedVersionException("DDS files are written from pixel blocks (Dds.write), not from an image");
        }
    }

    /** Writes {@code image} to {@code file} in the format of its extension, atomically. */
    public static void write(Path file, Image image) {
        ImageFileFormat f = ImageFileFormat.fromPath(file);
        if (f == null) {
            throw new UnsupportedVersionException("Unknown image extension: " + file.getFileName()
                    + " (use .png, .tga, .bmp, .exr or .hdr)");
        }
        AtomicOutput.write(file, encode(image, f));
    }

    static byte[] readBytes(Path file) {
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new CorruptDataException("Image file of " + size + " bytes is larger than the "
                        + MAX_FILE_BYTES + "-byte limit", file.toString(), 0, "image file");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
