package org.igtrace.reader.otf1;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.SpecOracle;

/**
 * Expected numbers for an OTF trace computed without igtrace's reader: the trace is copied with
 * its {@code .z} files inflated by Python's zlib, the copy is printed by Debian's {@code otfprint}
 * (libotf 1.12.5, which cannot read the compressed events itself), and definitions sections 2-4 are
 * applied to that text. Processes: parentless ones are ranks in id order; threads (a parent, not
 * named {@code CUDA[}) add to their parent; CUDA streams are left out. Leave records close the
 * innermost open region. MPI calls: function group {@code MPI} or an {@code MPI_} name.
 */
final class Otf1PrintOracle {
    private static final Pattern RESOLUTION = Pattern.compile("DefTimerResolution: stream \\d+, TicksPerSecond (\\d+)");
    private static final Pattern PROCESS = Pattern.compile("DefProcess: stream \\d+, process (\\d+), name \"(.*)\", parent (\\d+)");
    private static final Pattern FUNCTION_GROUP = Pattern.compile("DefFunctionGroup: stream \\d+, group (\\d+), name \"(.*)\"");
    private static final Pattern FUNCTION = Pattern.compile("DefFunction: stream \\d+, function (\\d+), name \"(.*)\", group (\\d+),");
    private static final Pattern REGION = Pattern.compile("^\\(#\\d+\\)\\s+(\\d+) (Enter|Leave): function (\\d+), process (\\d+),");
    private static final Pattern SEND = Pattern.compile("^\\(#\\d+\\)\\s+\\d+ SendMessage: sender (\\d+), receiver (\\d+), group \\d+, type \\d+, length (\\d+)");
    private static final Pattern RECEIVE = Pattern.compile("^\\(#\\d+\\)\\s+\\d+ ReceiveMessage: receiver (\\d+), sender (\\d+), group \\d+, type \\d+, length (\\d+)");

    private static final Pattern EVENT = Pattern.compile("^\\(#\\d+\\)\\s+\\d+ (\\w+): (.*)$");
    private static final Pattern OWNER = Pattern.compile("(?:^|, )(?:process|sender|initiator|origin) (\\d+)");
    private static final Pattern RECEIVER = Pattern.compile("^receiver (\\d+)");

    final Map<Long, Integer> rankOf = new HashMap<>();
    /** Event records per process (stream owner) as otfprint prints them in its events section. */
    final Map<Long, Long> eventsByProcess = new TreeMap<>();
    long ticksPerSecond = 1;
    int processes;
    SpecOracle spec;
    double[] time;
    double[] commTime;

    static Otf1PrintOracle of(Path master) throws IOException, InterruptedException {
        Path copy = inflatedCopy(master);
        try {
            Otf1PrintOracle o = new Otf1PrintOracle();
            o.read(ExternalCommand.lines("otfprint", copy.toString()));
            return o;
        } finally {
            delete(copy);
        }
    }

    /** Copies the trace's files (NAME.*) to a temporary directory, inflating every .z file with Python's zlib. */
    static Path inflatedCopy(Path master) throws IOException, InterruptedException {
        String name = master.getFileName().toString();
        String stub = name.substring(0, name.length() - ".otf".length());
        Path dir = Files.createTempDirectory("otf1-oracle");
        String script = "import sys, zlib, glob, os, shutil\n"
                + "src, stub, dst = sys.argv[1:4]\n"
                + "for f in glob.glob(os.path.join(glob.escape(src), glob.escape(stub) + '.*')):\n"
                + "    base = os.path.basename(f)\n"
                + "    if base.endswith('.z'):\n"
                + "        data = zlib.decompressobj().decompress(open(f, 'rb').read())\n"
                + "        open(os.path.join(dst, base[:-2]), 'wb').write(data)\n"
                + "    else:\n"
                + "        shutil.copy(f, dst)\n";
        ExternalCommand.lines("/usr/bin/python3", "-c", script, master.toAbsolutePath().getParent().toString(), stub, dir.toString());
        return dir.resolve(name);
    }

