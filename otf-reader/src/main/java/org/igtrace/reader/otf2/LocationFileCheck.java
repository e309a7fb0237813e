package org.igtrace.reader.otf2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;
import org.igtrace.reader.otf2.nativelib.FolderChecks;
import org.igtrace.reader.otf2.nativelib.Otf2Files;
import org.igtrace.reader.otf2.nativelib.Otf2Files.LocalDefinitions;

/**
 * Checks, before any event is read, the files of every location to read: its event file
 * {@code NAME/<location>.evt} must end as libotf2 ends its files (a truncated one can make libotf2
 * loop for ever), and its local definition file {@code NAME/<location>.def} must be there and
 * readable. libotf2 applies a location's mapping tables and clock offsets only when that file was
 * read, and reads on without them when it is lost, so ids or times would change silently. A local
 * definition file missing while others exist, or one that is truncated or that libotf2 cannot read
 * (empty, overwritten), and a truncated event file, are errors naming the file; with
 * {@code --skip-missing} the location is left out and named in a note. An archive with no local
 * definition file at all (a tracer that writes none) is read as it is, with a note. Each file is
 * opened once; what was found is kept for the read ({@link Checked#noDefinitions}).
 */
final class LocationFileCheck {
    /**
     * The locations to read, in the given order, and those among them with no local definitions
     * for libotf2 to read (no file, or libotf2's empty one), which the read need not open again.
     */
    record Checked(long[] locations, LongIntMap noDefinitions) {
        boolean noDefinitions(long location) {
            return noDefinitions.get(location, 0) != 0;
        }
    }

    /** What is wrong with one location's file ({@link Otf2FileChecks.Problem}), as its line says it. */
    private static String describe(Otf2Files files, Otf2FileChecks.Problem p, String location) {
        Path file = file(files, p);
        return file + ": " + p.state() + " (" + (p.events() ? "events" : "local definitions") + " of " + location
                + (p.detail() == null ? "" : "; " + p.detail()) + ")";
    }

    private static Path file(Otf2Files files, Otf2FileChecks.Problem p) {
        return p.events() ? files.events(p.location()) : files.localDefinitions(p.location());
    }

    static final String NO_END = "no end-of-file record";

    private LocationFileCheck() {
    }

    /**
     * The locations whose files are complete and readable, in the given order.
     *
     * @param sizes          each location's event file size, in the order of {@code locations} (the stat that found it
     *                       there), or null when the archive does not keep one file per location (SION): nothing checked
     */
    static Checked readable(Path anchor, Otf2Definitions definitions, long[] locations, long[] sizes, boolean skipMissing,
                            List<String> notes) throws TraceReadException {
        return readable(anchor, definitions, locations, sizes, skipMissing, notes, null, true);
    }

    /**
     * As above, the checks run by {@code runner} when not null (elsewhere: the driver of the Spark job opens no
     * location's file), which then leaves every location's local definitions for the read to open;
     * {@code definitionsListed}: whether the folder's listing named any {@code .def} file (when not, none is
     * looked for).
     */
    static Checked readable(Path anchor, Otf2Definitions definitions, long[] locations, long[] sizes, boolean skipMissing,
                            List<String> notes, Otf2FileChecks.Runner runner, boolean definitionsListed) throws TraceReadException {
        Otf2Files files = new Otf2Files(anchor);
        if (locations.length == 0 || sizes == null || !Files.isDirectory(files.directory())) {
            return new Checked(locations, new LongIntMap());
        }
        boolean localDefinitions = definitionsListed && Arrays.stream(locations).anyMatch(l -> Files.exists(files.localDefinitions(l)));
        if (!localDefinitions) {
            notes.add("no local definition files (" + files.directory().getFileName() + "/*.def): events read without "
                    + "mapping tables and clock offsets");
        }
        LongIntMap noDefinitions = new LongIntMap();
        List<Otf2FileChecks.Problem> found = runner == null
                ? problems(anchor, files, locations, sizes, 0, locations.length, localDefinitions, noDefinitions)
                : runner.run(new Otf2FileChecks(anchor, locations, sizes, localDefinitions));
        if (found.isEmpty()) {
            return new Checked(locations, noDefinitions);
        }
        // in the locations' order, whatever order the runner's ranges came back in
        Map<Long, Otf2FileChecks.Problem> problems = new LinkedHashMap<>();
        found.stream().sorted(java.util.Comparator.comparingInt(Otf2FileChecks.Problem::index))
                .forEach(p -> problems.putIfAbsent(p.location(), p));
        if (problems.isEmpty()) {
            return new Checked(locations, noDefinitions);
        }
        if (!skipMissing) {
            Map.Entry<Long, Otf2FileChecks.Problem> first = problems.entrySet().iterator().next();
            // the other locations whose files are there and sound, not all those declared
            long others = Arrays.stream(locations).filter(l -> !problems.containsKey(l) && Files.exists(files.events(l))).count();
            throw new TraceReadException(describe(files, first.getValue(), describe(definitions, first.getKey())) + (others == 0 ? ""
                    : "; use " + Remedy.SKIP_MISSING.named() + " to read " + (others == 1 ? "the other location" : "the other " + others + " locations")));
        }
        if (problems.size() == locations.length) {
            // the locations whose event files are there: those missing were left out before, with their note
            throw new TraceReadException(files.directory() + ": no complete and readable files of any of the " + locations.length
                    + (locations.length == 1 ? " location whose event file is there" : " locations whose event files are there"));
        }
        List<String> left = new ArrayList<>();
        problems.forEach((l, p) -> left.add(files.directory().getFileName() + "/" + file(files, p).getFileName() + " of "
                + describe(definitions, l)));
        notes.add(problems.size() == 1 ? "1 location left out for a damaged, missing or unreadable file (" + left.get(0) + ")"
                : problems.size() + " locations left out for damaged, missing or unreadable files (" + String.join("; ", left) + ")");
        return new Checked(Arrays.stream(locations).filter(l -> !problems.containsKey(l)).toArray(), noDefinitions);
    }

