package org.igtrace.reader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where the bundled traces are (testdata/, set by the build as the system property testdata.dir). */
public final class TestTraces {
    private TestTraces() {
    }

    public static Path dir() {
        return Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    }

    /** The OTF2 archive directory testdata/otf2/NAME. */
    public static Path otf2(String name) {
        return dir().resolve("otf2").resolve(name);
    }

    /** The OTF trace directory testdata/otf1/NAME. */
    public static Path otf1(String name) {
        return dir().resolve("otf1").resolve(name);
    }

    /** Every OTF2 archive directory in testdata/otf2 (made here, and copied from other projects). */
    public static List<Path> allOtf2() throws java.io.IOException {
        try (Stream<Path> dirs = Files.list(dir().resolve("otf2"))) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    /**
     * The archives of testdata/otf2 that tests going over every archive read in the default run
     * (mvn verify), one per writer and feature: EZTrace with the delays program's wait patterns,
     * EZTrace with sub-communicators and Isend, Score-P with clock offsets and collectives,
     * libotf2's own writer. Their slow twins (tag slow, mvn verify -Pfull) read {@link #otherOtf2()}.
     */
    public static final List<String> REPRESENTATIVE_OTF2 = List.of("delays-4", "patterns-8", "scorep-late-sender-barrier", "synth");

    public static List<Path> representativeOtf2() {
        return REPRESENTATIVE_OTF2.stream().map(TestTraces::otf2).toList();
    }

    /** The archives of testdata/otf2 other than {@link #REPRESENTATIVE_OTF2}. */
    public static List<Path> otherOtf2() throws java.io.IOException {
        return allOtf2().stream().filter(p -> !REPRESENTATIVE_OTF2.contains(p.getFileName().toString())).toList();
    }
}
