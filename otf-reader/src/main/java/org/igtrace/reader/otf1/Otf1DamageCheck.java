package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.reader.TraceReadException;

/**
 * What tells a damaged OTF trace from a whole one across its files: the master file and the
 * definitions must name the same processes, and every events file must hold every process the
 * master file puts in it. (Within one file, {@link ZlibBlockInputStream}, {@link LineSource} and
 * {@link Otf1EventStream} find cuts and undefined names.) With {@code --skip-damaged} the events
 * files are checked before reading and the damaged ones left out with a note naming them; damaged
 * definitions or a damaged master file are always an error.
 */
final class Otf1DamageCheck {
    private Otf1DamageCheck() {
    }

    /**
     * Every process the master file lists is defined: a cut definitions file fails here, naming
     * it. A process whose events would be read (an MPI process or its thread) but that no stream
     * lists recorded nothing (a converter writes no stream for an idle process), unless an events
     * file of the trace is there whose stream the master file does not list: then the master file
     * was cut, and that fails here, naming it.
     *
     * @return the processes no stream lists, in id order
     */
    static List<Long> masterAgreesWithDefinitions(Otf1FileSet files, Otf1Definitions definitions) throws TraceReadException {
        Path master = files.master();
        java.util.BitSet listed = new java.util.BitSet(definitions.processCount()); // by place: a bit a declared process
        for (int s = 0; s < files.streamCount(); s++) {
            for (int i = 0; i < files.streamProcessCount(s); i++) {
                long p = files.streamProcess(s, i);
                if (definitions.isGroupOnly(p)) {
                    continue; // a node group's counters (VampirTrace 5.13's SPEC MPI Tachyon run)
                }
                if (!definitions.defines(p)) {
                    throw new TraceReadException(files.globalDefinitions() + ": does not define process " + Long.toHexString(p)
                            + ", which " + master.getFileName() + " lists (one of the two files is damaged or truncated)");
                }
                int place = definitions.place(p);
                if (place >= 0) {
                    listed.set(place);
                }
            }
        }
        List<Long> unlisted = new ArrayList<>();
        for (int place = 0; place < definitions.processCount(); place++) {
            long p = definitions.processId(place);
            if (definitions.rank(p) != Otf1Definitions.NO_RANK && !listed.get(place)) {
                unlisted.add(p);
            }
        }
        unlisted.sort(Long::compareUnsigned);
        // only an unlisted events file that holds records of such a process tells a cut master file: an empty stray file
        // beside an idle process refused the whole trace
        List<Path> unlistedFiles = new ArrayList<>();
        long p = 0;
        for (Path f : unlisted.isEmpty() ? List.<Path>of() : files.unlistedEvents()) {
            Set<Long> held = processLines(f);
            java.util.Optional<Long> found = unlisted.stream().filter(held::contains).findFirst();
            if (found.isPresent()) {
                unlistedFiles.add(f);
                p = found.get();
                break;
            }
        }
        if (!unlistedFiles.isEmpty()) {
            throw new TraceReadException(master + ": lists no stream for process " + Long.toHexString(p) + " \""
                    + definitions.processName(p) + "\", which " + definitions.fileName() + " defines, nor for "
                    + unlistedFiles.get(0).getFileName() + " (the master file is damaged or truncated)");
        }
        return unlisted;
    }

    /**
     * The processes of the stream whose events are read (MPI processes and their threads) that its
     * events file holds no record of: they recorded nothing. When the file holds records of a
     * process its stream does not list, it was overwritten by another stream's, which fails here
     * naming it.
     */
    static long[] processesWithoutRecords(Otf1FileSet files, Path eventFile, Otf1FileSet.Stream stream, Otf1EventStream parsed,
                                          Otf1Definitions definitions) throws TraceReadException {
        if (stream == null || parsed.abortedByWriter) {
            return new long[0];
        }
        long[] silent = Arrays.stream(stream.processes())
                .filter(p -> definitions.rank(p) != Otf1Definitions.NO_RANK && !parsed.holds(p)).toArray();
        Set<Long> own = new HashSet<>();
        for (long p : stream.processes()) {
            own.add(p);
        }
        if (silent.length > 0 && Arrays.stream(parsed.processes()).anyMatch(p -> !own.contains(p))) {
            long p = silent[0];
            throw new TraceReadException(eventFile + ": holds no record of process " + Long.toHexString(p) + " \""
                    + definitions.processName(p) + "\", which " + files.master().getFileName() + " puts in it (the file holds"
                    + " records of processes of another stream: overwritten)");
        }
        long[] foreign = Arrays.stream(parsed.processes()).filter(p -> !own.contains(p)).toArray();
        if (foreign.length > 0) { // records of a process another stream holds, merged as its own: damage, not a quirk
            long p = foreign[0];
            throw new TraceReadException(eventFile + ": holds records of process " + Long.toHexString(p) + ", which "
                    + files.master().getFileName() + " does not put in this stream (the file or the master file is damaged)");
        }
        return silent;
    }

