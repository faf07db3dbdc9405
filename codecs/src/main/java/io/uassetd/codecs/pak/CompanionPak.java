package io.uassetd.codecs.pak;

import java.util.ArrayList;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The companion pak of an IoStore bundle ({@code Name_P.pak} next to {@code Name_P.utoc/.ucas}):
 * a V11 pak with one uncompressed entry {@value #ENTRY} listing the bundle's files, one per line
 * ('\n' separated, no trailing newline). Its pak version and how a key encrypts it are a
 * {@link CompanionPakLayout}, which the caller takes from the game profile.
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
     * Writes the companion pak in {@code layout} atomically.
     *
     * @param key null for an unencrypted pak
     */
    public static PakWriteResult write(Path target, List<String> files, AesKey key, CompanionPakLayout layout,
            String mountPoint, long pathHashSeed) {
        return write(target, files, List.of(), key, layout, mountPoint, pathHashSeed);
    }

    /**
     * Writes the companion pak atomically with {@code extra} entries after {@value #ENTRY} (a hybrid
     * bundle's files that are not Unreal packages), stored uncompressed like the list.
     *
     * @param key null for an unencrypted pak
     * @param layout the companion-pak layout (version, scheme, what is encrypted) to write
     */
    public static PakWriteResult write(Path target, List<String> files, List<PakSource> extra, AesKey key,
            CompanionPakLayout layout, String mountPoint, long pathHashSeed) {
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(layout.version())
                .withMountPoint(mountPoint == null ? DEFAULT_MOUNT_POINT : mountPoint).withPathHashSeed(pathHashSeed)
                .withCompression(CompressionMethod.NONE);
        if (key != null) {
            o = o.withEncryption(key, layout.scheme(), layout.encryptIndex(), layout.encryptEntries());
        }
        List<PakSource> sources = new ArrayList<>();
        sources.add(PakSource.bytes(ENTRY, chunkNames(files)));
        sources.addAll(extra);
        return PakWriter.create(target, sources, o);
    }
}
