package org.igtrace.reader.otf2.nativelib;

import java.nio.file.Path;

/**
 * libotf2 refused or failed. The message is one line; when libotf2 failed on a file of the
 * archive, {@link #file()} names it and {@link #libotf2Words()} is what libotf2 said.
 */
public final class Otf2Exception extends Exception {
    private final transient Path file;
    private final String libotf2Words;

    public Otf2Exception(String message) {
        this(message, null, message);
    }

    Otf2Exception(String message, Path file, String libotf2Words) {
        super(message);
        this.file = file;
        this.libotf2Words = libotf2Words;
    }

    /** The file libotf2 was reading when it failed, or null when the failure is not about a file. */
    public Path file() {
        return file;
    }

    /** A failure igtrace found in {@code file} that libotf2 read without a word: {@link #libotf2Words()} is null. */
    static Otf2Exception found(String words, Path file) {
        return new Otf2Exception(words, file, null);
    }

    /** libotf2's own description of the failure, or null when igtrace found it ({@link #found}). */
    public String libotf2Words() {
        return libotf2Words;
    }
}
