/**
 * Two runs of one program side by side (definitions section 15, {@code igtrace diff}): their numbers and
 * the difference of their run times split into contributors along their critical paths.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.core.profile}, {@code org.igtrace.core.efficiency},
 * {@code org.igtrace.core.wait}, {@code org.igtrace.core.trace} (the world ranks the runs are matched by); it must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.compare;
