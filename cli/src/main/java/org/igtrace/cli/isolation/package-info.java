/**
 * Crash isolation: deciding before picocli whether an OTF2 archive is read, the child JVM's command line, and
 * how the supervised JVM ended.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.reader}, {@code org.igtrace.reader.spill} (where temporary
 * folders go) and {@code org.igtrace.formats} (the terminal escaper for the paths it writes); it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.cli.isolation;
