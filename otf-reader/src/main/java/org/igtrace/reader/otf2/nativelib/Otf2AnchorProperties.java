package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * What an OTF2 anchor file says about its archive: the creator (the tool that wrote it) and the
 * OTF2 version it was written with, and the chunk sizes of its files. Its own JNA binding of the
 * functions it needs, so the reader's binding stays as it is.
 */
public final class Otf2AnchorProperties {
    private static final Throwable LOAD_FAILURE;

    static {
        Throwable failure = null;
        try {
            Native.register(Otf2AnchorProperties.class, NativeLibrary.getInstance(Otf2Library.LIBRARY));
        } catch (Throwable t) {
            failure = t;
        }
        LOAD_FAILURE = failure;
    }

    private static native Pointer OTF2_Reader_Open(String anchorFilePath);

    private static native int OTF2_Reader_Close(Pointer reader);

    private static native int OTF2_Reader_GetCreator(Pointer reader, PointerByReference creator);

    private static native int OTF2_Reader_GetChunkSize(Pointer reader, LongByReference events, LongByReference definitions);

    private static native int OTF2_Reader_GetVersion(Pointer reader, ByteByReference major, ByteByReference minor,
                                                     ByteByReference bugfix);

    /** The creator and version, or null for either when libotf2 cannot tell. */
    public record Properties(String creator, String version) {
    }

    private Otf2AnchorProperties() {
    }

    /** The creator an open reader's anchor names, or null. */
    static String creator(Pointer reader) {
        if (LOAD_FAILURE != null) {
            return null;
        }
        PointerByReference creator = new PointerByReference();
        return OTF2_Reader_GetCreator(reader, creator) == 0 && creator.getValue() != null ? creator.getValue().getString(0) : null;
    }

    /** Reads the anchor's creator and version; nulls when libotf2 is not loaded or cannot open it. */
    public static Properties read(java.nio.file.Path anchor) {
        if (LOAD_FAILURE != null || !Otf2Archive.libraryAvailable()) {
            return new Properties(null, null);
        }
        if (Otf2Archive.refusedAnchor(anchor)) {
            return new Properties(null, null); // libotf2 would read it whole, or grow; Otf2Archive.open says why it is refused
        }
        Pointer reader = OTF2_Reader_Open(anchor.toString());
        if (reader == null) {
            return new Properties(null, null);
        }
        try {
            PointerByReference creator = new PointerByReference();
            String name = OTF2_Reader_GetCreator(reader, creator) == 0 && creator.getValue() != null
                    ? creator.getValue().getString(0) : null;
            ByteByReference major = new ByteByReference(), minor = new ByteByReference(), bugfix = new ByteByReference();
            String version = OTF2_Reader_GetVersion(reader, major, minor, bugfix) == 0
                    ? major.getValue() + "." + minor.getValue() + "." + bugfix.getValue() : null;
            return new Properties(name == null || name.isBlank() ? null : name, version);
        } finally {
            OTF2_Reader_Close(reader);
        }
    }

    /** The chunk size of the event files and of the definition files, or null when libotf2 cannot tell. */
    public static long[] chunkSizes(java.nio.file.Path anchor) {
        if (LOAD_FAILURE != null || !Otf2Archive.libraryAvailable()) {
            return null;
        }
        if (Otf2Archive.refusedAnchor(anchor)) {
            return null; // libotf2 would read it whole, or grow; Otf2Archive.open says why it is refused
        }
        Pointer reader = OTF2_Reader_Open(anchor.toString());
        if (reader == null) {
            return null;
        }
        try {
            return chunkSizesOf(reader);
        } finally {
            OTF2_Reader_Close(reader);
        }
    }

    /** The chunk sizes (events, definitions) an open reader's anchor gives, or null when libotf2 gives none. */
    static long[] chunkSizesOf(Pointer reader) {
        LongByReference events = new LongByReference(), definitions = new LongByReference();
        return OTF2_Reader_GetChunkSize(reader, events, definitions) == 0
                ? new long[] {events.getValue(), definitions.getValue()} : null;
    }
}
