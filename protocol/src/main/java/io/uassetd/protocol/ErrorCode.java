package io.uassetd.protocol;

/** Stable error codes of failed replies ({@code error.code}). Clients may switch on them. */
public enum ErrorCode {
    /** The request line is not valid JSON, not UTF-8, not an object, or too long. */
    PARSE_ERROR,
    /** The action is not known. */
    UNKNOWN_ACTION,
    /** A field is missing, of the wrong type, or out of range. */
    INVALID_ARGUMENT,
    /** A named file, entry, export or property does not exist. */
    NOT_FOUND,
    /** Input data is malformed, truncated or fails a hash. */
    CORRUPT_DATA,
    /** The input's version or layout is not supported. */
    UNSUPPORTED_VERSION,
    /** Encrypted data cannot be decrypted with the given key (or no key was given). */
    WRONG_KEY,
    /** The operation needs a native library (Oodle) that is not loaded. */
    NATIVE_UNAVAILABLE,
    /** The request was cancelled. */
    CANCELLED,
    /**
     * A request reused the id of a request still in flight and was not run. Sent only in a
     * {@link DuplicateIdRejection} line, which carries {@code duplicate_id} instead of {@code id}.
     */
    DUPLICATE_ID,
    /** The file system is full (or over quota); {@code error.file} names the path being written. Nothing was changed. */
    NO_SPACE,
    /**
     * A path or entry name the file system cannot hold or that would leave the output folder: too
     * long, {@code .}/{@code ..}, both a file and a folder, a link inside the output folder; the
     * message says which rule and {@code error.file} names the path.
     */
    INVALID_PATH,
    /** The input declares more than the memory budget admits (image dimensions, decompressed size); the message names the size. */
    TOO_LARGE,
    /** Anything else: a bug or an I/O failure; details go to stderr. */
    INTERNAL
}
