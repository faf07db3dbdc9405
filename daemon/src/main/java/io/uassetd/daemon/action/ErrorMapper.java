package io.uassetd.daemon.action;

import io.uassetd.codecs.error.TextFormatException;
import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.codecs.error.MissingInput;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.InputFileException;
import io.uassetd.codecs.error.NativeUnavailableException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.error.OverBudgetException;
import io.uassetd.codecs.error.UnsafePathException;
import io.uassetd.codecs.io.OutputFailedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NotDirectoryException;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.CharConversionException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Turns whatever a handler threw into the reply's message and {@link ErrorInfo}: domain errors
 * keep their code and location; anything unexpected is INTERNAL, with its stack trace on stderr.
 */
public final class ErrorMapper {
    /** A mapped failure: the reply message and its error object. */
    public record Mapped(String message, ErrorInfo error) {
    }

    private final PrintStream log;

    public ErrorMapper(PrintStream log) {
        this.log = log;
    }

    public Mapped map(Throwable t) {
        Mapped fs = fileSystem(t);
        if (fs != null) {
            return fs;
        }
        Throwable e = unwrap(t);
        if (e instanceof OutputFailedException o && o.getCause() != null) {
            // the code of what failed, the message and file of the write it failed
            Mapped inner = map(o.getCause());
            String file = o.path() != null ? o.path().toString() : inner.error().file();
            return new Mapped(o.getMessage(), new ErrorInfo(inner.error().code(), file, null, null));
        }
        if (e instanceof ActionException a) {
            return new Mapped(a.getMessage(), new ErrorInfo(a.code(), a.file(), null, null));
        }
        if (e instanceof FormatException f) {
            ErrorCode code;
            if (f instanceof UnsafePathException) {
                code = ErrorCode.INVALID_PATH;
            } else if (f instanceof OverBudgetException) {
                code = ErrorCode.TOO_LARGE;
            } else if (f instanceof TextFormatException c) {
                code = c.syntax() ? ErrorCode.PARSE_ERROR : ErrorCode.INVALID_ARGUMENT;
            } else if (f instanceof JsonFormatException j) {
                code = j.syntax() ? ErrorCode.PARSE_ERROR : ErrorCode.INVALID_ARGUMENT;
            } else if (f instanceof WrongKeyException) {
                code = ErrorCode.WRONG_KEY;
            } else if (f instanceof MissingInput) {
                code = ErrorCode.NOT_FOUND;
            } else if (f instanceof UnsupportedVersionException) {
                code = ErrorCode.UNSUPPORTED_VERSION;
            } else if (f instanceof CorruptDataException) {
                code = ErrorCode.CORRUPT_DATA;
            } else {
                code = ErrorCode.CORRUPT_DATA;
            }
            return new Mapped(f.getMessage(), new ErrorInfo(code, f.file(), f.offset() >= 0 ? f.offset() : null, f.structure()));
        }
        if (e instanceof NativeUnavailableException) {
            return new Mapped(e.getMessage(), ErrorInfo.of(ErrorCode.NATIVE_UNAVAILABLE));
        }
        if (e instanceof CancelledException) {
            return new Mapped("Request cancelled", ErrorInfo.of(ErrorCode.CANCELLED));
        }
        if (e instanceof InputFileException i) {
            return new Mapped(i.getMessage(), new ErrorInfo(i.missing() ? ErrorCode.NOT_FOUND : ErrorCode.INVALID_ARGUMENT, i.file(), null, null));
        }
        if (e instanceof NoSuchFileException n) {
            return new Mapped("File not found: " + n.getFile(), new ErrorInfo(ErrorCode.NOT_FOUND, n.getFile(), null, null));
        }
        if (e instanceof FileNotFoundException) {
            return new Mapped("File not found: " + e.getMessage(), ErrorInfo.of(ErrorCode.NOT_FOUND));
        }
        if (e instanceof AccessDeniedException a) {
            return new Mapped("Access denied: " + a.getFile(), new ErrorInfo(ErrorCode.INVALID_ARGUMENT, a.getFile(), null, null));
        }
        if (e instanceof CharConversionException || e instanceof JsonProcessingException) {
            // text that is not JSON (or not UTF-8/16/32) where JSON was expected
            return new Mapped("Not a JSON document: " + e.getMessage(), ErrorInfo.of(ErrorCode.PARSE_ERROR));
        }
        if (e instanceof IOException io) {
            log.println("uassetd: I/O error: " + io);
            return new Mapped("I/O error: " + io.getMessage(), ErrorInfo.of(ErrorCode.INTERNAL));
        }
        if (e instanceof OutOfMemoryError) {
            // the job needed more than the heap the budget gave (docs/limits.md): the user can give more
            long heapMb = Runtime.getRuntime().maxMemory() >> 20;
            return new Mapped("Out of memory while handling the request: it needed more than the " + heapMb + " MiB heap of the"
                    + " memory budget; give a larger budget (--memory-mb N, or UASSETD_MEMORY_MB) or a smaller job",
                    ErrorInfo.of(ErrorCode.TOO_LARGE));
        }
        log.println("uassetd: internal error:");
        e.printStackTrace(log);
        String m = e.getMessage();
        return new Mapped("Internal error: " + e.getClass().getSimpleName() + (m == null ? "" : ": " + m), ErrorInfo.of(ErrorCode.INTERNAL));
    }

