package org.igtrace.cli;

import org.igtrace.core.select.Selection;
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

    /** The part of the run the command line selects and the output format it chose, checked. */
    record Checked<F>(Selection selection, F format) {
    }

    /**
     * The checks of a command that reads one trace and writes one of {@code F}'s formats, before anything is read, in
     * the order of their errors: the reading options, the selection, the format ({@link FormatChoice#resolve} with
     * {@code byExtension} and {@code fallback}), the output.
     */
    <F extends Enum<F>> Checked<F> check(F format, java.util.Map<String, F> byExtension, F fallback) throws UsageError, Failure {
        reading.check();
        Selection chosenPart = UsageError.of(selection::selection);
        F chosen = FormatChoice.resolve(format, output, byExtension, fallback);
        output.check();
        return new Checked<>(chosenPart, chosen);
    }
}
