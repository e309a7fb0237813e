package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.Arrays;

/**
 * Paths as bytes, through libc: a name that is not valid UTF-8 cannot be named in Java (its bytes
 * become U+FFFD), so the few calls that need one take its bytes (issue 41 item 9, under
 * {@code java -jar}: the launcher does this in bash). Each returns false (or null) when libc or
 * JNA is not there.
 */
public final class PosixPaths {
    private PosixPaths() {
    }

    /** libc, registered on first use (JNA's start-up only when a path needs it). */
    private static final class C {
        static {
            Native.register(C.class, "c");
        }

        static native int symlink(byte[] target, byte[] link);

        static native int rename(byte[] from, byte[] to);

        static native Pointer getcwd(byte[] buffer, long size);
    }

    /**
     * Makes {@code link} a symbolic link to {@code target}.
     *
     * @param target the path's bytes, without a terminating NUL
     * @param link   the link's path's bytes
     * @return whether the link was made
     */
    public static boolean symlink(byte[] target, byte[] link) {
        try {
            return C.symlink(terminated(target), terminated(link)) == 0;
        } catch (LinkageError e) {
            return false;
        }
    }

    /**
     * Renames {@code from} to {@code to} (replacing it), as rename(2).
     *
     * @return whether it was renamed
     */
    public static boolean rename(byte[] from, byte[] to) {
        try {
            return C.rename(terminated(from), terminated(to)) == 0;
        } catch (LinkageError e) {
            return false;
        }
    }

    /**
     * @return the working folder's path as bytes (getcwd), or null
     */
    public static byte[] cwd() {
        try {
            byte[] buffer = new byte[65536];
            if (C.getcwd(buffer, buffer.length) == null) {
                return null;
            }
            int end = 0;
            while (buffer[end] != 0) {
                end++;
            }
            return Arrays.copyOf(buffer, end);
        } catch (LinkageError e) {
            return null;
        }
    }

    private static byte[] terminated(byte[] path) {
        return Arrays.copyOf(path, path.length + 1);
    }
}
