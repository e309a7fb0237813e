package org.igtrace.reader.otf2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import org.igtrace.reader.otf2.nativelib.EventVisitor;

/**
 * What the OTF2 read counts per location for its notes, in one array that the threads reading the
 * locations (or Spark's tasks, summing by index) fill without sharing a slot: by part (location), the
 * regions entered and never left, then the events of each kind counted for a note ({@link EventVisitor#unread}):
 * non-blocking collectives done (their waiting not analysed), one-sided transfers, cancelled requests (not analysed),
 * records of a type libotf2 does not know (skipped), then the Leave events of user regions that were not open.
 */
final class ReaderCounts {
    private ReaderCounts() {
    }

    /**
     * @param parts the locations read
     * @return the counts of a read of {@code parts} locations, all 0
     */
    static long[] of(int parts) {
        return new long[parts * SECTIONS];
    }

    /**
     * Per part: the regions never left, the unread events by kind, the Leave events of user regions not open, the half of
     * OTF2's unsigned clock its times lie in.
     */
    private static final int SECTIONS = 4 + EventVisitor.UNREAD_KINDS;

    /** A location's last event far after the event before it ({@link #lastJump}), in microseconds; 0: not so. */
    private static final int LAST_JUMP = SECTIONS - 3;

    private static final int NOT_OPEN = SECTIONS - 2;

    private static final int HALF = SECTIONS - 1;

    /** Puts a location's count of Leave events of user regions that were not open in its slot. */
    static void notOpen(long[] counts, int slot, long n) {
        int parts = counts.length / SECTIONS;
        counts[NOT_OPEN * parts + slot] = n;
    }

    /**
     * Puts in a location's slot that its last event lies {@code micros} microseconds after the event before it, more
     * than a second and a hundred times its span before (a time far ahead with no event after it to show it).
     */
    static void lastJump(long[] counts, int slot, long micros) {
        int parts = counts.length / SECTIONS;
        counts[LAST_JUMP * parts + slot] = micros;
    }

    /** Puts the half of OTF2's unsigned clock a location's times lie in (1: below 2^63 ticks, 2: at or above it) in its slot. */
    static void halves(long[] counts, int slot, long below, long above) {
        int parts = counts.length / SECTIONS;
        counts[HALF * parts + slot] = (below > 0 ? 1 : 0) | (above > 0 ? 2 : 0);
    }

    /**
     * Refuses a read whose locations' times lie on both sides of 2^63 ticks, some all before it, some all at or after it
     * (each location's own times crossing it are refused as it is read): read as signed longs, as every analysis takes
     * them, the later ones would come 2^64 ticks before the others.
     *
     * @param counts as {@link #notes}
     * @param parts  the locations of the trace
     * @param name   a part's location as a note names it
     * @param trace  the trace, as the refusal names it
     * @throws TraceReadException when they do
     */
    static void requireOneHalf(long[] counts, int parts, IntFunction<String> name, java.nio.file.Path trace)
            throws org.igtrace.reader.TraceReadException {
        long[] all = Arrays.copyOf(counts, parts * SECTIONS);
        int below = -1, above = -1;
        for (int part = 0; part < parts; part++) {
            long half = all[HALF * parts + part];
            if ((half & 1) != 0 && below < 0) {
                below = part;
            }
            if ((half & 2) != 0 && above < 0) {
                above = part;
            }
        }
        if (below >= 0 && above >= 0) {
            throw new org.igtrace.reader.TraceReadException(trace + ": the times of " + name.apply(below) + " lie before 2^63 ticks"
                    + " and those of " + name.apply(above) + " at or after it, which igtrace does not read ("
                    + org.igtrace.reader.otf2.nativelib.EventVisitor.CLOCK_NEAR_ZERO + ")");
        }
    }

    /** Puts a location's counts of unread events, by kind, in its slots. */
    static void unread(long[] counts, int slot, long[] byKind) {
        int parts = counts.length / SECTIONS;
        for (int k = 0; k < byKind.length; k++) {
            counts[(k + 1) * parts + slot] = byKind[k];
        }
    }

