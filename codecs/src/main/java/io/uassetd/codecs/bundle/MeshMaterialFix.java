package io.uassetd.codecs.bundle;

import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.mesh.GameplayTagContainer;
import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.codecs.asset.mesh.SkeletalMaterial;
import io.uassetd.codecs.asset.mesh.SkeletalMeshData;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * A game profile's mesh material layout, applied to a legacy package before it becomes a Zen
 * package. A game whose layout has gameplay tags ({@link GameProfile#skeletalMaterialTags()}; Marvel
 * Rivals) reads an FGameplayTagContainer after each FSkeletalMaterial of a SkeletalMesh (seed 000: 44-byte
 * materials, the container empty: an int32 0, as UAssetTool writes it). Each SkeletalMesh export is
 * read with the engine's layout and written again with an empty container after each material; the
 * properties before and the render data after are kept byte for byte, and the package writer moves
 * the export's size, the later exports' offsets and the summary's offsets (BulkDataStartOffset, ...).
 *
 * <p>A mesh that already reads with the game's layout (and not with the engine's) is left as it is,
 * so fixing twice changes nothing. A mesh that reads both ways (ambiguous), neither way, or whose
 * properties cannot be read (unversioned without mappings) is left unchanged with a note naming the
 * package and export: the bundle reply lists it in its warnings. Unversioned properties are read with
 * the mappings the request gives. Static meshes need nothing: their
 * materials are the StaticMaterials property (seed 000's 36-byte Rivals FStaticMaterial has no
 * gameplay tags), which the fix does not touch. Packages without skeletal meshes are never touched.
 */
public final class MeshMaterialFix {
    /** The outcome for one SkeletalMesh export. */
    public enum Status {
        /** Rewritten with the game's layout. */
        FIXED,
        /** Already in the game's layout (or no materials): nothing to do. */
        ALREADY,
        /** Left unchanged because it could not be done safely (a note says why). */
        SKIPPED
    }

    /** The package to convert and what happened to each SkeletalMesh export (by export index). */
    public record Result(AssetPackage pkg, List<Status> meshes) {
        public Result {
            meshes = List.copyOf(meshes);
        }

        public boolean changed() {
            return meshes.contains(Status.FIXED);
        }
    }

    private MeshMaterialFix() {
    }

    /**
     * Reads the legacy package {@code header} + {@code exports} for {@code engine} and applies
     * {@code game}'s mesh material layout when {@code enabled}; notes (prefixed with {@code path})
     * what could not be done. The package returned is a fresh read of the fixed bytes.
     */
    public static Result apply(GameProfile game, boolean enabled, byte[] header, byte[] exports, String fileName,
            EngineVersion engine, String path, List<String> notes) {
        return apply(game, enabled, header, exports, fileName, engine, (Usmap) null, path, notes);
    }

    /**
     * As {@link #apply(GameProfile, boolean, byte[], byte[], String, EngineVersion, String, List)},
     * reading unversioned properties with {@code mappings} (null: none; an unversioned mesh is then
     * left unchanged with a note).
     */
    public static Result apply(GameProfile game, boolean enabled, byte[] header, byte[] exports, String fileName,
            EngineVersion engine, Usmap mappings, String path, List<String> notes) {
        return apply(game, enabled, header, exports, fileName, engine, () -> mappings, path, notes);
    }

    /**
     * As {@link #apply(GameProfile, boolean, byte[], byte[], String, EngineVersion, Usmap, String, List)}
     * with the mappings asked for only when a skeletal mesh with unversioned properties needs them
     * ({@code mappings} may return null; it is called at most once per package).
     */
    public static Result apply(GameProfile game, boolean enabled, byte[] header, byte[] exports, String fileName,
            EngineVersion engine, Supplier<Usmap> lazyMappings, String path, List<String> notes) {
        AssetPackage p = AssetPackage.read(header, exports, fileName, engine);
        if (!enabled || !game.skeletalMaterialTags()) {
            return new Result(p, List.of());
        }
        Usmap mappings = null;
        if (p.hasUnversionedProperties() && p.exports().stream().anyMatch(e -> "SkeletalMesh".equals(p.className(e)))) {
            mappings = lazyMappings.get();
        }
        List<Status> statuses = new ArrayList<>();
        List<Integer> fixed = new ArrayList<>();
        List<SkeletalMeshData> before = new ArrayList<>();
        for (Export e : p.exports()) {
            if (!"SkeletalMesh".equals(p.className(e))) {
                continue;
            }
            String what = path + ": SkeletalMesh '" + p.name(e.entry().objectName()) + "'";
            Status s;
            try {
                SkeletalMeshData d = tagged(game, p, e, mappings);
                s = d == null ? Status.ALREADY : Status.FIXED;
                if (d != null) {
                    fixed.add(e.index());
                    before.add(d);
                }
            } catch (Skip skip) {
                notes.add(what + " keeps its material layout: " + skip.getMessage());
                s = Status.SKIPPED;
            }
            statuses.add(s);
        }
        if (fixed.isEmpty()) {
            return new Result(AssetPackage.read(header, exports, fileName, engine), statuses);
        }
        AssetPackage.Bytes b = p.toBytes();
        AssetPackage out = AssetPackage.read(b.header(), b.exports(), fileName, engine);
        for (int k = 0; k < fixed.size(); k++) {
            Export e = out.exports().get(fixed.get(k));
            String problem = verify(game, out, e, before.get(k), mappings);
            if (problem != null) {
                notes.add(path + ": the " + game.name() + " mesh material fix was not applied: SkeletalMesh '"
                        + out.name(e.entry().objectName()) + "' " + problem);
                List<Status> skipped = statuses.stream().map(s -> s == Status.FIXED ? Status.SKIPPED : s).toList();
                return new Result(AssetPackage.read(header, exports, fileName, engine), skipped);
            }
        }
        return new Result(out, statuses);
    }

