package org.igtrace.formats.simgrid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import org.igtrace.core.replay.TimeIndependentTrace;

/**
 * SimGrid's time-independent trace as text, {@code <rank> <action> <arguments>} a line, written as core hands out
 * the actions ({@link TimeIndependentTrace}): sizes in bytes, a sleep's seconds with 12 significant digits.
 */
final class SimGridActions implements TimeIndependentTrace.Actions {
    private final Appendable out;

    /** An error of this output (not of a spill file the replay reads back, which leaves as it is). */
    private static final class OutputFailure extends UncheckedIOException {
        private static final long serialVersionUID = 1L;

        OutputFailure(IOException cause) {
            super(cause);
        }
    }

    SimGridActions(Appendable out) {
        this.out = out;
    }

    private void line(int rank, String action) {
        try {
            out.append(Integer.toString(rank)).append(' ').append(action).append('\n');
        } catch (IOException e) {
            throw new OutputFailure(e);
        }
    }

    @Override
    public void init(int rank) {
        line(rank, "init");
    }

    @Override
    public void sleep(int rank, double seconds) {
        line(rank, String.format(Locale.ROOT, "sleep %.12g", seconds));
    }

    @Override
    public void message(int rank, TimeIndependentTrace.Message kind, int peer, int tag, long bytes) {
        line(rank, kind.name().toLowerCase(Locale.ROOT) + ' ' + peer + ' ' + tag + ' ' + bytes);
    }

    @Override
    public void await(int rank, int src, int dst, int tag) {
        line(rank, "wait " + src + ' ' + dst + ' ' + tag);
    }

    @Override
    public void barrier(int rank) {
        line(rank, "barrier");
    }

    @Override
    public void bcast(int rank, long bytes, long root) {
        line(rank, "bcast " + bytes + ' ' + root);
    }

    @Override
    public void reduce(int rank, long bytes, long root) {
        line(rank, "reduce " + bytes + " 0 " + root);
    }

    @Override
    public void alltoall(int rank, long sendBytes, long receiveBytes) {
        line(rank, "alltoall " + sendBytes + ' ' + receiveBytes);
    }

    @Override
    public void allreduce(int rank, long bytes) {
        line(rank, "allreduce " + bytes + " 0");
    }

    @Override
    public void end(int rank) {
        line(rank, "finalize");
    }

    /**
     * Writes process {@code rank}'s time-independent trace on the machine {@code model} to {@code out}.
     *
     * @throws IOException when {@code out} could not be written
     */
    static void write(org.igtrace.core.replay.TraceReplay replay, int rank, org.igtrace.core.replay.ReplayParameters model,
                      Appendable out) throws IOException {
        try {
            replay.timeIndependentActions(rank, model, new SimGridActions(out));
        } catch (OutputFailure e) {
            throw e.getCause();
        }
    }
}
