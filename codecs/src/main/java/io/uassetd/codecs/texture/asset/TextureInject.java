package io.uassetd.codecs.texture.asset;

import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.PropertyEditor;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.texture.EncodeOptions;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.MipGenerator;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.TextureDecoder;
import io.uassetd.codecs.texture.TextureEncoder;
import io.uassetd.codecs.texture.image.Dds;
import io.uassetd.codecs.texture.image.ImageFileFormat;
import io.uassetd.codecs.texture.image.ImageFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Replacing a 2D texture's pixels from an image file. A DDS in the texture's own pixel format is
 * copied block for block with its mips; any other input (PNG, TGA, BMP, EXR, HDR, or a DDS of
 * another format) is encoded to the texture's format through the texcodec encoders, with the mips
 * generated (gamma-correct for sRGB textures): as many as the texture had, or a full chain for the
 * new size when it had a full chain. Mips larger than the largest mip the texture kept inline go to
 * the .ubulk when it streamed any; otherwise all stay inline.
 */
public final class TextureInject {
    private TextureInject() {
    }

    /** What was injected. */
    public record Result(TextureEditor.Edit edit, int width, int height, int mipCount, boolean copiedBlocks, String pixelFormat,
            boolean importedSizeUpdated) {
    }

    public static Result inject(TextureAsset t, Path image) {
        return inject(t, image, EncodeOptions.DEFAULT);
    }

    public static Result inject(TextureAsset t, Path image, EncodeOptions options) {
        TexturePlatformData d = t.data();
        if (!t.kind().equals("2d")) {
            throw new UnsupportedVersionException("Injecting into a " + t.className() + " (" + t.kind() + ") is not supported; only 2D textures",
                    t.pkg().name(), d.entryStart(), t.className());
        }
        if (d.isVirtual()) {
            throw new UnsupportedVersionException("Virtual textures cannot be injected (their tiles live in chunks)", t.pkg().name(),
                    d.entryStart(), "FVirtualTextureBuiltData");
        }
        PixelFormat pf = TextureImages.format(t);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(image);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + image + ": " + e.getMessage(), e);
        }
        ImageFileFormat kind = ImageFileFormat.sniff(bytes, ImageFileFormat.fromPath(image));
        List<TextureEditor.NewMip> mips = new ArrayList<>();
        boolean copied = false;
        if (kind == ImageFileFormat.DDS) {
            Dds.DdsImage dds = Dds.read(bytes, image.toString());
            if (dds.slices() != 1 || dds.depth() != 1) {
                throw new CorruptDataException("DDS has " + dds.slices() + " slices and depth " + dds.depth() + "; a 2D texture needs one",
                        image.toString(), 0, "DDS header");
            }
            if (dds.format() == pf) {
                for (int i = 0; i < dds.mipCount(); i++) {
                    mips.add(new TextureEditor.NewMip(dds.mipWidth(i), dds.mipHeight(i), 1, dds.mip(i)));
                }
                copied = true;
            } else {
                Image top = TextureDecoder.decode(dds.format(), dds.mip(0), 0, dds.width(), dds.height());
                mips = encode(t, pf, top, options);
            }
        } else {
            mips = encode(t, pf, ImageFiles.decode(bytes, image.toString(), ImageFileFormat.fromPath(image)), options);
        }
        int firstInline = firstInline(d, mips);
        int oldW = d.mips().get(0).sizeX();
        int oldH = d.mips().get(0).sizeY();
        TextureEditor.Edit edit = TextureEditor.replaceMips(t, mips, firstInline);
        int w = mips.get(0).sizeX();
        int h = mips.get(0).sizeY();
        boolean imported = (w != oldW || h != oldH) && updateImportedSize(t, w, h);
        return new Result(edit, w, h, mips.size(), copied, pf.name(), imported);
    }

    private static List<TextureEditor.NewMip> encode(TextureAsset t, PixelFormat pf, Image top, EncodeOptions options) {
        if (!TextureEncoder.canEncode(pf)) {
            throw new UnsupportedVersionException("Cannot encode " + pf.name() + " (encodable: " + TextureEncoder.encodable()
                    + "); give a DDS in " + pf.name() + " instead", t.pkg().name(), t.data().entryStart(), pf.name());
        }
        TexturePlatformData d = t.data();
        int w0 = d.mips().get(0).sizeX();
        int h0 = d.mips().get(0).sizeY();
        int count = d.mips().size() >= MipGenerator.fullChainLength(w0, h0) ? 0 : d.mips().size();
        if (pf.isBlockCompressed() && (top.width() % pf.blockWidth() != 0 || top.height() % pf.blockHeight() != 0)) {
            throw new CorruptDataException("A " + top.width() + "x" + top.height() + " image cannot become " + pf.name() + " (its size must be a"
                    + " multiple of " + pf.blockWidth() + "x" + pf.blockHeight() + ")", null, 0, "image size");
        }
        EncodeOptions o = new EncodeOptions(options.quality(), TextureImages.options(t, false).signedBc6h());
        List<TextureEditor.NewMip> out = new ArrayList<>();
        for (Image m : MipGenerator.chain(top, count, t.srgb())) {
            out.add(new TextureEditor.NewMip(m.width(), m.height(), 1, TextureEncoder.encode(pf, m, o)));
        }
        return out;
    }

    /**
     * Sets the ImportedSize property (the size the texture was imported at) to the new size, when the
     * texture has one and its properties can be read; the property list keeps its size, so the
     * native data after it (and the inline payload offsets) do not move.
     */
    static boolean updateImportedSize(TextureAsset t, int w, int h) {
        if (!t.properties().containsKey("ImportedSize")) {
            return false;
        }
        Export e = t.export();
        byte[] before = e.rawData();
        try {
            var c = PropertyParser.contentOf(t.pkg(), e, t.mappings());
            int size = c.scriptPropertiesSize();
            var editor = new PropertyEditor(t.pkg(), c);
            editor.set("ImportedSize.X", w);
            editor.set("ImportedSize.Y", h);
            byte[] out = c.serialize(t.pkg(), e);
            if (c.scriptPropertiesSize() != size || out.length != before.length) {
                e.setRawData(before);
                return false;
            }
            e.setRawData(out);
            return true;
        } catch (RuntimeException ex) {
            e.setRawData(before);
            return false;
        }
    }

    /** Mips bigger than the largest the texture kept inline go to the .ubulk, when it streamed any. */
    static int firstInline(TexturePlatformData d, List<TextureEditor.NewMip> mips) {
        int maxInline = 0;
        boolean streamed = false;
        for (TextureMip m : d.mips()) {
            if (m.bulk().location() == BulkData.Location.INLINE) {
                maxInline = Math.max(maxInline, Math.max(m.sizeX(), m.sizeY()));
            } else {
                streamed = true;
            }
        }
        if (!streamed) {
            return 0;
        }
        int n = 0;
        while (n < mips.size() - 1 && Math.max(mips.get(n).sizeX(), mips.get(n).sizeY()) > maxInline) {
            n++;
        }
        return n;
    }
}