    /** Signals a mesh left unchanged. */
    private static final class Skip extends Exception {
        Skip(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Rewrites export {@code e} with the game's layout and returns its data as read with the engine's
     * layout; null when it is already in the game's layout (or has no materials).
     */
    private static SkeletalMeshData tagged(GameProfile game, AssetPackage p, Export e, Usmap mappings) throws Skip {
        var previous = e.content();
        int propertiesEnd;
        try {
            PropertyExportContent c = PropertyParser.contentOf(p, e, mappings);
            propertiesEnd = c.scriptPropertiesSize();
        } catch (RuntimeException ex) {
            e.setContent(previous);
            throw new Skip("its properties cannot be read (" + message(ex) + ")"
                    + (p.hasUnversionedProperties() && mappings == null ? "; unversioned properties need the game's mappings (usmap_path)" : ""));
        }
        e.setContent(previous);
        SkeletalMeshData standard = null;
        SkeletalMeshData inGameLayout = null;
        RuntimeException standardError = null;
        try {
            standard = SkeletalMeshData.read(p, after(p, e, propertiesEnd), GameProfile.NONE.mesh());
        } catch (RuntimeException ex) {
            standardError = ex;
        }
        try {
            inGameLayout = SkeletalMeshData.read(p, after(p, e, propertiesEnd), game.mesh());
        } catch (RuntimeException ex) {
            // not in the game's layout
        }
        if (standard == null && inGameLayout != null) {
            return null;
        }
        if (standard == null) {
            throw new Skip("its materials read with neither the engine's nor the " + game.mesh().name() + " layout ("
                    + message(standardError) + ")");
        }
        if (standard.materials().isEmpty()) {
            return null;
        }
        if (inGameLayout != null) {
            throw new Skip("its data reads both with and without gameplay tags after the materials; which layout it has cannot be told"
                    + (standard.layout().overlayMaterial() && !inGameLayout.layout().overlayMaterial()
                            ? " (the package records no custom versions, and a null overlay material reads as an empty tag container)"
                            : ""));
        }
        List<SkeletalMaterial> materials = new ArrayList<>();
        for (SkeletalMaterial m : standard.materials()) {
            materials.add(new SkeletalMaterial(m.material(), m.slotName(), m.importedNameFlag(), m.importedSlotName(), m.uvChannelData(),
                    m.overlayMaterial(), GameplayTagContainer.EMPTY));
        }
        SkeletalMaterial.Layout l = standard.layout();
        SkeletalMeshData withTags = new SkeletalMeshData(standard.objectGuid(), standard.strip(), standard.bounds(),
                new SkeletalMaterial.Layout(l.importedNameFlag(), l.overlayMaterial(), true), materials, standard.skeleton(),
                standard.splitRenderData(), standard.cooked(), standard.lodCount(), standard.rest());
        PackageWriter w = p.newWriter();
        withTags.write(w);
        byte[] data = w.toByteArray();
        byte[] raw = e.rawData();
        long expected = (long) raw.length - propertiesEnd + 4L * materials.size();
        if (data.length != expected) {
            throw new Skip("its data would be " + data.length + " bytes after the properties, expected " + expected);
        }
        byte[] out = Arrays.copyOf(raw, propertiesEnd + data.length);
        System.arraycopy(data, 0, out, propertiesEnd, data.length);
        e.setRawData(out);
        return standard;
    }

    /** Null when the fixed export reads with the game's layout as the original did with the engine's; else what differs. */
    private static String verify(GameProfile game, AssetPackage out, Export e, SkeletalMeshData original, Usmap mappings) {
        try {
            PropertyExportContent c = PropertyParser.contentOf(out, e, mappings);
            SkeletalMeshData d = SkeletalMeshData.read(out, after(out, e, c.scriptPropertiesSize()), game.mesh());
            e.setContent(null);
            if (d.materials().size() != original.materials().size()
                    || d.skeleton().bones().size() != original.skeleton().bones().size()
                    || !Arrays.equals(d.rest(), original.rest())) {
                return "did not read back with the same materials, bones and render data";
            }
            for (int i = 0; i < d.materials().size(); i++) {
                SkeletalMaterial a = d.materials().get(i);
                SkeletalMaterial b = original.materials().get(i);
                if (!a.material().equals(b.material()) || !a.slotName().equals(b.slotName())) {
                    return "material " + i + " did not read back the same";
                }
            }
            return null;
        } catch (RuntimeException ex) {
            return "did not read back (" + message(ex) + ")";
        }
    }

    private static PackageReader after(AssetPackage p, Export e, int propertiesEnd) {
        PackageReader r = p.exportReader(e);
        r.seek(r.position() + propertiesEnd);
        return r;
    }

    private static String message(RuntimeException ex) {
        return ex instanceof FormatException f ? f.getMessage() : ex.getClass().getSimpleName() + ": " + ex.getMessage();
    }
}
