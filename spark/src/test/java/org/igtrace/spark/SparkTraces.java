package org.igtrace.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Every trace in testdata/: OTF2 runs, the skewed copies, the OTF (version 1) traces, the hybrid and part-recorded runs. */
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
        all.add(dir().resolve("otf1/synth-plain/synth.otf"));
        all.add(dir().resolve("otf1/synth-long/synth.otf"));
        all.add(dir().resolve("otf1/synth-z/synth.otf"));
        all.add(dir().resolve("otf1/vt-md-mpi-cuda/md_mpi_cuda.otf"));
        all.add(dir().resolve("otf1/vt-jacobi-cpu/jacobi_mpi+cuda.otf"));
        all.add(dir().resolve("otf1/vt-jacobi-cpu/jacobi_cuda.otf"));
        all.add(dir().resolve("waitall")); // MPI_Waitall completing several receives: combined across join partitions
        all.add(dir().resolve("halo"));
        all.add(dir().resolve("hybrid")); // OpenMP teams: barrier waits, idle, runtime per thread (definitions section 10a)
        all.add(dir().resolve("measured-part/measurement-off")); // recording off: left out of T_i, noted per process
        return all;
    }
}
