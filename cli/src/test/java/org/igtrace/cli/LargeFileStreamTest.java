package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Output files written through the page cache, then directly to the disk where the file system takes it. */
class LargeFileStreamTest {
    @TempDir
    Path dir;

    /** Random bytes in writes of random sizes (1 byte to 3 MB, across the switch and the 1 MB buffer's ends). */
    private static byte[] writeAll(LargeFileStream out, int total, long seed) throws Exception {
        Random random = new Random(seed);
        byte[] all = new byte[total];
        random.nextBytes(all);
        int at = 0;
        while (at < total) {
            int n = Math.min(total - at, random.nextInt(4) == 0 ? 1 : 1 + random.nextInt(3 << 20));
            if (n == 1 && random.nextBoolean()) {
                out.write(all[at]);
            } else {
                out.write(all, at, n);
            }
            at += n;
        }
        out.close();
        return all;
    }

    /**
     * Past 64 kB (the switch lowered for the test) the bytes go to the disk directly on this machine's file system (the
     * test's temporary folder: ext4 here; where it refuses direct I/O, through the page cache, which the next test checks):
     * the file holds every byte written, in order, and ends at the last one (a padded last block cut off), whatever the
     * total's remainder against the block size; an output smaller than the switch is written as before.
     */
    @Test
    void everyByteComesBackAndTheFileEndsAtTheLast() throws Exception {
        int[] totals = {0, 1, 4095, 64 << 10, (64 << 10) + 1, (5 << 20) + 4096, (9 << 20) + 777};
        for (int k = 0; k < totals.length; k++) {
            Path p = Files.createFile(dir.resolve("out" + k));
            LargeFileStream out = new LargeFileStream(p, 64 << 10);
            byte[] all = writeAll(out, totals[k], k);
            assertEquals(totals[k], Files.size(p), "size, " + totals[k] + " bytes");
            assertArrayEquals(all, Files.readAllBytes(p), "bytes, " + totals[k]);
            if (totals[k] <= 64 << 10) {
                assertFalse(out.wroteDirect(), "below the switch: through the page cache");
            }
        }
        String fs = Files.getFileStore(dir).type();
        if (LargeFileStream.DIRECT_TYPES.contains(fs)) { // a local disk's file system: the large ones went direct
            Path p = Files.createFile(dir.resolve("direct"));
            LargeFileStream out = new LargeFileStream(p, 64 << 10);
            writeAll(out, 3 << 20, 9);
            assertTrue(out.wroteDirect(), "direct writes on " + fs);
        }
    }

    /**
     * A direct write the kernel refuses (here at a place that is no multiple of the block size) is made through the page
     * cache, and so is the rest: the same file. On tmpfs, no local disk's file system, no direct write is tried: the same
     * file through the page cache.
     */
    @Test
    void aRefusedDirectWriteGoesThroughThePageCache() throws Exception {
        Path p = Files.createFile(dir.resolve("refused"));
        LargeFileStream out = new LargeFileStream(p, (64 << 10) + 100);
        byte[] all = writeAll(out, (3 << 20) + 5, 12);
        assertFalse(out.wroteDirect(), "the refused direct writes given up");
        assertArrayEquals(all, Files.readAllBytes(p));
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            Path q = Files.createTempFile(shm, "igtrace-large-", ".out");
            try {
                LargeFileStream onShm = new LargeFileStream(q, 64 << 10);
                byte[] more = writeAll(onShm, (3 << 20) + 5, 11);
                assertArrayEquals(more, Files.readAllBytes(q), "on " + Files.getFileStore(shm).type());
                assertEquals(LargeFileStream.DIRECT_TYPES.contains(Files.getFileStore(shm).type()), onShm.wroteDirect());
            } finally {
                Files.deleteIfExists(q);
            }
        }
    }
}
