package org.igtrace.reader.wait;

import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.Tag;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 34 item 4's invariant, on every trace in testdata/: a process never waits longer than it
 * spends in MPI, nor spends longer in MPI than it runs: per process, total waiting (definitions section
 * 8, all patterns) &lt;= Tcomm_i &lt;= T_i (section 3), with clocks corrected and raw. Each wait
 * lies in one MPI call and no two waits overlap (one call waits once), so the sum cannot exceed the
 * time in the calls.
 */
class WaitWithinMpiTimeTest {
    /** Every trace of testdata/: OTF2 archives (made here, copied, skewed, hand-written) and OTF master files. */
    static List<Path> traces() throws Exception {
        Path d = TestTraces.dir();
        List<Path> all = new ArrayList<>(TestTraces.allOtf2());
        for (String folder : List.of("skew", "calling-context", "one-skewed-clock")) {
            try (Stream<Path> s = Files.list(d.resolve(folder))) {
                s.filter(Files::isDirectory).sorted().forEach(all::add);
            }
        }
        for (String archive : List.of("sendrecv-ring", "sendrecv-ring-receive-first", "two-chunks", "waitall", "halo", "off-inside-mpi",
                "off-inside-collective")) {
            all.add(d.resolve(archive));
        }
        try (Stream<Path> otf1 = Files.list(d.resolve("otf1"))) {
            for (Path folder : otf1.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> masters = Files.list(folder)) {
                    masters.filter(p -> p.toString().endsWith(".otf")).sorted().forEach(all::add);
                }
            }
        }
        return all;
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("traces")
    void noProcessWaitsLongerThanItsTimeInMpi(Path trace) throws Exception {
        Path anchor = TraceFormat.locate(trace).file();
        for (WaitMode mode : new WaitMode[] {WaitMode.CORRECTED_CLOCKS, WaitMode.RAW_CLOCKS}) {
            TraceProfile profile = TraceInput.read(anchor, new ReadOptions(false, 1), new AnalysisOptions(false, mode));
            for (ProcessProfile p : profile.processes()) {
                double waiting = profile.waits().total(p.rank());
                double slack = 1e-12 + 1e-9 * p.time();
                String what = trace.getFileName() + " " + mode + ", rank " + p.rank() + ": waiting " + waiting + " s, Tcomm "
                        + p.commTime() + " s, T " + p.time() + " s";
                assertTrue(waiting <= p.commTime() + slack, what);
                assertTrue(p.commTime() <= p.time() + slack, what);
            }
        }
    }
}
