package org.igtrace.reader.otf2.nativelib;

import java.nio.file.Path;

/**
 * libotf2 refused or failed. The message is one line; when libotf2 failed on a file of the
 * archive, {@link #file()} names it and {@link #libotf2Words()} is what libotf2 said.
 */
public final class Otf2Exception extends Exception {
    private final transient Path file;
    private final String libotf2Words;
    /** Of a failure igtrace found ({@link #found}): why it is one, or null. */
    private final String why;

    public Otf2Exception(String message) {
        this(message, null, message);
    }

    Otf2Exception(String message, Path file, String libotf2Words) {
        this(message, file, libotf2Words, null);
    }

    private Otf2Exception(String message, Path file, String libotf2Words, String why) {
        super(message);
        this.file = file;
        this.libotf2Words = libotf2Words;
        this.why = why;
    }

    /** The file libotf2 was reading when it failed, or null when the failure is not about a file. */
    public Path file() {
        return file;
    }

    /**
     * A failure igtrace found in {@code file} that libotf2 read without a word ({@link #libotf2Words()} is null): what is
     * wrong ({@code words}) and why that is a failure ({@code why}).
     */
    static Otf2Exception found(String words, Path file, String why) {
        return new Otf2Exception(words, file, null, why);
    }

    /** Of a failure igtrace found ({@link #found}), why it is one; else null. */
    public String why() {
        return why;
    }

    /** libotf2's own description of the failure, or null when igtrace found it ({@link #found}). */
    public String libotf2Words() {
        return libotf2Words;
    }
}
