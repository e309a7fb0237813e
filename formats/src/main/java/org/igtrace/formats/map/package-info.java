/**
 * What {@code igtrace map} writes (definitions section 13): the proposed placement for a launcher, or the comparison
 * of rank order, Scotch and the proposal as text or JSON, made from the numbers the map command computed. Data in,
 * text out: nothing here parses options, reads a trace or searches a placement.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.core.util}, {@code org.igtrace.core.trace}
 * (the world ranks placed); it must not import
 * any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.formats.map;
