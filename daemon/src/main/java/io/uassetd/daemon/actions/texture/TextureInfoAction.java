package io.uassetd.daemon.actions.texture;

import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.asset.BulkData;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureImages;
import io.uassetd.codecs.texture.asset.TextureMip;
import io.uassetd.codecs.texture.asset.TexturePayloads;
import io.uassetd.codecs.texture.asset.TexturePlatformData;
import io.uassetd.codecs.texture.asset.VirtualTextureInfo;
import io.uassetd.codecs.asset.AssetPackage;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code get_texture_info}: a texture's cooked platform data (UAssetTool's fields, plus every mip and where its data lives). */
public final class TextureInfoAction extends TypedAction<TextureInfoAction.Request, TextureInfoAction.Info> {
    /** The request. */
    public record Request(@Field(value = TextureSupport.FILE_HELP, required = true) Path file_path,
                          @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version) {
    }

    public TextureInfoAction() {
        super("get_texture_info",
                "A texture's size, pixel format, mips (size and where each mip's data lives), slices, virtual texture layout and properties",
                "get_texture_info", "file_path");
    }

    /** One mip. */
    public record Mip(int index, int width, int height, int depth, long size_bytes, String location, String file, long offset,
            List<String> bulk_flags) {
    }

    /** The virtual texture layout. */
    public record Virtual(int width, int height, int blocks_x, int blocks_y, int tile_size, int tile_border_size, int mip_count,
            List<String> layer_formats, int chunk_count, long chunk_bytes) {
    }

    /** One property as UAssetTool lists it: name, UAssetAPI's class name of its data, and its value as text. */
    public record PropertyRow(String name, String type, String value) {
    }

    /**
     * Reply data. UAssetTool's fields keep its names and types ({@code properties} a list of
     * {name, type, value}); {@code property_values} holds every property's full value by name. A
     * package without a texture export answers as UAssetTool does (success, {@code is_texture}
     * false, its defaults) and leaves uassetd's texture fields out.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Info(String file_path, String name, String type, String kind, int width, int height, Integer depth, String format,
            String pixel_format, int mip_count, String mip_gen_settings, String compression_settings, Boolean srgb,
            boolean has_inline_data, long size_bytes, boolean is_texture, Integer slices, Boolean is_cube, Integer first_mip,
            Integer inline_mip_count, Integer streamed_mip_count, Boolean is_virtual, Virtual virtual, List<Mip> mips, String engine,
            List<PropertyRow> properties, Map<String, Object> property_values) {
    }

    @Override
    protected Done<Info> run(Request q, Args args, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        AssetPackage pkg = TextureSupport.openPackage(file, args, ctx);
        if (!TextureSupport.hasTexture(pkg)) {
            return Done.of("Not a texture", new Info(file.toString(), pkg.name().replaceFirst("\\.[^.]*$", ""), AssetFiles.assetType(pkg),
                    null, 0, 0, null, "Unknown", "Unknown", 0, "Unknown", "Unknown", null, false, 0L, false, null, null, null, null, null,
                    null, null, null, null, null, null));
        }
        TextureAsset t = TextureSupport.read(pkg, args, ctx);
        Info info = info(file, t, engine(t, ctx));
        return Done.of(info.type() + " " + info.width() + "x" + info.height() + " " + info.pixel_format() + ", " + info.mip_count()
                + " mips", info);
    }

    /** The engine: the package's own versions, or for an unversioned package the engine_version it was read as. */
    static String engine(TextureAsset t, ActionContext ctx) {
        var s = t.pkg().summary();
        if (s.isUnversioned()) {
            var used = ctx.enginesUsed();
            String name = used.isEmpty() ? "unknown" : String.join("/", used.keySet());
            return name + " (unversioned; " + (used.isEmpty() ? "no engine" : String.join("/", used.values())) + ")";
        }
        return "UE4 file version " + s.fileVersionUE4() + (s.fileVersionUE5() > 0 ? ", UE5 file version " + s.fileVersionUE5() : "")
                + (s.savedByEngineVersion() != null ? ", saved by " + s.savedByEngineVersion() : "");
    }

