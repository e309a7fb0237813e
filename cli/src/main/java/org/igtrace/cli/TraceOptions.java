package org.igtrace.cli;

import picocli.CommandLine.Mixin;

/**
 * The options of a command that reads one part of a trace and writes a result: which part
 * ({@link SelectionOptions}), how it is read ({@link ReadingOptions}) and where the result goes
 * ({@link OutputOptions}), in that order in the help. One mixin, so that a command declares them once.
 */
public final class TraceOptions {
    @Mixin
    SelectionOptions selection = new SelectionOptions();

    @Mixin
    ReadingOptions reading;

    @Mixin
    OutputOptions output;
}
