package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The libc function igtrace needs: vsnprintf to format libotf2's error messages (their va_list
 * arrives as a pointer).
 */
final class LibC {
    static {
        Native.register(LibC.class, "c");
    }

    private LibC() {
    }

    static native int vsnprintf(byte[] buffer, long size, String format, Pointer args);
}
