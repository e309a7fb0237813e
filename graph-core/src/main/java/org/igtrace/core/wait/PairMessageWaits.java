package org.igtrace.core.wait;

import org.igtrace.core.util.PairLongs;

/**
 * What the messages of each directed pair (sender, receiver) added to {@link WaitStates}: the
 * late-sender ticks charged to the receiver, the late-receiver ticks charged to the sender and the
 * clock conflicts. A message's waits depend on the clock offsets only through {@code o_r - o_s}
 * (definitions section 8: every wait is a difference of a sender's and a receiver's time, or a
 * call's own duration), so a pair whose two processes have the same offset gets exactly these
 * totals on corrected clocks as on raw ones: the second join of {@link WaitAnalysis} takes them
 * from the first instead of joining that pair again.
 */
final class PairMessageWaits {
    private final PairLongs lateSender = new PairLongs();
    private final PairLongs lateReceiver = new PairLongs();
    private final PairLongs conflicts = new PairLongs();

    /** One message of {@code sender} to {@code receiver}: its charged waits (0: none) and whether it conflicts. */
    void add(int sender, int receiver, long lateSenderTicks, long lateReceiverTicks, boolean conflict) {
        if (lateSenderTicks > 0) {
            lateSender.add(sender, receiver, lateSenderTicks);
        }
        if (lateReceiverTicks > 0) {
            lateReceiver.add(sender, receiver, lateReceiverTicks);
        }
        if (conflict) {
            conflicts.add(sender, receiver, 1);
        }
    }

    /** Adds what {@code other} recorded (another thread's pairs). */
    void add(PairMessageWaits other) {
        other.lateSender.forEach(lateSender::add);
        other.lateReceiver.forEach(lateReceiver::add);
        other.conflicts.forEach(conflicts::add);
    }

    /** Charges the recorded totals of every pair {@code which} accepts into {@code waits}. */
    void chargeInto(WaitStates waits, PairSelection which) {
        lateSender.forEach((s, r, t) -> {
            if (which.test(s, r)) {
                waits.chargeMessages(WaitPattern.LATE_SENDER, r, s, t);
            }
        });
        lateReceiver.forEach((s, r, t) -> {
            if (which.test(s, r)) {
                waits.chargeMessages(WaitPattern.LATE_RECEIVER, s, r, t);
            }
        });
        conflicts.forEach((s, r, n) -> {
            if (which.test(s, r)) {
                waits.addConflicts(n);
            }
        });
    }

    /** A choice of directed pairs (sender, receiver). */
    @FunctionalInterface
    interface PairSelection {
        boolean test(int sender, int receiver);
    }
}