    /**
     * The file system's refusals that have a code of their own, wherever they sit in the cause
     * chain: a full disk (NO_SPACE, naming the file written), names it cannot hold and paths that
     * are not valid (INVALID_PATH, saying which rule); null for anything else.
     */
    static Mapped fileSystem(Throwable t) {
        String file = null;
        for (Throwable e = t; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (file == null && e instanceof OutputFailedException o && o.path() != null) {
                file = o.path().toString();
            }
            if (e instanceof FileSystemException f && f.getFile() != null && file == null) {
                file = f.getFile();
            }
            String m = e.getMessage() == null ? "" : e.getMessage();
            String rule = null;
            ErrorCode code = ErrorCode.INVALID_PATH;
            if (e instanceof InvalidPathException ip) {
                rule = "is not a path this system can name (" + ip.getReason() + ")";
                file = file == null ? ip.getInput() : file;
            } else if (!(e instanceof IOException)) {
                continue;
            } else if (m.contains("No space left on device") || m.contains("not enough space on the disk")
                    || m.contains("Disk quota exceeded")) {
                code = ErrorCode.NO_SPACE;
                rule = "no space left on the device";
            } else if (m.contains("File name too long")) {
                rule = "has a name longer than the file system allows (255 bytes per name)";
            } else if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException
                    || e instanceof DirectoryNotEmptyException || m.contains("Not a directory") || m.contains("Is a directory")) {
                rule = "names both a file and a folder (a file stands where a folder is needed, or the reverse)";
            } else if (m.contains("Too many levels of symbolic links")) {
                rule = "goes through a link, which output paths may not";
            }
            if (rule != null) {
                String where = file != null ? file : (e instanceof FileSystemException f ? f.getFile() : null);
                String msg = code == ErrorCode.NO_SPACE
                        ? "No space left on the device" + (where == null ? "" : " writing " + where) + "; the file was not written"
                        : "Path " + (where == null ? "" : where + " ") + rule;
                return new Mapped(msg, new ErrorInfo(code, where, null, null));
            }
        }
        return null;
    }

    /**
     * The exception under the wrappers that only carry it across threads or unchecked boundaries
     * (CompletionException, ExecutionException, a plain UncheckedIOException); stops at an
     * {@link OutputFailedException}, which says itself which file was being written.
     */
    static Throwable unwrap(Throwable t) {
        Throwable e = t;
        while ((e instanceof CompletionException || e instanceof ExecutionException
                || e instanceof UncheckedIOException && !(e instanceof OutputFailedException))
                && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }
}
