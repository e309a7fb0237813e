package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * The calibration of collectives (definitions section 9, issue 19): each family ({@link CollectiveFamily}) seen
 * in the run's complete instances gets its own latency {@code L_f} and bandwidth {@code B_f}, fitted so that the
 * family's formula reproduces its instances' measured transfer part. An instance's transfer part is the median
 * over its members of (the member's leave minus the instance's latest enter), at least 0, on corrected clocks:
 * the time the collective took once everybody had arrived. The formula {@code d (L_f + x / B_f)} (d = l, 2 l or
 * P - 1, x the bytes of one step) is fitted as {@link NetworkCalibration} fits messages: the transfer part
 * divided by d, its mean per step size x, then {@code L + x / B} by least squares (one size: B_f infinite, L_f
 * the mean). A barrier has no bytes: {@code L_f} alone. A rooted family ({@link CollectiveFamily#rooted}, not
 * synchronising in the replay: {@link ReplayCosts#rooted}) takes an instance's step time directly: the median of
 * the root's time in the call / l (when S is at least the default eager limit: an eager root leaves at once), of
 * (leave - the root's enter) / d(v) of each receiver that entered before the root, and of the time in the call of
 * each that entered after the root left; an instance with no root known (or none of these members) is taken as a
 * synchronising one. The all-to-one family (its data going up the tree, {@link ReplayCosts#towardRoot}) takes per member
 * whose modelled leave depends on c the c with which the model, on the members' measured enters, gives its measured
 * leave ({@link TreeSteps}), and their median. An instance's step time is thus what its typical member shows (the
 * median over its members); a size's is the mean over its instances, not their median: every instance of a
 * collective lies on the path of each of its members, so the run's length adds the instances' costs, and their mean
 * is what reproduces that sum (messages, of which only some lie on a path, keep the median, {@link NetworkCalibration};
 * issue 34: the median over jacobi-8's 5 all-reduce instances was 41 us a step, their mean 97.9 us). The one-to-all
 * family's rendezvous instances also choose its tree ({@link BroadcastTree}, {@link BroadcastSteps}; issue 34 item 12):
 * per tree each instance's c makes the modelled leaves add up to the measured ones, and the tree nearest the measured
 * leaves is kept, with its c. A family not seen keeps L and B. A given latency or bandwidth replaces every family's (the
 * other is fitted with it held).
 */
public final class CollectiveCalibration {
    /**
     * Members' leaves kept at most (the instances beyond it are not used; the fit says how many were); a communicator
     * with a rooted instance keeps its members' enters and places too.
     */
    static final long MOST_VALUES = 1L << 24;

    /**
     * One family's fit.
     *
     * @param family    the family
     * @param instances its instances the fit used
     * @param fit       L_f, B_f and how they were fitted
     * @param tree      of the one-to-all family, the tree its broadcasts go down (chosen by {@link BroadcastSteps}), else null
     */
    public record FamilyFit(CollectiveFamily family, long instances, NetworkCalibration.Fit fit, BroadcastTree tree) {
        /** A family's fit with no tree (every family but one-to-all). */
        public FamilyFit(CollectiveFamily family, long instances, NetworkCalibration.Fit fit) {
            this(family, instances, fit, null);
        }
    }

    /** How a family's step cost is taken from its instances, for the words of the fit. */
    private static final String[] STEPS = {"transfer part / l", "median step time (a rendezvous root's time in the call / l, an early"
            + " receiver's leave after the root's enter / its depth d(v), a late one's time in the call)", "median step time (per member"
            + " whose leave depends on it, the c with which the binomial tree toward the root gives its measured leave)",
        "transfer part / 2 l", "transfer part / (P - 1)"};

    /** The one-to-all family's step cost in a tree that is not the default, {@link BroadcastSteps}; TREE: the tree's words. */
    private static final String TREE_STEPS = "step time (of a rendezvous instance the c at which the TREE gives leaves that add up to"
            + " the measured ones, on the members' measured enters; of an eager one as issue 34's binomial tree)";

    private CollectiveCalibration() {
    }

    /** The fits of the families seen in the run (in {@link CollectiveFamily} order), with L or B given (null: fitted). */
    static List<FamilyFit> fit(ReplayMatching m, double[] offsets, Double latency, Double bandwidth) {
        return fit(m, offsets, latency, bandwidth, null);
    }

    /** As above, with {@code beside} (null: none) told of every call of the pass ({@link WindowScan}), before this fit's own work. */
    static List<FamilyFit> fit(ReplayMatching m, double[] offsets, Double latency, Double bandwidth, WindowScan beside) {
        return fit(m, offsets, latency, bandwidth, beside, false);
    }

    /**
     * As above; {@code keptCalls}: the calls with a collective read from what the recording kept beside the calls
     * ({@link RecordedFitCalls}, {@link ReplayMatching#fitCallsKept}) instead of every call, {@code beside} told of
     * those and, when the window's last call held none, of a call of no event in its place (the fits are the same).
     */
    static List<FamilyFit> fit(ReplayMatching m, double[] offsets, Double latency, Double bandwidth, WindowScan beside, boolean keptCalls) {
        int comms = m.communicatorSize.length;
        Arrivals a = new Arrivals(m);
        CollectiveTree tree = new CollectiveTree(m.run.definitions);
        for (int p = 0; p < m.run.processCount(); p++) {
            if (m.run.process(p) != null) {
                a.read(p, offsets, beside, keptCalls, tree);
            }
        }
        double[][] latestEnter = a.latestEnter, leaves = a.leaves, enters = a.enters;
        long[][] largest = a.largest;
        byte[][] family = a.family;
        int[][] places = a.places, arrived = a.arrived;
        int families = CollectiveFamily.values().length;
        MedianBySize[] perStep = new MedianBySize[families];
        long[] used = new long[families];
        Trees trees = new Trees(m.run.store);
        for (int c = 0; c < comms; c++) {
            if (leaves[c] == null) {
                continue;
            }
            int size = m.communicatorSize[c];
            double[] parts = new double[size];
            BroadcastSteps broadcasts = null;
            for (int k = 0; k < arrived[c].length; k++) {
                if (family[c][k] < 0 || arrived[c][k] == 0) {
                    continue;
                }
                CollectiveFamily f = CollectiveFamily.of(family[c][k]);
                int count = arrived[c][k];
                boolean rendezvous = largest[c][k] >= ReplayParameters.DEFAULT_EAGER_LIMIT;
                int samples = !f.rooted() ? 0 : f.gathers() ? TreeSteps.gathered(parts, enters[c], leaves[c], places[c], k * size, count, size, rendezvous)
                        : rootedSteps(parts, enters[c], leaves[c], places[c], k * size, count, size, rendezvous);
                double perStepPart = samples > 0 ? Math.max(0, median(parts, samples)) : Double.NaN;
                if (samples == 0 || f == CollectiveFamily.ONE_TO_ALL) { // as a synchronising instance
                    for (int i = 0; i < count; i++) {
                        parts[i] = leaves[c][k * size + i] - latestEnter[c][k];
                    }
                    double synchronising = Math.max(0, median(parts, count)) / ReplayCosts.divisor(f, size);
                    perStepPart = samples > 0 ? perStepPart : synchronising;
                    if (f == CollectiveFamily.ONE_TO_ALL) {
                        broadcasts = broadcasts != null ? broadcasts : new BroadcastSteps(size);
                        trees.add(broadcasts, enters[c], leaves[c], places[c], k * size, count, rendezvous, parts, perStepPart,
                                Math.round(ReplayCosts.stepBytes(f, size, largest[c][k])), synchronising);
                    }
                }
                if (perStep[f.ordinal()] == null) {
                    perStep[f.ordinal()] = MedianBySize.ofMeans(m.run.store);
                }
                perStep[f.ordinal()].add(Math.round(ReplayCosts.stepBytes(f, size, largest[c][k])), perStepPart);
                used[f.ordinal()]++;
            }
        }
        List<FamilyFit> out = new ArrayList<>();
        int chosen = trees.chosen();
        if (chosen > 0) {
            perStep[CollectiveFamily.ONE_TO_ALL.ordinal()] = trees.steps[chosen];
        }
        for (CollectiveFamily f : CollectiveFamily.values()) {
            MedianBySize times = perStep[f.ordinal()];
            if (times == null) {
                continue;
            }
            NetworkCalibration.Fit fit = f == CollectiveFamily.BARRIER
                    ? barrier(times, used[f.ordinal()], latency, bandwidth)
                    : NetworkCalibration.fit(times, used[f.ordinal()], latency, bandwidth);
            if (f != CollectiveFamily.BARRIER) { // the method of the message fit, said of instances
                String how = fit.how();
                fit = new NetworkCalibration.Fit(fit.latency(), fit.bandwidth(), fit.messages(), fit.sizes(), fit.largestSize(),
                        instances(used[f.ordinal()]) + ", " + (f == CollectiveFamily.ONE_TO_ALL && chosen > 0 ? TREE_STEPS
                        .replace("TREE", BroadcastTree.CANDIDATES[chosen].words()) : STEPS[f.ordinal()]) + " at " + fit.sizes()
                        + (fit.sizes() == 1 ? " step size;" : " step sizes;") + how.substring(how.indexOf(';') + 1)
                        .replace("median time per size", "mean per step size").replace("mean of median times", "mean of the sizes' means"));
            }
            boolean shown = f == CollectiveFamily.ONE_TO_ALL && trees.members > 0; // a rendezvous broadcast showed its tree
            if (shown) {
                fit = new NetworkCalibration.Fit(fit.latency(), fit.bandwidth(), fit.messages(), fit.sizes(), fit.largestSize(),
                        fit.how() + trees.words(chosen));
            }
            out.add(new FamilyFit(f, used[f.ordinal()], fit, shown ? BroadcastTree.CANDIDATES[chosen] : null));
        }
        return out;
    }

    /**
     * The members' arrivals at the complete instances kept (at most {@link #MOST_VALUES} leaves), read process by
     * process. The reading is a method of its own, apart from the fit's loops: the JIT's on-stack replacement of a
     * loop compiles what follows it in its method too (the whole fit, about 40 kB of code, three times).
     */
    private static final class Arrivals {
        final ReplayMatching m;
        final double tick;
        final double[][] latestEnter, leaves, enters;
        final long[][] largest;
        final byte[][] family;
        final int[][] places, arrived;

        Arrivals(ReplayMatching m) {
            this.m = m;
            int comms = m.communicatorSize.length;
            tick = 1.0 / m.run.definitions.ticksPerSecond();
            latestEnter = new double[comms][];
            largest = new long[comms][];
            family = new byte[comms][];
            leaves = new double[comms][];
            enters = new double[comms][];
            places = new int[comms][];
            arrived = new int[comms][];
            long kept = 0;
            for (int c = 0; c < comms; c++) {
                long instances = m.completeInstances[c];
                int size = m.communicatorSize[c];
                if (instances <= 0 || size <= 1) {
                    continue;
                }
                int n = (int) Math.min(instances, Math.max(0, (MOST_VALUES - kept) / size));
                kept += (long) n * size;
                latestEnter[c] = new double[n];
                java.util.Arrays.fill(latestEnter[c], Double.NEGATIVE_INFINITY);
                largest[c] = new long[n];
                family[c] = new byte[n];
                java.util.Arrays.fill(family[c], (byte) -1);
                leaves[c] = new double[n * size];
                arrived[c] = new int[n];
            }
        }

        /** Process p's arrivals, {@code beside} (null: none) told of each of its calls first. */
        void read(int p, double[] offsets, WindowScan beside, boolean keptCalls, CollectiveTree tree) {
            int comms = m.communicatorSize.length;
            RecordedFitCalls.WindowCalls calls = new RecordedFitCalls.WindowCalls(m, p, keptCalls);
            ActivityCursor cursor = calls.cursor;
            long[] collectives = new long[comms];
            if (beside != null) {
                beside.start(p);
            }
            while (calls.next()) {
                if (beside != null) {
                    beside.call(p, cursor);
                }
                boolean any = false;
                for (int i = 0; i < cursor.events; i++) {
                    any |= cursor.type[i] == LocationActivities.COLLECTIVE;
                }
                if (!any) {
                    continue;
                }
                m.resolve(p, cursor, collectives);
                for (int i = 0; i < cursor.events; i++) {
                    int c = cursor.match[i];
                    if (c < 0 || cursor.type[i] != LocationActivities.COLLECTIVE || leaves[c] == null || cursor.at[i] >= arrived[c].length) {
                        continue;
                    }
                    int k = (int) cursor.at[i];
                    CollectiveFamily f = CollectiveFamily.of(cursor, i);
                    if (f == null || m.silentMembers != null && m.silentMembers.notWaitedFor(c, k, cursor.bytes[i],
                            p == cursor.sequence[i])) {
                        continue; // a member that sent nothing: the instance is timed from its other members' latest enter
                    }
                    double enter = (cursor.enter - m.origin) * tick + offsets[p];
                    double leave = (cursor.leave - m.origin) * tick + offsets[p];
                    latestEnter[c][k] = Math.max(latestEnter[c][k], enter);
                    largest[c][k] = Math.max(largest[c][k], cursor.bytes[i]);
                    family[c][k] = (byte) f.ordinal();
                    int size = m.communicatorSize[c];
                    if (f.rooted() && enters[c] == null) {
                        enters[c] = new double[leaves[c].length];
                        places[c] = new int[leaves[c].length];
                    }
                    if (arrived[c][k] < size) {
                        if (enters[c] != null) {
                            enters[c][k * size + arrived[c][k]] = enter;
                            places[c][k * size + arrived[c][k]] = f.rooted() ? tree.relative(c, p, cursor.sequence[i]) : -1;
                        }
                        leaves[c][k * size + arrived[c][k]++] = leave;
                    }
                }
            }
            if (beside != null && calls.lastCallSkipped()) { // what the window's last call, which held no collective, tells it
                cursor.events = 0;
                cursor.region = -1;
                beside.call(p, cursor);
            }
        }
    }

    /**
     * The step costs a rooted instance's members show ({@link ReplayCosts#rooted}), into {@code out}: the root's
     * {@code (leave - enter) / l} when its sends are rendezvous (S at least the default eager limit, 64 KiB); of each
     * receiver that entered before the root (it waited for the data)
     * {@code (leave - root's enter) / d(v)}, and of each that entered after the root left (the data was on its way)
     * {@code leave - enter}, its own step; how many (0: no root known, or no member shows c: the instance is fitted as a
     * synchronising one).
     */
    private static int rootedSteps(double[] out, double[] enters, double[] leaves, int[] places, int from, int count, int size,
            boolean rendezvous) {
        double root = Double.NaN, rootLeave = Double.NaN;
        for (int i = from; i < from + count; i++) {
            if (places[i] == 0) {
                root = enters[i];
                rootLeave = leaves[i];
            }
        }
        if (Double.isNaN(root)) {
            return 0;
        }
        int n = 0;
        for (int i = from; i < from + count; i++) {
            if (places[i] == 0) {
                if (rendezvous) {
                    out[n++] = (leaves[i] - enters[i]) / ReplayCosts.steps(size);
                }
            } else if (places[i] > 0 && enters[i] < root) {
                out[n++] = (leaves[i] - root) / CollectiveTree.depth(places[i]);
            } else if (places[i] > 0 && enters[i] >= rootLeave) {
                out[n++] = leaves[i] - enters[i];
            }
        }
        return n;
    }

    /** A barrier's {@code L_f}: the mean per step (given L: that one); it sends no bytes, so B_f is B. */
    private static NetworkCalibration.Fit barrier(MedianBySize times, long used, Double latency, Double bandwidth) {
        double l = latency != null ? latency : Math.max(0, times.typical()[0]);
        return new NetworkCalibration.Fit(l, bandwidth == null ? Double.POSITIVE_INFINITY : bandwidth, used, 1, 0,
                instances(used) + "; " + (latency != null ? "the given L" : "L = mean over instances of transfer part / l, l = ceil(log2 P)"));
    }

    private static String instances(long n) {
        return n + (n == 1 ? " instance" : " instances");
    }

    private static double median(double[] v, int n) {
        double[] sorted = java.util.Arrays.copyOf(v, n);
        java.util.Arrays.sort(sorted);
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The one-to-all family's instances in each of {@link BroadcastTree#CANDIDATES}: per tree its step costs (as {@code
     * perStep}) and how far its model, at each instance's fitted c, is from the members' measured leaves (summed); the
     * tree with the least is chosen, {@link BroadcastTree#DEFAULT} on a tie (issue 34 item 12).
     */
    private static final class Trees {
        final MedianBySize[] steps = new MedianBySize[BroadcastTree.CANDIDATES.length];
        final double[] error = new double[steps.length];
        long members;

        Trees(org.igtrace.core.util.RecordBlocks store) {
            for (int t = 0; t < steps.length; t++) {
                steps[t] = MedianBySize.ofMeans(store);
            }
        }

        /**
         * An instance: {@code fitted} the default tree's step cost, {@code synchronising} that of the instance taken as a
         * synchronising one, used for a tree no member of it shows.
         */
        void add(BroadcastSteps b, double[] enters, double[] leaves, int[] places, int from, int count, boolean rendezvous, double[] parts,
                double fitted, long stepBytes, double synchronising) {
            boolean taken = rendezvous && count <= BroadcastSteps.MOST_MEMBERS && b.take(enters, leaves, places, from, count);
            for (int t = 0; t < steps.length; t++) {
                int n = taken ? b.samples(parts, BroadcastTree.CANDIDATES[t], rendezvous) : 0;
                double c = t == 0 ? fitted : n > 0 ? b.unbiased() : synchronising;
                steps[t].add(stepBytes, c);
                if (taken) {
                    error[t] += b.error(c);
                }
            }
            members += taken ? count : 0;
        }

        int chosen() {
            int best = 0;
            for (int t = 1; t < steps.length; t++) {
                if (error[t] < error[best]) {
                    best = t;
                }
            }
            return best;
        }

        /** "; tree: ... chosen by ...". */
        String words(int chosen) {
            StringBuilder b = new StringBuilder("; rendezvous broadcasts down a ").append(BroadcastTree.CANDIDATES[chosen].words());
            b.append(", chosen of ").append(steps.length).append(" trees as the one whose model, at each instance's fitted step cost,"
                    + " is nearest the members' measured leaves (mean |modelled - measured| a member:");
            for (int t = 0; t < steps.length; t++) {
                b.append(t == 0 ? " " : ", ").append(BroadcastTree.CANDIDATES[t].shape().words())
                        .append(BroadcastTree.CANDIDATES[t].waits() ? " waiting " : " ").append(org.igtrace.core.util.Labels.seconds3(error[t] / members));
            }
            return b.append(')').toString();
        }
    }

    /** The collective network of {@code fits}: per family its L_f and B_f, NaN for the families not fitted (or B of a barrier). */
    public static ReplayParameters.CollectiveNetwork network(List<FamilyFit> fits) {
        int families = CollectiveFamily.values().length;
        double[] l = new double[families], b = new double[families];
        java.util.Arrays.fill(l, Double.NaN);
        java.util.Arrays.fill(b, Double.NaN);
        BroadcastTree tree = null;
        for (FamilyFit f : fits) {
            l[f.family().ordinal()] = f.fit().latency();
            tree = f.tree() != null ? f.tree() : tree;
            if (f.family() != CollectiveFamily.BARRIER) { // a barrier sends nothing: B does not enter its cost
                b[f.family().ordinal()] = f.fit().bandwidth();
            }
        }
        return new ReplayParameters.CollectiveNetwork(l, b, tree);
    }
}
