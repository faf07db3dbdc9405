package io.uassetd.daemon.action;

import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.JsonFormatException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.InputFileException;
import io.uassetd.codecs.error.NativeUnavailableException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.ErrorInfo;
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
        Throwable e = unwrap(t);
        if (e instanceof ActionException a) {
            return new Mapped(a.getMessage(), new ErrorInfo(a.code(), a.file(), null, null));
        }
        if (e instanceof FormatException f) {
            ErrorCode code;
            if (f instanceof JsonFormatException j) {
                code = j.syntax() ? ErrorCode.PARSE_ERROR : ErrorCode.INVALID_ARGUMENT;
            } else if (f instanceof WrongKeyException) {
                code = ErrorCode.WRONG_KEY;
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
        if (e instanceof IOException io) {
            log.println("uassetd: I/O error: " + io);
            return new Mapped("I/O error: " + io.getMessage(), ErrorInfo.of(ErrorCode.INTERNAL));
        }
        if (e instanceof OutOfMemoryError) {
            return new Mapped("Out of memory while handling the request", ErrorInfo.of(ErrorCode.INTERNAL));
        }
        log.println("uassetd: internal error:");
        e.printStackTrace(log);
        String m = e.getMessage();
        return new Mapped("Internal error: " + e.getClass().getSimpleName() + (m == null ? "" : ": " + m), ErrorInfo.of(ErrorCode.INTERNAL));
    }

    static Throwable unwrap(Throwable t) {
        Throwable e = t;
        while ((e instanceof CompletionException || e instanceof ExecutionException || e instanceof UncheckedIOException)
                && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }
}
