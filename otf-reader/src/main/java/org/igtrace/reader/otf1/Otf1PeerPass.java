package org.igtrace.reader.otf1;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.reader.TraceReadException;

/**
 * The world ranks that the events files to read hold records of, or that their messages and rooted
 * collectives name, found before the definitions the analyses get are built: with {@code --skip-missing},
 * only these processes (and those read or selected) are analysed when the others outnumber them, so that
 * no recorded message loses its partner (issue 41 item 6). One pass over those files, parsed as
 * {@link Otf1TraceReader#read} parses them (the same errors, earlier), on several threads, one file per
 * task; nothing is kept but a set of ranks per file being parsed, added to the result when it is done.
 */
final class Otf1PeerPass {
    private Otf1PeerPass() {
    }

    /** The world ranks {@code eventFiles} hold records of or name, parsed with {@code definitions} (every process analysed). */
    static BitSet of(List<Path> eventFiles, Otf1Definitions definitions, int threads) throws TraceReadException {
        BitSet named = new BitSet();
        Otf1FileTasks.each(eventFiles, threads, "otf1-peers", i -> {
            Path file = eventFiles.get(i);
            BitSet ranks = new BitSet();
            LocationEvents naming = new Naming(ranks);
            Otf1EventStream stream = new Otf1EventStream(definitions, (process, order) -> {
                ranks.set(process);
                return naming;
            }, 0);
            try {
                Otf1TraceReader.readEvents(file, stream, eventFiles.size());
            } catch (RuntimeException e) {
                throw new TraceReadException(file + ": cannot be parsed (" + e + ")");
            }
            synchronized (named) {
                named.or(ranks); // at once: a set per file waiting for its turn would hold 125 KB each at rank 10^6
            }
        });
        return named;
    }

    /** Sets the rank of every message partner and collective root (-1: a process left out, a GPU stream). */
    private record Naming(BitSet ranks) implements LocationEvents {
        private void named(int rank) {
            if (rank >= 0) {
                ranks.set(rank);
            }
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            named(receiver);
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            named(sender);
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
            named(root);
        }
    }
}
