package org.igtrace.core.replay;

/**
 * {@code --network measured} (definitions section 9): latency and bandwidth from the run's own matched
 * messages whose transfer is visible: the receive was posted before the send (definitions section 9's rule), or the
 * message is rendezvous-sized ({@code S >= E}), so its transfer starts when both sides have posted.
 * The transfer time is the leave of the receiving call (a blocking receive, MPI_Sendrecv or
 * MPI_Wait*, MPI_Test*) minus the later of the two calls' enters, on corrected clocks. For each message size the
 * median transfer time is taken (a receive completed late in an MPI_Waitall with others is an
 * outlier, not a slow network); then {@code t = L + S / B} is fitted to the (size, median) points by
 * least squares. One size only, or times that do not grow with size: {@code B} infinite and
 * {@code L} the mean; a negative intercept: {@code L = 0} and {@code B} fitted through the origin.
 * No such message at all: the ideal network.
 */
public final class NetworkCalibration {
    /**
     * @param latency  fitted L, seconds
     * @param bandwidth fitted B, bytes/s, possibly infinite
     * @param messages messages the fit used
     * @param sizes    distinct message sizes among them
     * @param largestSize the largest of those sizes, bytes (0: none)
     * @param how      one sentence: what was fitted, for the output
     */
    public record Fit(double latency, double bandwidth, long messages, int sizes, double largestSize, String how) {
        /** @return what the fit measured: {@code "network"}, or {@code "bandwidth"} (the latency given) or {@code "latency"} (the bandwidth given) */
        public String measured() {
            return how.contains(GIVEN_L) ? "bandwidth" : how.contains(GIVEN_B) ? "latency" : "network";
        }
    }

    /** The end of a fit's {@link Fit#how} when the latency was given, and when the bandwidth was. */
    private static final String GIVEN_L = "with the given L";
    private static final String GIVEN_B = "with the given B";

    private NetworkCalibration() {
    }

    static Fit fit(ReplayMatching m, double[] offsets, long eagerLimit) {
        return fit(m, offsets, eagerLimit, null, null);
    }

    /**
     * As above; with {@code latency} (or {@code bandwidth}) given, only the other is fitted, the
     * given one held fixed (least squares of the same line): the joint fit's value would answer
     * another question.
     */
    static Fit fit(ReplayMatching m, double[] offsets, long eagerLimit, Double latency, Double bandwidth) {
        TransferTimes transfers = new TransferTimes(m, eagerLimit);
        new VisibleTransfers(m, offsets, transfers).collect();
        return fit(transfers, latency, bandwidth);
    }

    /** The fit to the transfer times {@code transfers} collected, with L or B given (null: fitted). */
    static Fit fit(TransferTimes transfers, Double latency, Double bandwidth) {
        Fit f = fit(transfers.times, transfers.used, latency, bandwidth);
        if (transfers.usedSends == 0) {
            return f;
        }
        String sends = transfers.usedSends + " of them timed on the send side: a blocking rendezvous send whose receive an MPI_Irecv"
                + " posted, from the later post to its leave; a message timed on both sides is counted twice";
        String how = f.how().contains("timed from the later post)")
                ? f.how().replace("timed from the later post)", "timed from the later post; " + sends + ")") : f.how() + " (" + sends + ")";
        return new Fit(f.latency(), f.bandwidth(), f.messages(), f.sizes(), f.largestSize(), how);
    }

