package org.igtrace.reader.otf2;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.Otf2Files;

/**
 * The checks of the locations' files that {@link Otf2TraceReader#open(Path, org.igtrace.reader.ReadOptions,
 * org.igtrace.reader.ReadProgress, Runner)} makes before any event is read ({@link LocationFileCheck}: an
 * event file that does not end as libotf2 ends its files, local definitions missing, cut or unreadable),
 * handed over serialised so that they run elsewhere, in ranges of the locations: the Spark job checks each
 * range in a task on a cluster (in local mode on threads of the driver's own), and the driver's thread, which
 * made them, opens none of the locations' files (a file each opened and read, libotf2 reading each Score-P
 * location's local definitions: 0.28 ms of CPU per location on one thread). The problems found come back to the reader that made the checks, which decides as it
 * does after checking on its own thread: the same one-line error or {@code --skip-missing} note.
 */
public final class Otf2FileChecks implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * What is wrong with the files of the location at {@code index} of the checks: its event file
     * ({@code events}) or its local definitions; {@code state} as {@link Otf2ReadFailure#state} names the
     * file ("missing", "empty", "damaged or truncated"), {@code detail} null when it is missing.
     */
    public record Problem(int index, long location, boolean events, String state, String detail) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** Runs the checks of every location (in ranges, anywhere) and returns all the problems found, in any order. */
    @FunctionalInterface
    public interface Runner {
        List<Problem> run(Otf2FileChecks checks) throws TraceReadException;
    }

    private final String anchor;
    private final long[] locations;
    private final long[] sizes;
    private final boolean localDefinitions;

    Otf2FileChecks(Path anchor, long[] locations, long[] sizes, boolean localDefinitions) {
        this.anchor = anchor.toString();
        this.locations = locations;
        this.sizes = sizes;
        this.localDefinitions = localDefinitions;
    }

    /** How many locations to check. */
    public int count() {
        return locations.length;
    }

    /** Checks the files of the locations {@code from} (inclusive) to {@code to} (exclusive), on the calling thread. */
    public List<Problem> problems(int from, int to) throws TraceReadException {
        Path path = Path.of(anchor);
        return LocationFileCheck.problems(path, new Otf2Files(path), locations, sizes, from, to, localDefinitions, new LongIntMap());
    }
}
