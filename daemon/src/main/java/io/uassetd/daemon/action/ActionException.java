package io.uassetd.daemon.action;

import io.uassetd.codecs.error.InputProblem;
import io.uassetd.protocol.ErrorCode;

/** A request the daemon refuses: bad arguments, missing files, unknown names (an {@link InputProblem}). */
public class ActionException extends RuntimeException implements InputProblem {
    private final ErrorCode code;
    private final String file;

    public ActionException(ErrorCode code, String message) {
        this(code, message, null);
    }

    public ActionException(ErrorCode code, String message, String file) {
        super(message);
        this.code = code;
        this.file = file;
    }

    public static ActionException invalid(String message) {
        return new ActionException(ErrorCode.INVALID_ARGUMENT, message);
    }

    public static ActionException notFound(String message, String file) {
        return new ActionException(ErrorCode.NOT_FOUND, message, file);
    }

    public ErrorCode code() {
        return code;
    }

    public String file() {
        return file;
    }
}
