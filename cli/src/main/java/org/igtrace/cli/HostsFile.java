package org.igtrace.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code igtrace map --hosts FILE}: the names of the machine's nodes in node order, as an Open MPI
 * hostfile: {@code HOST slots=N} or {@code HOST} per line ({@code #} starts a comment), with Open MPI's synonyms
 * {@code cpu=N} and {@code count=N} for {@code slots=N}, its limits {@code max_slots=N} (and {@code max-slots},
 * {@code slots_max}, {@code slots-max}, {@code max_cpu}, {@code cpu_max}, {@code max_count}, {@code count_max} with
 * {@code -} or {@code _}) read and not used, and spaces allowed around {@code =} (Open MPI 4.1's hostfile lexer). Every
 * host's slots (when given) must be the nodes' {@code --slots}; a host named on several lines is several nodes.
 */
record HostsFile(List<String> hosts, Integer slots) {
    /**
     * Whether {@code name} can stand in every launcher file map writes: a host name or address of letters, digits,
     * {@code -}, {@code _} and {@code .}, beginning with a letter or digit, at most 253 characters, and not one of Open MPI's
     * rankfile words. Open MPI's rankfile lexer makes {@code =} a token of its own and {@code /}, quotes and non-ASCII
     * letters errors; Slurm's host file splits a line at {@code ,} and repeats {@code host*N}.
     */
    static boolean hostName(String name) {
        return name.length() <= 253 && name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")
                && !java.util.Set.of("rank", "slot", "slots", "max_slots", "max-slots").contains(name.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * Whether {@code name} can stand in an Open MPI rankfile beyond {@link #hostName}: no {@code _} (Open MPI 4.1's node
     * name parser stops the run on it: "illegal character ... letters, digits, dots, and the hyphen") and not digits
     * alone (its rankfile lexer reads them as a number, so {@code 007} names host {@code 7}).
     */
    static boolean rankfileHostName(String name) {
        return hostName(name) && name.indexOf('_') < 0 && !name.matches("[0-9]+");
    }

    /**
     * Reads the file. A file that cannot be read is a {@link Failure} (bad input, exit 1, as a {@code --placement}
     * file); one that is not a hostfile, or whose hosts' slots differ, describes a machine the other options
     * contradict: a {@link UsageError}, as a {@code --topology} that does not fit.
     */
    static HostsFile read(Path file) throws UsageError {
        return read(file, true, true);
    }

    /**
     * As {@link #read(Path)}; {@code launcher}: the hosts go into a launcher's file, so each must be a plain host name;
     * {@code rankfile}: into Open MPI's rankfile ({@link #rankfileHostName}).
     */
    static HostsFile read(Path file, boolean launcher, boolean rankfile) throws UsageError {
        List<String> lines;
        try {
            lines = BoundedTextFile.lines(file, BoundedTextFile.MAX_BYTES);
        } catch (BoundedTextFile.TooLarge e) {
            throw new Failure(BoundedTextFile.tooLarge("--hosts", file, "host names"));
        } catch (java.nio.charset.CharacterCodingException e) { // a byte that is no UTF-8 ("Input length = 1" said nothing)
            throw new Failure("--hosts " + file + ": not a text file of host names (bytes that are not UTF-8)");
        } catch (IOException e) { // IoFailure names the file and says what is wrong ("no such file or directory")
            throw new Failure("--hosts " + IoFailure.naming(file, e));
        }
        List<String> hosts = new ArrayList<>();
        Integer slots = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            // "a slots = 2" as "a slots=2": Open MPI's lexer makes '=' a token of its own
            String[] words = (hash < 0 ? line : line.substring(0, hash)).strip().replaceAll("\\s*=\\s*", "=").split("\\s+");
            if (words[0].isEmpty()) {
                continue;
            }
            int given = 1;
            boolean named = false;
            for (int w = 1; w < words.length; w++) {
                if (words[w].matches("(slots|cpu|count)=[0-9]{1,9}")) {
                    given = Integer.parseInt(words[w].substring(words[w].indexOf('=') + 1));
                    named = true;
                } else if (!words[w].matches("(max[-_](slots|cpu|count)|(slots|cpu|count)[-_]max)=[0-9]{1,9}")) {
                    throw new UsageError("--hosts " + file + ": line " + (i + 1) + ": expected 'HOST' or 'HOST slots=N' (or cpu=N,"
                            + " count=N, max_slots=N), found '" + line.strip() + "'");
                }
            }
            if (named && given < 1) {
                throw new UsageError("--hosts " + file + ": line " + (i + 1) + ": slots must be at least 1");
            }
            if (named && slots != null && slots != given) {
                throw new UsageError("--hosts " + file + ": line " + (i + 1) + " gives " + words[0] + " " + given
                        + " slots, an earlier line " + slots + "; every node holds the same number of ranks (--slots)");
            }
            if (named) {
                slots = given;
            }
            if (rankfile && hostName(words[0]) && !rankfileHostName(words[0])) {
                throw new UsageError("--hosts " + file + ": line " + (i + 1) + ": '" + words[0] + "' cannot stand in an Open MPI rankfile "
                        + (words[0].indexOf('_') >= 0 ? "(Open MPI refuses '_' in a node name)" : "(it reads a name of digits alone as a number)"));
            }
            if (launcher && !hostName(words[0])) {
                throw new UsageError("--hosts " + file + ": line " + (i + 1) + ": '" + words[0] + "' cannot stand in a launcher's file (a host name "
                        + "is letters, digits, '-', '_' and '.', beginning with a letter or digit, and not 'rank' or 'slot')");
            }
            hosts.add(words[0]);
        }
        if (hosts.isEmpty()) {
            throw new UsageError("--hosts " + file + ": names no host");
        }
        return new HostsFile(List.copyOf(hosts), slots);
    }
}
