package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.io.File;

/**
 * igtrace's batching shim over libotf2's event reader ({@code src/main/c/igtrace_otf2.c}), built
 * by the Maven build and bundled in the jar. Loaded after libotf2, which it links against, from
 * the file {@code -Digtrace.shim=FILE} names (the launcher names the copy the build unpacked
 * beside the jar), else unpacked from the jar to a temporary file. Package-private: only
 * {@link EventBatch} uses it.
 */
final class Otf2Shim {
    static final String RESOURCE = "/org/igtrace/reader/otf2/nativelib/libigtrace-otf2.so";

    /** igt_batch_fill's answer for "the buffer is full, call again". */
    static final int FULL = -4096;

    private static final Throwable LOAD_FAILURE;

    static {
        Throwable failure = Otf2Library.loadFailure();
        if (failure == null) {
            try {
                String unpacked = System.getProperty("igtrace.shim");
                File library = unpacked != null && new File(unpacked).isFile() ? new File(unpacked)
                        : Native.extractFromResourcePath(RESOURCE, Otf2Shim.class.getClassLoader());
                Native.register(Otf2Shim.class, NativeLibrary.getInstance(library.getAbsolutePath()));
            } catch (Throwable t) {
                failure = t;
            }
        }
        LOAD_FAILURE = failure;
    }

    private Otf2Shim() {
    }

    /** Null when the shim is loaded, else why it could not be. */
    static Throwable loadFailure() {
        return LOAD_FAILURE;
    }

    static native Pointer igt_batch_new(Pointer records, int capacity);

    static native void igt_batch_free(Pointer batch);

    static native int igt_batch_attach(Pointer reader, Pointer evtReader, Pointer batch);

    static native int igt_batch_fill(Pointer reader, Pointer evtReader, Pointer batch);

    static native int igt_batch_bytes(Pointer batch);

    static native long igt_batch_events(Pointer batch);

    static native long igt_batch_unread(Pointer batch, int kind);

    static native long igt_batch_times(Pointer batch, int half);
}
