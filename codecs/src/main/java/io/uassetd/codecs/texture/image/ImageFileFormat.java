package io.uassetd.codecs.texture.image;

import java.nio.file.Path;
import java.util.Locale;

/** The image file formats {@link ImageFiles} reads and writes. */
public enum ImageFileFormat {
    PNG("png"), TGA("tga"), BMP("bmp"), DDS("dds"), EXR("exr"), HDR("hdr");

    private final String extension;

    ImageFileFormat(String extension) {
        this.extension = extension;
    }

    /** The usual file extension, lower case, without the dot. */
    public String extension() {
        return extension;
    }

    /** The format named by a file's extension (case-insensitive), or null. */
    public static ImageFileFormat fromPath(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? null : fromExtension(n.substring(dot + 1));
    }

    /** The format for an extension or a name such as {@code "png"} / {@code ".PNG"}, or null. */
    public static ImageFileFormat fromExtension(String ext) {
        String e = ext.toLowerCase(Locale.ROOT);
        if (e.startsWith(".")) {
            e = e.substring(1);
        }
        for (ImageFileFormat f : values()) {
            if (f.extension.equals(e)) {
                return f;
            }
        }
        return "targa".equals(e) ? TGA : "rgbe".equals(e) || "pic".equals(e) ? HDR : null;
    }

    /**
     * The format of a file from its first bytes; TGA has no magic and is the answer of last resort
     * only when {@code fallback} is TGA. Null when nothing matches.
     */
    public static ImageFileFormat sniff(byte[] head, ImageFileFormat fallback) {
        if (Png.matches(head)) {
            return PNG;
        }
        if (head.length >= 4 && head[0] == 'D' && head[1] == 'D' && head[2] == 'S' && head[3] == ' ') {
            return DDS;
        }
        if (head.length >= 4 && head[0] == 0x76 && head[1] == 0x2F && head[2] == 0x31 && head[3] == 0x01) {
            return EXR;
        }
        if (head.length >= 2 && head[0] == 'B' && head[1] == 'M') {
            return BMP;
        }
        if (head.length >= 2 && head[0] == '#' && head[1] == '?') {
            return HDR;
        }
        return fallback == TGA ? TGA : null;
    }
}
