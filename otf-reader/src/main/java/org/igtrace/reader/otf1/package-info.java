/**
 * OTF (VampirTrace) in pure Java: files, zlib blocks, the line tokenizer, definitions and events without
 * per-record allocation.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic},
 * {@code org.igtrace.core.trace}, {@code org.igtrace.core.pipeline}, {@code org.igtrace.reader}; it must not
 * import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.reader.otf1;
