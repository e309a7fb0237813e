package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.SpecOracle;

/**
 * Expected numbers computed from the text that libotf2's own {@code otf2-print} prints, not
 * through igtrace's reader: otf2-print resolves every message partner to a location itself
 * (the {@code <id>} after the partner's name), so the communicator-rank translation here is
 * otf2-print's, not ours. Times follow definitions section 3 with regions classified by name
 * ({@code MPI_} prefix; MPI_Init, MPI_Init_thread and MPI_Finalize as environment).
 */
final class Otf2PrintOracle {
    private static final Pattern LOCATION_GROUP = Pattern.compile("^LOCATION_GROUP\\s+(\\d+)\\s+Name: .*Type: (\\w+),");
    private static final Pattern LOCATION = Pattern.compile("^LOCATION\\s+(\\d+)\\s+Name: .*Type: (\\w+), .*Group: .*<(\\d+)>$");
    private static final Pattern LOCATION_EVENTS = Pattern.compile("^LOCATION\\s+(\\d+)\\s+Name: .*, # Events: (\\d+),");
    private static final Pattern MPI_COMM_LOCATIONS = Pattern.compile("^GROUP\\s+\\d+\\s+.*Type: COMM_LOCATIONS, Paradigm: (\"MPI\" <\\d+>|MPI),.*Members?: (.*)$");
    private static final Pattern MEMBER = Pattern.compile("<(\\d+)>");
    private static final Pattern CLOCK = Pattern.compile("^CLOCK_PROPERTIES\\s+Ticks per Seconds: (\\d+),");
    private static final Pattern CLOCK_LENGTH = Pattern.compile("^CLOCK_PROPERTIES .*Length: (\\d+)");
    private static final Pattern REGION_EVENT = Pattern.compile("^(ENTER|LEAVE)\\s+(\\d+)\\s+(\\d+)\\s+Region: \"([^\"]*)\"");
    private static final Pattern CALLING_CONTEXT = Pattern.compile("^CALLING_CONTEXT\\s+(\\d+)\\s+Region: \"([^\"]*)\"");
    private static final Pattern CALLING_CONTEXT_EVENT = Pattern.compile("^CALLING_CONTEXT_(ENTER|LEAVE)\\s+(\\d+)\\s+(\\d+)\\s+Calling Context: \"[^\"]*\" <(\\d+)>");
    private static final Pattern MESSAGE = Pattern.compile("^(MPI_SEND|MPI_ISEND|MPI_RECV|MPI_IRECV)\\s+(\\d+)\\s+\\d+\\s+(?:Receiver|Sender): \\d+ \\(\"[^\"]*\" <(\\d+)>\\).*Length: (\\d+)");

    private static final Pattern MEASUREMENT = Pattern.compile("^MEASUREMENT_ON_OFF\\s+(\\d+)\\s+(\\d+)\\s+Mode: (ON|OFF)");
    /** An event line: its kind (PARAMETER_UINT64 has digits: fastotf2's HIP run), location and time. */
    private static final Pattern ANY_EVENT = Pattern.compile("^([A-Z_][A-Z0-9_]*)\\s+(\\d+)\\s+(\\d+)\\s");
    private static final Map<Path, Otf2PrintOracle> PRINTED = new java.util.concurrent.ConcurrentHashMap<>();

    final Map<Long, Integer> locationRank = new HashMap<>();
    /** Calling context id -> the name of its region (otf2-print names a calling context by its region). */
    private final Map<Long, String> callingContextRegion = new HashMap<>();
    /** Events of the CPU-thread locations of processes (those igtrace reads), of every kind. */
    long events;
    /** The events the definitions announce for the CPU-thread locations of processes (each LOCATION's "# Events"). */
    long announcedEvents;
    /** Events per location, of every location and kind. */
    final Map<Long, Long> eventsByLocation = new HashMap<>();
    long ticksPerSecond = 1;
    /** The definitions' CLOCK_PROPERTIES length in ticks, or -1. */
    long clockLength = -1;
    /** The first and last time stamps of every event (not ADDITIONAL), and of the ENTER and LEAVE events, in ticks. */
    long firstTime = Long.MAX_VALUE, lastTime = Long.MIN_VALUE, firstRegionTime = Long.MAX_VALUE, lastRegionTime = Long.MIN_VALUE;
    int processes;
    SpecOracle spec;
    double[] time;
    double[] commTime;

    /** otf2-print's view of an archive, printed once per test JVM (several tests ask about the same bundled archive). */
    static Otf2PrintOracle of(Path anchor) throws IOException, InterruptedException {
        Otf2PrintOracle o = PRINTED.get(anchor);
        if (o == null) {
            o = print(anchor);
            PRINTED.put(anchor, o);
        }
        return o;
    }

