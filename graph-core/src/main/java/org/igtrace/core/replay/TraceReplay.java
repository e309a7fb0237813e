package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.igtrace.core.util.Background;
import org.igtrace.core.util.Workers;

/**
 * Replays a recorded run on model machines (definitions section 9): matches its messages and collective
 * instances once, then answers any number of predictions (a sweep replays the same matching with
 * other parameters) and the calibration of {@code --network measured}.
 */
public final class TraceReplay {
    private final ReplayMatching matching;
    private final double[] offsets;
    /**
     * The replay on the ideal network, made once: {@code T_ideal} and any prediction whose parameters
     * are the ideal ones (a calibration that finds no visible transfer) share it.
     */
    private final Background<Prediction> ideal = Background.of(this::simulateIdeal);
    /** The ideal replay made beside another model's in one pass ({@link #predictBesideIdeal}), or null. */
    private volatile Prediction sharedIdeal;
    /** How long the ideal replay took (wall, nanoseconds; 0 until it ended, or if made beside another), for {@code --timing}. */
    private volatile long idealNanos;
    /** Passes over the recorded calls made so far (replays, and a calibration's pass of its own), for tests. */
    final AtomicInteger passes = new AtomicInteger();
    /** Threads one replay may use ({@link ReplayCrew}); 1: the calling thread alone. */
    private volatile int threads = 1;

    /**
     * @param run           the recorded activities
     * @param offsetSeconds clock offset per process (the wait analysis' {@code ClockOffsets}, seconds),
     *                      or null for raw clocks
     */
    public TraceReplay(RecordedRun run, double[] offsetSeconds) {
        this.matching = new ReplayMatching(run);
        this.offsets = offsetSeconds == null ? new double[run.processCount()] : Arrays.copyOf(offsetSeconds, run.processCount());
    }

    /**
     * Lets each replay split its processes among up to {@code threads} threads, no more than the cores (same
     * numbers as on one; 1, the default: the calling thread alone; 0: one per core), when that gives the replay at least
     * {@value #MIN_THREADS} workers (a replay takes at most 8, with 4 replayed processes or more each). A run of fewer than
     * {@value #MIN_CALLS_FOR_THREADS} MPI calls replays on one thread: starting the threads and compiling their code
     * cost more than they save there (bench stencil of 3 M calls, 64 or 1024 ranks: a replay of 0.43-0.80 s on one
     * thread, 0.74-1.00 s on two). So does a replay that would get two or three workers: two workers wait for each
     * other's posts at nearly every call (spinning, on their own cores), so on the 98 M-event bench traces of 28-30 M
     * calls {@code predict} took 1.5-2.3 s more CPU on two threads than on one for the same wall time (the replay itself
     * 2.3 s of wall and 4.6 s of CPU on two threads, 2.6 s on one; bench/history/predict.md, "The replay on one thread below four").
     */
    public TraceReplay withThreads(int threads) {
        return withThreadsAlways(replayThreads(threads, Runtime.getRuntime().availableProcessors(), matching.run.calls(),
                matching.run.replayedProcesses()));
    }

    /**
     * The threads {@link #withThreads} lets a replay use.
     *
     * @param threads   the threads asked for (0: one per core)
     * @param cores     the machine's cores
     * @param calls     the run's MPI calls
     * @param processes the replayed processes
     * @return 1, or the threads asked for (at most the cores) when the replay would get {@value #MIN_THREADS} workers or more
     */
    static int replayThreads(int threads, int cores, long calls, int processes) {
        int n = threads > 0 ? Math.min(threads, cores) : cores;
        int workers = Math.min(Math.min(n, ReplaySimulation.MAX_WORKERS), processes / ReplaySimulation.MIN_PROCESSES_PER_WORKER);
        return calls < MIN_CALLS_FOR_THREADS || workers < MIN_THREADS ? 1 : n;
    }

    static final long MIN_CALLS_FOR_THREADS = 8_000_000;
    /** The fewest workers a replay is split among ({@link #withThreads}); below it, one thread. */
    static final int MIN_THREADS = 4;

    /** As {@link #withThreads}, up to {@code threads} threads whatever the run's size and the cores (for tests). */
    public TraceReplay withThreadsAlways(int threads) {
        this.threads = Math.max(1, threads);
        return this;
    }

