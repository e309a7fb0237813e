package org.igtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code map --simgrid DIR}'s two replay folders, {@code DIR/rank-order/} and {@code DIR/proposed/}, kept only when the
 * whole command succeeds: each folder is written whole ({@code SimGridExport}), and what this run made of DIR (the
 * two folders, DIR and its parents where they did not exist) is removed again when the map's own output then fails
 * ({@code -o} naming DIR, a full disk: exit 1 left DIR complete) or the run is interrupted between the two folders or
 * before its output is written (Ctrl-C, kill: DIR stayed with one folder). A map's output and its replay folders are
 * one output: written whole or not at all.
 */
final class MapSimGridFolders {
    private final Path madeTop; // the outermost folder this run created (DIR or a parent of it), or null: DIR was there
    private final Path dir;
    private final Thread removeOnShutdown;
    private volatile boolean kept;

    /**
     * Makes DIR (and its missing parents) and arranges for this run's part of it to go when the run is interrupted
     * before {@link #keep}.
     *
     * @param dir --simgrid's folder: absent, or an empty directory
     * @throws IOException when a folder cannot be made, or the JVM is already shutting down
     */
    MapSimGridFolders(Path dir) throws IOException {
        this.dir = dir.toAbsolutePath();
        Path top = null;
        // a link is there, whether or not it leads anywhere: a dangling link named as DIR (or above it) is the user's
        for (Path p = this.dir; p != null && !Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            top = p;
        }
        this.madeTop = top;
        removeOnShutdown = new Thread(this::removeUnlessKept, "igtrace-map-simgrid");
        try {
            Runtime.getRuntime().addShutdownHook(removeOnShutdown);
        } catch (IllegalStateException e) {
            throw new IOException("interrupted: the Java VM is shutting down");
        }
        try {
            Files.createDirectories(this.dir);
        } catch (IOException | RuntimeException e) { // nothing to keep: the folders this call made go, the hook with them
            abandon();
            throw e;
        }
    }

    /** The map's output is written: the folders stay. */
    void keep() {
        kept = true;
        try {
            Runtime.getRuntime().removeShutdownHook(removeOnShutdown);
        } catch (IllegalStateException e) { // NOPMD: a shutdown under way runs the hook, which finds them kept
        }
    }

    /** The map's output failed: removes what this run made of DIR, now. */
    void abandon() {
        removeUnlessKept();
        try {
            Runtime.getRuntime().removeShutdownHook(removeOnShutdown);
        } catch (IllegalStateException e) { // NOPMD: the hook runs, and finds nothing left
        }
    }

    private void removeUnlessKept() {
        if (kept) {
            return;
        }
        if (madeTop != null) {
            deleteTree(madeTop);
        } else { // DIR was there, empty: only the folders this run wrote into it
            deleteTree(dir.resolve("rank-order"));
            deleteTree(dir.resolve("proposed"));
        }
    }

    private static void deleteTree(Path top) {
        org.igtrace.formats.Folders.deleteTree(top); // beside SimGridExport's hook removing its part folder in the same tree
    }
}
