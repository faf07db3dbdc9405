package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import java.util.List;

/** One entry of the searchable names map (TMap&lt;FPackageIndex, TArray&lt;FName&gt;&gt;): int32 index, int32 count, names. */
public record SearchableNames(PackageIndex object, List<FName> names) {
    public SearchableNames {
        names = List.copyOf(names);
    }
}
