package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Memory;

/** Whether a pipe's reader went away, asked of the kernel with libc's poll ({@link LibC}). */
public final class Pipes {
    private static final short POLLOUT = 0x4;
    private static final short POLLERR = 0x8;

    private Pipes() {
    }

    /**
     * @param fd a file descriptor open for writing
     * @return whether {@code fd} is the writing end of a pipe whose reading end is closed ({@code poll} reports
     *         {@code POLLERR} for it; a file or a terminal never does); false without libc to ask (not Linux)
     */
    public static boolean readerGone(int fd) {
        if (LibC.loadFailure() != null) {
            return false;
        }
        try (Memory pollfd = new Memory(8)) {
            pollfd.setInt(0, fd);
            pollfd.setShort(4, POLLOUT);
            pollfd.setShort(6, (short) 0);
            return LibC.poll(pollfd, 1, 0) > 0 && (pollfd.getShort(6) & POLLERR) != 0;
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            return false;
        }
    }
}
