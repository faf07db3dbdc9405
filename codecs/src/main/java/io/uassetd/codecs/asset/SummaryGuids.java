package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGenerationInfo;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import java.util.ArrayList;
import java.util.List;

/**
 * The package GUIDs and generations: Guid (before PACKAGE_SAVED_HASH, else null), PersistentGuid
 * (editor packages from ADDED_PACKAGE_OWNER on), OwnerPersistentGuid (editor packages from
 * ADDED_PACKAGE_OWNER until NON_OUTER_PACKAGE_IMPORT) and the generations (export and name counts).
 */
public record SummaryGuids(FGuid guid, FGuid persistentGuid, FGuid ownerPersistentGuid, List<FGenerationInfo> generations) {

    public SummaryGuids {
        generations = generations == null ? List.of() : List.copyOf(generations);
    }

    static SummaryGuids read(PackageReader r, PackageVersion v, boolean filter) {
        FGuid guid = !v.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH) ? r.readGuid() : null;
        FGuid persistent = null;
        FGuid owner = null;
        if (!filter) {
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER)) {
                persistent = r.readGuid();
            }
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER) && !v.atLeast(ObjectVersion.NON_OUTER_PACKAGE_IMPORT)) {
                owner = r.readGuid();
            }
        }
        int count = r.readCount(8);
        List<FGenerationInfo> generations = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            generations.add(new FGenerationInfo(r.readI32(), r.readI32()));
        }
        return new SummaryGuids(guid, persistent, owner, generations);
    }

    void write(PackageWriter w, PackageVersion v, boolean filter) {
        if (!v.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)) {
            w.writeGuid(guid);
        }
        if (!filter) {
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER)) {
                w.writeGuid(persistentGuid);
            }
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER) && !v.atLeast(ObjectVersion.NON_OUTER_PACKAGE_IMPORT)) {
                w.writeGuid(ownerPersistentGuid);
            }
        }
        w.writeI32(generations.size());
        for (FGenerationInfo g : generations) {
            w.writeI32(g.exportCount());
            w.writeI32(g.nameCount());
        }
    }

    SummaryGuids withGenerations(List<FGenerationInfo> list) {
        return new SummaryGuids(guid, persistentGuid, ownerPersistentGuid, list);
    }

    /** Generations that recorded the old counts moved to the new ones. */
    SummaryGuids withCountsMoved(int oldExports, int oldNames, int newExports, int newNames) {
        List<FGenerationInfo> list = new ArrayList<>(generations.size());
        for (FGenerationInfo g : generations) {
            list.add(g.exportCount() == oldExports && g.nameCount() == oldNames ? new FGenerationInfo(newExports, newNames) : g);
        }
        return withGenerations(list);
    }
}
