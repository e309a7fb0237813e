/**
 * {@code igtrace report}'s page put together from the writers of each part (stats, why, timeline, the report's
 * sections); the parts a command makes elsewhere (the tree Graphviz draws, the timeline's SVG) come in as HTML.
 * Data in, text out: nothing here parses options, reads a trace or runs a program.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.formats}, {@code org.igtrace.formats.stats},
 * {@code org.igtrace.formats.why}, {@code org.igtrace.formats.timeline}, {@code org.igtrace.core.efficiency},
 * {@code org.igtrace.core.graph}, {@code org.igtrace.core.profile}, {@code org.igtrace.core.select},
 * {@code org.igtrace.core.timeline}, {@code org.igtrace.core.why}; it must not import any other igtrace package
 * (checked by PackageLayersTest).
 */
package org.igtrace.formats.report;