    /** The replay on {@code parameters} (the ideal network's is replayed once and shared, see {@link #idealRuntime()}). */
    public Prediction predict(ReplayParameters parameters) {
        return predict(parameters, threads);
    }

    private Prediction predict(ReplayParameters parameters, int threads) {
        if (parameters.isTheIdealNetwork()) {
            return idealPrediction();
        }
        if (parameters.costsAsIdeal()) { // the ideal replay's numbers, under these parameters' name
            Prediction p = idealPrediction();
            if (!matching.postingTime) { // else it keeps the posting calls' durations, which the ideal network leaves out
                return new Prediction(p.measuredRuntime(), p.predictedRuntime(), parameters, p.processes(), p.notes());
            }
        }
        return simulate(parameters, threads);
    }

    private Prediction simulateIdeal() {
        if (sharedIdeal != null) {
            return sharedIdeal;
        }
        long start = System.nanoTime();
        Prediction p = simulate(ReplayParameters.ideal(), threads);
        idealNanos = System.nanoTime() - start;
        return p;
    }

    /** The replay on {@code parameters} with each compute burst's length given by {@code scaling} (a what-if), on one thread. */
    public Prediction predict(ReplayParameters parameters, ComputeScaling scaling) {
        return new ReplaySimulation(matching, parameters, offsets).scaled(scaling).run(1)[0];
    }

    /** How long the ideal replay took, wall nanoseconds (0 if it did not run). */
    public long idealReplayNanos() {
        return idealNanos;
    }

    private Prediction simulate(ReplayParameters parameters, int threads) {
        passes.incrementAndGet();
        return new ReplaySimulation(matching, parameters, offsets).run(threads)[0];
    }

    /** The replay on the ideal network: replayed by the first caller; one that comes while it runs (on another thread) waits for it. */
    private Prediction idealPrediction() {
        return ideal.joined();
    }

    /**
     * The replay on {@code parameters}, and the ideal one (for {@link #idealRuntime()}) in the same
     * pass: the reading of the calls, their matching and the scheduling are shared, each model
     * keeps its own clocks, and each number is the one a replay of its own gives. When the two
     * cannot share a pass (another eager limit, the ideal replay already made or under way, or
     * they would let different calls through a cycle), the model is replayed alone and the ideal
     * replay is left for later.
     */
    public Prediction predictBesideIdeal(ReplayParameters parameters) {
        ReplayParameters idealModel = ReplayParameters.ideal();
        if (!parameters.costsAsIdeal() && parameters.eagerLimit() == idealModel.eagerLimit() && !ideal.isDone() && sharedIdeal == null) {
            passes.incrementAndGet();
            Prediction[] both = new ReplaySimulation(matching, new ReplayParameters[] {parameters, idealModel}, offsets).run(threads);
            if (both != null) {
                sharedIdeal = both[1];
                return both[0];
            }
        }
        return predict(parameters);
    }

