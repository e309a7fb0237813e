package org.igtrace.cli.isolation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
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
        for (String note : profile.notes()) {
            out.println("note " + text(note));
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
     * The profile, or null when the text is not a whole profile (the reader stopped early).
     *
     * @throws TraceReadException with the reader's message when it reported an error
     */
    static TraceProfile read(BufferedReader in) throws IOException, TraceReadException {
        String first = in.readLine();
        if (first != null && first.startsWith(ERROR)) {
            throw new TraceReadException(untext(first.substring(ERROR.length()).strip()));
        }
        if (!HEADER.equals(first)) {
            return null;
        }
        List<ProcessProfile> processes = new ArrayList<>();
        List<PairTraffic> pairs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        long messages = 0;
        try {
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "process" -> processes.add(new ProcessProfile(Integer.parseInt(f[1]), untext(f[4]),
                            f[5].equals("-") ? null : untext(f[5]), unbits(f[2]), unbits(f[3])));
                    case "pair" -> pairs.add(new PairTraffic(Integer.parseInt(f[1]), Integer.parseInt(f[2]), unbits(f[3]),
                            Long.parseLong(f[4])));
                    case "messages" -> messages = Long.parseLong(f[1]);
                    case "note" -> notes.add(untext(f[1]));
                    case "end" -> {
                        return new TraceProfile(processes, pairs, messages, notes);
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