    /** The fit to {@code used} transfer times collected in {@code times}, with L or B given (null: fitted). */
    static Fit fit(MedianBySize times, long used, Double latency, Double bandwidth) {
        if (times.sizeCount() == 0) {
            return new Fit(latency == null ? 0 : latency, bandwidth == null ? Double.POSITIVE_INFINITY : bandwidth, 0, 0, 0,
                    "no matched message showed its transfer (receive posted first, or rendezvous-sized)"
                            + (latency == null && bandwidth == null ? ": the ideal network (L = 0, B = inf)"
                            : latency == null ? ": L = 0" : bandwidth == null ? ": B = inf" : ""));
        }
        if (latency != null && bandwidth == null) {
            return fitBandwidth(times.sizes(), times.typical(), used, latency);
        }
        if (bandwidth != null && latency == null) {
            return fitLatency(times.sizes(), times.typical(), used, bandwidth);
        }
        return fitLine(times.sizes(), times.typical(), used);
    }

    /** {@code B} by least squares of {@code y = L + x / B} with L given: {@code 1/B = sum x (y - L) / sum x^2}; none positive: inf. */
    static Fit fitBandwidth(double[] x, double[] y, long used, double latency) {
        double sxx = 0, sxy = 0, largest = 0;
        for (int i = 0; i < x.length; i++) {
            sxx += x[i] * x[i];
            sxy += x[i] * (y[i] - latency);
            largest = Math.max(largest, x[i]);
        }
        double b = sxx > 0 && sxy > 0 ? sxx / sxy : Double.POSITIVE_INFINITY;
        return new Fit(latency, b, used, x.length, largest, visible(used) + ", " + sizes(x.length)
                + "; least squares of t = L + S/B over the median time per size, " + GIVEN_L);
    }

    private static String visible(long messages) {
        return org.igtrace.core.diagnostic.Diagnostic.count(messages, "message", "messages") + " whose transfer was visible";
    }

    private static String sizes(int n) {
        return org.igtrace.core.diagnostic.Diagnostic.count(n, "size", "sizes");
    }

    /** {@code L} by least squares of {@code y = L + x / B} with B given: the mean of {@code y - x / B}, at least 0. */
    static Fit fitLatency(double[] x, double[] y, long used, double bandwidth) {
        double sum = 0, largest = 0;
        for (int i = 0; i < x.length; i++) {
            sum += y[i] - x[i] / bandwidth;
            largest = Math.max(largest, x[i]);
        }
        return new Fit(Math.max(0, sum / x.length), bandwidth, used, x.length, largest, visible(used) + ", "
                + sizes(x.length) + "; least squares of t = L + S/B over the median time per size, " + GIVEN_B);
    }

    /** Least squares of {@code y = L + x / B} with the fallbacks of the class comment. */
    static Fit fitLine(double[] x, double[] y, long used) {
        int n = x.length;
        double largest = 0;
        for (double size : x) {
            largest = Math.max(largest, size);
        }
        String what = visible(used) + " (receive posted before the send, or rendezvous-sized,"
                + " received in a blocking receive or MPI_Sendrecv and timed from the later post), " + sizes(n) + ";";
        double mx = 0, my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i] / n;
            my += y[i] / n;
        }
        double sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
        if (n == 1 || sxx == 0 || sxy <= 0) {
            return new Fit(Math.max(0, my), Double.POSITIVE_INFINITY, used, n, largest,
                    what + (n == 1 ? " one size only" : " times do not grow with size") + ": L = mean of median times, B = inf");
        }
        double slope = sxy / sxx, intercept = my - slope * mx;
        if (intercept >= 0) {
            return new Fit(intercept, 1 / slope, used, n, largest, what + " least squares of t = L + S/B over the median time per size");
        }
        double sx2 = 0, sxy0 = 0;
        for (int i = 0; i < n; i++) {
            sx2 += x[i] * x[i];
            sxy0 += x[i] * y[i];
        }
        if (sxy0 <= 0) { // times at or below zero (clocks that contradict each other): no line through the origin either
            return new Fit(Math.max(0, my), Double.POSITIVE_INFINITY, used, n, largest,
                    what + " times not above zero: L = mean of median times, at least 0, B = inf");
        }
        return new Fit(0, sx2 / sxy0, used, n, largest, what + " negative intercept: L = 0, B by least squares through the origin");
    }
}
