package org.igtrace.reader.otf2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Follows the nesting of one location's regions as its Enter and Leave events come (OTF2 Leave
 * events name their region) and counts the regions entered and never left: no Leave of theirs
 * comes, before the location ends (a region entered twice and left once, a child whose parent is
 * left and that is never left itself). A Leave of an enclosing region puts the regions still open
 * inside it aside; a later Leave of one of them leaves it (EZTrace 2.0 leaves "Working" before
 * "EZTrace finalize" inside it: left, out of order). The events themselves go on as recorded;
 * {@link #note} says how many were never left (definitions section 3). A Leave of a region that is
 * not open at all is the core's to count for MPI calls (Leave events without a matching Enter), {@link #notOpenNote}'s
 * for user regions.
 */
final class RegionNesting {
    private int[] open = new int[16];
    private int depth;
    /** Regions still open when an enclosing region was left: left later, out of order, or never. */
    private int[] aside = new int[4];
    private int asideCount;

    void enter(int region) {
        if (depth == open.length) {
            open = Arrays.copyOf(open, 2 * depth);
        }
        open[depth++] = region;
    }

    /** A Leave of {@code region}; false when that region is not open at all (no Enter of it is still to be left). */
    boolean leave(int region) {
        if (depth > 0 && open[depth - 1] == region) {
            depth--;
            return true;
        }
        for (int i = depth - 2; i >= 0; i--) {
            if (open[i] == region) {
                for (int j = i + 1; j < depth; j++) {
                    putAside(open[j]);
                }
                depth = i;
                return true;
            }
        }
        for (int i = asideCount - 1; i >= 0; i--) {
            if (aside[i] == region) {
                aside[i] = aside[--asideCount];
                return true;
            }
        }
        return false;
    }

    private void putAside(int region) {
        if (asideCount == aside.length) {
            aside = Arrays.copyOf(aside, 2 * asideCount);
        }
        aside[asideCount++] = region;
    }

    /** The location ended: returns how many regions it entered and never left. */
    long end() {
        long neverLeft = depth + asideCount;
        depth = 0;
        asideCount = 0;
        return neverLeft;
    }

    /**
     * The note about Leave events of user regions that were not open (APEX 1.2.0 leaves an HPX action about 1,200 times
     * more than it enters it on each thread), from the count of each location (by part), or null when there were none.
     */
    static String notOpenNote(long[] byPart, IntFunction<String> name) {
        return note(byPart, name, " Leave event of a user region that was not open (no Enter of theirs before)",
                " Leave events of user regions that were not open (no Enter of theirs before)");
    }

    /**
     * The note about the regions never left, from the count of each location (by part), or null
     * when there were none; {@code name} names a part's location.
     */
    static String note(long[] neverLeftByPart, IntFunction<String> name) {
        return note(neverLeftByPart, name, " region entered and never left (no Leave event of theirs follows)",
                " regions entered and never left (no Leave event of theirs follows)");
    }

    /** "N {what}, on M locations (the first three named): the events are read as recorded", or null when N is 0. */
    private static String note(long[] byPart, IntFunction<String> name, String one, String several) {
        long total = 0;
        List<String> locations = new ArrayList<>();
        for (int part = 0; part < byPart.length; part++) {
            if (byPart[part] > 0) {
                total += byPart[part];
                locations.add(name.apply(part));
            }
        }
        if (total == 0) {
            return null;
        }
        String named = locations.size() <= 3 ? String.join(", ", locations) : String.join(", ", locations.subList(0, 3)) + ", ...";
        return total + (total == 1 ? one : several) + ", on " + locations.size() + (locations.size() == 1 ? " location (" : " locations (")
                + named + "): the events are read as recorded";
    }
}
