package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A mistyped command or option gets a suggestion and exit 2, not "a second trace" (issue 39, item 3). */
class TypoHelpTest {
    private static final String TRACE = SubcommandsTest.trace("otf2/pi-4");

    @Test
    void closeToACommandIsAnUnknownCommandWithASuggestion() {
        // stat -> stats: one insertion; grpah -> graph: one transposition; timelin -> timeline: one insertion
        assertTypo(new String[] {"stat", TRACE}, "unknown command 'stat'; did you mean 'stats'?");
        assertTypo(new String[] {"grpah", TRACE}, "unknown command 'grpah'; did you mean 'graph'?");
        assertTypo(new String[] {"timelin", TRACE}, "unknown command 'timelin'; did you mean 'timeline'?");
        assertTypo(new String[] {"predcit", TRACE}, "unknown command 'predcit'; did you mean 'predict'?");
        // the help command's argument too (it was picocli's "Unknown subcommand 'stat'." alone)
        assertTypo(new String[] {"help", "stat"}, "unknown command 'stat'; did you mean 'stats'?");
    }

    /**
     * A word far from every command, no file, before a trace: it said "one trace at a time: 'TRACE' is a second trace";
     * the user meant a command. With a dot or a slash it is a trace's path that is missing (below).
     */
    @Test
    void aWordFarFromEveryCommandBeforeATraceIsAnUnknownCommand() {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("foo", TRACE);
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("igtrace: unknown command 'foo', and no file of that name; the commands: "), run.err());
        for (String command : new String[] {"graph", "info", "stats", "predict", "timeline", "report", "map", "why", "diff"}) {
            assertTrue(run.err().contains(command), command + " in " + run.err());
        }
        SubcommandsTest.Run path = SubcommandsTest.igtrace("missing.otf2", TRACE);
        assertTrue(!path.err().contains("unknown command"), path.err());
    }

    @Test
    void aWordFarFromEveryCommandIsStillTakenAsATrace() {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("no-such-trace-here");
        assertEquals(1, run.code());
        assertTrue(run.err().contains("no-such-trace-here: no such file or directory"), run.err());
    }

    /**
     * A first argument Java cannot make a path of (a NUL here; a path that is not ASCII where Java names files in ASCII,
     * the Spark job's driver under LC_ALL=C) threw out of the check for a typo, a stack trace; the command reports it.
     */
    @Test
    void anArgumentThatIsNoPathIsNoTypoEither() {
        assertEquals(null, IgtraceCommand.mistypedCommand(new String[] {"sta\0t", TRACE}));
        SubcommandsTest.Run run = SubcommandsTest.igtrace("sta\0t");
        assertEquals(2, run.code(), run.err()); // picocli's usage error for the path, its line and the help hint
        assertTrue(run.err().startsWith("igtrace: Invalid value for positional parameter") && !run.err().contains("\tat "), run.err());
    }

    @Test
    void mistypedOptionsGetTheClosestOption() {
        SubcommandsTest.Run predict = SubcommandsTest.igtrace("predict", TRACE, "--latncy", "1us");
        assertEquals(2, predict.code());
        assertTrue(predict.err().contains("did you mean '--latency'?"), predict.err());
        SubcommandsTest.Run graph = SubcommandsTest.igtrace(TRACE, "--fromat", "dot");
        assertEquals(2, graph.code());
        assertTrue(graph.err().contains("did you mean '--format'?"), graph.err());
    }

    /**
     * Options before the command: the line was graph's, which said "one trace at a time: 'TRACE' is a second trace" for
     * {@code -q stats TRACE} and refused {@code --format json} as no graph format. A value of -o named like a command is
     * the output's name, and the graph command runs.
     */
    @Test
    void optionsBeforeTheCommandGetTheLineToType() {
        assertTypo(new String[] {"-q", "stats", TRACE}, "the command comes first, its options after it: igtrace stats -q " + TRACE);
        assertTypo(new String[] {"--format", "json", "stats", TRACE},
                "the command comes first, its options after it: igtrace stats --format json " + TRACE);
        assertEquals(null, IgtraceCommand.commandAfterOptions(new String[] {"-q", TRACE, "-o", "stats"}));
        assertEquals(null, IgtraceCommand.commandAfterOptions(new String[] {"stats", "-q", TRACE}));
        // a value of an option that takes one (a region named report), not a command
        assertEquals(null, IgtraceCommand.commandAfterOptions(new String[] {"--region", "report", TRACE, "--format", "dot"}));
    }

    @Test
    void editDistanceCountsATranspositionOnce() {
        assertEquals(1, IgtraceCommand.editDistance("grpah", "graph"));
        assertEquals(1, IgtraceCommand.editDistance("stat", "stats"));
        assertEquals(3, IgtraceCommand.editDistance("abc", "xyz"));
    }

    private static void assertTypo(String[] args, String message) {
        SubcommandsTest.Run run = SubcommandsTest.igtrace(args);
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("igtrace: " + message), run.err());
    }
}
