package org.igtrace.core.replay;

import java.util.Arrays;
import org.igtrace.core.trace.SendMode;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * The {@link SendMode} of the sends made in each region's calls, by the region's name (MPI_Issend's synchronous,
 * MPI_Ibsend's buffered), looked up once per region: a non-blocking send's completion records it, for the
 * {@code MPI_Wait*} that completes it. Regions defined after the recording began are looked up when first asked.
 */
final class RegionSendModes {
    private final TraceDefinitions definitions;
    /** Per region, its mode's ordinal; -1 not yet looked up. */
    private byte[] modes = new byte[0];

    RegionSendModes(TraceDefinitions definitions) {
        this.definitions = definitions;
    }

    /**
     * The mode of the sends in a call of {@code region}.
     *
     * @param region a region id (-1: none)
     * @return its {@link SendMode}'s ordinal; standard's for no region
     */
    int of(int region) {
        if (region < 0) {
            return SendMode.STANDARD.ordinal();
        }
        if (region >= modes.length) {
            int had = modes.length;
            modes = Arrays.copyOf(modes, Math.max(region + 1, 2 * had));
            Arrays.fill(modes, had, modes.length, (byte) -1);
        }
        if (modes[region] < 0) {
            modes[region] = (byte) SendMode.of(definitions.regionName(region)).ordinal();
        }
        return modes[region];
    }
}
