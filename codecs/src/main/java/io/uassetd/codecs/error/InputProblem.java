package io.uassetd.codecs.error;

/**
 * Marks an exception that says what is wrong with one input (a file that is absent, not of the
 * expected kind, or malformed; an argument that is not valid) rather than a fault of the program:
 * {@link FormatException}, {@link InputFileException} and the daemon's argument errors. Work over
 * many inputs (a batch) may skip an input whose failure carries this mark and go on; any other
 * exception ends the work.
 */
public interface InputProblem {
}
