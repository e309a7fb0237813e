/**
 * The picocli commands, their shared option mixins and atomic output: wiring only, what a command writes is made
 * by the writers in {@code formats}. Commands sit on top: {@link IgtraceCommand} (under {@link Main}) lists them, and they
 * see it as an {@link Invocation}; the classes they share (options, {@link Units}, the reading) do not refer to a
 * command.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.cli.isolation},
 * {@code org.igtrace.core.compare}, {@code org.igtrace.core.diagnostic}, {@code org.igtrace.core.efficiency},
 * {@code org.igtrace.core.graph}, {@code org.igtrace.core.mapping}, {@code org.igtrace.core.output},
 * {@code org.igtrace.core.pipeline}, {@code org.igtrace.core.predict}, {@code org.igtrace.core.profile}, {@code org.igtrace.core.replay},
 * {@code org.igtrace.core.select}, {@code org.igtrace.core.timeline}, {@code org.igtrace.core.topology},
 * {@code org.igtrace.core.trace}, {@code org.igtrace.core.util}, {@code org.igtrace.core.wait},
 * {@code org.igtrace.core.why}, {@code org.igtrace.formats}, {@code org.igtrace.formats.predict}, {@code org.igtrace.formats.simgrid},
 * {@code org.igtrace.formats.timeline}, {@code org.igtrace.formats.stats}, {@code org.igtrace.formats.why},
 * {@code org.igtrace.formats.diff}, {@code org.igtrace.formats.map}, {@code org.igtrace.formats.report},
 * {@code org.igtrace.formats.info},
 * {@code org.igtrace.reader}, {@code org.igtrace.reader.input}, {@code org.igtrace.reader.otf1}, {@code org.igtrace.reader.otf2},
 * {@code org.igtrace.reader.otf2.nativelib}, {@code org.igtrace.reader.spill}; it must not import any other
 * igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.cli;
