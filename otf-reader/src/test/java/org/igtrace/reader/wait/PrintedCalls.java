package org.igtrace.reader.wait;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.reader.ExternalCommand;

/**
 * The MPI calls of an OTF2 archive as {@code otf2-print} lists them: per location (in ascending
 * location id, which is rank order for Score-P and EZTrace), each call's name and its enter and
 * leave ticks. The tests' independent view of when each process entered and left what.
 */
final class PrintedCalls {
    record Call(String name, long enter, long leave) {
    }

    /** A point-to-point event: on which rank, send or receive, when, and the partner's location id. */
    record Message(int rank, boolean send, long time) {
    }

    private static final Pattern MESSAGE = Pattern.compile("^(MPI_SEND|MPI_RECV)\\s+(\\d+)\\s+(\\d+)\\s");
    private final List<Message> messages = new ArrayList<>();

    private static final Pattern EVENT = Pattern.compile("^(ENTER|LEAVE)\\s+(\\d+)\\s+(\\d+)\\s+Region: \"([^\"]*)\"");

    private final List<List<Call>> byRank = new ArrayList<>();

    private PrintedCalls(Map<Long, List<Call>> calls, List<long[]> messageEvents) {
        byRank.addAll(calls.values());
        List<Long> locations = new ArrayList<>(calls.keySet());
        for (long[] m : messageEvents) {
            messages.add(new Message(locations.indexOf(m[0]), m[1] == 1, m[2]));
        }
    }

    /** Message events in the order otf2-print lists them. */
    List<Message> messages() {
        return messages;
    }

    static PrintedCalls of(Path anchor) throws Exception {
        Map<Long, List<Call>> calls = new TreeMap<>();
        Map<Long, List<long[]>> open = new TreeMap<>();
        Map<Long, List<String>> names = new TreeMap<>();
        List<long[]> messageEvents = new ArrayList<>();
        for (String line : ExternalCommand.lines("otf2-print", anchor.toString())) {
            Matcher mm = MESSAGE.matcher(line);
            if (mm.find()) {
                messageEvents.add(new long[] {Long.parseLong(mm.group(2)), mm.group(1).equals("MPI_SEND") ? 1 : 0,
                        Long.parseLong(mm.group(3))});
                continue;
            }
            Matcher m = EVENT.matcher(line);
            if (!m.find()) {
                continue;
            }
            long location = Long.parseLong(m.group(2)), time = Long.parseLong(m.group(3));
            calls.computeIfAbsent(location, k -> new ArrayList<>());
            List<long[]> stack = open.computeIfAbsent(location, k -> new ArrayList<>());
            List<String> stackNames = names.computeIfAbsent(location, k -> new ArrayList<>());
            if (m.group(1).equals("ENTER")) {
                stack.add(new long[] {time});
                stackNames.add(m.group(4));
            } else {
                long enter = stack.remove(stack.size() - 1)[0];
                String name = stackNames.remove(stackNames.size() - 1);
                if (name.startsWith("MPI_")) {
                    calls.get(location).add(new Call(name, enter, time));
                }
            }
        }
        return new PrintedCalls(calls, messageEvents);
    }

    /** The {@code k}-th call named {@code name} of the rank (0-based). */
    Call call(int rank, String name, int k) {
        int seen = 0;
        for (Call c : byRank.get(rank)) {
            if (c.name().equals(name) && seen++ == k) {
                return c;
            }
        }
        throw new AssertionError("rank " + rank + " has no call " + k + " of " + name);
    }
}
