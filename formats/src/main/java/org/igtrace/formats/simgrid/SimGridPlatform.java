package org.igtrace.formats.simgrid;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.topology.Bus;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.Topology;

/**
 * SimGrid platforms (XML, version 4.1, one {@code Full}-routed zone) for the replay's model machine, and the host
 * file that puts each rank on its host.
 *
 * <ul>
 *   <li>{@link #flat}: definitions section 9's {@code transfer = L + S / B} without topology: one host per rank
 *   ({@code h0}, {@code h1}, ...) and one FATPIPE link of latency L and bandwidth B per pair of hosts (no sharing,
 *   as the replay has no contention).</li>
 *   <li>{@link #routed}: the topology's own links, so that SimGrid's flow model shares them (contention, which the
 *   replay does not model). A host per topology node that holds a rank ({@code h<node>}); per topology link
 *   {@code t<link>} one SPLITDUPLEX link (each direction its own bandwidth B; UP runs from the link's source node to
 *   its target) of latency H (a bus's two links per hop H / 2 each); one FATPIPE link {@code lat} of latency L and
 *   bandwidth B on every route between two hosts, and one FATPIPE link {@code local} of the local latency and
 *   bandwidth as the route of a host to itself. The route from node u to node v is {@code lat} then the links of
 *   igtrace's route from u to v ({@link Topology#route}), so a message costs {@code L + H * hops + S / B} when it
 *   has its links to itself.</li>
 * </ul>
 * An infinite bandwidth is written as 10^15 B/s.
 */
final class SimGridPlatform {
    private SimGridPlatform() {
    }

    private static double finite(double bandwidth) {
        return Double.isInfinite(bandwidth) ? 1e15 : bandwidth;
    }

    private static void head(Appendable out) throws IOException {
        out.append("<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
        out.append("<platform version=\"4.1\">\n  <zone id=\"igtrace\" routing=\"Full\">\n");
    }

    private static void link(Appendable out, String id, double bandwidth, double latency, String sharing) throws IOException {
        out.append(String.format(Locale.ROOT, "    <link id=\"%s\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" sharing_policy=\"%s\"/>%n",
                id, finite(bandwidth), latency, sharing));
    }

    /** The platform without topology (see the class comment). */
    static void flat(int processes, double latency, double bandwidth, Appendable out) throws IOException {
        head(out);
        for (int p = 0; p < processes; p++) {
            out.append("    <host id=\"h").append(Integer.toString(p)).append("\" speed=\"1Gf\"/>\n");
        }
        // every link before the first route: SimGrid's platform grammar wants them so (3 ranks on failed to load);
        // a host's route to itself too (without it SMPI sent a message to oneself over its own loopback, not L + S/B)
        for (int p = 0; p < processes; p++) {
            for (int q = p; q < processes; q++) {
                link(out, "l" + p + "-" + q, bandwidth, latency, "FATPIPE");
            }
        }
        for (int p = 0; p < processes; p++) {
            for (int q = p; q < processes; q++) {
                out.append(String.format(Locale.ROOT, "    <route src=\"h%d\" dst=\"h%d\"><link_ctn id=\"l%d-%d\"/></route>%n", p, q, p, q));
            }
        }
        out.append("  </zone>\n</platform>\n");
    }

    /** One link of a route: the topology link and whether it is crossed from its source to its target. */
    record Hop(int link, boolean up) {
    }

    /**
     * The links of igtrace's route from node {@code from} to node {@code to}, each with the direction it is crossed
     * in (a route walks from node to node, so each link leaves the node the previous one reached).
     */
    static List<Hop> route(Topology t, int from, int to) {
        List<Hop> hops = new ArrayList<>();
        int[] at = {from};
        t.route(from, to, l -> {
            boolean up = t.linkSource(l) == at[0];
            hops.add(new Hop(l, up));
            at[0] = up ? t.linkTarget(l) : t.linkSource(l);
        });
        return hops;
    }

    /** The platform of {@code p}'s network: the topology's links routed as igtrace routes (see the class comment). */
    static void routed(ReplayParameters p, Appendable out) throws IOException {
        Topology t = p.network().topology();
        Placement where = p.network().placement();
        TreeSet<Integer> nodes = new TreeSet<>();
        for (int r = 0; r < where.processes(); r++) {
            nodes.add(where.nodeOf(r));
        }
        TreeSet<Integer> used = new TreeSet<>();
        for (int u : nodes) {
            for (int v : nodes) {
                if (u != v) {
                    route(t, u, v).forEach(h -> used.add(h.link()));
                }
            }
        }
        head(out);
        for (int node : nodes) {
            out.append("    <host id=\"h").append(Integer.toString(node)).append("\" speed=\"1Gf\"/>\n");
        }
        link(out, "lat", p.bandwidth(), p.latency(), "FATPIPE");
        link(out, "local", p.localBandwidth(), p.localLatency(), "FATPIPE");
        double hopLatency = t instanceof Bus ? p.hopLatency() / 2 : p.hopLatency();
        for (int l : used) {
            link(out, "t" + l, p.bandwidth(), hopLatency, "SPLITDUPLEX");
        }
        for (int u : nodes) {
            for (int v : nodes) {
                out.append(String.format(Locale.ROOT, "    <route src=\"h%d\" dst=\"h%d\" symmetrical=\"NO\">", u, v));
                if (u == v) {
                    out.append("<link_ctn id=\"local\"/>");
                } else {
                    out.append("<link_ctn id=\"lat\"/>");
                    for (Hop h : route(t, u, v)) {
                        out.append("<link_ctn id=\"t").append(Integer.toString(h.link())).append("\" direction=\"")
                                .append(h.up() ? "UP" : "DOWN").append("\"/>");
                    }
                }
                out.append("</route>\n");
            }
        }
        out.append("  </zone>\n</platform>\n");
    }

    /** The host file: line r names rank r's host ({@code h<rank>} without a network, else {@code h<node>}). */
    static String hostfile(int processes, ReplayParameters.Network network) {
        StringBuilder hosts = new StringBuilder();
        for (int r = 0; r < processes; r++) {
            hosts.append('h').append(network == null ? r : network.placement().nodeOf(r)).append('\n');
        }
        return hosts.toString();
    }
}
