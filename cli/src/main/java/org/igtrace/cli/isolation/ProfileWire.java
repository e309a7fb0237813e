package org.igtrace.cli.isolation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.diagnostic.DiagnosticKind;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;

/**
 * A {@link TraceProfile} as text lines, for the reader process to hand its result to igtrace.
 * Doubles travel as their exact bit patterns, strings percent-encoded, and the last line is
 * {@code end}, so a reader that dies mid-way is told apart from one that finished. A reader that
 * fails cleanly writes one {@code igtrace-error} line instead.
 */
final class ProfileWire {
    static final String HEADER = "igtrace-profile 1";
    static final String ERROR = "igtrace-error ";
    static final String PROGRESS_START = "progress-start ";
    static final String PROGRESS = "progress ";

    private ProfileWire() {
    }

    static void write(TraceProfile profile, PrintWriter out) {
        out.println(HEADER);
        for (ProcessProfile p : profile.processes()) {
            out.println("process " + p.rank() + " " + bits(p.time()) + " " + bits(p.commTime()) + " "
                    + text(p.name()) + " " + (p.host() == null ? "-" : text(p.host())));
        }
        for (PairTraffic t : profile.pairs()) {
            out.println("pair " + t.a() + " " + t.b() + " " + bits(t.bytes()) + " " + t.messages());
        }
        out.println("messages " + profile.messages());
        for (Diagnostic d : profile.diagnostics()) {
            out.println("note " + diagnostic(d));
        }
        WaitReport w = profile.waits();
        if (w != null) {
            out.println("waits " + w.corrected() + " " + w.settled() + " " + w.conflictsBefore() + " " + w.conflictsAfter() + " "
                    + w.matchedMessages() + " " + w.peakInFlight() + " " + w.collectives() + " " + w.collectivesIncomplete() + " "
                    + bits(w.ticksPerSecond()));
            for (int p = 0; p < w.offsetTicks().length; p++) {
                StringBuilder line = new StringBuilder("wait-process ").append(p).append(' ').append(w.offsetTicks()[p]);
                for (WaitPattern pattern : WaitPattern.values()) {
                    line.append(' ').append(w.waitTicks()[pattern.ordinal()][p]);
                }
                out.println(line);
            }
            out.println("wait-bounded" + w.onlyBoundedProcesses().stream().map(p -> " " + p).collect(Collectors.joining()));
            for (WaitReport.PairWait pw : w.pairs()) {
                out.println("wait-pair " + pw.a() + " " + pw.b() + " " + bits(pw.seconds()));
            }
            for (WaitReport.Unmatched u : w.unmatched()) {
                out.println("unmatched " + u.sender() + " " + u.receiver() + " " + u.sends() + " " + u.receives());
            }
            for (Diagnostic d : w.diagnostics()) {
                out.println("wait-note " + diagnostic(d));
            }
        }
        out.println("end");
        out.flush();
    }

    /** The reader's one-line error instead of a profile. */
    static void writeError(String message, PrintWriter out) {
        out.println(ERROR + text(message));
        out.flush();
    }

    /**
     * A {@link ReadProgress} that reports on the wire, before the profile: one
     * {@code progress-start TOTAL UNIT} line, then {@code progress DONE} lines (DONE counts from
     * the start) at most ten a second, and a last one from {@link #finish()}.
     */
    static final class WireProgress implements ReadProgress {
        private final PrintWriter out;
        private final AtomicLong done = new AtomicLong();
        private long lastSent;
        private boolean started;

        WireProgress(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void start(long total, String unit) {
            synchronized (out) {
                if (started) {
                    send(done.get()); // the whole of the pass before, whatever the throttle held back
                }
                started = true;
                done.set(0);
                out.println(PROGRESS_START + total + " " + text(unit));
                out.flush();
            }
        }

        @Override
        public void advance(long n) {
            long now = done.addAndGet(n);
            long t = System.nanoTime();
            if (t - lastSent >= 100_000_000L) {
                synchronized (out) {
                    if (t - lastSent >= 100_000_000L) {
                        lastSent = t;
                        send(now);
                    }
                }
            }
        }

        /** Sends the final count; call once reading is over. */
        void finish() {
            synchronized (out) {
                send(done.get());
            }
        }

        private void send(long now) {
            out.println(PROGRESS + now);
            out.flush();
        }
    }

