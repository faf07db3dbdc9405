package io.uassetd.codecs.zen;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.NameBatch;
import java.util.ArrayList;
import java.util.List;

/**
 * FZenPackageImportedPackageNamesContainer (UE5.3+): a name batch of the imported packages' names,
 * then one i32 FName number per name. Names are in the order of the store entry's imported packages.
 */
public record ImportedPackageNames(NameBatch batch, List<Integer> numbers) {
    public ImportedPackageNames {
        numbers = List.copyOf(numbers);
        if (numbers.size() != batch.size()) {
            throw new IllegalArgumentException("Imported package names and numbers differ in count");
        }
    }

    static ImportedPackageNames read(ByteReader r) {
        r.structure("ImportedPackageNames");
        NameBatch batch = NameBatch.read(r);
        List<Integer> numbers = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            numbers.add(r.i32());
        }
        return new ImportedPackageNames(batch, numbers);
    }

    void write(ByteWriter w) {
        batch.write(w);
        numbers.forEach(n -> ZenSummary.i32(w, n));
    }

    /** The display name of the i-th imported package. */
    public String name(int i) {
        int n = numbers.get(i);
        return n == 0 ? batch.get(i) : batch.get(i) + "_" + (n - 1);
    }

    public int size() {
        return numbers.size();
    }
}