    static void delete(Path copy) throws IOException {
        try (Stream<Path> files = Files.list(copy.getParent())) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(copy.getParent());
    }

    private void read(List<String> lines) {
        Map<Long, long[]> processDefs = new TreeMap<>(Long::compareUnsigned); // id -> {parent, isCuda}
        Map<Long, String> groupNames = new HashMap<>();
        Map<Long, String[]> functions = new HashMap<>(); // id -> {name, group}
        for (String line : lines) {
            Matcher m;
            if ((m = RESOLUTION.matcher(line)).find()) {
                ticksPerSecond = Long.parseLong(m.group(1));
            } else if ((m = PROCESS.matcher(line)).find()) {
                processDefs.put(Long.parseLong(m.group(1)),
                        new long[] {Long.parseLong(m.group(3)), m.group(2).startsWith("CUDA[") ? 1 : 0});
            } else if ((m = FUNCTION_GROUP.matcher(line)).find()) {
                groupNames.put(Long.parseLong(m.group(1)), m.group(2));
            } else if ((m = FUNCTION.matcher(line)).find()) {
                functions.put(Long.parseLong(m.group(1)), new String[] {m.group(2), m.group(3)});
            }
        }
        processDefs.forEach((id, d) -> {
            if (d[0] == 0 && d[1] == 0) {
                rankOf.put(id, processes++);
            }
        });
        processDefs.forEach((id, d) -> {
            if (d[0] != 0 && d[1] == 0 && rankOf.containsKey(d[0])) {
                rankOf.put(id, rankOf.get(d[0]));
            }
        });

        boolean events = false;
        for (String line : lines) {
            if (line.endsWith(":") && !line.startsWith("(")) {
                events = line.equals("events:");
                continue;
            }
            Matcher e = EVENT.matcher(line);
            if (events && e.find()) {
                Matcher owner = e.group(1).equals("ReceiveMessage") ? RECEIVER.matcher(e.group(2)) : OWNER.matcher(e.group(2));
                if (owner.find()) {
                    eventsByProcess.merge(Long.parseLong(owner.group(1)), 1L, Long::sum);
                }
            }
        }

        spec = new SpecOracle(processes);
        Map<Long, Deque<Long>> stacks = new HashMap<>(); // process -> open functions
        for (String line : lines) {
            Matcher m;
            if ((m = REGION.matcher(line)).find()) {
                long process = Long.parseLong(m.group(4));
                Integer rank = rankOf.get(process);
                if (rank == null) {
                    continue;
                }
                boolean enter = m.group(2).equals("Enter");
                Deque<Long> stack = stacks.computeIfAbsent(process, k -> new ArrayDeque<>());
                long function = enter ? Long.parseLong(m.group(3)) : stack.pop();
                if (enter) {
                    stack.push(function);
                }
                String[] f = functions.get(function);
                spec.region(process, rank, Long.parseLong(m.group(1)), enter, f[0],
                        "MPI".equals(groupNames.get(Long.parseLong(f[1]))));
            } else if ((m = SEND.matcher(line)).find()) {
                message(true, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)));
            } else if ((m = RECEIVE.matcher(line)).find()) {
                message(false, Long.parseLong(m.group(2)), Long.parseLong(m.group(1)), Long.parseLong(m.group(3)));
            }
        }
        time = spec.time(ticksPerSecond);
        commTime = spec.commTime(ticksPerSecond);
    }

    private void message(boolean sendSide, long from, long to, long bytes) {
        Integer a = rankOf.get(from), b = rankOf.get(to);
        if (a != null && b != null) {
            spec.message(sendSide, a, b, bytes);
        }
    }

    Map<List<Integer>, long[]> pairs() {
        return spec.pairs();
    }
}
