package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import java.util.ArrayList;
import java.util.List;

/** FGameplayTagContainer: an int32 count and one FName per tag (an empty container is 4 bytes). */
public record GameplayTagContainer(List<FName> tags) {
    public static final GameplayTagContainer EMPTY = new GameplayTagContainer(List.of());

    public GameplayTagContainer {
        tags = List.copyOf(tags);
    }

    public static GameplayTagContainer read(PackageReader r) {
        int n = r.readCount(8);
        List<FName> tags = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            tags.add(r.readFName());
        }
        return new GameplayTagContainer(tags);
    }

    public void write(PackageWriter w) {
        w.writeI32(tags.size());
        tags.forEach(w::writeFName);
    }
}
