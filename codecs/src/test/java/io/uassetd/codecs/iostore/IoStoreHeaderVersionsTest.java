package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.header.MappedName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.header.LocalizedPackage;
import io.uassetd.codecs.iostore.header.PackageRedirect;
import io.uassetd.codecs.iostore.header.SoftPackageReferences;
import io.uassetd.codecs.iostore.header.StoreEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Container headers of every version, built with every optional part, write and read back identically. */
class IoStoreHeaderVersionsTest {
    @ParameterizedTest
    @EnumSource(value = ContainerHeaderVersion.class, names = {"UE4", "UE4_SHORT_ENTRIES"}, mode = EnumSource.Mode.EXCLUDE) // UE4: Ue4IoStoreTest
    void everyVersionRoundTrips(ContainerHeaderVersion v) {
        Random rnd = new Random(v.ordinal());
        List<Long> ids = new ArrayList<>();
        List<StoreEntry> entries = new ArrayList<>();
        boolean exportInfo = !v.atLeast(ContainerHeaderVersion.NO_EXPORT_INFO);
        for (int i = 0; i < 20; i++) {
            ids.add(rnd.nextLong());
            List<Long> imports = new ArrayList<>();
            for (int k = rnd.nextInt(4); k > 0; k--) {
                imports.add(rnd.nextLong());
            }
            List<byte[]> hashes = new ArrayList<>();
            for (int k = rnd.nextInt(3); k > 0; k--) {
                byte[] h = new byte[20];
                rnd.nextBytes(h);
                hashes.add(h);
            }
            entries.add(new StoreEntry(exportInfo ? rnd.nextInt(100) : -1, exportInfo ? rnd.nextInt(5) : -1, imports,
                    hashes));
        }
        boolean optional = v.atLeast(ContainerHeaderVersion.OPTIONAL_SEGMENT_PACKAGES);
        List<Long> optIds = optional ? ids.subList(0, 3) : List.of();
        List<StoreEntry> optEntries = optional ? entries.subList(0, 3) : List.of();
        NameBatch names = NameBatch.of(List.of("/Game/Maps/Old", "/Game/L10N/de/Maps/Old"));
        List<LocalizedPackage> localized = v.atLeast(ContainerHeaderVersion.LOCALIZED_PACKAGES)
                ? List.of(new LocalizedPackage(ids.get(1), new MappedName(1, 0))) : List.of();
        List<PackageRedirect> redirects = List.of(new PackageRedirect(rnd.nextLong(), ids.get(2), new MappedName(0, 0)));
        SoftPackageReferences soft = v.atLeast(ContainerHeaderVersion.SOFT_PACKAGE_REFERENCES)
                ? new SoftPackageReferences(true, List.of(ids.get(4), ids.get(5)), new byte[] {1, 2, 3, 4, 5, 6, 7, 8})
                : null;
        ContainerHeader h = new ContainerHeader(v, 0x1122334455667788L, ids, entries, optIds, optEntries, names, localized,
                redirects, soft);
        byte[] bytes = h.toBytes();
        ContainerHeader back = ContainerHeader.read(bytes, "header-v" + v.value(), 0);
        assertThat(back.toBytes()).isEqualTo(bytes);
        assertThat(back.packageIds()).isEqualTo(ids);
        assertThat(back.redirectsNameMap()).isEqualTo(names);
        assertThat(back.localizedPackages()).isEqualTo(localized);
        assertThat(back.packageRedirects()).isEqualTo(redirects);
        assertThat(back.softPackageReferences()).isEqualTo(soft);
        for (int i = 0; i < ids.size(); i++) {
            StoreEntry a = entries.get(i);
            StoreEntry b = back.storeEntries().get(i);
            assertThat(b.importedPackages()).isEqualTo(a.importedPackages());
            assertThat(b.shaderMapHashes()).hasSameSizeAs(a.shaderMapHashes());
            assertThat(b.exportCount()).isEqualTo(a.exportCount());
        }
        // one past the newest supported (5, SoftPackageReferencesOffset), and further
        byte[] next = bytes.clone();
        next[4] = 6;
        assertThatThrownBy(() -> ContainerHeader.read(next, "v6", 0)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("version 6");
        bytes[4] = 9;
        byte[] newer = bytes;
        assertThatThrownBy(() -> ContainerHeader.read(newer, "v9", 0)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("version 9");
    }
}
