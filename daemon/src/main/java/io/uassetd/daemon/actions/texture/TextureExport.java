package io.uassetd.daemon.actions.texture;

import java.nio.ByteBuffer;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.texture.DecodeOptions;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureImages;
import io.uassetd.codecs.texture.image.ImageFileFormat;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Turning a texture into an image file: the options of the extract actions, and the writing. */
final class TextureExport {
    private TextureExport() {
    }

    /** What to write. */
    record Options(int mip, Integer slice, boolean strip, ImageFileFormat format, Boolean reconstructZ) {
        static Options of(Args args) {
            String f = args.string("format");
            ImageFileFormat format = ImageFileFormat.fromExtension(f == null || f.isBlank() ? "png" : f);
            if (format == null) {
                throw ActionException.invalid("Field 'format': unknown image format '" + f + "' (png, tga, bmp, dds, exr, hdr)");
            }
            long mip = args.integer("mip_index");
            Integer slice = args.has("face") ? Integer.valueOf((int) args.integer("face"))
                    : args.has("slice_index") ? Integer.valueOf((int) args.integer("slice_index")) : null;
            Boolean z = args.has("reconstruct_z") ? args.bool("reconstruct_z") : null;
            return new Options((int) mip, slice, args.bool("strip"), format, z);
        }
    }

    /** One file written. */
    public record Written(String file_path, String output_path, String name, int width, int height, String pixel_format, int mip_count,
            int mip_index, int slice_index, int slices, boolean strip, String format, long size) {
    }

    /** The output file: {@code out} itself when it names a file with an extension, else {@code out/<texture>.<ext>}. */
    static Path target(Path pkgFile, Path out, String name, ImageFileFormat format, boolean forceDir) {
        String file = name + "." + format.extension();
        if (out == null) {
            Path dir = pkgFile.toAbsolutePath().getParent();
            return dir.resolve(file);
        }
        if (forceDir || Files.isDirectory(out) || out.toString().endsWith("/") || out.toString().endsWith("\\")
                || ImageFileFormat.fromPath(out) == null) {
            return out.resolve(file);
        }
        return out;
    }

    /** Decodes what the options select and writes it atomically to {@code target}. */
    static Written write(Path pkgFile, TextureAsset t, Options o, Path target) throws Exception {
        return TextureSupport.guard(() -> {
            PixelFormat pf = TextureImages.format(t);
            int mipCount = t.data().isVirtual() ? t.data().virtualInfo().numMips() : t.data().mips().size();
            byte[] bytes;
            int width;
            int height;
            int slices = 1;
            int slice = o.slice() == null ? 0 : o.slice();
            if (o.format() == ImageFileFormat.DDS) {
                if (t.data().isVirtual()) {
                    throw ActionException.invalid("A virtual texture has no mip chain to copy into a DDS; write png, tga, bmp, exr or hdr");
                }
                bytes = TextureImages.dds(t);
                width = t.data().mips().get(0).sizeX();
                height = t.data().mips().get(0).sizeY();
                slices = TextureImages.layers(t, 0);
            } else {
                boolean z = o.reconstructZ() != null ? o.reconstructZ() : TextureImages.defaultReconstructZ(t);
                DecodeOptions opt = TextureImages.options(t, z);
                Image img;
                if (t.data().isVirtual()) {
                    img = TextureImages.decodeVirtual(t, o.mip(), 0, opt);
                } else {
                    if (o.mip() < 0 || o.mip() >= t.data().mips().size()) {
                        throw ActionException.invalid("mip_index " + o.mip() + " is out of range: the texture has " + t.data().mips().size()
                                + " mips");
                    }
                    slices = TextureImages.layers(t, o.mip());
                    if (o.strip()) {
                        img = TextureImages.strip(TextureImages.decodeAll(t, o.mip(), opt));
                    } else {
                        img = TextureImages.decode(t, o.mip(), slice, opt);
                    }
                }
                if ((o.format() == ImageFileFormat.EXR || o.format() == ImageFileFormat.HDR) && !img.isHdr()) {
                    img = img.toRgbaFloat();
                } else if (o.format() != ImageFileFormat.PNG && o.format() != ImageFileFormat.EXR && o.format() != ImageFileFormat.HDR) {
                    img = img.toRgba8();
                } else if (o.format() == ImageFileFormat.PNG && img.isHdr()) {
                    img = img.toRgba8();
                }
                width = img.width();
                height = img.height();
                bytes = ImageFiles.encode(img, o.format());
            }
            // all-or-nothing for readers; no fsync per image (thousands of small files in a batch)
            try (AtomicOutput ao = AtomicOutput.create(target, false)) {
                ByteBuffer bb = ByteBuffer.wrap(bytes);
                while (bb.hasRemaining()) {
                    ao.channel().write(bb);
                }
                ao.commit();
            }
            return new Written(pkgFile.toString(), target.toString(), t.name(), width, height, t.data().pixelFormat(), mipCount, o.mip(),
                    slice, slices, o.strip(), o.format().extension(), bytes.length);
        });
    }

    static List<String> formats() {
        return List.of("png", "tga", "bmp", "dds", "exr", "hdr");
    }
}
