package org.igtrace.core.profile;

import java.util.Arrays;
import org.igtrace.core.trace.OmpRole;

/**
 * One thread's OpenMP constructs as they are read (definitions section 10a): its outermost parallel regions as
 * intervals, the barriers it entered inside them (enter, leave, explicit or implicit, and the parallel region they
 * lie in), its time in the OpenMP runtime's own calls, and of that time and of its MPI calls what lies outside its
 * parallel regions (a worker is not idle while it calls MPI or the runtime there). {@link OpenMpTeams} joins the
 * threads of a process.
 */
final class OpenMpThread {
    /** The location's time with recording off as it is read (none for records {@link #ofLongs} made): not runtime. */
    private final org.igtrace.core.trace.MeasurementGaps gaps;
    private int parallelDepth;
    private long parallelEnter;
    /** Outermost parallel regions: enter, leave pairs. */
    long[] parallels = new long[8];
    int parallelCount;
    long parallelTicks;

    private int barrierDepth;
    private long barrierEnter;
    private boolean barrierExplicit;
    /**
     * Barriers: enter, leave, explicit (1) or implicit (0), index of the parallel region they are in (-1: none), ticks
     * running tasks inside it ({@link #STRIDE} longs each).
     */
    long[] barriers = new long[16];
    int barrierCount;

    /** The last fork not yet followed by its parallel region's enter, the last parallel region's leave not yet joined. */
    private long pendingFork = Long.MIN_VALUE;
    private long pendingJoin = Long.MIN_VALUE;

    private int runtimeDepth;
    private long runtimeEnter;
    long runtimeTicks;
    /** Of {@link #runtimeTicks}, the calls outside every parallel region (the fork and join are the master's, not here). */
    long runtimeOutsideParallels;
    /** Its ticks in MPI communication calls outside every parallel region ({@link #communication}). */
    long mpiOutsideParallels;

    private int taskDepth;
    private long taskEnter;
    /**
     * The barrier or runtime call open (1: a barrier, 2: a runtime call, 0: none) and the task depth when it began: a
     * task run entered at that depth is the barrier's or the call's, however deep in other tasks the call itself lies
     * (a task wait inside a task, recursive tasking).
     */
    private int context;
    private int contextTaskDepth;
    /** Ticks running tasks inside the runtime call open (a task wait), not its runtime. */
    private long tasksInRuntimeCall;
    /** Ticks running tasks inside the barrier open: work, neither its waiting nor its runtime. */
    private long tasksInBarrier;
    /** Ticks running tasks inside its barriers, all of them. */
    long tasksInBarriers;

    /** Ticks with recording off inside its parallel regions, and inside its barriers ({@link #measureOff}). */
    long offInParallels;
    long offInBarriers;

    /** A thread's records to be made from its events, {@code gaps} its location's time off as it is read. */
    OpenMpThread(org.igtrace.core.trace.MeasurementGaps gaps) {
        this.gaps = gaps;
    }

    /** A thread with no records (no OpenMP construct), or one {@link #ofLongs} fills. */
    OpenMpThread() {
        this(null);
    }

    /** Ticks from {@code from} to {@code to} with recording on (time off in the fork, the join or a runtime call is not runtime). */
    private long recorded(long from, long to) {
        return Math.max(0, to - from - (gaps == null ? 0 : gaps.between(from, to)));
    }

    /** Measures where its time with recording off lies ({@code gaps}: the location's, complete). */
    void measureOff(org.igtrace.core.trace.MeasurementGaps gaps) {
        offInParallels = 0;
        offInBarriers = 0;
        for (int k = 0; k < parallelCount; k++) {
            offInParallels += gaps.between(parallels[k * 2], parallels[k * 2 + 1]);
        }
        for (int b = 0; b < barrierCount; b++) {
            offInBarriers += gaps.between(barriers[b * STRIDE], barriers[b * STRIDE + 1]);
        }
    }

    /** ThreadFork ({@code fork}) or ThreadJoin on this thread (the master's): their time to the team's region is runtime. */
    void threadFork(long time, boolean fork) {
        if (fork) {
            pendingFork = parallelDepth == 0 ? time : Long.MIN_VALUE;
        } else if (pendingJoin != Long.MIN_VALUE && parallelDepth == 0) {
            runtimeTicks += recorded(pendingJoin, time); // the join: ending the team
            pendingJoin = Long.MIN_VALUE;
        }
    }

    void enter(long time, OmpRole role) {
        switch (role) {
            case PARALLEL -> {
                if (parallelDepth++ == 0) {
                    parallelEnter = time;
                    if (pendingFork != Long.MIN_VALUE) {
                        runtimeTicks += recorded(pendingFork, time); // the fork: creating the team
                        pendingFork = Long.MIN_VALUE;
                    }
                    pendingJoin = Long.MIN_VALUE;
                }
            }
            case IMPLICIT_BARRIER, BARRIER -> {
                if (barrierDepth++ == 0) {
                    barrierEnter = time;
                    barrierExplicit = role == OmpRole.BARRIER;
                    tasksInBarrier = 0;
                    context = 1;
                    contextTaskDepth = taskDepth;
                }
            }
            case RUNTIME -> {
                if (runtimeDepth++ == 0 && barrierDepth == 0) {
                    runtimeEnter = time;
                    tasksInRuntimeCall = 0;
                    context = 2;
                    contextTaskDepth = taskDepth;
                }
            }
            case TASK -> {
                if (context != 0 && taskDepth == contextTaskDepth) {
                    taskEnter = time;
                }
                taskDepth++;
            }
            default -> {
            }
        }
    }

