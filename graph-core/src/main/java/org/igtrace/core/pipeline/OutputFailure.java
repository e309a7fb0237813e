package org.igtrace.core.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The output an analysis writes while the trace is read failed (a full disk, a pipe whose reader went away): not the
 * trace's failure, so a reader lets it through as it is, for the command to say what it wrote to.
 */
public class OutputFailure extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    /** @param cause the output's failure */
    public OutputFailure(IOException cause) {
        super(cause);
    }
}
