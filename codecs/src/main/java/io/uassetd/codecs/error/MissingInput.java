package io.uassetd.codecs.error;

/**
 * Marks a {@link FormatException} whose cause is an input that is absent rather than bad (e.g. a
 * package a Zen package imports from, missing from the package store because the base game's
 * containers were not given): the daemon replies NOT_FOUND for it, naming {@link #missing()}.
 */
public interface MissingInput {
    /** What is missing, as the message names it (a package path, or its package id in hex when no name is known). */
    String missing();
}
