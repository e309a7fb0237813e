package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Structure;

/**
 * What JNA's start costs that can be done before JNA's own classes: for a thread that then runs
 * {@link Otf2Archive#preload}, while the command's thread sets up {@code java.util.logging}, which
 * JNA's classes wait for first. Touches none of JNA's classes but an annotation type.
 */
public final class JnaWarmUp {
    private JnaWarmUp() {
    }

    /**
     * JNA's direct mapping reads the annotation of one of its own structures. The JDK's first read of an annotation
     * type makes a proxy class for it and one for its meta-annotation {@code Retention} (15 ms at start-up), and keeps
     * them for every later read: made here, on this class.
     */
    public static void annotations() {
        AnnotatedLikeJna.class.getAnnotation(Structure.FieldOrder.class);
    }

    /** A class annotated as JNA's structures are. */
    @Structure.FieldOrder("size")
    private static final class AnnotatedLikeJna {
    }
}
