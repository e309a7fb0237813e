package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Pointer;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.GroupKind;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationGroupKind;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationKind;

/**
 * libotf2's callbacks for the global definitions of one {@link Otf2Archive}, forwarding each record to the visitor
 * being read into and keeping the first failure one of them threw (libotf2 is then told to stop). Each callback is a
 * class, not a lambda: the JVM links a lambda at its first use, and these 18 (the callbacks and the guards they
 * called) took about 1 ms each on the command's thread at every start, after libotf2's preload. They are held here
 * for as long as the archive lives: JNA keeps them only weakly.
 */
final class DefinitionCallbacks {
    /** The visitor the callbacks forward to while the definitions are read. */
    GlobalDefinitionVisitor definitions;
    /** The first failure thrown by a callback, until taken. */
    RuntimeException failure;
    /**
     * The first location or location group whose type is none of OTF2's (location: 0 to 3; group: 0 to 2), in words, or
     * null: a damaged byte (otf2-print shows it as INVALID). Read as "not a CPU thread", such a location's events were
     * left out with a routine note (pi-4 with one flipped bit: its late broadcasts 65.2 ms read as 0).
     */
    String invalidType;

    final Otf2Library.ClockPropertiesCallback onClock = new Clock();
    final Otf2Library.StringCallback onString = new Strings();
    final Otf2Library.SystemTreeNodeCallback onNode = new Node();
    final Otf2Library.LocationGroupCallback onLocationGroup = new LocationGroup();
    final Otf2Library.LocationCallback onLocation = new Location();
    final Otf2Library.RegionCallback onRegion = new Region();
    final Otf2Library.CallingContextCallback onCallingContext = new CallingContext();
    final Otf2Library.GroupCallback onGroup = new Group();
    final Otf2Library.CommCallback onComm = new Comm();
    final Otf2Library.InterCommCallback onInterComm = new InterComm();

    /** Registers the callbacks of everything but the strings and the locations (the clock, the regions, the groups, ...). */
    void registerTheRest(Pointer cbs) {
        Otf2Library.OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cbs, onClock);
        Otf2Library.OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(cbs, onNode);
        Otf2Library.OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cbs, onRegion);
        Otf2Library.OTF2_GlobalDefReaderCallbacks_SetCallingContextCallback(cbs, onCallingContext);
        Otf2Library.OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cbs, onGroup);
        Otf2Library.OTF2_GlobalDefReaderCallbacks_SetCommCallback(cbs, onComm);
        Otf2Library.OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(cbs, onInterComm);
    }

    /** The first failure (then none), or null. */
    RuntimeException takeFailure() {
        RuntimeException f = failure;
        failure = null;
        return f;
    }

    /** What a callback answers libotf2 after {@code ex}: stop; the first failure is kept. */
    private int failed(RuntimeException ex) {
        if (failure == null) {
            failure = ex;
        }
        return Otf2Library.CALLBACK_INTERRUPT;
    }

    private final class Clock implements Otf2Library.ClockPropertiesCallback {
        @Override
        public int invoke(long userData, long timerResolution, long globalOffset, long traceLength, long realtimeTimestamp) {
            try {
                definitions.clockProperties(timerResolution, globalOffset, traceLength);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class Strings implements Otf2Library.StringCallback {
        @Override
        public int invoke(long userData, int self, com.sun.jna.Pointer string) {
            try {
                byte[] bytes = string == null ? null : string.getByteArray(0, (int) string.indexOf(0, (byte) 0));
                definitions.string(self, bytes);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class Node implements Otf2Library.SystemTreeNodeCallback {
        @Override
        public int invoke(long userData, int self, int name, int className, int parent) {
            try {
                definitions.systemTreeNode(self, name, className, parent);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class LocationGroup implements Otf2Library.LocationGroupCallback {
        @Override
        public int invoke(long userData, int self, int name, byte type, int systemTreeParent, int creatingLocationGroup) {
            try {
                if ((type & 0xff) > 2 && invalidType == null) {
                    invalidType = "location group " + Integer.toUnsignedString(self) + " has type " + (type & 0xff) + ", which is no OTF2 location group type";
                }
                definitions.locationGroup(self, name, locationGroupKind(type), systemTreeParent);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class Location implements Otf2Library.LocationCallback {
        @Override
        public int invoke(long userData, long self, int name, byte type, long numberOfEvents, int locationGroup) {
            try {
                if ((type & 0xff) > 3 && invalidType == null) {
                    invalidType = "location " + Long.toUnsignedString(self) + " has type " + (type & 0xff) + ", which is no OTF2 location type";
                }
                definitions.location(self, name, locationKind(type), numberOfEvents, locationGroup);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class Region implements Otf2Library.RegionCallback {
        @Override
        public int invoke(long userData, int self, int name, int canonicalName, int description, byte role, byte paradigm,
                int flags, int sourceFile, int beginLine, int endLine) {
            try {
                definitions.regionOfParadigm(self, name, role & 0xff, paradigm & 0xff);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class CallingContext implements Otf2Library.CallingContextCallback {
        @Override
        public int invoke(long userData, int self, int region, int sourceCodeLocation, int parent) {
            try {
                definitions.callingContext(self, region, parent);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class Group implements Otf2Library.GroupCallback {
        @Override
        public int invoke(long userData, int self, int name, byte type, byte paradigm, int flags, int numberOfMembers, Pointer members) {
            try {
                definitions.groupOfParadigm(self, name, groupKind(type), paradigm,
                        numberOfMembers > 0 && members != null ? members.getLongArray(0, numberOfMembers) : new long[0]);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class Comm implements Otf2Library.CommCallback {
        @Override
        public int invoke(long userData, int self, int name, int group, int parent, int flags) {
            try {
                definitions.communicator(self, name, group, parent);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private final class InterComm implements Otf2Library.InterCommCallback {
        @Override
        public int invoke(long userData, int self, int name, int groupA, int groupB, int commonCommunicator, int flags) {
            try {
                definitions.interCommunicator(self, name, groupA, groupB);
                return Otf2Library.CALLBACK_SUCCESS;
            } catch (RuntimeException ex) {
                return failed(ex);
            }
        }
    }

    private static LocationGroupKind locationGroupKind(byte type) {
        return switch (type) {
            case 1 -> LocationGroupKind.PROCESS;
            case 2 -> LocationGroupKind.ACCELERATOR;
            default -> LocationGroupKind.OTHER;
        };
    }

    private static LocationKind locationKind(byte type) {
        return switch (type) {
            case 1 -> LocationKind.CPU_THREAD;
            case 2 -> LocationKind.ACCELERATOR_STREAM;
            case 3 -> LocationKind.METRIC;
            default -> LocationKind.OTHER;
        };
    }

    private static GroupKind groupKind(byte type) {
        return switch (type) {
            case 4 -> GroupKind.COMM_LOCATIONS;
            case 5 -> GroupKind.COMM_GROUP;
            case 6 -> GroupKind.COMM_SELF;
            default -> GroupKind.OTHER;
        };
    }
}
