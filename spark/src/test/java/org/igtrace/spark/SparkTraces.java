package org.igtrace.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every trace in testdata/: OTF2 runs, the skewed copies, the OTF (version 1) traces, and every hand-made
 * archive (testdata/NAME/traces.otf2, also one folder down: the hybrid and part-recorded runs, the clocks
 * of issue 34 item 3, recording switched off inside MPI calls, ...).
 */
final class SparkTraces {
    private SparkTraces() {
    }

    static Path dir() {
        return Path.of(System.getProperty("testdata.dir", "../testdata"));
    }

    static List<Path> all() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String sub : new String[] {"otf2", "skew"}) {
            try (Stream<Path> traces = Files.list(dir().resolve(sub))) {
                traces.filter(Files::isDirectory).sorted().forEach(all::add);
            }
        }
        try (Stream<Path> folders = Files.list(dir().resolve("otf1"))) {
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> masters = Files.list(folder)) {
                    masters.filter(p -> p.toString().endsWith(".otf")).sorted().forEach(all::add);
                }
            }
        }
        // the archives written by testdata/make-*.py (and the hand-made copies), at depth 1 or 2
        try (Stream<Path> anchors = Files.find(dir(), 3, (p, a) -> p.getFileName().toString().equals("traces.otf2"))) {
            anchors.map(Path::getParent).filter(p -> !p.startsWith(dir().resolve("skew")) && !p.startsWith(dir().resolve("otf2")))
                    .sorted().forEach(all::add);
        }
        return all;
    }
}
