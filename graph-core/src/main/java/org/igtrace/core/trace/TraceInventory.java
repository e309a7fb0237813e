package org.igtrace.core.trace;

import java.util.List;
import java.util.Map;

/**
 * What a trace holds, from its definitions and file listing (for {@code igtrace info}), as a reader reports it.
 *
 * @param format          "OTF2 2.3.0" or "OTF"
 * @param producer        the tool that wrote it, as the trace says ("Score-P 7.1"), or null
 * @param processes       the processes in rank order
 * @param locations       every location (OTF2) or stream (OTF), in definition order
 * @param regions         the number of regions per paradigm (OTF2: MPI or other) or function group (OTF)
 * @param communicators   the communicators, in definition order
 * @param ticksPerSecond  the clock resolution
 * @param spanSeconds     the time from the first to the last event: OTF2, the length the definitions give, or the span of the
 *                        region, message and collective events read where that is longer (EZTrace 2.0's is too
 *                        short); OTF, of the events read; -1 if unknown
 * @param eventCounts     how event counts were found: "counted", "counted in K of N locations" (the others' files
 *                        missing or unreadable), "announced by the definitions (not checked)" (OTF2 with no
 *                        event file read), "counted in the event files" (OTF)
 * @param missing         files the trace names that are not there
 * @param notes           what the definitions' reader noticed
 */
public record TraceInventory(String format, String producer, List<Process> processes, List<Location> locations,
                             Map<String, Integer> regions, List<Communicator> communicators, double ticksPerSecond,
                             double spanSeconds, String eventCounts, List<String> missing, List<String> notes) {

    /** A process: its rank, name, host (or null) and how many locations (threads) it has. */
    public record Process(int rank, String name, String host, int threads) {
    }

    /**
     * A location (OTF2) or stream (OTF).
     *
     * @param id      its id in the trace (OTF streams in hexadecimal, as in file names)
     * @param process the rank of its process, or -1 when it belongs to none (GPU stream, metric location)
     * @param kind    "CPU thread", "GPU stream", "metric", ...
     * @param events  its events (OTF2: as the definitions announce them; OTF: records in its file), -1 unknown
     */
    public record Location(String id, String name, int process, String kind, long events) {
    }

    /**
     * A communicator and how many processes (or threads, streams) it has.
     *
     * @param paradigm the paradigm when it is not MPI's ("OpenMP", "CUDA", ...: OTF2 says so), else null
     */
    public record Communicator(String name, int size, String paradigm) {
        public Communicator(String name, int size) {
            this(name, size, null);
        }
    }

    public TraceInventory {
        processes = List.copyOf(processes);
        locations = List.copyOf(locations);
        regions = Map.copyOf(regions);
        communicators = List.copyOf(communicators);
        missing = List.copyOf(missing);
        notes = List.copyOf(notes);
    }
}