    static Info info(Path file, TextureAsset t, String engine) {
        TexturePlatformData d = t.data();
        List<Mip> mips = new ArrayList<>();
        long total = 0;
        int inline = 0;
        for (int i = 0; i < d.mips().size(); i++) {
            TextureMip m = d.mips().get(i);
            BulkData b = m.bulk();
            Path side = TexturePayloads.sidecar(t.pkg(), b.location());
            String where = switch (b.location()) {
                case INLINE -> file.getFileName().toString().replaceFirst("\\.uasset$", ".uexp");
                case END_OF_FILE -> file.getFileName().toString().replaceFirst("\\.uasset$", ".uexp");
                case NONE -> null;
                default -> side == null ? null : side.getFileName().toString();
            };
            long offset = b.location() == BulkData.Location.INLINE ? t.export().entry().serialOffset() - t.pkg().summary().totalHeaderSize()
                    + b.inlineOffset() : b.offsetInFile();
            mips.add(new Mip(i, m.sizeX(), m.sizeY(), m.sizeZ(), b.sizeOnDisk(), b.location().label(), where, offset,
                    BulkData.flagNames(b.flags())));
            total += b.sizeOnDisk();
            if (b.location() == BulkData.Location.INLINE) {
                inline++;
            }
        }
        Virtual virtual = null;
        VirtualTextureInfo v = d.virtualInfo();
        if (v != null) {
            long bytes = v.chunks().stream().mapToLong(c -> c.bulk().sizeOnDisk()).sum();
            total += bytes;
            virtual = new Virtual(v.width(), v.height(), v.widthInBlocks(), v.heightInBlocks(), v.tileSize(), v.tileBorderSize(),
                    v.numMips(), v.layerFormats(), v.chunks().size(), bytes);
        }
        PixelFormat pf = PixelFormat.tryName(d.pixelFormat());
        int depth = t.kind().equals("volume") && !d.mips().isEmpty() ? d.mips().get(0).sizeZ() : 1;
        boolean hasInline = !d.mips().isEmpty() && d.mips().get(0).bulk().location() == BulkData.Location.INLINE;
        return new Info(file.toString(), t.name(), t.className(), t.kind(), d.sizeX(), d.sizeY(), depth,
                pf == null ? d.pixelFormat() : pf.shortName(), d.pixelFormat(), v != null ? v.numMips() : d.mips().size(),
                orUnknown(t.propertyText("MipGenSettings")), orUnknown(t.propertyText("CompressionSettings")), t.srgb(), hasInline, total, true,
                Math.max(1, d.numSlices()), d.isCube(), d.firstMipToSerialize(), inline, d.mips().size() - inline, v != null, virtual,
                mips, engine, rows(t), t.properties());
    }

    private static String orUnknown(String s) {
        return s == null ? "Unknown" : s;
    }

    /** The properties as UAssetTool lists them: enums by name, bytes / ints / bools as text, anything else "(complex)". */
    static List<PropertyRow> rows(TextureAsset t) {
        List<PropertyRow> out = new ArrayList<>();
        Map<String, String> kinds = t.propertyKinds();
        t.properties().forEach((name, view) -> {
            String kind = kinds.getOrDefault(name, "Property");
            String value = switch (kind) {
                case "EnumProperty", "ByteProperty", "IntProperty" -> String.valueOf(view);
                case "BoolProperty" -> Boolean.TRUE.equals(view) ? "True" : "False";
                default -> "(complex)";
            };
            out.add(new PropertyRow(name, kind + "Data", value));
        });
        return out;
    }

    /** The pixel format enum of a texture (for callers that only need it checked). */
    static PixelFormat format(TextureAsset t) {
        return TextureImages.format(t);
    }
}