    void leave(long time, OmpRole role) {
        switch (role) {
            case PARALLEL -> {
                if (parallelDepth > 0 && --parallelDepth == 0) {
                    if (parallelCount * 2 + 2 > parallels.length) {
                        parallels = Arrays.copyOf(parallels, parallels.length * 2);
                    }
                    parallels[parallelCount * 2] = parallelEnter;
                    parallels[parallelCount * 2 + 1] = Math.max(parallelEnter, time);
                    parallelCount++;
                    parallelTicks += Math.max(0, time - parallelEnter);
                    pendingJoin = time;
                }
            }
            case IMPLICIT_BARRIER, BARRIER -> {
                if (barrierDepth > 0 && --barrierDepth == 0) {
                    if (barrierCount * STRIDE + STRIDE > barriers.length) {
                        barriers = Arrays.copyOf(barriers, barriers.length * 2);
                    }
                    int i = barrierCount * STRIDE;
                    barriers[i] = barrierEnter;
                    barriers[i + 1] = Math.max(barrierEnter, time);
                    barriers[i + 2] = barrierExplicit ? 1 : 0;
                    barriers[i + 3] = parallelDepth > 0 ? parallelCount : -1;
                    barriers[i + 4] = Math.min(tasksInBarrier, barriers[i + 1] - barrierEnter);
                    tasksInBarriers += barriers[i + 4];
                    barrierCount++;
                    context = 0;
                }
            }
            case TASK -> {
                if (taskDepth > 0 && --taskDepth == contextTaskDepth && context != 0) {
                    long ticks = recorded(taskEnter, time);
                    if (context == 1) {
                        tasksInBarrier += ticks;
                    } else {
                        tasksInRuntimeCall += ticks;
                    }
                }
            }
            case RUNTIME -> {
                if (runtimeDepth > 0 && --runtimeDepth == 0 && barrierDepth == 0) {
                    context = 0;
                    long ticks = Math.max(0, recorded(runtimeEnter, time) - tasksInRuntimeCall); // its tasks run are work
                    runtimeTicks += ticks;
                    if (parallelDepth == 0) {
                        runtimeOutsideParallels += ticks;
                    }
                }
            }
            default -> {
            }
        }
    }

    /** An outermost MPI communication call left, {@code ticks} long (its time off left out): kept when outside every parallel region. */
    void communication(long ticks) {
        if (parallelDepth == 0) {
            mpiOutsideParallels += ticks;
        }
    }

    /** The records {@link OpenMpTeams} reads (not the state of constructs still open): for {@link #ofLongs}. */
    long[] toLongs() {
        long[] v = new long[HEAD + parallelCount * 2 + barrierCount * STRIDE];
        v[0] = parallelCount;
        v[1] = parallelTicks;
        v[2] = barrierCount;
        v[3] = runtimeTicks;
        v[4] = VERSION;
        v[5] = offInParallels;
        v[6] = offInBarriers;
        v[7] = runtimeOutsideParallels;
        v[8] = mpiOutsideParallels;
        v[9] = tasksInBarriers;
        System.arraycopy(parallels, 0, v, HEAD, parallelCount * 2);
        System.arraycopy(barriers, 0, v, HEAD + parallelCount * 2, barrierCount * STRIDE);
        return v;
    }

    /** The records {@link #toLongs()} gave. */
    static OpenMpThread ofLongs(long[] v) {
        OpenMpThread t = new OpenMpThread();
        t.parallelCount = (int) v[0];
        t.parallelTicks = v[1];
        t.barrierCount = (int) v[2];
        t.runtimeTicks = v[3];
        if (v.length != HEAD + t.parallelCount * 2L + t.barrierCount * (long) STRIDE || v[4] != VERSION) {
            throw new IllegalArgumentException("OpenMP records of " + v.length + " longs");
        }
        t.offInParallels = v[5];
        t.offInBarriers = v[6];
        t.runtimeOutsideParallels = v[7];
        t.mpiOutsideParallels = v[8];
        t.tasksInBarriers = v[9];
        t.parallels = Arrays.copyOfRange(v, HEAD, HEAD + t.parallelCount * 2);
        t.barriers = Arrays.copyOfRange(v, HEAD + t.parallelCount * 2, v.length);
        return t;
    }

    /** The longs before the records in {@link #toLongs}. */
    private static final int HEAD = 10;
    /** The longs of one barrier in {@link #barriers}. */
    static final int STRIDE = 5;
    /** The format of {@link #toLongs} (2: with the runtime and MPI time outside parallel regions; 3: the tasks run in barriers). */
    private static final long VERSION = 3;
}
