package org.igtrace.core.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.diagnostic.DiagnosticKind;
import org.igtrace.core.diagnostic.Diagnostics;
import org.igtrace.core.trace.ProcessInfo;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.PairCounters;

/**
 * Hands out one {@link LocationAccumulator} per location and merges them into a
 * {@link TraceProfile}. Locations may be fed on different threads; {@link #profile()} is called
 * once all of them are done.
 */
public final class TraceAccumulator implements LocationSink {
    private final TraceDefinitions definitions;
    private final boolean modelCollectives;
    private final List<LocationAccumulator> locations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong nextOrder = new AtomicLong();

    /**
     * @param modelCollectives whether collective operations add modelled pairwise traffic
     *                         ({@code --collectives}, SPEC section 4)
     */
    public TraceAccumulator(TraceDefinitions definitions, boolean modelCollectives) {
        this.definitions = definitions;
        this.modelCollectives = modelCollectives;
    }

    public TraceDefinitions definitions() {
        return definitions;
    }

    /** A fresh accumulator for one location of the process with world rank {@code process}. */
    public LocationAccumulator location(int process) {
        return location(process, nextOrder.getAndIncrement());
    }

    /**
     * A fresh accumulator for one location, merged in ascending {@code order}. Readers that feed
     * locations on several threads pass an order fixed by the trace (not by thread timing), so that
     * sums of fractional modelled bytes come out the same on every run.
     */
    @Override
    public LocationAccumulator location(int process, long order) {
        if (process < 0 || process >= definitions.processCount()) {
            throw new IllegalArgumentException("no process with rank " + process);
        }
        LocationAccumulator accumulator = new LocationAccumulator(definitions, process, modelCollectives, order);
        locations.add(accumulator);
        return accumulator;
    }

    /** Merges every location into the profile (SPEC sections 3 and 4). */
    public TraceProfile profile() {
        int n = definitions.processCount();
        double ticksPerSecond = definitions.ticksPerSecond(); // divide once: exact to the nearest double
        long[] spanTicks = new long[n];
        long[] environmentTicks = new long[n];
        long[] communicationTicks = new long[n];
        PairCounters sends = new PairCounters();
        PairCounters receives = new PairCounters();
        PairCounters collectives = new PairCounters();
        long unbalanced = 0, untranslated = 0, self = 0, silentSendrecv = 0, backwards = 0, implausible = 0, collectiveCalls = 0;
        List<LocationAccumulator> ordered = new ArrayList<>(locations);
        ordered.sort(Comparator.comparingLong(LocationAccumulator::order));
        for (LocationAccumulator l : ordered) {
            if (l.lastRegionTime >= l.firstRegionTime) {
                spanTicks[l.process()] += l.lastRegionTime - l.firstRegionTime;
            }
            environmentTicks[l.process()] += l.environmentTicks;
            communicationTicks[l.process()] += l.communicationTicks;
            sends.addAll(l.sends);
            receives.addAll(l.receives);
            collectives.addAll(l.collectiveTraffic);
            unbalanced += l.unbalancedLeaves;
            untranslated += l.untranslatedPartners;
            self += l.selfMessages;
            silentSendrecv += l.silentSendrecvCalls;
            backwards += l.backwardTimes;
            implausible += l.implausibleLengths;
            collectiveCalls += l.collectiveCalls;
        }

        List<ProcessProfile> processes = new ArrayList<>(n);
        for (ProcessInfo p : definitions.processes()) {
            int r = p.rank();
            double time = Math.max(0, spanTicks[r] - environmentTicks[r]) / ticksPerSecond;
            processes.add(new ProcessProfile(r, p.name(), p.host(), time, communicationTicks[r] / ticksPerSecond));
        }

        // Directed traffic: the send side where any send was seen, else the receive side.
        PairCounters directed = new PairCounters(sends.size() + 1);
        long[] fallback = new long[2];
        long[] sendsWithoutReceive = new long[1];
        long[] receivesWithoutSend = new long[1];
        sends.forEach((from, to, bytes, messages) -> {
            directed.add(from, to, bytes, messages);
            long received = receives.messages(from, to);
            if (received < messages) {
                sendsWithoutReceive[0] += messages - received;
            } else if (received > messages) {
                receivesWithoutSend[0] += received - messages;
            }
        });
        receives.forEach((from, to, bytes, messages) -> {
            if (sends.messages(from, to) == 0) {
                directed.add(from, to, bytes, messages);
                fallback[0] += messages;
                fallback[1]++;
            }
        });
        long[] p2pMessages = {0};
        directed.forEach((from, to, bytes, messages) -> p2pMessages[0] += messages);
        if (modelCollectives) {
            directed.addAll(collectives);
        }

        PairCounters undirected = new PairCounters(directed.size() + 1);
        directed.forEach((from, to, bytes, messages) ->
                undirected.add(Math.min(from, to), Math.max(from, to), bytes, messages));
        List<PairTraffic> pairs = new ArrayList<>(undirected.size());
        undirected.forEach((a, b, bytes, messages) -> pairs.add(new PairTraffic(a, b, bytes, messages)));
        pairs.sort((x, y) -> x.a() != y.a() ? Integer.compare(x.a(), y.a()) : Integer.compare(x.b(), y.b()));

        Diagnostics found = new Diagnostics();
        definitions.notes().forEach(found::add);
        found.addIf(DiagnosticKind.RECEIVE_SIDE_COUNTED, fallback[0], fallback[1])
                .addIf(DiagnosticKind.SENDS_WITHOUT_RECEIVE, sendsWithoutReceive[0])
                .addIf(DiagnosticKind.RECEIVES_WITHOUT_SEND, receivesWithoutSend[0])
                .addIf(DiagnosticKind.SILENT_SENDRECV, silentSendrecv)
                .addIf(DiagnosticKind.PARTNER_OUTSIDE, untranslated)
                .addIf(DiagnosticKind.SELF_MESSAGES, self)
                .addIf(DiagnosticKind.UNBALANCED_LEAVES, unbalanced)
                .addIf(DiagnosticKind.BACKWARD_TIMES, backwards)
                .addIf(DiagnosticKind.IMPLAUSIBLE_LENGTHS, implausible);
        if (p2pMessages[0] == 0) {
            found.addIf(modelCollectives ? DiagnosticKind.COLLECTIVES_ONLY_MODELLED : DiagnosticKind.COLLECTIVES_ONLY, collectiveCalls);
        }
        return new TraceProfile(processes, pairs, p2pMessages[0], found.list());
    }
}