    /**
     * The notes on a read's counts.
     *
     * @param counts as {@link #of} made and the read filled them; shorter (the zeros at the end cut, as Spark's tasks
     *               send them) is read as padded with zeros
     * @param parts  the locations of the trace
     * @param name   a part's location as a note names it
     * @return the notes, none when nothing was counted
     */
    static List<String> notes(long[] counts, int parts, IntFunction<String> name) {
        long[] all = Arrays.copyOf(counts, parts * SECTIONS);
        List<String> notes = new ArrayList<>();
        String regions = RegionNesting.note(Arrays.copyOf(all, parts), name);
        if (regions != null) {
            notes.add(regions);
        }
        String notOpen = RegionNesting.notOpenNote(Arrays.copyOfRange(all, NOT_OPEN * parts, (NOT_OPEN + 1) * parts), name);
        if (notOpen != null) {
            notes.add(notOpen);
        }
        long[] total = new long[EventVisitor.UNREAD_KINDS];
        for (int k = 0; k < total.length; k++) {
            for (int part = 0; part < parts; part++) {
                total[k] += all[(k + 1) * parts + part];
            }
        }
        if (total[0] > 0) {
            notes.add(total[0] + (total[0] == 1 ? " non-blocking collective operation" : " non-blocking collective operations")
                    + " (MPI_Iallreduce, MPI_Ibcast and the like: OTF2 NonBlockingCollectiveComplete events): their waiting is"
                    + " not analysed, nor are they replayed as collectives (the calls that start and complete them count as time in"
                    + " MPI); graph " + org.igtrace.core.diagnostic.Remedy.COLLECTIVES.named() + " models their traffic as the blocking ones'");
        }
        if (total[1] > 0) {
            notes.add(total[1] + (total[1] == 1 ? " one-sided transfer" : " one-sided transfers")
                    + " (OTF2 RmaPut, RmaGet or RmaAtomic events: MPI_Put, MPI_Get, SHMEM, copies to and from an accelerator and the like) not counted: the graph's"
                    + " edges are messages sent; the calls count as time in MPI when their regions are MPI's");
        }
        if (total[2] > 0) {
            notes.add(total[2] + (total[2] == 1 ? " request" : " requests")
                    + " cancelled (MPI_Cancel: OTF2 MpiRequestCancelled events): a cancelled MPI_Isend, if one is among them, still"
                    + " counts as a message sent, matched in its channel's order; a cancelled MPI_Irecv posts nothing");
        }
        if (total[3] > 0) {
            notes.add(unknown(total[3], all, 4 * parts, parts, name));
        }
        for (int part = 0; part < parts; part++) {
            long micros = all[LAST_JUMP * parts + part];
            if (micros > 0) { // the first such location: a damaged timestamp is rare, two of them rarer
                notes.add("the last event of " + name.apply(part) + " lies " + org.igtrace.core.util.Labels.seconds3(micros / 1e6)
                        + " after the event before it, more than a hundred times the location's time before that: a damaged timestamp"
                        + " (which libotf2 reads without a word) or a long quiet end; its process's time T_i runs to it");
                break;
            }
        }
        long unended = total[EventVisitor.UNENDED_COLLECTIVES];
        if (unended > 0) {
            notes.add(unended + (unended == 1 ? " collective operation" : " collective operations")
                    + " began and never ended (an OTF2 MpiCollectiveBegin event with no MpiCollectiveEnd after it on its location:"
                    + " EZTrace writes only the begin of MPI_Iallreduce and the like): their traffic is not counted, with "
                    + org.igtrace.core.diagnostic.Remedy.COLLECTIVES.named() + " either, and their calls count as time in MPI");
        }
        return notes;
    }

    /** The note on records of a type libotf2 does not know, naming the first location that holds any. */
    private static String unknown(long total, long[] all, int from, int parts, IntFunction<String> name) {
        int first = 0;
        while (first < parts - 1 && all[from + first] == 0) {
            first++;
        }
        return total + (total == 1 ? " event" : " events") + " of a type libotf2 does not know skipped (otf2-print shows"
                + (total == 1 ? " it" : " them") + " as UNKNOWN), first in " + name.apply(first)
                + ": written by a newer OTF2 than this libotf2, or a damaged byte; what " + (total == 1 ? "it" : "they") + " recorded is not counted";
    }
}
