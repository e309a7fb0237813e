/**
 * Reading a trace: recognising its format ({@link TraceFormat}), what every format reader shares (options,
 * progress, parts, {@link TraceReadException}), and {@link TraceInput}, the one call that reads a trace into
 * a profile. TraceInput is the one class here that imports the format packages (which import the shared types
 * here): that cycle goes when reading gets its front door (docs/open-items.md).
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.trace}, {@code org.igtrace.core.profile},
 * {@code org.igtrace.core.pipeline}, {@code org.igtrace.reader.otf1}, {@code org.igtrace.reader.otf2},
 * {@code org.igtrace.reader.spill}; it must not import any other igtrace package (checked by
 * PackageLayersTest).
 */
package org.igtrace.reader;
