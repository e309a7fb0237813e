package org.igtrace.reader.otf2;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expected numbers computed from the text that libotf2's own {@code otf2-print} prints, not
 * through igtrace's reader: otf2-print resolves every message partner to a location itself
 * (the {@code <id>} after the partner's name), so the communicator-rank translation here is
 * otf2-print's, not ours. Times follow SPEC section 3 with regions classified by name
 * ({@code MPI_} prefix; MPI_Init, MPI_Init_thread and MPI_Finalize as environment).
 */
final class Otf2PrintOracle {
    private static final Pattern LOCATION_GROUP = Pattern.compile("^LOCATION_GROUP\\s+(\\d+)\\s+Name: .*Type: (\\w+),");
    private static final Pattern LOCATION = Pattern.compile("^LOCATION\\s+(\\d+)\\s+Name: .*Type: (\\w+), .*Group: .*<(\\d+)>$");
    private static final Pattern MPI_COMM_LOCATIONS = Pattern.compile("^GROUP\\s+\\d+\\s+.*Type: COMM_LOCATIONS, Paradigm: (\"MPI\" <\\d+>|MPI),.*Members?: (.*)$");
    private static final Pattern MEMBER = Pattern.compile("<(\\d+)>");
    private static final Pattern CLOCK = Pattern.compile("^CLOCK_PROPERTIES\\s+Ticks per Seconds: (\\d+),");
    private static final Pattern REGION_EVENT = Pattern.compile("^(ENTER|LEAVE)\\s+(\\d+)\\s+(\\d+)\\s+Region: \"([^\"]*)\"");
    private static final Pattern MESSAGE = Pattern.compile("^(MPI_SEND|MPI_ISEND|MPI_RECV|MPI_IRECV)\\s+(\\d+)\\s+\\d+\\s+(?:Receiver|Sender): \\d+ \\(\"[^\"]*\" <(\\d+)>\\).*Length: (\\d+)");

    /** Directed traffic of one sender -> receiver direction. */
    record Direction(int from, int to) { }

    final Map<Long, Integer> locationRank = new HashMap<>();
    final Map<Integer, Long> groupOfRank = new TreeMap<>();
    final Map<Direction, long[]> sends = new LinkedHashMap<>();     // {bytes, messages}
    final Map<Direction, long[]> receives = new LinkedHashMap<>();
    long ticksPerSecond = 1;
    int processes;
    double[] time;
    double[] commTime;

    static Otf2PrintOracle of(Path anchor) throws IOException, InterruptedException {
        Otf2PrintOracle o = new Otf2PrintOracle();
        o.readDefinitions(run("otf2-print", "-G", anchor.toString()));
        o.readEvents(run("otf2-print", anchor.toString()));
        return o;
    }

    private static List<String> run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        }
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed");
        }
        return lines;
    }

    private void readDefinitions(List<String> lines) {
        Map<Long, Long> locationGroup = new HashMap<>();
        Map<Long, String> locationType = new HashMap<>();
        List<Long> processGroups = new ArrayList<>();
        List<Long> worldLocations = new ArrayList<>();
        for (String line : lines) {
            Matcher m;
            if ((m = CLOCK.matcher(line)).find()) {
                ticksPerSecond = Long.parseLong(m.group(1));
            } else if ((m = LOCATION_GROUP.matcher(line)).find()) {
                if (m.group(2).equals("PROCESS")) {
                    processGroups.add(Long.parseLong(m.group(1)));
                }
            } else if ((m = LOCATION.matcher(line)).find()) {
                locationGroup.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(3)));
                locationType.put(Long.parseLong(m.group(1)), m.group(2));
            } else if ((m = MPI_COMM_LOCATIONS.matcher(line)).find() && worldLocations.isEmpty()) {
                Matcher member = MEMBER.matcher(m.group(2));
                while (member.find()) {
                    worldLocations.add(Long.parseLong(member.group(1)));
                }
            }
        }
        Map<Long, Integer> groupRank = new HashMap<>();
        for (long location : worldLocations) {
            groupRank.putIfAbsent(locationGroup.get(location), groupRank.size());
        }
        processGroups.stream().sorted().forEach(g -> groupRank.putIfAbsent(g, groupRank.size()));
        groupRank.forEach((g, r) -> groupOfRank.put(r, g));
        locationGroup.forEach((location, group) -> {
            if (groupRank.containsKey(group) && "CPU_THREAD".equals(locationType.get(location))) {
                locationRank.put(location, groupRank.get(group));
            }
        });
        processes = groupRank.size();
    }

    private void readEvents(List<String> lines) {
        Map<Long, long[]> span = new HashMap<>();          // first, last
        Map<Long, long[]> depthAndStart = new HashMap<>(); // commDepth, commStart, envDepth, envStart
        long[] commTicks = new long[processes];
        long[] envTicks = new long[processes];
        for (String line : lines) {
            Matcher m;
            if ((m = REGION_EVENT.matcher(line)).find()) {
                long location = Long.parseLong(m.group(2));
                Integer rank = locationRank.get(location);
                if (rank == null) {
                    continue;
                }
                long t = Long.parseLong(m.group(3));
                long[] s = span.computeIfAbsent(location, k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                s[0] = Math.min(s[0], t);
                s[1] = Math.max(s[1], t);
                String name = m.group(4);
                boolean env = name.equals("MPI_Init") || name.equals("MPI_Init_thread") || name.equals("MPI_Finalize");
                boolean mpi = !env && name.startsWith("MPI_");
                long[] d = depthAndStart.computeIfAbsent(location, k -> new long[4]);
                boolean enter = m.group(1).equals("ENTER");
                if (env) {
                    if (enter && d[2]++ == 0) {
                        d[3] = t;
                    } else if (!enter && --d[2] == 0) {
                        envTicks[rank] += t - d[3];
                    }
                } else if (mpi && d[2] == 0) {
                    if (enter && d[0]++ == 0) {
                        d[1] = t;
                    } else if (!enter && --d[0] == 0) {
                        commTicks[rank] += t - d[1];
                    }
                }
            } else if ((m = MESSAGE.matcher(line)).find()) {
                Integer self = locationRank.get(Long.parseLong(m.group(2)));
                Integer partner = locationRank.get(Long.parseLong(m.group(3)));
                if (self == null || partner == null || self.equals(partner)) {
                    continue;
                }
                boolean send = m.group(1).endsWith("SEND");
                Direction d = send ? new Direction(self, partner) : new Direction(partner, self);
                long[] c = (send ? sends : receives).computeIfAbsent(d, k -> new long[2]);
                c[0] += Long.parseLong(m.group(4));
                c[1]++;
            }
        }
        time = new double[processes];
        commTime = new double[processes];
        span.forEach((location, s) -> time[locationRank.get(location)] += s[1] - s[0]);
        for (int r = 0; r < processes; r++) {
            time[r] = (time[r] - envTicks[r]) / ticksPerSecond;
            commTime[r] = (double) commTicks[r] / ticksPerSecond;
        }
    }

    /** Undirected pair traffic: the send side per direction, else the receive side (SPEC section 4). */
    Map<List<Integer>, long[]> pairs() {
        Map<List<Integer>, long[]> result = new TreeMap<>((x, y) -> x.get(0).equals(y.get(0))
                ? Integer.compare(x.get(1), y.get(1)) : Integer.compare(x.get(0), y.get(0)));
        Map<Direction, long[]> directed = new LinkedHashMap<>(sends);
        receives.forEach(directed::putIfAbsent);
        directed.forEach((d, c) -> {
            long[] p = result.computeIfAbsent(List.of(Math.min(d.from(), d.to()), Math.max(d.from(), d.to())), k -> new long[2]);
            p[0] += c[0];
            p[1] += c[1];
        });
        return result;
    }
}
