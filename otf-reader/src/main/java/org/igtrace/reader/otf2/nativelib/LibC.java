package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The libc functions igtrace needs: vsnprintf to format libotf2's error messages (their va_list
 * arrives as a pointer); open, openat, pread and close for the checks of many small files before
 * the read ({@link FolderChecks}: a name relative to the open folder, two bytes read, no Java
 * channel per file); poll to ask whether standard output's reader went away ({@link Pipes}).
 */
final class LibC {
    /** {@code O_RDONLY | O_CLOEXEC}, the same on Linux's x86-64 and arm64. */
    static final int O_RDONLY_CLOEXEC = 0x80000;
    /**
     * {@code O_RDONLY | O_CLOEXEC | O_NONBLOCK} (0x800 on x86-64 and arm64): a named pipe in a file's place opens at once
     * (its read then fails: the file goes to the Java checks, which refuse it) where a plain open waits for a writer for
     * ever; on a regular file O_NONBLOCK changes nothing.
     */
    static final int O_RDONLY_CLOEXEC_NONBLOCK = 0x80800;
    static final int ENOENT = 2;

    private static final Throwable LOAD_FAILURE;

    static {
        Throwable failure = null;
        try {
            Native.register(LibC.class, "c");
        } catch (Throwable t) {
            failure = t;
        }
        LOAD_FAILURE = failure;
    }

    private LibC() {
    }

    /** Null when libc's functions are bound, else why not. */
    static Throwable loadFailure() {
        return LOAD_FAILURE;
    }

    static native int vsnprintf(byte[] buffer, long size, String format, Pointer args);

    /** {@code path} NUL-terminated; flags without O_CREAT (no mode). */
    static native int open(byte[] path, int flags) throws LastErrorException;

    /** {@code path} NUL-terminated, relative to the folder open as {@code dirfd}; flags without O_CREAT. */
    static native int openat(int dirfd, byte[] path, int flags) throws LastErrorException;

    static native long pread(int fd, byte[] buffer, long count, long offset);

    static native int close(int fd);

    /** {@code fds} an array of {@code nfds} {@code struct pollfd} (int fd, short events, short revents). */
    static native int poll(Pointer fds, long nfds, int timeout);
}
