package org.igtrace.spark;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.Otf2FileChecks;

/**
 * One task of the checks of the OTF2 locations' files, on an executor: task {@code t} of {@code n}
 * checks the locations {@code t * count / n} to {@code (t + 1) * count / n} of the {@link Otf2FileChecks}
 * the driver broadcast (each location's event file ends as libotf2 ends its files, its local definitions
 * are there and readable) and returns the problems it found, usually none; the driver decides from
 * them as the command line does. A check that cannot run (libotf2 cannot open the archive) is the
 * command line's one-line error.
 */
final class FileCheckTask implements FlatMapFunction<Iterator<Integer>, Otf2FileChecks.Problem> {
    static {
        org.igtrace.cli.OptionNames.install(); // an executor's advice names the options, as the driver's does
    }

    private final Broadcast<Otf2FileChecks> checks;
    private final int tasks;

    FileCheckTask(Broadcast<Otf2FileChecks> checks, int tasks) {
        this.checks = checks;
        this.tasks = tasks;
    }

    @Override
    public Iterator<Otf2FileChecks.Problem> call(Iterator<Integer> assigned) {
        Otf2FileChecks all = checks.value();
        List<Otf2FileChecks.Problem> problems = new ArrayList<>();
        while (assigned.hasNext()) {
            int t = assigned.next();
            int from = (int) ((long) all.count() * t / tasks);
            int to = (int) ((long) all.count() * (t + 1) / tasks);
            try {
                problems.addAll(all.problems(from, to));
            } catch (TraceReadException e) {
                throw new IllegalStateException(JobFailure.tell(e.getMessage()), e);
            }
        }
        return problems.iterator();
    }
}
