package org.igtrace.reader.otf2;

import java.nio.file.Path;
import java.util.function.LongPredicate;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.EventVisitor;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;

/**
 * The world ranks that the message and rooted collective events of some locations name, read before the
 * definitions are resolved: with {@code --skip-missing}, a process neither read nor named is left out only
 * when such processes outnumber the others, and a process named is never left out, so that no recorded
 * message loses its partner (issue 41 item 6). One pass over those locations' events; nothing is kept but
 * a bit per rank.
 */
final class PeersNamed implements EventVisitor {
    private final Otf2Definitions definitions;
    private final java.util.BitSet named = new java.util.BitSet();
    private int process;

    private PeersNamed(Otf2Definitions definitions) {
        this.definitions = definitions;
    }

    /**
     * The world ranks the events of {@code locations} name (after {@link Otf2Definitions#number()}).
     * Read through {@link ReadingAnchor} as the events are: libotf2 would otherwise fill a buffer of the
     * archive's chunk size (16 MiB in EZTrace's) for every location.
     *
     * @param largestEventFile the size of the largest event file of {@code locations}
     */
    static java.util.BitSet of(Path anchor, Otf2Definitions definitions, long[] locations, LongPredicate noDefinitions, long largestEventFile)
            throws TraceReadException {
        PeersNamed peers = new PeersNamed(definitions);
        long[] chunkSizes = org.igtrace.reader.otf2.nativelib.Otf2AnchorProperties.chunkSizes(anchor);
        try (ReadingAnchor via = ReadingAnchor.of(anchor, chunkSizes, locations.length, largestEventFile);
                Otf2Archive archive = Otf2Archive.open(anchor, via.path())) {
            archive.readEvents(locations, location -> {
                peers.process = definitions.process(location);
                return peers;
            }, noDefinitions, n -> { });
        } catch (Otf2Exception e) {
            throw Otf2ReadFailure.of(anchor, e);
        }
        return peers.named;
    }

    private void named(int communicator, int commRank) {
        int rank = definitions.worldRank(communicator, commRank, process);
        if (rank >= 0) {
            named.set(rank);
        }
    }

    @Override
    public void enter(long time, int region) {
    }

    @Override
    public void leave(long time, int region) {
    }

    @Override
    public void callingContextEnter(long time, int callingContext) {
    }

    @Override
    public void callingContextLeave(long time, int callingContext) {
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long length) {
        named(communicator, receiver);
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long length) {
        named(communicator, sender);
    }

    @Override
    public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long length, long leave) {
        named(communicator, receiver);
    }

    @Override
    public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long length, long leave) {
        named(communicator, sender);
    }

    @Override
    public void isend(long time, int receiver, int communicator, int tag, long length, long request) {
        named(communicator, receiver);
    }

    @Override
    public void irecv(long time, int sender, int communicator, int tag, long length, long request) {
        named(communicator, sender);
    }

    @Override
    public void collectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
        if (root != -1) {
            named(communicator, root);
        }
    }
}
