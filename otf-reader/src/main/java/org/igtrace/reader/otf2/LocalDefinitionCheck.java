package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;
import org.igtrace.reader.otf2.nativelib.Otf2Files;

/**
 * Checks, before any event is read, the local definition file {@code NAME/<location>.def} of every
 * location to read. libotf2 applies a location's mapping tables and clock offsets only when that
 * file was read, and reads on without them when it is lost, so ids or times would change silently.
 * A file that is missing while others exist, or that libotf2 cannot read (empty, truncated,
 * overwritten), is an error naming it; with {@code --skip-missing} its location is left out and
 * named in a note. An archive with no local definition file at all (a tracer that writes none) is
 * read as it is, with a note.
 */
final class LocalDefinitionCheck {
    /** What is wrong with one location's file; {@code libotf2Words} is null when it is missing. */
    private record Problem(Path file, String state, String libotf2Words) {
        String describe(String location) {
            return file + ": " + state + " (local definitions of " + location + (libotf2Words == null ? "" : "; libotf2: " + libotf2Words) + ")";
        }
    }

    private LocalDefinitionCheck() {
    }

    /** The locations whose local definitions are readable, in the given order. */
    static long[] readable(Path anchor, Otf2Definitions definitions, long[] locations, boolean skipMissing,
                           List<String> notes) throws TraceReadException {
        Otf2Files files = new Otf2Files(anchor);
        if (locations.length == 0 || !Files.isDirectory(files.directory()) || usesOtherSubstrate(files.directory())) {
            return locations;
        }
        long existing = Arrays.stream(locations).filter(l -> Files.exists(files.localDefinitions(l))).count();
        if (existing == 0) {
            notes.add("no local definition files (" + files.directory().getFileName() + "/*.def): events read without "
                    + "mapping tables and clock offsets");
            return locations;
        }
        Map<Long, Problem> problems = problems(anchor, files, locations);
        if (problems.isEmpty()) {
            return locations;
        }
        if (!skipMissing) {
            Map.Entry<Long, Problem> first = problems.entrySet().iterator().next();
            int others = locations.length - 1;
            throw new TraceReadException(first.getValue().describe(describe(definitions, first.getKey()))
                    + "; use --skip-missing to build the graph from the other " + others + (others == 1 ? " location" : " locations"));
        }
        if (problems.size() == locations.length) {
            throw new TraceReadException(files.directory() + ": no readable local definition file (*.def) of any of the "
                    + locations.length + " locations");
        }
        List<String> left = new ArrayList<>();
        problems.keySet().forEach(l -> left.add(describe(definitions, l)));
        notes.add(problems.size() == 1 ? "1 location left out, its local definition file missing or damaged (" + left.get(0) + ")"
                : problems.size() + " locations left out, their local definition files missing or damaged (" + String.join("; ", left) + ")");
        return Arrays.stream(locations).filter(l -> !problems.containsKey(l)).toArray();
    }

    /** The locations whose file is missing or that libotf2 cannot read, in the given order. */
    private static Map<Long, Problem> problems(Path anchor, Otf2Files files, long[] locations) throws TraceReadException {
        Map<Long, Problem> problems = new LinkedHashMap<>();
        long[] present = Arrays.stream(locations).filter(l -> Files.exists(files.localDefinitions(l))).toArray();
        Map<Long, Otf2Exception> failures;
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            failures = archive.localDefinitionFailures(present);
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e);
        }
        for (long location : locations) {
            Path file = files.localDefinitions(location);
            if (!Files.exists(file)) {
                problems.put(location, new Problem(file, "missing", null));
            } else if (failures.containsKey(location)) {
                problems.put(location, new Problem(file, Otf2ReadFailure.state(file), failures.get(location).libotf2Words()));
            }
        }
        return problems;
    }

    private static String describe(Otf2Definitions definitions, long location) {
        String name = definitions.locationName(location);
        return "location " + location + (name == null ? "" : ", \"" + name + "\"");
    }

    private static boolean usesOtherSubstrate(Path dir) throws TraceReadException {
        try (Stream<Path> listed = Files.list(dir)) {
            return listed.anyMatch(f -> f.getFileName().toString().endsWith(".sion"));
        } catch (IOException e) {
            throw new TraceReadException(dir + ": cannot list (" + e.getMessage() + ")");
        }
    }
}
