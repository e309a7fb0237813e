package org.igtrace.reader.otf2.nativelib;

/**
 * What the shim needs to encode a location's blocking calls' match records itself ({@link EventVisitor#endEncoding}).
 *
 * @param calls             by OTF2 region id, the region's MpiCall ordinal, or -1 when it is not an MPI call (ids beyond: -1)
 * @param communicator      the OTF2 communicator whose ends the shim encodes (its ranks are one partner each); the others'
 *                          ends are handed over as events
 * @param denseCommunicator that communicator's number in the records
 * @param sized             whether the records keep each message's size
 */
public record EndEncoding(int[] calls, int communicator, int denseCommunicator, boolean sized) {
}
