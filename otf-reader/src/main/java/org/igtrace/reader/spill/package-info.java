/**
 * The record store that spills to an unlinked temporary file beyond its memory budget
 * ({@link TempFileRecordBlocks}), and those budgets.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.util}, {@code org.igtrace.core.diagnostic}; it must not import any other igtrace
 * package (checked by PackageLayersTest).
 */
package org.igtrace.reader.spill;