    /**
     * A process the master file puts in a stream whose events file holds no record of it, while an
     * events file of a stream the master file does not list holds its records (a process line
     * {@code *ID} of it): the master file moved the process to another stream (one changed digit,
     * {@code 3:3} read as {@code 2:3}, or {@code 5:100002} as {@code 4:100002}), and reading on would
     * give that process no event. Fails naming the master file. A stray events file that holds no
     * record of the process (a leftover, empty) does not make an idle process damage.
     */
    static void masterListsEveryEventsFile(Otf1FileSet files, Path eventFile, long[] silent, Otf1Definitions definitions)
            throws TraceReadException {
        if (silent.length == 0) {
            return;
        }
        for (Path unlisted : files.unlistedEvents()) {
            Set<Long> held = processLines(unlisted);
            for (long p : silent) {
                if (held.contains(p)) {
                    throw new TraceReadException(files.master() + ": puts process " + Long.toHexString(p) + " \"" + definitions.processName(p)
                            + "\" in the stream of " + eventFile.getFileName() + ", which holds no record of it, and lists no stream for "
                            + unlisted.getFileName() + ", which does (the master file is damaged)");
                }
            }
        }
    }

    /**
     * The processes an events file has process lines ({@code *ID}) of; of a file that cannot be read whole, those before
     * the damage (a cut stray file that holds a moved process's lines still tells the move).
     */
    private static Set<Long> processLines(Path events) {
        Set<Long> held = new HashSet<>();
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(Otf1FileSet.openData(events),
                java.nio.charset.StandardCharsets.ISO_8859_1))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String t = line.strip();
                if (t.length() > 1 && t.length() <= 17 && t.charAt(0) == '*') {
                    try {
                        held.add(Long.parseUnsignedLong(t.substring(1), 16));
                    } catch (NumberFormatException e) { // NOPMD: not a process line
                    }
                }
            }
        } catch (IOException | RuntimeException e) { // NOPMD: a damaged stray file holds no record the check can trust
        }
        return held;
    }

    /**
     * Marks in each parsed events file ({@link Otf1EventStream#withoutRecords}) the processes of
     * its stream it holds no record of (parsed in the order of {@code eventFiles}); fails on a file
     * overwritten by another stream's.
     */
    static void markProcessesWithoutRecords(Otf1FileSet files, List<Path> eventFiles, List<Otf1EventStream> parsed,
                                            Otf1Definitions definitions) throws TraceReadException {
        Map<Path, Otf1FileSet.Stream> streamOf = streamsByFile(files);
        for (int i = 0; i < eventFiles.size(); i++) {
            markProcessesWithoutRecords(files, eventFiles.get(i), streamOf.get(eventFiles.get(i)), parsed.get(i), definitions);
        }
    }

    /** As above for one events file, whose stream (null: none) the caller looked up. */
    static void markProcessesWithoutRecords(Otf1FileSet files, Path eventFile, Otf1FileSet.Stream stream, Otf1EventStream parsed,
                                            Otf1Definitions definitions) throws TraceReadException {
        long[] silent = processesWithoutRecords(files, eventFile, stream, parsed, definitions);
        if (silent.length == 0) {
            return;
        }
        masterListsEveryEventsFile(files, eventFile, silent, definitions);
        Set<Long> without = new HashSet<>();
        for (long p : silent) {
            without.add(p);
        }
        parsed.withoutRecords = new long[Otf1TraceReader.silentWords(stream)];
        for (int i = 0; i < stream.processes().length; i++) {
            if (without.contains(stream.processes()[i])) {
                parsed.withoutRecords[i >> 6] |= 1L << (i & 63);
            }
        }
    }

    /** The stream of each events file that exists. */
    static Map<Path, Otf1FileSet.Stream> streamsByFile(Otf1FileSet files) {
        Map<Path, Otf1FileSet.Stream> streamOf = new HashMap<>();
        for (int s = 0; s < files.streamCount(); s++) {
            Path events = files.events(files.streamId(s));
            if (events != null) {
                streamOf.put(events, files.stream(s));
            }
        }
        return streamOf;
    }

    /**
     * {@code --skip-damaged}: reads every events file once, keeping nothing, and returns the files
     * that read whole; the others are named in a note. A record naming something the definitions
     * do not define stays an error: the definitions may be the damaged file.
     */
    static List<Path> withoutDamaged(Otf1FileSet files, List<Path> eventFiles, Otf1Definitions definitions, int threads,
                                     List<String> notes) throws TraceReadException {
        Map<Path, Otf1FileSet.Stream> streamOf = streamsByFile(files);
        String[] problems = new String[eventFiles.size()];
        Otf1FileTasks.each(eventFiles, threads, "otf1-check", i -> {
            Path file = eventFiles.get(i);
            problems[i] = damage(file, streamOf.get(file), definitions, files, false);
        });
        List<Path> whole = new ArrayList<>();
        List<String> damaged = new ArrayList<>();
        for (int i = 0; i < eventFiles.size(); i++) {
            if (problems[i] == null) {
                whole.add(eventFiles.get(i));
            } else {
                damaged.add(eventFiles.get(i).getFileName() + ": " + problems[i]);
            }
        }
        if (whole.isEmpty() && !eventFiles.isEmpty()) {
            throw new TraceReadException(eventFiles.get(0) + ": " + problems[0]
                    + (eventFiles.size() > 1 ? " (and every other events file is damaged too)" : ""));
        }
        if (!damaged.isEmpty()) {
            notes.add(Diagnostic.count(damaged.size(), "damaged or unreadable events file", "damaged or unreadable events files") + " left out ("
                    + String.join("; ", damaged) + ")");
        }
        return whole;
    }

    /**
     * What is wrong with one events file, or null when it reads whole: parsed as the analyses parse it (a line that no
     * record holds, a process begun and never ended), not only read to its end. A record naming something the definitions
     * do not define is a {@link TraceReadException}. {@code everyProcessEnds}: a GPU stream, whose events the analyses
     * leave out, must end too ({@code info}, which counts them; not {@code --skip-damaged}, which would leave out with it
     * the MPI processes of the same file that the analyses read whole).
     */
    static String damage(Path file, Otf1FileSet.Stream stream, Otf1Definitions definitions, Otf1FileSet files, boolean everyProcessEnds)
            throws TraceReadException {
        return damage(file, stream, definitions, files, everyProcessEnds, null);
    }

    /**
     * As above; {@code masterNotes} not null ({@code info}, which lists what a trace holds): a master file that moved a
     * process to another stream ({@link #masterListsEveryEventsFile}) is said there, and the file, which reads whole, is
     * counted, instead of failing.
     */
    static String damage(Path file, Otf1FileSet.Stream stream, Otf1Definitions definitions, Otf1FileSet files, boolean everyProcessEnds,
                         List<String> masterNotes) throws TraceReadException {
        Otf1EventStream parsed = new Otf1EventStream(definitions, DISCARD, 0);
        parsed.everyProcessEnds = everyProcessEnds;
        try (InputStream in = Otf1FileSet.openData(file)) {
            LineSource.forEachLine(in, parsed);
        } catch (Otf1EventStream.UndefinedReference e) {
            throw new TraceReadException(file + ": " + e.getMessage());
        } catch (IOException e) {
            return org.igtrace.reader.IoReason.of(e);
        } catch (RuntimeException e) {
            return "cannot be parsed (" + e + ")";
        }
        long[] silent;
        try {
            silent = processesWithoutRecords(files, file, stream, parsed, definitions);
        } catch (TraceReadException e) {
            return e.getMessage().substring(file.toString().length() + 2);
        }
        try {
            masterListsEveryEventsFile(files, file, silent, definitions); // the master file's damage is not this file's
        } catch (TraceReadException e) {
            if (masterNotes == null) {
                throw e;
            }
            masterNotes.add(e.getMessage());
        }
        return null;
    }

    private static final LocationSink DISCARD = (process, order) -> LocationEvents.NONE;
}
