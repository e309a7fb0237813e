/**
 * The POP efficiencies (definitions section 10) of a profile and its waits.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.profile}, {@code org.igtrace.core.wait}; it
 * must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.efficiency;
