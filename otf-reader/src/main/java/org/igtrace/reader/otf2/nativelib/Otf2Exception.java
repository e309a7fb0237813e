package org.igtrace.reader.otf2.nativelib;

/** libotf2 refused or failed; the message is libotf2's own, in one line. */
public final class Otf2Exception extends Exception {
    public Otf2Exception(String message) {
        super(message);
    }
}
