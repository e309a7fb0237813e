/**
 * OTF2 through libotf2: definitions resolved, events translated, locations claimed by reading threads.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic},
 * {@code org.igtrace.core.trace}, {@code org.igtrace.core.pipeline}, {@code org.igtrace.reader},
 * {@code org.igtrace.reader.otf2.nativelib}, {@code org.igtrace.reader.spill} (its temporary folders); it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.reader.otf2;
