package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code igtrace diff} (definitions section 15) on testdata/make-diff.py's runs, whose answer is known by
 * construction: 8 ranks, 10 iterations of solve, pack, a ring MPI_Sendrecv and an MPI_Allreduce; balanced
 * (solve 100 us everywhere, 140 us an iteration, T = 1.400 ms) and rank 5 slow (its solve 300 us, 340 us an
 * iteration, T = 3.400 ms). So B - A = 10 x 200 us = 2.000 ms, all of it rank 5's solve. The numbers are read
 * back by Python's json.
 */
class DiffCommandTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final String BALANCED = TESTDATA.resolve("diff/balanced").toString();
    private static final String SLOW = TESTDATA.resolve("diff/slow-rank-5").toString();
    private static final String SLOW_1 = TESTDATA.resolve("diff/slow-rank-1").toString();
    private static final String SLOW_2 = TESTDATA.resolve("diff/slow-rank-2").toString();

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String python(Run r, String... lines) throws Exception {
        assertEquals(0, r.code, r.err);
        return SubcommandsTest.python(String.join("\n", "import json, sys", "d = json.loads(sys.argv[1])", String.join("\n", lines)), r.out);
    }

    @Test
    void theSlowRanksSolveComesFirstWithTheWholeDifference() throws Exception {
        Run r = igtrace("diff", BALANCED, SLOW, "--format", "json", "-q");
        assertEquals("ok", python(r,
                "t = d['runtime']",
                "assert abs(t['a'] - 1.4e-3) < 1e-12 and abs(t['b'] - 3.4e-3) < 1e-12 and abs(t['delta'] - 2.0e-3) < 1e-12, t",
                "c = d['contributors'][0]",
                "assert (c['kind'], c['rank'], c['region']) == ('compute', 5, 'solve'), c",
                "assert abs(c['delta'] - 10 * 200e-6) < 1e-9, c",
                "assert abs(sum(x['delta'] for x in d['contributors']) - t['delta']) < 1e-12, d['contributors']",
                "deltas = [abs(x['delta']) for x in d['contributors']]",
                "assert deltas == sorted(deltas, reverse=True), deltas",
                "solve = next(x for x in d['regions'] if x['name'] == 'solve')",
                "assert abs(solve['a'] - 8e-3) < 1e-12 and abs(solve['b'] - 10e-3) < 1e-12, solve",
                "pack = next(x for x in d['regions'] if x['name'] == 'pack')",
                "assert abs(pack['a'] - 1.6e-3) < 1e-12 and pack['delta'] == 0, pack",
                "l = d['critical_path_length']",
                "assert abs(l['a'] - 1.4e-3) < 1e-9 and abs(l['b'] - 3.4e-3) < 1e-9 and abs(l['delta'] - 2.0e-3) < 1e-9, l",
                "p5 = d['processes'][5]",
                "assert abs(p5['useful']['delta'] - 2e-3) < 1e-12 and p5['wait']['b'] == 0, p5",
                "assert abs(d['processes'][6]['wait_late_sender']['b'] - 2e-3) < 1e-12, d['processes'][6]",
                // the ring: each neighbouring pair carries one 1024-byte message an iteration, one way: 10 messages, 10240 bytes
                "assert len(d['pairs']) == 8 and all(p['messages'] == {'a': 10, 'b': 10, 'delta': 0} and p['bytes']['a'] == 10240 "
                        + "for p in d['pairs']), d['pairs']",
                "print('ok')"));
        Run text = igtrace("diff", BALANCED, SLOW);
        assertEquals(0, text.code, text.err);
        assertEquals("B is 2.00 ms slower than A (3.40 ms against 1.40 ms): rank 5's solve +2.00 ms.", text.out.lines().toList().get(2),
                text.out);
    }

    /**
     * Under {@code --region solve}, a slowdown in one iteration of one rank (diff/slow-rank-5-once: rank 5's solve 300 us
     * in iteration 4 only, make-diff.py's docstring): no wait is inside a solve instance, so the critical path stays on one
     * process and meets the others' waits as its time between the instances. The story named it as "(no user region)",
     * compute outside every region, and not rank 5's solve. Now it names that time as what it is and then the largest
     * change inside the instances. By the docstring: T_i 1.360 -> 1.560 ms; the path on rank 0, the first of the ranks
     * that end together: its time between the instances 9 x 40 = 360 us in A, 360 + 200 = 560 us in B.
     */
    @Test
    void underARegionTheTimeBetweenItsInstancesIsNamedAndTheChangeInsideThemToo() throws Exception {
        String once = TESTDATA.resolve("diff/slow-rank-5-once").toString();
        Run text = igtrace("diff", BALANCED, once, "--region", "solve");
        assertEquals(0, text.code, text.err);
        assertEquals("B is 200 us slower than A (1.56 ms against 1.36 ms): rank 0's time between solve instances +200 us (what"
                + " --region leaves out, the waits around the instances too); inside the instances the compute that changed most:"
                + " rank 5's solve +200 us.",
                text.out.lines().toList().get(3), text.out);
        Run r = igtrace("diff", BALANCED, once, "--region", "solve", "--format", "json", "-q");
        assertEquals("ok", python(r,
                "c = d['contributors']",
                "assert [(x['kind'], x['rank'], x['region']) for x in c] == [('compute', 0, '(between solve instances)')], c",
                "assert abs(c[0]['a'] - 360e-6) < 1e-12 and abs(c[0]['b'] - 560e-6) < 1e-12, c",
                "solve = next(x for x in d['regions'] if x['name'] == 'solve')",
                "assert abs(solve['delta'] - 200e-6) < 1e-12, solve",
                "between = next(x for x in d['regions'] if x['name'] == '(between solve instances)')",
                "assert abs(between['delta'] - 7 * 200e-6) < 1e-12, between",
                "print('ok')"));
        // why names that time alike: its path table (solve 10 x 100 us, between them 560 us), and a cause there (rank 6
        // waits for rank 5's late MPI_Sendrecv, which its solve made late: under --region MPI_Sendrecv time between instances)
        Run why = igtrace("why", once, "--region", "solve", "-q");
        assertTrue(why.out.contains("\nsolve                           1.00 ms              64.1%\n(between solve instances)        560 us"
                + "              35.9%\n"), why.out);
        Run cause = igtrace("why", SLOW, "--region", "MPI_Sendrecv", "-q");
        assertTrue(cause.out.startsWith("rank 5's time between MPI_Sendrecv instances holds the run back: it caused "), cause.out);
        // the whole runs: every wait measured, the path goes to rank 5
        Run whole = igtrace("diff", BALANCED, once);
        assertEquals("B is 200 us slower than A (1.60 ms against 1.40 ms): rank 5's solve +200 us.", whole.out.lines().toList().get(2),
                whole.out);
    }

    /**
     * A hybrid run against a run of one thread per process (both of 2 processes): the efficiency rows add the hybrid and
     * OpenMP efficiencies and the OpenMP times summed over the processes, which showed nowhere in diff before. A is
     * testdata/hybrid, whose numbers make-hybrid.py's docstring derives (us): implicit barrier waiting 200 + 160, explicit
     * 150 + 0, idle 1000 + 900, runtime 110 + 60; hybrid 0.525 (3150 / 6000), MPI 0.915. B (scorep-ping-pong) has one
     * thread per process: its hybrid efficiency is its MPI one, OpenMP 1, no OpenMP time.
     */
    @Test
    void aHybridRunShowsItsThreadLevelChanges() throws Exception {
        Run r = igtrace("diff", TESTDATA.resolve("hybrid").toString(), TESTDATA.resolve("otf2/scorep-ping-pong").toString(), "--format", "json", "-q");
        assertEquals("ok", python(r,
                "e = d['efficiency']",
                "near = lambda x, y: abs(x - y) < 1e-9",
                "assert near(e['wait_omp_barrier']['a'], 360e-6) and near(e['wait_omp_ebarrier']['a'], 150e-6), e",
                "assert near(e['omp_idle']['a'], 1900e-6) and near(e['omp_runtime']['a'], 170e-6), e",
                "assert near(e['hybrid_parallel_efficiency']['a'], 3150 / 6000), e",
                "assert near(e['openmp_parallel_efficiency']['a'], (3150 / 6000) / e['parallel_efficiency']['a']), e",
                "assert e['wait_omp_barrier']['b'] == 0 and e['omp_idle']['b'] == 0 and e['openmp_parallel_efficiency']['b'] == 1, e",
                "assert e['hybrid_parallel_efficiency']['b'] == e['parallel_efficiency']['b'], e",
                "print('ok')"));
        Run text = igtrace("diff", TESTDATA.resolve("hybrid").toString(), TESTDATA.resolve("otf2/scorep-ping-pong").toString(), "-q");
        assertTrue(text.out.contains("\nomp idle (sum) ") && text.out.contains("\nOpenMP parallel efficiency ")
                && text.out.contains("\nMPI parallel efficiency "), text.out);
        // runs of one thread per process: the rows of before
        Run plain = igtrace("diff", BALANCED, SLOW, "-q");
        assertTrue(plain.out.contains("\nparallel efficiency ") && !plain.out.contains("OpenMP"), plain.out);
    }

    /**
     * Rank 5's files left out of B with {@code --skip-missing}: nothing of rank 5 was read in B, so it has no row and no
     * per-process contributor (before, its T = 0 in B made "rank 5's compute -1.40 ms" a contributor and its row read
     * 1.40 ms against 0 s).
     */
    @Test
    void aProcessLeftOutOfOneRunIsNotCompared(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path b = dir.resolve("b");
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(Path.of(BALANCED))) {
            for (Path p : walk.toList()) {
                Path to = b.resolve(Path.of(BALANCED).relativize(p).toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(to);
                } else if (!p.getFileName().toString().matches("5[.](evt|def)")) {
                    java.nio.file.Files.copy(p, to);
                }
            }
        }
        Run r = igtrace("diff", BALANCED, b.toString(), "--skip-missing", "--format", "json", "-q");
        assertEquals("ok", python(r,
                "assert [p['rank'] for p in d['processes']] == [0, 1, 2, 3, 4, 6, 7], [p['rank'] for p in d['processes']]",
                "assert all(c.get('rank') != 5 for c in d['contributors']), d['contributors']",
                // the regions over the 7 ranks both runs read (make-diff.py: solve 1.000 ms, pack 0.200 ms a rank): it set
                // A's 8 ranks against B's 7, solve 8.00 against 7.00 ms, "-1.00 ms, most by rank 5", never read in B
                "solve = next(x for x in d['regions'] if x['name'] == 'solve')",
                "assert abs(solve['a'] - 7e-3) < 1e-12 and abs(solve['b'] - 7e-3) < 1e-12 and abs(solve['delta']) < 1e-12, solve",
                "pack = next(x for x in d['regions'] if x['name'] == 'pack')",
                "assert abs(pack['a'] - 1.4e-3) < 1e-12 and abs(pack['b'] - 1.4e-3) < 1e-12, pack",
                "print('ok')"));
        Run text = igtrace("diff", BALANCED, b.toString(), "--skip-missing");
        assertEquals(0, text.code, text.err);
        assertTrue(!text.out.contains("rank 5's compute"), text.out);
        // which run lost which file: said (it said nothing)
        assertTrue(text.err.contains("igtrace diff: note: " + b.resolve("traces.otf2") + ": 1 location left out, its event file missing"
                + " (traces/5.evt"), text.err);
    }

    /**
     * Ranks left out of a run (their files missing) are left out of both runs' T, but each run's critical path crosses
     * every process it read: jacobi-4 against itself with ranks 1-3's event files removed gave "rank 3's transfer in
     * MPI_Allreduce -2.30 ms" and an off_path of -2.24 ms (A's 4-rank path of 6.32 ms against A's T of 4.07 ms over rank
     * 0) for two runs whose rank 0 is the same file. Now no contributor, and the line says which --ranks compares the
     * paths; with it, rank 0 alone in both runs, nothing changed.
     */
    @Test
    void ranksLeftOutOfARunGiveNoContributorsAlongPathsThatCrossThem(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path a = TESTDATA.resolve("otf2/jacobi-4"), b = dir.resolve("b");
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(a)) {
            for (Path p : walk.toList()) {
                Path to = b.resolve(a.relativize(p).toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(to);
                } else if (!p.toString().endsWith(".evt") || p.getFileName().toString().equals("0.evt")) {
                    java.nio.file.Files.copy(p, to);
                }
            }
        }
        Run json = igtrace("diff", a.toString(), b.toString(), "--skip-missing", "--format", "json", "-q");
        assertEquals("ok", python(json,
                "assert d['matching']['left_out_ranks'] == [1, 2, 3], d['matching']",
                "assert d['contributors'] == [], d['contributors']",
                "assert abs(d['runtime']['delta']) < 1e-12, d['runtime']",
                // nor the paths' lengths, nor a process's share of them (A's path of 29.3 ms over 4 ranks against B's 4.07 ms)
                "assert d['critical_path_length'] == {'a': None, 'b': None, 'delta': None}, d['critical_path_length']",
                // both runs read again without ranks 1-3: rank 0's waits for them are measured in neither, and it ran as in A
                "assert d['process_contributors'] == [], d['process_contributors']",
                "print('ok')"));
        Run text = igtrace("diff", a.toString(), b.toString(), "--skip-missing", "-q");
        assertEquals(0, text.code, text.err);
        assertTrue(text.out.contains("\nnone: the critical paths are not compared with ranks left out of the comparison (a path can cross them); --ranks 0 compares the paths"
                + " of the ranks both runs read\n"), text.out);
        Run selected = igtrace("diff", a.toString(), b.toString(), "--skip-missing", "--ranks", "0", "--format", "json", "-q");
        assertEquals("ok", python(selected, "assert d['contributors'] == [], d['contributors']", "print('ok')"));
    }

    /**
     * A run that recorded no event (testdata/no-events, make-no-events.py: 8 ranks, as testdata/diff's) leaves no process
     * to compare: one line naming both files, exit 1 (an internal error, ArrayIndexOutOfBoundsException, before: a region
     * total of 5e-20 s over no process asked for the rank that changed it most).
     */
    @Test
    void aRunOfNoEventIsRefusedInOneLine() {
        String none = TESTDATA.resolve("no-events").toString();
        for (String[] pair : new String[][] {{BALANCED, none}, {none, BALANCED}}) {
            for (String format : new String[] {"text", "json"}) {
                Run r = igtrace("diff", pair[0], pair[1], "--format", format);
                assertEquals(1, r.code, r.err);
                assertEquals("", r.out);
                assertEquals("igtrace: " + Path.of(none).resolve("traces.otf2") + ": no time to analyse: none of its 8 processes has a"
                        + " region event read outside MPI_Init and MPI_Finalize with recording on (none recorded, or the files were left"
                        + " out), or their region events span no time (T_i = 0 s); igtrace info shows what it holds\n", r.err);
            }
        }
    }

    /** A selection one run refutes names that run: pi-4 has MPI_Bcast, quiet-4 (B) has none (otf2-print's region list). */
    @Test
    void aRegionOneRunLacksNamesThatRun() {
        String b = TESTDATA.resolve("otf2/quiet-4").toString();
        Run r = igtrace("diff", TESTDATA.resolve("otf2/pi-4").toString(), b, "--region", "MPI_Bcast");
        assertEquals(2, r.code, r.err);
        assertTrue(r.err.startsWith("igtrace: " + b + "/eztrace_log.otf2: --region 'MPI_Bcast': no region of the trace has that name"), r.err);
    }

    /**
     * slow-rank-5 against itself without rank 6's files (--skip-missing): every late-sender wait of the run is rank 6's
     * (make-diff.py: rank 6 receives from the slow rank 5 in the ring, 10 x 200 us), so over the ranks both runs read
     * there is none in either; the totals said A 2.00 ms against B 0, and the load balance compared 8 ranks with 7.
     */
    @Test
    void theTotalsOfARunWithARankLeftOutAreOverTheRanksBothRead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path b = dir.resolve("b");
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(Path.of(SLOW))) {
            for (Path p : walk.toList()) {
                Path to = b.resolve(Path.of(SLOW).relativize(p).toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(to);
                } else if (!p.getFileName().toString().equals("6.evt")) {
                    java.nio.file.Files.copy(p, to);
                }
            }
        }
        Run r = igtrace("diff", SLOW, b.toString(), "--skip-missing", "--format", "json", "-q");
        assertEquals("ok", python(r,
                "ls = next(x for x in d['patterns'] if x['pattern'] == 'wait_late_sender')",
                "assert ls['a'] == 0 and ls['b'] == 0, ls",
                "lb = d['efficiency']['load_balance']",
                "assert abs(lb['delta']) < 1e-12, lb",
                "assert d['matching']['left_out_ranks'] == [6], d['matching']",
                "print('ok')"));
        // and the user is told: B's efficiencies and totals are not B's whole run's (it said nothing: review)
        Run text = igtrace("diff", SLOW, b.toString(), "--skip-missing");
        assertEquals(0, text.code, text.err);
        String said = "rank 6 of A or B was not read (its files left out) or has no region event read (none recorded, or none inside"
                + " the --window), so it is left out of both runs: the"
                + " efficiencies and the totals below are over the 7 ranks both runs read, not over either whole run";
        assertTrue(text.err.contains("igtrace diff: note: " + said + "\n"), text.err);
        assertTrue(text.out.contains("\nR" + said.substring(1) + ".\n"), text.out);
        assertTrue(text.out.contains("\nRun time and efficiency, over the 7 ranks both runs read\n"), text.out);
        assertTrue(text.out.contains("\nWaiting per wait-state pattern, summed over the 7 ranks both runs read\n"), text.out);
        assertTrue(text.out.contains("\nCompute per region, summed over the 7 ranks both runs read\n"), text.out);
        Run whole = igtrace("diff", SLOW, SLOW);
        assertTrue(whole.out.contains("\nRun time and efficiency\n") && !whole.err.contains("not read"), whole.out + whole.err);
    }

    /**
     * otf2/alltoall-16 without ranks 3-14's event files: --skip-missing does not analyse those processes at all (no message
     * names them: the run's traffic is all-to-alls), so A has 4 processes where B has 16. Their world ranks were left out
     * of the rows only: B's N x N total (50.7 s) and its efficiencies were its 16 ranks', beside rows of 4 ranks whose
     * waiting adds up to 10.8 s (a hunt). They are left out of both runs: B's pattern total is its rows' waiting added up,
     * and both runs are read without them (B's all-to-alls then lack members, as A's do: no N x N wait in either).
     */
    @Test
    void ranksOneRunDidNotAnalyseAreLeftOutOfBoth(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path full = TESTDATA.resolve("otf2/alltoall-16");
        Path a = dir.resolve("a");
        java.util.Set<String> ranks = new java.util.HashSet<>();
        for (String line : TimelineCommandTest.command("otf2-print", "-G", full.resolve("eztrace_log.otf2").toString()).split("\n")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^LOCATION\\s+(\\d+)\\s+Name: \"P#(\\d+)T#0\"").matcher(line);
            if (m.find() && Integer.parseInt(m.group(2)) >= 3 && Integer.parseInt(m.group(2)) <= 14) {
                ranks.add(m.group(1) + ".evt");
            }
        }
        assertEquals(12, ranks.size(), "ranks 3-14's locations");
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(full)) {
            for (Path p : walk.toList()) {
                Path to = a.resolve(full.relativize(p).toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(to);
                } else if (!ranks.contains(p.getFileName().toString())) {
                    java.nio.file.Files.copy(p, to);
                }
            }
        }
        Run r = igtrace("diff", a.toString(), full.toString(), "--skip-missing", "--format", "json", "-q");
        assertEquals(0, r.code, r.err);
        assertTrue(python(r,
                "assert d['matching']['left_out_ranks'] == list(range(3, 15)), d['matching']",
                "assert sorted(p['rank'] for p in d['processes']) == [0, 1, 2, 15], d['processes']",
                "nxn = next(x for x in d['patterns'] if x['pattern'] == 'wait_nxn')",
                "rows = sum(p['wait_nxn']['b'] for p in d['processes'])",
                // B read again without ranks 3-14, as A lacks them: its all-to-alls lack members in both runs, so neither
                // measures their N x N waits (B's 10.8 s against A's 0 was a difference of what the runs could see)
                "assert nxn['a'] == nxn['b'] == rows == 0, (nxn, rows)",
                "w = next(x for x in d['regions'] if x['name'] == 'Working')",
                "assert abs(w['b'] - sum(p['b'] for p in w['processes'])) < 1e-9, w",
                "print(d['efficiency']['load_balance']['b'])").matches("0\\.\\d+"));
        // B's efficiencies are those of its 4 ranks, as a selection of them gives (definitions section 11)
        Run selected = igtrace("stats", full.toString(), "--ranks", "0-2,15", "--format", "json", "-q");
        assertEquals(0, selected.code, selected.err);
        assertEquals(python(selected, "print(d['efficiency']['load_balance'])"),
                python(r, "print(d['efficiency']['load_balance']['b'])"));
    }

    /**
     * In the window 10-20 ms jacobi-8's rank 0 has no region event (stats gives it no row, definitions section 10), pi-8's
     * has: diff compared it anyway, A's efficiencies over 7 ranks against B's over 8 (review). It is left out of both, said,
     * and the load balances are those of ranks 1-7: A's one rank with useful time of 7 gives 1/7, B's ranks 1-7 none, 1.
     */
    @Test
    void aRankWithNoRowInOneRunIsLeftOutOfBoth() throws Exception {
        String a = TESTDATA.resolve("otf2/jacobi-8").toString(), b = TESTDATA.resolve("otf2/pi-8").toString();
        Run r = igtrace("diff", a, b, "--window=10ms:20ms", "--format", "json", "-q");
        assertEquals("ok", python(r,
                "assert d['matching']['left_out_ranks'] == [0], d['matching']",
                "assert [p['rank'] for p in d['processes']] == list(range(1, 8)), d['processes']",
                "lb = d['efficiency']['load_balance']",
                "assert abs(lb['a'] - 1 / 7) < 1e-12 and lb['b'] == 1, lb",
                "print('ok')"));
        Run text = igtrace("diff", a, b, "--window=10ms:20ms");
        assertTrue(text.err.contains("igtrace diff: note: rank 0 of A or B was not read (its files left out) or has no region event read"),
                text.err);
    }

    /** A third trace is one too many for diff (it said "one trace at a time: ... is a second trace"). */
    @Test
    void aThirdTraceIsOneTooMany() {
        Run r = igtrace("diff", BALANCED, SLOW, SLOW_1);
        assertEquals(2, r.code, r.err);
        assertTrue(r.err.startsWith("igtrace: two traces at a time: '" + SLOW_1 + "' is a third trace"), r.err);
    }

    /** A run against itself: no difference, no contributor. */
    @Test
    void aRunAgainstItselfHasNoContributor() throws Exception {
        Run r = igtrace("diff", SLOW, SLOW, "--format", "json", "-q");
        assertEquals("ok", python(r, "assert d['runtime']['delta'] == 0 and d['contributors'] == [], d['contributors']",
                "assert all(p['time']['delta'] == 0 for p in d['processes'])", "print('ok')"));
        Run text = igtrace("diff", SLOW, SLOW);
        assertTrue(text.out.contains("A and B take the same time (3.40 ms).\n"), text.out);
    }

    /** Runs of 8 and 4 processes: one line naming both files, exit 1, nothing written. */
    @Test
    void differentProcessCountsAreRefused() {
        String four = TESTDATA.resolve("otf2/delays-4").toString();
        Run r = igtrace("diff", SLOW, four);
        assertEquals(1, r.code, r.err);
        assertEquals("", r.out);
        assertEquals(1, r.err.lines().count(), r.err);
        assertTrue(r.err.startsWith("igtrace: ") && r.err.contains("slow-rank-5") && r.err.contains("delays-4")
                && r.err.contains("8 processes") && r.err.contains(" 4"), r.err);
    }

    /**
     * A slowdown that moved from rank 1 (A) to rank 2 (B), make-diff.py's docstring: the same run time and the same
     * compute per region, so no contributor along the paths; per process rank 2's compute +2.000 ms (10 x 120 us
     * -> 10 x 320 us), rank 1's -2.000 ms, and their waiting the reverse (every rank but the slow one waits 10 x 200
     * us); nothing else changes. A's path runs through rank 1's compute (10 x 320 us), B's through rank 2's.
     */
    @Test
    void aSlowdownThatMovedShowsPerProcess() throws Exception {
        Run r = igtrace("diff", SLOW_1, SLOW_2, "--format", "json", "-q");
        assertEquals("ok", python(r,
                "assert d['runtime']['delta'] == 0 and d['contributors'] == [], d['contributors']",
                "solve = next(x for x in d['regions'] if x['name'] == 'solve')",
                "assert abs(solve['a'] - 10e-3) < 1e-12 and abs(solve['delta']) < 1e-12, solve",
                "got = {(c['rank'], c['kind']): round(c['delta'] * 1e6, 6) for c in d['process_contributors']}",
                "assert got == {(2, 'compute'): 2000, (1, 'compute'): -2000, (1, 'waiting'): 2000, (2, 'waiting'): -2000}, got",
                "c = {(c['rank'], c['kind']): c for c in d['process_contributors']}",
                "assert abs(c[(1, 'compute')]['on_path']['a'] - 3.2e-3) < 1e-12 and c[(1, 'compute')]['on_path']['b'] == 0, c",
                "assert abs(c[(2, 'compute')]['on_path']['b'] - 3.2e-3) < 1e-12 and c[(1, 'waiting')]['on_path'] is None, c",
                "print('ok')"));
        Run text = igtrace("diff", SLOW_1, SLOW_2);
        assertEquals("A and B take the same time (3.40 ms); per process: rank 1's compute -2.00 ms, rank 2's compute +2.00 ms.",
                text.out.lines().toList().get(2), text.out);
        assertTrue(text.out.contains("\ncompute     2  1.20 ms  3.20 ms    +2.00 ms          0 s      3.20 ms\n"), text.out);
    }

    /**
     * --ranks 0-3 (the slow rank 5 left out): the diff of two traces holding only ranks 0-3's events (definitions
     * section 11). They never wait for each other (all enter each call together); the all-reduce, whose late member is
     * not selected, takes 10 us in A and 210 us in B (entered at t + 130, left at t + 340): each of ranks 0-3 +10 x 200
     * us = 2.000 ms of transfer; T 1.400 and 3.400 ms; solve 4 x 1.000 ms in both.
     */
    @Test
    void aRanksSelectionComparesTheSelectedPart() throws Exception {
        Run r = igtrace("diff", BALANCED, SLOW, "--ranks", "0-3", "--format", "json", "-q");
        assertEquals("ok", python(r,
                "t = d['runtime']",
                "assert abs(t['a'] - 1.4e-3) < 1e-12 and abs(t['b'] - 3.4e-3) < 1e-12, t",
                "assert [p['rank'] for p in d['processes']] == [0, 1, 2, 3], d['processes']",
                "assert all(p['wait']['b'] == 0 for p in d['processes']), d['processes']",
                "solve = next(x for x in d['regions'] if x['name'] == 'solve')",
                "assert abs(solve['a'] - 4e-3) < 1e-12 and abs(solve['b'] - 4e-3) < 1e-12, solve",
                "c = d['contributors'][0]",
                "assert (c['kind'], c['region']) == ('transfer', 'MPI_Allreduce') and abs(c['delta'] - 2e-3) < 1e-12, c",
                "assert abs(sum(x['delta'] for x in d['contributors']) - 2e-3) < 1e-12, d['contributors']",
                "got = {(c['rank'], c['kind']): round(c['delta'] * 1e6, 6) for c in d['process_contributors']}",
                "assert got == {(q, 'transfer'): 2000 for q in range(4)}, got",
                "assert d['selection'] == '--ranks 0-3', d.get('selection')",
                "print('ok')"));
        Run text = igtrace("diff", BALANCED, SLOW, "--ranks", "0-3");
        assertEquals("Selection (of both runs): --ranks 0-3", text.out.lines().toList().get(2), text.out);
        Run bad = igtrace("diff", BALANCED, SLOW, "--ranks", "9");
        assertEquals(2, bad.code, bad.err);
        assertEquals(2, bad.err.lines().count(), bad.err); // the usage error and the hint to --help, as every command (OneHandlerTest)
    }

    /**
     * --window :680us: in A (140 us an iteration) iterations 0-4 of solve and pack (4 x 140 + 120 = 680 us: the window
     * ends at the fifth MPI_Sendrecv's enter), in B (340 us) iterations 0-1 whole. T 680 us in both; solve 8 x 5 x 100 =
     * 4.000 ms against 7 x 2 x 100 + 2 x 300 = 2.000 ms, pack 8 x 5 x 20 = 800 us against 8 x 2 x 20 = 320 us; in B rank
     * 5 computes 2 x 320 = 640 us and the others 2 x 120 = 240 us and wait 2 x 200 = 400 us. Along the paths (A's on
     * one rank, B's through rank 5): solve 500 -> 600 us, pack 100 -> 40 us, MPI_Sendrecv and MPI_Allreduce 4 x 10 -> 2 x
     * 10 us each: +100 - 60 - 20 - 20 = 0.
     */
    @Test
    void aWindowComparesTheSameTimeOfBothRuns() throws Exception {
        Run r = igtrace("diff", BALANCED, SLOW, "--window", ":680us", "--format", "json", "-q");
        assertEquals("ok", python(r,
                "t = d['runtime']",
                "assert abs(t['a'] - 680e-6) < 1e-12 and abs(t['b'] - 680e-6) < 1e-12, t",
                "reg = {x['name']: (round(x['a'] * 1e6, 6), round(x['b'] * 1e6, 6)) for x in d['regions']}",
                "assert reg == {'solve': (4000, 2000), 'pack': (800, 320)}, reg",
                "p = d['processes']",
                "assert round(p[5]['useful']['b'] * 1e6, 6) == 640 and all(round(p[q]['useful']['b'] * 1e6, 6) == 240 "
                        + "and round(p[q]['wait']['b'] * 1e6, 6) == 400 for q in (0, 1, 2, 3, 4, 6, 7)), p",
                "got = {(c['kind'], c['region']): round(c['delta'] * 1e6, 6) for c in d['contributors']}",
                "assert got == {('compute', 'solve'): 100, ('compute', 'pack'): -60, ('transfer', 'MPI_Sendrecv'): -20, "
                        + "('transfer', 'MPI_Allreduce'): -20}, got",
                "print('ok')"));
    }

    /**
     * The balanced run placed two ways (make-diff.py --nodes): ranks 0-3 on nodes {0, 1}, {2, 3} in A and {0, 2}, {1, 3}
     * in B; ranks 4-7 on the same two nodes in both. Processes are still matched by rank, and the output says so.
     */
    @Test
    void aDifferentPlacementIsSaid() throws Exception {
        String block = TESTDATA.resolve("diff/nodes-block").toString(), swapped = TESTDATA.resolve("diff/nodes-swapped").toString();
        Run r = igtrace("diff", block, swapped, "--format", "json");
        assertEquals("ok", python(r,
                "m = d['matching']",
                "assert m == {'by': 'rank', 'processes': 8, 'placement': 'different', 'nodes': {'a': 4, 'b': 4}, "
                        + "'moved_ranks': [0, 1, 2, 3], 'left_out_ranks': []}, m",
                "print('ok')"));
        assertTrue(r.err.contains("igtrace diff: note: processes are matched by rank (8 processes in each run), but the runs placed them "
                + "differently: A on 4 nodes, B on 4 nodes; ranks 0-3 share a node with other ranks in B than in A"), r.err);
        Run text = igtrace("diff", block, swapped, "-q");
        assertTrue(text.out.lines().toList().get(2).startsWith("Processes are matched by rank"), text.out);
        Run same = igtrace("diff", BALANCED, SLOW, "--format", "json", "-q");
        assertEquals("ok", python(same, "assert d['matching']['placement'] == 'same' and d['matching']['moved_ranks'] == []", "print('ok')"));
    }

    /**
     * Two runs of different numbers of processes are refused from their definitions, before an event of either is read
     * (A was read whole first: 27.7 s on a large A). A is jacobi-8 (8 processes, eztrace's anchor) with the middle of
     * every event file overwritten, so that a read of its events fails; B is jacobi-4 (4 processes).
     */
    @Test
    void differentNumbersOfProcessesAreRefusedBeforeAnEventIsRead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path a = dir.resolve("jacobi-8");
        Path source = TESTDATA.resolve("otf2/jacobi-8");
        try (var files = java.nio.file.Files.walk(source)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = a.resolve(source.relativize(f).toString());
                if (java.nio.file.Files.isDirectory(f)) {
                    java.nio.file.Files.createDirectories(to);
                } else if (f.toString().endsWith(".evt")) {
                    byte[] events = java.nio.file.Files.readAllBytes(f); // its head and end kept: the middle half is 0xFF
                    java.util.Arrays.fill(events, events.length / 4, 3 * events.length / 4, (byte) 0xFF);
                    java.nio.file.Files.write(to, events);
                } else {
                    java.nio.file.Files.copy(f, to);
                }
            }
        }
        Path b = TESTDATA.resolve("otf2/jacobi-4");
        Run damaged = igtrace("stats", a.toString(), "-q");
        assertEquals(1, damaged.code, "A's events cannot be read: " + damaged.err);
        Run r = igtrace("diff", a.toString(), b.toString(), "-q");
        assertEquals(1, r.code, r.err);
        assertEquals("igtrace: " + a.resolve("eztrace_log.otf2") + " has 8 processes and " + b.resolve("eztrace_log.otf2")
                + " has 4: diff matches the processes of two runs rank by rank, so both need as many", r.err.strip());
    }
    /**
     * Time with recording off on a path is a kind of its own (definitions section 15), not compute: testdata/recording-off-long
     * (its docstring) has rank 0 on the path [1, 95] us with recording off [10, 50]: 40 us of recording_off on B's path; on
     * A's path (off-inside-mpi: rank 1 [0, 70] computing, rank 0 [70, 200] computing and in MPI_Recv) none. B's compute in
     * main over each rank's events [0, 100] less MPI_Init [0, 1] and MPI_Finalize [95, 96]: rank 0 98 - 20 (its barrier) - 40
     * (off) = 38 us, rank 1 98 - 60 = 38 us, 76 us, the useful time (it counted the 40 us off too, then only the spans [1,
     * 95]: 68 us).
     */
    /**
     * testdata/late-reduce (make-late-reduce.py): B is A with rank 2 computing 50 us more before the reduce, whose root
     * leaves after rank 2 entered: 50 us more, all rank 2's work on the path (A's path: rank 0's 40 us of work and rank 2's
     * 250 us, 100 of them in the nested inner, which the contributors take apart as its exclusive time: work 40 + 150 us;
     * B's: 40 + 200 us). With the path going on from the reduce's first member (rank 1), both paths held the
     * root's whole MPI_Reduce and the difference read "rank 0's transfer in MPI_Reduce +50.0 us".
     */
    @Test
    void aLateReduceMemberIsTheDifference() throws Exception {
        Run r = igtrace("diff", TESTDATA.resolve("late-reduce/a").toString(), TESTDATA.resolve("late-reduce/b").toString(),
                "--format", "json", "-q");
        assertEquals("ok", python(r,
                "assert abs(d['runtime']['delta'] - 50e-6) < 1e-12, d['runtime']",
                "c = d['contributors']",
                "assert len(c) == 1 and (c[0]['kind'], c[0]['rank'], c[0]['region']) == ('compute', 2, 'work'), c",
                "assert abs(c[0]['a'] - 190e-6) < 1e-12 and abs(c[0]['b'] - 240e-6) < 1e-12, c",
                "print('ok')"));
    }

    /**
     * Compute per region is over each process's whole events, as its useful time is (definitions section 10): in
     * testdata/late-region (make-late-region.py) main computes 1 ms before MPI_Init and 50 ms after MPI_Finalize on
     * each of the 2 ranks, 2 x 51 = 102 ms; over the replay's span (MPI_Init's leave to MPI_Finalize's enter) it read 0
     * and the regions fell 102 ms short of the useful time. TraceR's stencil4d (recording off after MPI_Init and after
     * the last event): the regions add up to the useful time (the time after the last region event, 1.4 us on rank 1, is
     * left out of both).
     */
    @Test
    void theRegionsAddUpToTheUsefulTime() throws Exception {
        String late = TESTDATA.resolve("late-region").toString();
        assertEquals("ok", python(igtrace("diff", late, late, "--format", "json", "-q"),
                "main = next(x for x in d['regions'] if x['name'] == 'main')",
                "assert abs(main['a'] - 0.102) < 1e-12, main",
                "assert abs(sum(x['a'] for x in d['regions']) - sum(p['useful']['a'] for p in d['processes'])) < 1e-12, d",
                "print('ok')"));
        String stencil = TESTDATA.resolve("otf2/scorep-tracer-stencil4d-32").toString();
        assertEquals("ok", python(igtrace("diff", stencil, stencil, "--format", "json", "-q"),
                "r, u = sum(x['a'] for x in d['regions']), sum(p['useful']['a'] for p in d['processes'])",
                "assert abs(r - u) < 1e-12, (r, u)",
                "print('ok')"));
    }

    @Test
    void recordingOffOnThePathIsAKindOfItsOwn() throws Exception {
        Run r = igtrace("diff", TESTDATA.resolve("off-inside-mpi").toString(), TESTDATA.resolve("recording-off-long").toString(),
                "--format", "json", "-q");
        assertEquals("ok", python(r,
                "off = [x for x in d['contributors'] if x['kind'] == 'recording_off']",
                "assert len(off) == 1 and off[0]['rank'] == 0 and off[0]['a'] == 0 and abs(off[0]['b'] - 40e-6) < 1e-12, off",
                "assert abs(sum(x['delta'] for x in d['contributors']) - d['runtime']['delta']) < 1e-12, d['contributors']",
                "main = next(x for x in d['regions'] if x['name'] == 'main')",
                "assert abs(main['b'] - 76e-6) < 1e-12, main",
                "assert not [x for x in d['regions'] if x['name'] == '(recording off)'], d['regions']",
                "print('ok')"));
    }
}
