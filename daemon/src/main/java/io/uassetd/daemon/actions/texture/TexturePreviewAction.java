package io.uassetd.daemon.actions.texture;

import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.texture.DecodeOptions;
import io.uassetd.codecs.texture.Image;
import io.uassetd.codecs.texture.PixelFormat;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureImages;
import io.uassetd.codecs.texture.image.ImageFileFormat;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Parallel;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code texture_preview}: a PNG contact sheet of every mip and slice / face of a texture, or of the
 * top mip of every texture under a folder, each tile fitted into a square over a checkerboard
 * (alpha shows) with its name under it.
 */
public final class TexturePreviewAction extends TypedAction<TexturePreviewAction.Request, TexturePreviewAction.Preview> {
    static final int LABEL = 16;

    /** The request. */
    public record Request(@Field(value = "a texture package, or a folder of them", required = true) Path file_path,
                          @Field("the PNG to write (a folder: <name>_preview.png in it); default: next to the package or inside the folder")
                          Path output_path,
                          @Field(value = "the square each image is fitted into (16 to 1024)", dflt = "128", min = 16, max = 1024) int tile_size,
                          @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version) {
    }

    public TexturePreviewAction() {
        super("texture_preview",
                "A PNG contact sheet of a texture's mips and slices / faces, or of every texture in a folder, names under each tile",
                "texture_preview", "file_path", "output_path");
    }

    /** One tile. */
    public record Tile(String label, String file_path, int mip_index, int slice_index, int width, int height) {
    }

    /** Reply data. */
    public record Preview(String output_path, int width, int height, int tile_count, List<Tile> tiles, List<Parallel.Failure> errors) {
    }

    private record Entry(Tile tile, Image image) {
    }

    @Override
    protected Done<Preview> run(Request q, Args args, ActionContext ctx) throws Exception {
        Path in = q.file_path();
        int tileSize = q.tile_size();
        List<Entry> entries = new ArrayList<>();
        List<Parallel.Failure> errors = new ArrayList<>();
        String name;
        if (Files.isDirectory(in)) {
            name = in.getFileName() == null ? "textures" : in.getFileName().toString();
            ErrorMapper mapper = new ErrorMapper(ctx.services().log());
            List<Path> files;
            try (var w = Files.walk(in)) {
                files = w.filter(f -> f.getFileName().toString().endsWith(".uasset")).sorted().toList();
            }
            for (Path f : files) {
                ctx.checkCancelled();
                if (!TextureSupport.isTexture(f, args)) {
                    continue;
                }
                try {
                    TextureAsset t = TextureSupport.open(f, args, ctx);
                    Image img = top(t);
                    entries.add(new Entry(new Tile(t.name(), f.toString(), 0, 0, img.width(), img.height()), img));
                } catch (Exception e) {
                    ErrorMapper.Mapped m = mapper.map(e);
                    errors.add(new Parallel.Failure(f.toString(), m.message(), m.error().code().name()));
                }
            }
        } else {
            TextureAsset t = TextureSupport.open(in, args, ctx);
            name = t.name();
            DecodeOptions opt = TextureImages.options(t, TextureImages.defaultReconstructZ(t));
            if (t.data().isVirtual()) {
                for (int m = 0; m < t.data().virtualInfo().numMips(); m++) {
                    Image img = TextureImages.decodeVirtual(t, m, 0, opt);
                    entries.add(new Entry(new Tile("mip " + m + " " + img.width() + "x" + img.height(), in.toString(), m, 0, img.width(),
                            img.height()), img));
                }
            } else {
                for (int m = 0; m < t.data().mips().size(); m++) {
                    int mip = m;
                    List<Image> layers = TextureSupport.guard(() -> TextureImages.decodeAll(t, mip, opt));
                    for (int s = 0; s < layers.size(); s++) {
                        Image img = layers.get(s);
                        String label = "mip " + m + (layers.size() > 1 ? " " + (t.data().isCube() ? "face " : "slice ") + s : "") + " "
                                + img.width() + "x" + img.height();
                        entries.add(new Entry(new Tile(label, in.toString(), m, s, img.width(), img.height()), img));
                    }
                }
            }
        }
        if (entries.isEmpty()) {
            throw ActionException.invalid("No texture could be previewed under " + in
                    + (errors.isEmpty() ? "" : " (" + errors.size() + " failed: " + errors.get(0).error() + ")"));
        }
        Path out = q.output_path();
        String fileName = name + "_preview.png";
        Path target = out == null ? (Files.isDirectory(in) ? in.resolve(fileName) : in.toAbsolutePath().resolveSibling(fileName))
                : Files.isDirectory(out) || ImageFileFormat.fromPath(out) == null ? out.resolve(fileName) : out;
        BufferedImage sheet = sheet(entries, tileSize);
        byte[] png = ImageFiles.encode(toImage(sheet), ImageFileFormat.PNG);
        AtomicOutput.write(target, png);
        return Done.of("Wrote a " + entries.size() + "-tile preview to " + target,
                new Preview(target.toString(), sheet.getWidth(), sheet.getHeight(), entries.size(), entries.stream().map(Entry::tile).toList(),
                        errors));
    }

