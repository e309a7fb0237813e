/**
 * Diagnostics as data: what a read or an analysis noticed ({@link Diagnostic}, its {@link DiagnosticKind}),
 * collected in {@link Diagnostics}; the command decides how to word and where to print them.
 *
 * <p>Level: the bottom; it must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.diagnostic;
