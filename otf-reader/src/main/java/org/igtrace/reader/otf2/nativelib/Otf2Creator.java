package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;

/** The creator an OTF2 anchor file names ("Score-P 7.1"; EZTrace names none), read through libotf2. */
final class Otf2Creator {
    private Otf2Creator() {
    }

    /**
     * @param reader an open OTF2_Reader
     * @return the archive's creator as its anchor file names it ("" when it names none or libotf2 cannot say)
     */
    static String of(Pointer reader) {
        PointerByReference out = new PointerByReference();
        if (Otf2Library.OTF2_Reader_GetCreator(reader, out) != 0 || out.getValue() == null) {
            return "";
        }
        Pointer p = out.getValue();
        try {
            return p.getString(0, StandardCharsets.UTF_8.name());
        } finally {
            com.sun.jna.Native.free(Pointer.nativeValue(p)); // libotf2 gives it malloc'ed
        }
    }
}
