package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A placement file that can be read once only (a named pipe, as {@code --placement <(...)} or /dev/stdin gives it): read
 * once for the check before the events and the use after them; the second read found nothing ("places 0 ranks, the trace
 * has 4 processes", exit 1: a command-line hunt).
 */
class PlacementPipeTest {
    @TempDir
    Path dir;

    private String[] throughPipe(String... args) throws Exception {
        Path fifo = dir.resolve("placement");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Thread writer = new Thread(() -> {
            try {
                Files.writeString(fifo, "0\n0\n1\n1\n"); // rank 0 and 1 on node 0, 2 and 3 on node 1
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--placement";
        all[args.length + 1] = fifo.toString();
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace(all);
        writer.join(10_000);
        Files.delete(fifo);
        return new String[] {Integer.toString(r.code()), r.out(), r.err()};
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a second open of the pipe blocks for ever
    void aPipedPlacementIsReadOnce() throws Exception {
        String trace = TimelineCommandTest.TESTDATA.resolve("otf2/delays-4").toString();
        String[] predict = throughPipe("predict", trace, "--topology", "ring", "-q");
        assertEquals("0", predict[0], predict[2]);
        assertTrue(predict[1].contains("predicted run time"), predict[1]);
        String[] graph = throughPipe("graph", trace, "--topology", "ring", "--format", "csv", "-q");
        assertEquals("0", graph[0], graph[2]);
    }

    /**
     * A placement file that is missing, a folder, or not UTF-8 text says what is wrong in one line naming its option, as a
     * hosts file does (it said "missing: cannot be read (missing)" and "cannot be read (Input length = 1)"); exit 1.
     */
    @Test
    void anUnreadablePlacementFileSaysWhatIsWrong() throws Exception {
        String trace = TimelineCommandTest.TESTDATA.resolve("otf2/delays-4").toString();
        Path binary = Files.write(dir.resolve("binary"), new byte[] {'0', '\n', (byte) 0xff, '\n'});
        String[][] cases = {{dir.resolve("missing").toString(), "igtrace: --placement " + dir.resolve("missing") + ": no such file or directory\n"},
                {binary.toString(), "igtrace: --placement " + binary + ": not a text file of node numbers (bytes that are not UTF-8)\n"},
                {dir.toString(), "igtrace: --placement " + dir + ": is a directory\n"}};
        for (String[] c : cases) {
            for (String command : new String[] {"graph", "predict"}) {
                TimelineCommandTest.Run r = TimelineCommandTest.igtrace(command, trace, "--topology", "ring", "--placement", c[0], "-q");
                assertEquals(1, r.code(), r.err());
                assertEquals(c[1], r.err());
            }
        }
    }
}
