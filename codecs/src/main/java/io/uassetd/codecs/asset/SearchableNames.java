package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of the searchable names map (TMap&lt;FPackageIndex, TArray&lt;FName&gt;&gt;), at least 8
 * bytes: int32 object index, int32 count, the names (8 bytes each).
 */
public record SearchableNames(PackageIndex object, List<FName> names) {
    static final int MIN_SIZE = 8;

    public SearchableNames {
        names = List.copyOf(names);
    }

    static SearchableNames read(PackageReader r) {
        PackageIndex object = r.readPackageIndex();
        int n = r.readCount(8);
        List<FName> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(r.readFName());
        }
        return new SearchableNames(object, list);
    }

    void write(PackageWriter w) {
        w.writePackageIndex(object);
        w.writeI32(names.size());
        names.forEach(w::writeFName);
    }
}
