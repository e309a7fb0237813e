package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Callback;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;

/**
 * The libotf2 functions igtrace calls, bound in JNA's direct-mapping mode. Events do not come
 * through here: the C shim ({@link Otf2Shim}) registers its own event callbacks and hands Java
 * batches of records. Package-private: only {@link Otf2Archive} uses it.
 */
final class Otf2Library {
    /** The soname of Debian's libopen-trace-format2-10 (the unversioned name comes only with -dev). */
    static final String SONAME = "libopen-trace-format2.so.10";

    /** The library loaded: Debian's soname, or a name or path given as {@code -Digtrace.libotf2=...}. */
    static final String LIBRARY = System.getProperty("igtrace.libotf2", SONAME);

    private static final Throwable LOAD_FAILURE;

    static {
        Throwable failure = null;
        try {
            Native.register(Otf2Library.class, NativeLibrary.getInstance(LIBRARY));
        } catch (Throwable t) {
            failure = t;
        }
        LOAD_FAILURE = failure;
    }

    private Otf2Library() {
    }

    /** Null when libotf2 is loaded, else why it could not be. */
    static Throwable loadFailure() {
        return LOAD_FAILURE;
    }

    static final int CALLBACK_SUCCESS = 0;
    static final int CALLBACK_INTERRUPT = 1;

    // Reader and files
    static native Pointer OTF2_Reader_Open(String anchorFilePath);

    static native int OTF2_Reader_Close(Pointer reader);

    static native int OTF2_Reader_SetSerialCollectiveCallbacks(Pointer reader);

    static native int OTF2_Reader_GetNumberOfLocations(Pointer reader, LongByReference count);

    static native int OTF2_Reader_GetNumberOfGlobalDefinitions(Pointer reader, LongByReference count);

    /** The archive's creator (malloc'ed: freed by the caller), e.g. "Score-P 7.1"; empty when the writer gave none. */
    static native int OTF2_Reader_GetCreator(Pointer reader, com.sun.jna.ptr.PointerByReference creator);

    static native int OTF2_Reader_SelectLocation(Pointer reader, long location);

    static native int OTF2_Reader_OpenDefFiles(Pointer reader);

    static native int OTF2_Reader_CloseDefFiles(Pointer reader);

    static native int OTF2_Reader_OpenEvtFiles(Pointer reader);

    static native int OTF2_Reader_CloseEvtFiles(Pointer reader);

    // Global definitions
    static native Pointer OTF2_Reader_GetGlobalDefReader(Pointer reader);

    static native int OTF2_Reader_CloseGlobalDefReader(Pointer reader, Pointer globalDefReader);

    static native int OTF2_Reader_RegisterGlobalDefCallbacks(Pointer reader, Pointer defReader, Pointer callbacks, Pointer userData);

    static native int OTF2_Reader_ReadAllGlobalDefinitions(Pointer reader, Pointer defReader, LongByReference read);

    // Local definitions: only their clock offsets, which libotf2 applies to the events ({@link LocalClockOffsets})
    static native Pointer OTF2_DefReaderCallbacks_New();

    static native void OTF2_DefReaderCallbacks_Delete(Pointer callbacks);

    static native int OTF2_DefReaderCallbacks_SetClockOffsetCallback(Pointer cbs, ClockOffsetCallback cb);

    static native int OTF2_Reader_RegisterDefCallbacks(Pointer reader, Pointer defReader, Pointer callbacks, Pointer userData);

    static native Pointer OTF2_GlobalDefReaderCallbacks_New();

    static native void OTF2_GlobalDefReaderCallbacks_Delete(Pointer callbacks);

    static native int OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(Pointer cbs, ClockPropertiesCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetStringCallback(Pointer cbs, StringCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(Pointer cbs, SystemTreeNodeCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(Pointer cbs, LocationGroupCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetLocationCallback(Pointer cbs, LocationCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetRegionCallback(Pointer cbs, RegionCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetCallingContextCallback(Pointer cbs, CallingContextCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetGroupCallback(Pointer cbs, GroupCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetCommCallback(Pointer cbs, CommCallback cb);

    static native int OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(Pointer cbs, InterCommCallback cb);

    // Local definitions (mapping tables and clock offsets are applied by libotf2 itself)
    static native Pointer OTF2_Reader_GetDefReader(Pointer reader, long location);

    static native int OTF2_Reader_ReadAllLocalDefinitions(Pointer reader, Pointer defReader, LongByReference read);

    static native int OTF2_Reader_CloseDefReader(Pointer reader, Pointer defReader);

    // Events
    static native Pointer OTF2_Reader_GetEvtReader(Pointer reader, long location);

    static native int OTF2_Reader_CloseEvtReader(Pointer reader, Pointer evtReader);

    // Errors
    static native Pointer OTF2_Error_GetDescription(int errorCode);

    static native Pointer OTF2_Error_RegisterCallback(ErrorCallback cb, Pointer userData);

    // Callback shapes. Global definition callbacks: (void* userData, ...).
    interface ClockPropertiesCallback extends Callback {
        int invoke(long userData, long timerResolution, long globalOffset, long traceLength, long realtimeTimestamp);
    }

    interface ClockOffsetCallback extends Callback {
        int invoke(long userData, long time, long offset, double standardDeviation);
    }

    interface StringCallback extends Callback {
        /** @param string the bytes, NUL-terminated (decoded by the reader, not by JNA's default: they may not be UTF-8) */
        int invoke(long userData, int self, Pointer string);
    }

    interface SystemTreeNodeCallback extends Callback {
        int invoke(long userData, int self, int name, int className, int parent);
    }

    interface LocationGroupCallback extends Callback {
        int invoke(long userData, int self, int name, byte type, int systemTreeParent, int creatingLocationGroup);
    }

    interface LocationCallback extends Callback {
        int invoke(long userData, long self, int name, byte type, long numberOfEvents, int locationGroup);
    }

    interface RegionCallback extends Callback {
        int invoke(long userData, int self, int name, int canonicalName, int description, byte role, byte paradigm,
                   int flags, int sourceFile, int beginLine, int endLine);
    }

    interface CallingContextCallback extends Callback {
        int invoke(long userData, int self, int region, int sourceCodeLocation, int parent);
    }

    interface GroupCallback extends Callback {
        int invoke(long userData, int self, int name, byte type, byte paradigm, int flags, int numberOfMembers, Pointer members);
    }

    interface CommCallback extends Callback {
        int invoke(long userData, int self, int name, int group, int parent, int flags);
    }

    interface InterCommCallback extends Callback {
        int invoke(long userData, int self, int name, int groupA, int groupB, int commonCommunicator, int flags);
    }

    interface ErrorCallback extends Callback {
        int invoke(Pointer userData, String file, long line, String function, int errorCode, String format, Pointer va);
    }
}
