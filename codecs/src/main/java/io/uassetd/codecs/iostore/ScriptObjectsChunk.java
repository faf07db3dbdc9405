package io.uassetd.codecs.iostore;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The ScriptObjects chunk of a global container: found, read and extracted through the container,
 * so that {@link ScriptObjectsDatabase} (the chunk's format) does not depend on the container.
 */
public final class ScriptObjectsChunk {
    private ScriptObjectsChunk() {
    }

    /** The raw ScriptObjects chunk of a global container. */
    public static byte[] rawChunk(IoStoreContainer global) {
        int i = global.findFirst(IoChunkType.SCRIPT_OBJECTS);
        if (i < 0) {
            throw new CorruptDataException("No ScriptObjects chunk in " + global.name()
                    + " (UE4 global containers hold loader global meta instead)", global.utocPath().getFileName().toString(),
                    -1, "FIoChunkId");
        }
        return global.readChunk(i);
    }

    /**
     * The script objects of a global container: UE5's ScriptObjects chunk, or UE4.26/4.27's
     * LoaderInitialLoadMeta chunk (i32 count, then the entries) with the global names of the
     * LoaderGlobalNames and LoaderGlobalNameHashes chunks.
     */
    public static ScriptObjectsDatabase fromContainer(IoStoreContainer global) {
        if (global.findFirst(IoChunkType.SCRIPT_OBJECTS) < 0 && global.findFirst(IoChunkType.LOADER_INITIAL_LOAD_META) >= 0) {
            int names = global.findFirst(IoChunkType.LOADER_GLOBAL_NAMES);
            int hashes = global.findFirst(IoChunkType.LOADER_GLOBAL_NAME_HASHES);
            if (names < 0 || hashes < 0) {
                throw new CorruptDataException("UE4 global container " + global.name() + " lacks its "
                        + (names < 0 ? "LoaderGlobalNames" : "LoaderGlobalNameHashes") + " chunk",
                        global.utocPath().getFileName().toString(), -1, "FIoChunkId");
            }
            return ScriptObjectsDatabase.readUe4(global.readChunk(global.findFirst(IoChunkType.LOADER_INITIAL_LOAD_META)),
                    global.readChunk(names), global.readChunk(hashes), global.name() + " LoaderInitialLoadMeta");
        }
        return ScriptObjectsDatabase.read(rawChunk(global), global.name() + " ScriptObjects");
    }

    /**
     * Writes the ScriptObjects chunk of the global.utoc in {@code paksFolder} to {@code target}
     * (all-or-nothing) and returns its size: UAssetTool's {@code extract_script_objects}.
     */
    public static long extractToFile(Path paksFolder, ContainerKeys keys, Codecs codecs, Path target) {
        Path global = ScriptObjectsDatabase.findGlobalToc(paksFolder).orElseThrow(() -> new CorruptDataException(
                "No global.utoc under " + paksFolder, paksFolder.toString(), -1, "Paks folder"));
        byte[] raw;
        try (IoStoreContainer c = IoStoreContainer.open(global, keys, codecs)) {
            raw = rawChunk(c);
        }
        ScriptObjectsDatabase.read(raw, "ScriptObjects");
        try (AtomicOutput out = AtomicOutput.create(target)) {
            ByteBuffer bb = ByteBuffer.wrap(raw);
            while (bb.hasRemaining()) {
                out.channel().write(bb);
            }
            out.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
        }
        return raw.length;
    }
}
