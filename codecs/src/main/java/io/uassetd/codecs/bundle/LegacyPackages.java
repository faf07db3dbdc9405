package io.uassetd.codecs.bundle;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.LegacyHeader;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.zen.write.BulkChunk;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenConversion;
import io.uassetd.codecs.zen.write.ZenTarget;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Legacy packages (.uasset/.umap + .uexp + bulk data) into bundle packages: parsed for the
 * profile's engine, passed through the game's {@link MeshMaterialFix}, converted by
 * {@link LegacyToZen} (which gives the Zen bytes, the store entry and the bulk chunks). The package
 * name comes from the package itself (its summary, or its name map for cooks that store none).
 */
public final class LegacyPackages implements BundleAssembler.LegacyConverter {
    private final boolean materialFix;
    private final Supplier<Usmap> mappings;
    private final List<String> notes = Collections.synchronizedList(new ArrayList<>());

    public LegacyPackages(boolean materialFix) {
        this(materialFix, (Usmap) null);
    }

    /** With {@code mappings} (may be null) for the mesh material fix of unversioned packages. */
    public LegacyPackages(boolean materialFix, Usmap mappings) {
        this(materialFix, () -> mappings);
    }

    /**
     * With mappings asked of {@code mappings} only when an unversioned skeletal mesh needs them (the
     * supplier may return null and must be safe to call from several threads).
     */
    public LegacyPackages(boolean materialFix, Supplier<Usmap> mappings) {
        this.materialFix = materialFix;
        this.mappings = mappings;
    }

    /** What the conversions noted (package name choices, mesh material fixes that could not be applied), in no set order. */
    public List<String> notes() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    @Override
    public BundlePackage convert(BundleAssembler.LegacyInput in, IoStoreProfile profile) {
        String fileName = in.path().substring(in.path().lastIndexOf('/') + 1);
        List<String> local = new ArrayList<>();
        Map<String, byte[]> companions = new LinkedHashMap<>();
        Map<String, String> pathOf = new LinkedHashMap<>();
        for (BundleChunk s : in.sidecars()) {
            String ext = extension(s.path());
            companions.put(ext, s.data());
            pathOf.put(ext, s.path());
        }
        ZenTarget target = ZenTarget.of(profile.engine());
        ZenConversion z;
        if (materialFix && profile.game().skeletalMaterialTags()) {
            AssetPackage p = MeshMaterialFix.apply(profile.game(), true, in.header(), in.exports(), fileName,
                    profile.engine(), mappings, in.path(), local).pkg();
            z = LegacyToZen.convert(p, null, target, companions);
        } else {
            // no mesh to fix: the header tables and the .uexp as it is, without the object model
            z = LegacyToZen.convert(LegacyHeader.read(in.header(), in.exports(), fileName, profile.engine()), null, target,
                    companions);
        }
        z.notes().forEach(n -> local.add(in.path() + ": " + n));
        notes.addAll(local);
        List<BundleChunk> bulk = new ArrayList<>();
        for (BulkChunk b : z.bulkChunks()) {
            bulk.add(new BundleChunk(IoChunkId.of(z.packageId(), 0, b.type()), b.data(), pathOf.get(b.extension())));
        }
        return new BundlePackage(z.packageId(), z.packageName(), z.storeEntry(),
                new BundleChunk(IoChunkId.packageData(z.packageId()), z.zenPackage(), in.path()), bulk);
    }

    private static String extension(String path) {
        String p = path.toLowerCase(Locale.ROOT);
        if (p.endsWith(".m.ubulk")) {
            return ".m.ubulk";
        }
        return p.substring(p.lastIndexOf('.'));
    }
}
