package io.uassetd.codecs.asset.niagara;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A NiagaraSystem package with its curve and array data interfaces as structured exports. Opening
 * parses the properties of those exports only and attaches them to the package, so edits through
 * {@link NiagaraDataInterface} are what {@link AssetPackage#write} writes; every other export stays
 * raw and writes back byte for byte.
 *
 * <pre>{@code
 * NiagaraSystemAsset ns = NiagaraSystemAsset.open(pkg, usmapOrNull);
 * NiagaraEditResult r = NiagaraColorEditor.apply(ns, edit);
 * pkg.write(out);
 * }</pre>
 */
public final class NiagaraSystemAsset {
    static final String SYSTEM_CLASS = "NiagaraSystem";
    static final String EMITTER_CLASS = "NiagaraEmitter";
    static final String INTERFACE_PREFIX = "NiagaraDataInterface";

    private final AssetPackage pkg;
    private final List<NiagaraDataInterface> interfaces;
    private final List<OtherInterface> others;

    /** A data interface export of another class (texture, skeletal mesh, ...): named, not read. */
    public record OtherInterface(int exportIndex, String exportName, String className, String emitter) {
    }

    private NiagaraSystemAsset(AssetPackage pkg, List<NiagaraDataInterface> interfaces, List<OtherInterface> others) {
        this.pkg = pkg;
        this.interfaces = interfaces;
        this.others = others;
    }

    /** True when some top-level export of the package is a NiagaraSystem. */
    public static boolean isNiagaraSystem(AssetPackage pkg) {
        for (Export e : pkg.exports()) {
            if (e.entry().outerIndex().isNull() && SYSTEM_CLASS.equals(pkg.className(e))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads the data interfaces of a NiagaraSystem package (unversioned properties need the usmap).
     *
     * @throws NiagaraException when the package holds no NiagaraSystem
     */
    public static NiagaraSystemAsset open(AssetPackage pkg, Usmap mappings) {
        if (!isNiagaraSystem(pkg)) {
            throw new NiagaraException(pkg.name() + " is not a NiagaraSystem (no top-level NiagaraSystem export)");
        }
        List<NiagaraDataInterface> found = new ArrayList<>();
        List<OtherInterface> others = new ArrayList<>();
        for (Export e : pkg.exports()) {
            String cls = pkg.className(e);
            NiagaraInterfaceKind kind = NiagaraInterfaceKind.ofClass(cls);
            if (kind != null) {
                PropertyExportContent c = PropertyParser.contentOf(pkg, e, mappings);
                found.add(new NiagaraDataInterface(pkg, e, kind, emitterOf(pkg, e), c.properties()));
            } else if (cls != null && cls.startsWith(INTERFACE_PREFIX)) {
                others.add(new OtherInterface(e.index(), pkg.name(e.entry().objectName()), cls, emitterOf(pkg, e)));
            }
        }
        return new NiagaraSystemAsset(pkg, Collections.unmodifiableList(found), List.copyOf(others));
    }

    /** The nearest outer export of class NiagaraEmitter, by name, or null. */
    private static String emitterOf(AssetPackage pkg, Export e) {
        PackageIndex outer = e.entry().outerIndex();
        for (int guard = 0; outer.isExport() && guard < pkg.exports().size(); guard++) {
            Export o = pkg.exports().get(outer.exportIndex());
            if (EMITTER_CLASS.equals(pkg.className(o))) {
                return pkg.name(o.entry().objectName());
            }
            outer = o.entry().outerIndex();
        }
        return null;
    }

    public AssetPackage pkg() {
        return pkg;
    }

    /** The curve and array data interfaces, in export order. */
    public List<NiagaraDataInterface> interfaces() {
        return interfaces;
    }

    /** The data interfaces of other classes, which hold no curve or array values. */
    public List<OtherInterface> otherInterfaces() {
        return others;
    }

    /** The interfaces of one kind. */
    public List<NiagaraDataInterface> of(NiagaraInterfaceKind kind) {
        return interfaces.stream().filter(i -> i.kind() == kind).toList();
    }

    /** The interface at an export index. */
    public NiagaraDataInterface at(int exportIndex) {
        if (exportIndex < 0 || exportIndex >= pkg.exports().size()) {
            throw new NiagaraException("Export index " + exportIndex + " is outside the package's " + pkg.exports().size() + " exports");
        }
        for (NiagaraDataInterface i : interfaces) {
            if (i.exportIndex() == exportIndex) {
                return i;
            }
        }
        Export e = pkg.exports().get(exportIndex);
        ObjectExport x = e.entry();
        throw new NiagaraException("Export " + exportIndex + " (" + pkg.name(x.objectName()) + ", " + pkg.className(e)
                + ") is not a curve or array data interface");
    }
}