    /**
     * The replays on each of {@code parameters}, in their order, up to {@code threads} at once (each
     * replay reads the recorded activities on its own; 0: one per core).
     */
    public List<Prediction> predict(List<ReplayParameters> parameters, int threads) {
        int n = parameters.size();
        Prediction[] out = new Prediction[n];
        int workers = Math.min(n, threads > 0 ? threads : Runtime.getRuntime().availableProcessors());
        if (workers <= 1) {
            for (int i = 0; i < n; i++) {
                out[i] = predict(parameters.get(i));
            }
            return List.of(out);
        }
        AtomicInteger next = new AtomicInteger();
        try {
            Workers.run("igtrace-replay", workers, false, worker -> {
                for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                    out[i] = predict(parameters.get(i), 1); // the models side by side, each on one thread
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while replaying", e);
        }
        return List.of(out);
    }

    /** {@code T_ideal}: the predicted run time on the ideal network (L = 0, B infinite, r = 1). */
    public double idealRuntime() {
        return idealPrediction().predictedRuntime();
    }

    /**
     * The ideal replay on a thread of its own (while the caller calibrates, and predicts if the model
     * is not the ideal network); {@link Background#joined} waits for {@code T_ideal}.
     *
     * @return the ideal replay, running
     */
    public Background<Double> idealRuntimeInBackground() {
        return Background.started("igtrace-replay", this::idealRuntime);
    }

    /**
     * As {@link #calibrate(long, Double, Double)}, made in the ideal network's replay (which {@link #idealRuntime()}
     * and the ideal model's prediction then share) instead of in a pass of its own: one pass over the recorded
     * calls for both. Call it before anything else replays the ideal network; if something did, the
     * calibration takes its own pass.
     */
    public NetworkCalibration.Fit calibrateInIdealReplay(long eagerLimit, Double latency, Double bandwidth) {
        if (ideal.isDone() || sharedIdeal != null) {
            return calibrate(eagerLimit, latency, bandwidth);
        }
        TransferTimes transfers = new TransferTimes(matching, eagerLimit);
        long start = System.nanoTime();
        passes.incrementAndGet();
        Prediction p = new ReplaySimulation(matching, new ReplayParameters[] {ReplayParameters.ideal()}, offsets, transfers).run(threads)[0];
        idealNanos = System.nanoTime() - start;
        sharedIdeal = p;
        return NetworkCalibration.fit(transfers, latency, bandwidth);
    }

    /**
     * The calibration ({@link #calibrateInIdealReplay}), the ideal network and {@code model} in one pass, when
     * {@code model} was made with {@code guess} (the fit to the wait analysis' matched messages,
     * {@link MatchedTransfers}): the calibration's transfer times are collected in the pass, and when their fit is
     * {@code guess} the model's numbers are those of a replay of its own and are returned. Otherwise (the pairings
     * differ, or the models would let different calls through a cycle, or the model has another eager limit, or
     * the ideal network was replayed already) null: {@link #calibration()} then says the pass's fit, and the model
     * made with it is to be replayed ({@link #predict(ReplayParameters)}), as before. Either way the ideal replay is
     * made and shared, and {@link #calibration()} is the fit {@link #calibrateInIdealReplay} gives.
     */
    public Prediction predictCalibrated(ReplayParameters model, NetworkCalibration.Fit guess, long eagerLimit, Double latency,
                                        Double bandwidth) {
        ReplayParameters idealModel = ReplayParameters.ideal();
        if (ideal.isDone() || sharedIdeal != null || model.eagerLimit() != idealModel.eagerLimit()) {
            calibration = calibrateInIdealReplay(eagerLimit, latency, bandwidth);
            return null;
        }
        boolean asIdeal = model.costsAsIdeal();
        ReplayParameters[] models = asIdeal ? new ReplayParameters[] {idealModel} : new ReplayParameters[] {model, idealModel};
        TransferTimes transfers = new TransferTimes(matching, eagerLimit);
        long start = System.nanoTime();
        passes.incrementAndGet();
        Prediction[] out = new ReplaySimulation(matching, models, offsets, transfers).run(threads);
        if (out == null) { // the model and the ideal network would let different calls through a cycle
            calibration = calibrateInIdealReplay(eagerLimit, latency, bandwidth);
            return null;
        }
        idealNanos = System.nanoTime() - start;
        sharedIdeal = out[out.length - 1];
        calibration = NetworkCalibration.fit(transfers, latency, bandwidth);
        if (!calibration.equals(guess)) {
            return null;
        }
        return asIdeal ? predict(model) : out[0];
    }

    private volatile NetworkCalibration.Fit calibration;

    /** The fit of the last {@link #predictCalibrated}'s pass (null before). */
    public NetworkCalibration.Fit calibration() {
        return calibration;
    }

    /** The send overhead o fitted to this run's eager blocking sends below {@code eagerLimit} (see {@link SendOverhead}). */
    public SendOverhead.Fit fitSendOverhead(long eagerLimit) {
        return SendOverhead.fit(matching, eagerLimit);
    }

    /** The measured release spread of the run's last collectives (see {@link FinalRelease}), on this replay's corrected clocks. */
    public FinalRelease fitFinalRelease() {
        return FinalRelease.fit(matching, offsets);
    }

    /** {@link #fitSendOverhead} and {@link #fitFinalRelease} in one pass over the recorded calls. */
    public SendOverhead.Fits fitSendOverheadAndFinalRelease(long eagerLimit) {
        return SendOverhead.fitWithFinalRelease(matching, eagerLimit, offsets);
    }

    /** L and B fitted to this run's own messages, with the default eager limit (see {@link NetworkCalibration}). */
    public NetworkCalibration.Fit calibrate() {
        return calibrate(ReplayParameters.DEFAULT_EAGER_LIMIT);
    }

    /** L and B fitted to this run's own messages, rendezvous above {@code eagerLimit} (see {@link NetworkCalibration}). */
    public NetworkCalibration.Fit calibrate(long eagerLimit) {
        return NetworkCalibration.fit(matching, offsets, eagerLimit);
    }

    /**
     * Each collective family's own latency and bandwidth, fitted to this run's complete instances (see
     * {@link CollectiveCalibration}); a given {@code latency} or {@code bandwidth} (null: fitted) is every family's.
     */
    public java.util.List<CollectiveCalibration.FamilyFit> calibrateCollectives(Double latency, Double bandwidth) {
        return CollectiveCalibration.fit(matching, offsets, latency, bandwidth);
    }

    /**
     * As {@link #calibrateCollectives}, a pass of its own over the calls made on a thread of its own when the replays
     * leave a core free ({@link #withThreads} fewer than the cores), so that it runs beside the calibration's replay;
     * else when {@link Background#joined} asks for it. Either way the fits are those of {@link #calibrateCollectives}.
     */
    public Background<java.util.List<CollectiveCalibration.FamilyFit>> calibrateCollectivesBeside(Double latency, Double bandwidth) {
        Background<java.util.List<CollectiveCalibration.FamilyFit>> pass = Background.of(() -> calibrateCollectives(latency, bandwidth));
        return threads < Runtime.getRuntime().availableProcessors() ? pass.startOn("igtrace-replay") : pass;
    }

    /**
     * {@link #fitSendOverheadAndFinalRelease} and {@link #calibrateCollectives} in one pass over the recorded calls (the
     * reading of the calls is most of either's cost); the fits are those each gives in a pass of its own.
     *
     * @param calls       the send overhead and the lags of the run's last collectives
     * @param collectives each collective family's own fit
     */
    public record CallFits(SendOverhead.Fits calls, java.util.List<CollectiveCalibration.FamilyFit> collectives) {
    }

    /**
     * Whether the fits before a replay ({@link #fitCallsAndCollectives} with {@code eagerLimit}) read no call: the
     * recording kept what they need beside every replayed call ({@link ActivityRecorder#ActivityRecorder(
     * org.igtrace.core.trace.TraceDefinitions, org.igtrace.core.util.RecordBlocks, long)} with that eager limit).
     *
     * @param eagerLimit the eager limit of the fits (bytes)
     * @return true when they read only what was kept
     */
    public boolean fitsReadNoCall(long eagerLimit) {
        return matching.fitCallsKept(eagerLimit);
    }

    /** See {@link CallFits}: o below {@code eagerLimit}, the lags, and the collectives with {@code latency} or {@code bandwidth} given (null: fitted). */
    public CallFits fitCallsAndCollectives(long eagerLimit, Double latency, Double bandwidth) {
        SendOverhead.Scan calls = new SendOverhead.Scan(matching, eagerLimit, new FinalRelease.Scan(matching, offsets));
        // what the recording kept for these fits (the calls with a collective, the eager sends' durations), when it kept
        // them for this eager limit and every window is its whole stream: no call read; else one pass over every call
        boolean kept = matching.fitCallsKept(eagerLimit);
        if (kept) {
            for (int p = 0; p < matching.run.processCount(); p++) {
                LocationActivities l = matching.run.process(p);
                if (l != null) {
                    l.fitCalls.eagerSends.forEach(calls::add);
                }
            }
        }
        java.util.List<CollectiveCalibration.FamilyFit> collectives = CollectiveCalibration.fit(matching, offsets, latency, bandwidth, calls, kept);
        return new CallFits(calls.fits(), collectives);
    }

    /** As {@link #calibrate(long)}, fitting only what is not given ({@code latency} or {@code bandwidth} null). */
    public NetworkCalibration.Fit calibrate(long eagerLimit, Double latency, Double bandwidth) {
        return NetworkCalibration.fit(matching, offsets, eagerLimit, latency, bandwidth);
    }

    /**
     * The replays on {@code parameters} with each of {@code scalings} (null: as measured), in their order: in one
     * pass when they can share it (the reading of the calls, their matching and the scheduling shared, each with its
     * own clocks; each number the one a replay of its own gives), else each alone. On one thread.
     */
    public List<Prediction> predictScaled(ReplayParameters parameters, List<ComputeScaling> scalings) {
        int k = scalings.size();
        ReplayParameters[] models = new ReplayParameters[k];
        Arrays.fill(models, parameters);
        Prediction[] all = k > 1 ? new ReplaySimulation(matching, models, offsets).scaled(scalings.toArray(new ComputeScaling[0])).run(1) : null;
        if (all != null) {
            return List.of(all);
        }
        List<Prediction> out = new ArrayList<>();
        for (ComputeScaling s : scalings) {
            out.add(s == null ? predict(parameters) : predict(parameters, s));
        }
        return out;
    }

    /**
     * As {@link #predictScaled}, with the calibration's transfer times collected in the same pass (as
     * {@link #predictCalibrated} collects them): the predictions when the fit of those times (L and B fitted) is
     * {@code guess}, the fit {@code parameters} was made with; else null (also when the replays could not share the
     * pass), and the caller fits the network by a pass of its own and replays again. On one thread.
     */
    public List<Prediction> predictScaledCalibrated(ReplayParameters parameters, NetworkCalibration.Fit guess, List<ComputeScaling> scalings) {
        return predictScaledCalibrated(parameters, guess, scalings, () -> false);
    }

    /**
     * As above; when {@code cancelled} says true meanwhile (looked at now and then), the replay ends early with a
     * {@link java.util.concurrent.CancellationException} (a replay made ahead whose result is no longer wanted).
     */
    public List<Prediction> predictScaledCalibrated(ReplayParameters parameters, NetworkCalibration.Fit guess, List<ComputeScaling> scalings,
                                                    java.util.function.BooleanSupplier cancelled) {
        int k = scalings.size();
        ReplayParameters[] models = new ReplayParameters[k];
        Arrays.fill(models, parameters);
        TransferTimes transfers = new TransferTimes(matching, parameters.eagerLimit());
        passes.incrementAndGet();
        Prediction[] all = new ReplaySimulation(matching, models, offsets, transfers).scaled(scalings.toArray(new ComputeScaling[0]))
                .cancelledBy(cancelled).run(1);
        return all != null && NetworkCalibration.fit(transfers, null, null).equals(guess) ? List.of(all) : null;
    }

    /**
     * Hands process {@code rank}'s actions of SimGrid's time-independent trace (for {@code smpirun -replay}) to
     * {@code out} one by one; formats.simgrid writes them.
     *
     * @param rank  the process
     * @param model the machine: compute bursts are divided by its cpu ratio, a call that only posts keeps its
     *              measured duration unless the model costs as the ideal network (as the replay does), and an eager send's
     *              or MPI_Isend's call lasts its send overhead o at least, and the members of the run's last collective
     *              leave it at their measured lags (its release spread)
     * @param out   where the actions go
     */
    public void timeIndependentActions(int rank, ReplayParameters model, TimeIndependentTrace.Actions out) {
        new TimeIndependentTrace(matching, offsets, collectiveSizes()).write(rank, model.cpuRatio(), !model.isTheIdealNetwork(),
                model.sendOverhead(), model.eagerLimit(), model.isTheIdealNetwork() ? null : model.finalRelease(), out);
    }

    private CollectiveSizes collectiveSizes;

    /** The collective instances' largest sizes, found on first use (one pass over every process's calls). */
    private synchronized CollectiveSizes collectiveSizes() {
        if (collectiveSizes == null) {
            collectiveSizes = new CollectiveSizes(matching);
        }
        return collectiveSizes;
    }

    /** The matching the replays share (for tests). */
    ReplayMatching matching() {
        return matching;
    }

    /** The MPI calls the replay replays (every process's). */
    /** @return the recorded run this replays */
    public RecordedRun run() {
        return matching.run;
    }

    public long calls() {
        return matching.run.calls();
    }

    public long matchedMessages() {
        return matching.matchedMessages;
    }
}