    private static Image top(TextureAsset t) {
        DecodeOptions opt = TextureImages.options(t, TextureImages.defaultReconstructZ(t));
        if (t.data().isVirtual()) {
            return TextureImages.decodeVirtual(t, 0, 0, opt);
        }
        return TextureImages.decode(t, 0, 0, opt);
    }

    static BufferedImage sheet(List<Entry> entries, int tile) {
        int cols = Math.min(8, entries.size());
        int rows = (entries.size() + cols - 1) / cols;
        int cw = tile + 8;
        int ch = tile + LABEL + 8;
        BufferedImage out = new BufferedImage(cols * cw, rows * ch, BufferedImage.TYPE_INT_ARGB);
        for (int i = 0; i < entries.size(); i++) {
            int x0 = (i % cols) * cw + 4;
            int y0 = (i / cols) * ch + 4;
            Image img = entries.get(i).image().toRgba8();
            double scale = Math.min((double) tile / img.width(), (double) tile / img.height());
            int w = Math.max(1, (int) Math.round(img.width() * scale));
            int h = Math.max(1, (int) Math.round(img.height() * scale));
            byte[] px = img.bytes();
            for (int y = 0; y < tile; y++) {
                for (int x = 0; x < tile; x++) {
                    int checker = ((x / 8 + y / 8) & 1) == 0 ? 0xffcccccc : 0xff999999;
                    int argb = checker;
                    if (x < w && y < h) {
                        int sx = Math.min(img.width() - 1, (int) (x / scale));
                        int sy = Math.min(img.height() - 1, (int) (y / scale));
                        int k = (sy * img.width() + sx) * 4;
                        int a = px[k + 3] & 255;
                        int r = blend(px[k] & 255, (checker >> 16) & 255, a);
                        int g = blend(px[k + 1] & 255, (checker >> 8) & 255, a);
                        int b = blend(px[k + 2] & 255, checker & 255, a);
                        argb = 0xff000000 | r << 16 | g << 8 | b;
                    }
                    out.setRGB(x0 + x, y0 + y, argb);
                }
            }
        }
        try {
            Graphics2D g = out.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            g.setColor(Color.BLACK);
            for (int i = 0; i < entries.size(); i++) {
                int x0 = (i % cols) * cw + 4;
                int y0 = (i / cols) * ch + 4;
                g.setClip(x0, y0 + tile, tile, LABEL);
                g.setColor(Color.WHITE);
                g.fillRect(x0, y0 + tile, tile, LABEL);
                g.setColor(Color.BLACK);
                g.drawString(entries.get(i).tile().label(), x0 + 2, y0 + tile + 12);
            }
            g.dispose();
        } catch (Throwable e) {
            // no fonts on this system: the sheet is written without labels (the reply lists them in order)
        }
        return out;
    }

    private static int blend(int c, int bg, int a) {
        return (c * a + bg * (255 - a)) / 255;
    }

    static Image toImage(BufferedImage b) {
        int w = b.getWidth();
        int h = b.getHeight();
        byte[] px = new byte[w * h * 4];
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            b.getRGB(0, y, w, 1, row, 0, w);
            for (int x = 0; x < w; x++) {
                int v = row[x];
                int k = (y * w + x) * 4;
                px[k] = (byte) (v >> 16);
                px[k + 1] = (byte) (v >> 8);
                px[k + 2] = (byte) v;
                px[k + 3] = (byte) (v >>> 24);
            }
        }
        return Image.rgba8(w, h, px);
    }
}
