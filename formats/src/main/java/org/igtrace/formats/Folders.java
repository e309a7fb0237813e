package org.igtrace.formats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Removing a folder igtrace wrote, also while another thread removes or writes in it (shutdown hooks beside a writer). */
public final class Folders {
    private Folders() {
    }

    /**
     * Removes {@code top} and everything under it, not following links (a link is removed as a link). A file that goes
     * while the folder is listed (another hook removing the same tree: the listing's UncheckedIOException left all of it
     * before) or comes meanwhile (the writing thread runs on during a shutdown) is met by listing again: up to 100 rounds,
     * 10 ms apart while something is left; what cannot be removed stays.
     *
     * @param top the folder (or file, or link) to remove; nothing when it is not there
     */
    public static void deleteTree(Path top) {
        for (int round = 0; round < 100 && Files.exists(top, LinkOption.NOFOLLOW_LINKS); round++) {
            List<Path> all;
            try (Stream<Path> files = Files.walk(top)) {
                all = files.sorted(Comparator.reverseOrder()).toList();
            } catch (IOException | UncheckedIOException e) { // NOPMD: a file went meanwhile: list again
                all = List.of();
            }
            for (Path f : all) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) { // NOPMD: a folder a file came into meanwhile: the next round
                }
            }
            if (Files.exists(top, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Thread.sleep(round == 0 ? 0 : 10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