    /**
     * The profile, or null when the text is not a whole profile (the reader stopped early).
     * Progress lines before it are passed to {@code progress}.
     *
     * @throws TraceReadException with the reader's message when it reported an error
     */
    static TraceProfile read(BufferedReader in, ReadProgress progress) throws IOException, TraceReadException {
        String first = in.readLine();
        long reported = 0;
        while (first != null && (first.startsWith(PROGRESS_START) || first.startsWith(PROGRESS))) {
            try {
                String[] f = first.split(" ");
                if (first.startsWith(PROGRESS_START)) {
                    progress.start(Long.parseLong(f[1]), untext(f[2]));
                    reported = 0;
                } else {
                    long done = Long.parseLong(f[1]);
                    progress.advance(done - reported);
                    reported = done;
                }
            } catch (RuntimeException e) {
                return null;
            }
            first = in.readLine();
        }
        if (first != null && first.startsWith(ERROR)) {
            throw new TraceReadException(untext(first.substring(ERROR.length()).strip()));
        }
        if (!HEADER.equals(first)) {
            return null;
        }
        List<ProcessProfile> processes = new ArrayList<>();
        List<PairTraffic> pairs = new ArrayList<>();
        List<Diagnostic> notes = new ArrayList<>();
        long messages = 0;
        Waits waits = null;
        try {
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "process" -> processes.add(new ProcessProfile(Integer.parseInt(f[1]), untext(f[4]),
                            f[5].equals("-") ? null : untext(f[5]), unbits(f[2]), unbits(f[3])));
                    case "pair" -> pairs.add(new PairTraffic(Integer.parseInt(f[1]), Integer.parseInt(f[2]), unbits(f[3]),
                            Long.parseLong(f[4])));
                    case "messages" -> messages = Long.parseLong(f[1]);
                    case "note" -> notes.add(diagnostic(f));
                    case "waits" -> waits = new Waits(f);
                    case "wait-process" -> waits.process(f);
                    case "wait-bounded" -> waits.bounded = f;
                    case "wait-pair" -> waits.pairs.add(new WaitReport.PairWait(Integer.parseInt(f[1]), Integer.parseInt(f[2]), unbits(f[3])));
                    case "unmatched" -> waits.unmatched.add(new WaitReport.Unmatched(Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                            Long.parseLong(f[3]), Long.parseLong(f[4])));
                    case "wait-note" -> waits.notes.add(diagnostic(f));
                    case "end" -> {
                        return new TraceProfile(processes, pairs, messages, notes,
                                waits == null ? null : waits.report(processes.size()));
                    }
                    default -> {
                        return null;
                    }
                }
            }
        } catch (RuntimeException e) { // a garbled line: the reader did not finish writing
            return null;
        }
        return null;
    }

    /** A wait report as its lines arrive. */
    private static final class Waits {
        final String[] head;
        final List<long[]> processes = new ArrayList<>();
        final List<WaitReport.PairWait> pairs = new ArrayList<>();
        final List<WaitReport.Unmatched> unmatched = new ArrayList<>();
        final List<Diagnostic> notes = new ArrayList<>();
        String[] bounded = {"wait-bounded"};

        Waits(String[] head) {
            this.head = head;
        }

        void process(String[] f) {
            long[] v = new long[f.length - 2];
            for (int i = 2; i < f.length; i++) {
                v[i - 2] = Long.parseLong(f[i]);
            }
            processes.add(v);
        }

        WaitReport report(int n) {
            long[] offsets = new long[n];
            long[][] seconds = new long[WaitPattern.values().length][n];
            for (int p = 0; p < processes.size() && p < n; p++) {
                long[] v = processes.get(p);
                offsets[p] = v[0];
                for (int k = 0; k < seconds.length; k++) {
                    seconds[k][p] = v[k + 1];
                }
            }
            boolean[] onlyBounded = new boolean[n];
            for (int i = 1; i < bounded.length; i++) {
                onlyBounded[Integer.parseInt(bounded[i])] = true;
            }
            return new WaitReport(Boolean.parseBoolean(head[1]), Boolean.parseBoolean(head[2]), offsets, onlyBounded,
                    Long.parseLong(head[3]), Long.parseLong(head[4]), Long.parseLong(head[5]), Long.parseLong(head[6]),
                    seconds, unbits(head[9]), pairs, unmatched, Long.parseLong(head[7]), Long.parseLong(head[8]), notes);
        }
    }

    /** A diagnostic as {@code KIND COUNT DETAIL TEXT NAME...}. */
    private static String diagnostic(Diagnostic d) {
        StringBuilder s = new StringBuilder(d.kind().name()).append(' ').append(d.count()).append(' ').append(d.detail())
                .append(' ').append(text(d.text()));
        d.names().forEach(n -> s.append(' ').append(text(n)));
        return s.toString();
    }

    private static Diagnostic diagnostic(String[] f) {
        List<String> names = new ArrayList<>();
        for (int i = 5; i < f.length; i++) {
            names.add(untext(f[i]));
        }
        return new Diagnostic(DiagnosticKind.valueOf(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), names, untext(f[4]));
    }

    private static String bits(double d) {
        return Long.toHexString(Double.doubleToRawLongBits(d));
    }

    private static double unbits(String s) {
        return Double.longBitsToDouble(Long.parseUnsignedLong(s, 16));
    }

    private static String text(String s) {
        String encoded = URLEncoder.encode(s, StandardCharsets.UTF_8);
        return encoded.isEmpty() ? "%00empty" : encoded;
    }

    private static String untext(String s) {
        return s.equals("%00empty") ? "" : URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