    /**
     * The first problem of each location with one among {@code locations[from, to)}, in their order, each with its
     * index; {@code noDefinitions} gets 1 for each location without a problem whose local definitions libotf2 need
     * not read.
     */
    static List<Otf2FileChecks.Problem> problems(Path anchor, Otf2Files files, long[] locations, long[] sizes, int from, int to,
                                                 boolean localDefinitions, LongIntMap noDefinitions) throws TraceReadException {
        Map<Integer, Otf2FileChecks.Problem> problems = new HashMap<>();
        long[] withDefinitions = new long[to - from];
        int n = 0;
        try (FolderChecks checks = files.folderChecks()) { // the folder opened once, each file by its name in it
            checks.ahead(locations, sizes, from, to); // each file opened a few locations early, the kernel asked to read it
            for (int i = from; i < to; i++) {
                long location = locations[i];
                if (!checks.eventsComplete(location, sizes[i]) && Files.exists(files.events(location))) {
                    String state = Otf2ReadFailure.state(files.events(location));
                    String order = files.chunkProblem(location);
                    problems.put(i, new Otf2FileChecks.Problem(i, location, true, state, Otf2ReadFailure.insideDetail(state,
                            order != null ? order : NO_END)));
                    continue;
                }
                LocalDefinitions state = localDefinitions ? checks.localDefinitions(location) : LocalDefinitions.MISSING;
                if (localDefinitions && state == LocalDefinitions.MISSING) {
                    problems.put(i, new Otf2FileChecks.Problem(i, location, false, "missing", null));
                } else if (state == LocalDefinitions.CUT) {
                    Path file = files.localDefinitions(location);
                    String cut = Otf2ReadFailure.state(file); // a named pipe: no end to look for
                    problems.put(i, new Otf2FileChecks.Problem(i, location, false, cut, Otf2ReadFailure.insideDetail(cut, NO_END)));
                } else if (state == LocalDefinitions.COMPLETE) {
                    withDefinitions[n++] = location;
                } else {
                    noDefinitions.put(location, 1); // none at all (no file in the archive), or libotf2's empty file
                }
            }
        }
        Map<Long, Otf2Exception> failures = Map.of();
        if (n > 0) {
            try (Otf2Archive archive = Otf2Archive.open(anchor)) {
                failures = archive.localDefinitionFailures(Arrays.copyOf(withDefinitions, n));
            } catch (Otf2Exception e) {
                throw Otf2ReadFailure.of(anchor, e);
            }
        }
        if (!failures.isEmpty()) {
            for (int i = from; i < to; i++) {
                Otf2Exception e = failures.get(locations[i]);
                if (e != null && !problems.containsKey(i) && e.libotf2Words() == null) { // igtrace's finding: its clock offsets
                    problems.put(i, new Otf2FileChecks.Problem(i, locations[i], false, e.getMessage(), e.why()));
                } else if (e != null && !problems.containsKey(i)) {
                    String state = Otf2ReadFailure.state(files.localDefinitions(locations[i]));
                    problems.put(i, new Otf2FileChecks.Problem(i, locations[i], false, state,
                            Otf2ReadFailure.insideDetail(state, "libotf2: " + e.libotf2Words())));
                }
            }
        }
        List<Otf2FileChecks.Problem> ordered = new ArrayList<>(problems.values());
        ordered.sort(java.util.Comparator.comparingInt(Otf2FileChecks.Problem::index));
        return ordered;
    }

    private static String describe(Otf2Definitions definitions, long location) {
        String name = definitions.locationName(location);
        return "location " + location + (name == null ? "" : ", \"" + name + "\"");
    }

}
