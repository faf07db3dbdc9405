package io.uassetd.codecs.asset;

import io.uassetd.codecs.io.FString;

/**
 * FNameEntrySerialized: the string, then (from NAME_HASHES_SERIALIZED on) uint16
 * NonCasePreservingHash and uint16 CasePreservingHash. The stored hashes are kept as they are, even
 * when they do not match the string.
 */
public record NameEntry(FString name, int nonCasePreservingHash, int casePreservingHash) {
    public NameEntry {
        if (name == null || name.value() == null) {
            throw new IllegalArgumentException("A name entry needs a string");
        }
    }

    /** A new entry with the hashes Unreal computes. */
    public static NameEntry of(String text) {
        FString s = FString.of(text);
        if (s.value() == null) {
            s = new FString("", false);
        }
        return new NameEntry(s, NameHashes.nonCasePreservingHash(text), NameHashes.casePreservingHash(text));
    }

    public String text() {
        return name.text();
    }

    /** True when the stored hashes are the ones Unreal computes for the string. */
    public boolean hashesMatch() {
        return nonCasePreservingHash == NameHashes.nonCasePreservingHash(text())
                && casePreservingHash == NameHashes.casePreservingHash(text());
    }
}
