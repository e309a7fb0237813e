/**
 * The native boundary to libotf2: JNA direct mappings, the C shim's event batches, archive and definition
 * callbacks. Knows OTF2, not igtrace. Also the one other native call site: {@link PosixPaths}, libc on
 * paths as bytes (names that are not UTF-8).
 *
 * <p>Level: the bottom; it must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.reader.otf2.nativelib;
