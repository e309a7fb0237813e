package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Pointer;
import java.nio.file.Path;

/**
 * The clock offsets of a location's local definitions (Score-P writes one at the measurement's start and one at its
 * end), which libotf2 interpolates and adds to every event time of the location without a word: checked here as libotf2
 * reads them. One damaged bit of an offset made a location's corrected clock run backwards (its row lost, exit 0) or
 * 1.67 times as fast (the run 67 % longer). A clock's rate against another's differs by parts per million (the real
 * traces of testdata/: at most 27 ppm); offsets that change by more than a tenth of the time between them, or that are
 * out of time order, are refused, naming the file. One per {@link Otf2Archive}: libotf2 calls back on the reading thread.
 */
final class LocalClockOffsets implements Otf2Library.ClockOffsetCallback {
    /** The largest rate of change of a location's offset taken as a clock's: a tenth (real clocks: a few ppm). */
    static final double MAX_RATE = 0.1;

    private Pointer callbacks;
    private long[] times = new long[4];
    private long[] offsets = new long[4];
    private int count;

    /** Registers the clock-offset callback on {@code defReader} (a location's), before libotf2 reads it. */
    void register(Pointer reader, Pointer defReader) {
        if (callbacks == null) {
            callbacks = Otf2Library.OTF2_DefReaderCallbacks_New();
            if (callbacks == null) {
                return; // no memory for the callbacks: libotf2 reads the file unchecked, as before
            }
            Otf2Library.OTF2_DefReaderCallbacks_SetClockOffsetCallback(callbacks, this);
        }
        count = 0;
        Otf2Library.OTF2_Reader_RegisterDefCallbacks(reader, defReader, callbacks, null);
    }

    @Override
    public int invoke(long userData, long time, long offset, double standardDeviation) {
        if (count == times.length) {
            times = java.util.Arrays.copyOf(times, count * 2);
            offsets = java.util.Arrays.copyOf(offsets, count * 2);
        }
        times[count] = time;
        offsets[count++] = offset;
        return Otf2Library.CALLBACK_SUCCESS;
    }

    /**
     * After libotf2 read {@code file}: its clock offsets in time order, each changing from the one before by at most
     * {@link #MAX_RATE} of the time between them.
     *
     * @param file the local definitions read, named in the error
     * @throws Otf2Exception when they are not
     */
    void check(Path file) throws Otf2Exception {
        for (int i = 1; i < count; i++) {
            String what = implausible(times[i - 1], offsets[i - 1], times[i], offsets[i]);
            if (what != null) {
                count = 0;
                throw Otf2Exception.found("damaged clock offsets: " + what, file, "libotf2 adds them to every event time"
                        + " of the location without a word: taken as written they would move its events");
            }
        }
        count = 0;
    }

    /**
     * @return what is wrong with the offset {@code o2} at tick {@code t2} after {@code o1} at {@code t1}, or null
     */
    static String implausible(long t1, long o1, long t2, long o2) {
        String pair = "offset " + o1 + " at tick " + Long.toUnsignedString(t1) + ", then " + o2 + " at tick " + Long.toUnsignedString(t2);
        if (Long.compareUnsigned(t2, t1) <= 0) {
            return pair + ": out of time order";
        }
        double rate = ((double) o2 - (double) o1) / (double) (t2 - t1);
        if (Math.abs(rate) <= MAX_RATE) {
            return null;
        }
        return pair + (rate <= -1 ? ": the location's clock would run backwards"
                : String.format(java.util.Locale.ROOT, ": the location's clock would run %.3g times as fast as its own ticks,"
                        + " where clocks differ by parts per million", 1 + rate));
    }

    /** Frees libotf2's callbacks. */
    void close() {
        if (callbacks != null) {
            Otf2Library.OTF2_DefReaderCallbacks_Delete(callbacks);
            callbacks = null;
        }
    }
}
