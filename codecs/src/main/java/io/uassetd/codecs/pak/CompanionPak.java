package io.uassetd.codecs.pak;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The companion pak of an IoStore bundle ({@code Name_P.pak} next to {@code Name_P.utoc/.ucas}):
 * a V11 pak with one uncompressed entry {@value #ENTRY} listing the bundle's files, one per line
 * ('\n' separated, no trailing newline). With a key it is encrypted with the Marvel Rivals scheme
 * (index whole, entry data partially) and carries that scheme's marker block before the footer.
 */
public final class CompanionPak {
    public static final String ENTRY = "chunknames";
    public static final String DEFAULT_MOUNT_POINT = "../../../";

    private CompanionPak() {
    }

    /** The {@value #ENTRY} payload for {@code files} (paths relative to the mount point). */
    public static byte[] chunkNames(List<String> files) {
        return String.join("\n", files.stream().map(f -> f.replace('\\', '/')).toList()).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Writes the companion pak atomically.
     *
     * @param key null for an unencrypted pak
     */
    public static PakWriteResult write(Path target, List<String> files, AesKey key, String mountPoint, long pathHashSeed) {
        return write(target, files, List.of(), key, EncryptionScheme.RIVALS, mountPoint, pathHashSeed);
    }

    /**
     * Writes the companion pak atomically with {@code extra} entries after {@value #ENTRY} (a hybrid
     * bundle's files that are not Unreal packages), stored uncompressed like the list.
     *
     * @param key null for an unencrypted pak
     * @param scheme how a key encrypts it (the game's scheme)
     */
    public static PakWriteResult write(Path target, List<String> files, List<PakSource> extra, AesKey key, EncryptionScheme scheme,
            String mountPoint, long pathHashSeed) {
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(PakVersion.FNV64_BUG_FIX)
                .withMountPoint(mountPoint == null ? DEFAULT_MOUNT_POINT : mountPoint).withPathHashSeed(pathHashSeed)
                .withCompression(CompressionMethod.NONE);
        if (key != null) {
            o = o.withEncryption(key, scheme, true, true);
        }
        List<PakSource> sources = new java.util.ArrayList<>();
        sources.add(PakSource.bytes(ENTRY, chunkNames(files)));
        sources.addAll(extra);
        return PakWriter.create(target, sources, o);
    }
}
