package io.uassetd.codecs.zen;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectEntry;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The UE4.26/4.27 script objects: the LoaderInitialLoadMeta chunk of global.utoc (i32 count, then
 * one 32-byte FScriptObjectEntry each) whose names are global names (the LoaderGlobalNames strings
 * and LoaderGlobalNameHashes hashes). Read into the same database UE5 script objects use.
 */
public final class Ue4ScriptObjects {
    private Ue4ScriptObjects() {
    }

    public static ScriptObjectsDatabase read(byte[] initialLoadMeta, byte[] globalNames, byte[] globalNameHashes,
            String source) {
        NameBatch names = Ue4NameMap.read(globalNames, globalNameHashes, source + " (global names)");
        ByteReader r = ByteReader.of(source, 0, initialLoadMeta, "LoaderInitialLoadMeta");
        int n = r.count(ScriptObjectEntry.SIZE, "script object");
        List<ScriptObjectEntry> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            entries.add(ScriptObjectEntry.read(r));
        }
        return new ScriptObjectsDatabase(names, entries, source);
    }

    /** Reads the three files (LoaderInitialLoadMeta, LoaderGlobalNames, LoaderGlobalNameHashes). */
    public static ScriptObjectsDatabase read(Path initialLoadMeta, Path globalNames, Path globalNameHashes) {
        try {
            return read(Files.readAllBytes(initialLoadMeta), Files.readAllBytes(globalNames),
                    Files.readAllBytes(globalNameHashes), initialLoadMeta.getFileName().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + initialLoadMeta + ": " + e.getMessage(), e);
        }
    }
}
