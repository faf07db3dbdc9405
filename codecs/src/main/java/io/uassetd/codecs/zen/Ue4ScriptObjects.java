package io.uassetd.codecs.zen;

import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
        return ScriptObjectsDatabase.readUe4(initialLoadMeta, globalNames, globalNameHashes, source);
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