    private static Otf2PrintOracle print(Path anchor) throws IOException, InterruptedException {
        Otf2PrintOracle o = new Otf2PrintOracle();
        o.readDefinitions(ExternalCommand.lines("otf2-print", "-G", anchor.toString()));
        o.readEvents(ExternalCommand.lines("otf2-print", anchor.toString()));
        return o;
    }

    private void readDefinitions(List<String> lines) {
        Map<Long, Long> locationGroup = new HashMap<>();
        Map<Long, String> locationType = new HashMap<>();
        Map<Long, Long> locationAnnounced = new HashMap<>();
        List<Long> processGroups = new ArrayList<>();
        List<Long> worldLocations = new ArrayList<>();
        for (String line : lines) {
            Matcher m;
            if ((m = CLOCK_LENGTH.matcher(line)).find()) {
                clockLength = Long.parseLong(m.group(1));
            }
            if ((m = CLOCK.matcher(line)).find()) {
                ticksPerSecond = Long.parseLong(m.group(1));
            } else if ((m = LOCATION_GROUP.matcher(line)).find()) {
                if (m.group(2).equals("PROCESS")) {
                    processGroups.add(Long.parseLong(m.group(1)));
                }
            } else if ((m = LOCATION.matcher(line)).find()) {
                locationGroup.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(3)));
                locationType.put(Long.parseLong(m.group(1)), m.group(2));
                Matcher announced = LOCATION_EVENTS.matcher(line);
                if (announced.find()) {
                    locationAnnounced.put(Long.parseLong(announced.group(1)), Long.parseLong(announced.group(2)));
                }
            } else if ((m = CALLING_CONTEXT.matcher(line)).find()) {
                callingContextRegion.put(Long.parseLong(m.group(1)), m.group(2));
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
        // A PROCESS group without a CPU-thread location (lo2s's metric group) is not a process.
        processGroups.stream().sorted().filter(g -> locationGroup.entrySet().stream()
                        .anyMatch(e -> e.getValue().equals(g) && "CPU_THREAD".equals(locationType.get(e.getKey()))))
                .forEach(g -> groupRank.putIfAbsent(g, groupRank.size()));
        locationGroup.forEach((location, group) -> {
            if (groupRank.containsKey(group) && "CPU_THREAD".equals(locationType.get(location))) {
                locationRank.put(location, groupRank.get(group));
            }
        });
        processes = groupRank.size();
        announcedEvents = locationRank.keySet().stream().mapToLong(l -> locationAnnounced.getOrDefault(l, 0L)).sum();
    }

    private void readEvents(List<String> lines) {
        spec = new SpecOracle(processes);
        for (String line : lines) {
            Matcher m;
            if ((m = ANY_EVENT.matcher(line)).find() && !m.group(1).equals("ADDITIONAL")) {
                long location = Long.parseLong(m.group(2));
                long t = Long.parseLong(m.group(3));
                firstTime = Math.min(firstTime, t);
                lastTime = Math.max(lastTime, t);
                if (m.group(1).equals("ENTER") || m.group(1).equals("LEAVE")) {
                    firstRegionTime = Math.min(firstRegionTime, t);
                    lastRegionTime = Math.max(lastRegionTime, t);
                }
                eventsByLocation.merge(location, 1L, Long::sum);
                lastEventOfLocation.merge(location, t, Math::max);
                if (locationRank.containsKey(location)) {
                    events++;
                }
            }
            if ((m = MEASUREMENT.matcher(line)).find()) {
                spec.measurement(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), m.group(3).equals("ON"));
            }
            if ((m = REGION_EVENT.matcher(line)).find()) {
                region(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), m.group(1).equals("ENTER"), m.group(4));
            } else if ((m = CALLING_CONTEXT_EVENT.matcher(line)).find()) {
                region(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), m.group(1).equals("ENTER"),
                        callingContextRegion.get(Long.parseLong(m.group(4))));
            } else if ((m = MESSAGE.matcher(line)).find()) {
                Integer self = locationRank.get(Long.parseLong(m.group(2)));
                Integer partner = locationRank.get(Long.parseLong(m.group(3)));
                if (self != null && partner != null) {
                    boolean send = m.group(1).endsWith("SEND");
                    spec.message(send, send ? self : partner, send ? partner : self, Long.parseUnsignedLong(m.group(4))); // a uint64
                }
            }
        }
        lastEventOfLocation.forEach(spec::lastEvent);
        time = spec.time(ticksPerSecond);
        commTime = spec.commTime(ticksPerSecond);
    }

    /** Each location's last event of any kind (recording still off then is off until it). */
    private final Map<Long, Long> lastEventOfLocation = new java.util.HashMap<>();

    private void region(long location, long time, boolean enter, String name) {
        Integer rank = locationRank.get(location);
        if (rank != null) {
            spec.region(location, rank, time, enter, name, false);
        }
    }

    Map<List<Integer>, long[]> pairs() {
        return spec.pairs();
    }
}
