package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The libc functions igtrace needs: vsnprintf to format libotf2's error messages (their va_list
 * arrives as a pointer), and mallopt to make libotf2 read zeros, never stale memory, after the end
 * of a truncated file (see {@link Otf2Archive}).
 */
final class LibC {
    static {
        Native.register(LibC.class, "c");
    }

    private LibC() {
    }

    static native int vsnprintf(byte[] buffer, long size, String format, Pointer args);

    /** glibc's M_MMAP_THRESHOLD (malloc.h). */
    static final int M_MMAP_THRESHOLD = -3;

    static native int mallopt(int param, int value);
}
