package io.uassetd.codecs.texture.asset;

import java.util.ArrayList;
import java.util.List;

/** Whole-texture operations built on {@link TextureEditor}. */
public final class TextureOps {
    private TextureOps() {
    }

    /**
     * Keeps the first {@code keep} mips (the largest), all inline in the export, and drops the rest;
     * the .ubulk is no longer needed ({@link TextureEditor.Edit#ubulk()} is null).
     */
    public static TextureEditor.Edit stripMips(TextureAsset t, int keep) {
        TexturePlatformData d = t.data();
        if (keep < 1) {
            throw new IllegalArgumentException("keep_mips must be at least 1, got " + keep);
        }
        int n = Math.min(keep, d.mips().size());
        List<TextureEditor.NewMip> mips = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TextureMip m = d.mips().get(i);
            mips.add(new TextureEditor.NewMip(m.sizeX(), m.sizeY(), m.sizeZ(), TexturePayloads.read(t, m.bulk(), "Mip " + i)));
        }
        return TextureEditor.replaceMips(t, mips, 0);
    }
}
