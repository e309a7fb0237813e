package org.igtrace.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.igtrace.core.predict.ModelRequest;
import org.igtrace.formats.predict.Sweep;
import picocli.CommandLine;

/**
 * picocli's type converters of {@code igtrace predict}'s option values other than quantities ({@link Units}): a value
 * they refuse is a usage error said by the one handler, {@code --OPTION 'VALUE': expected ...} ({@link Units.Refused}).
 */
final class PredictValues {
    private PredictValues() {
    }

    /** {@code --network}: only measured. */
    static final class Measured implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String text) {
            if (!text.equalsIgnoreCase("measured")) {
                throw new Units.Refused("expected measured (L and B fitted to the trace's own messages)");
            }
            return text;
        }
    }

    /** {@code --contention}: on or off (a String: picocli reads a boolean option's value itself). */
    static final class OnOff implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String text) {
            if (!text.equalsIgnoreCase("on") && !text.equalsIgnoreCase("off")) {
                throw new Units.Refused("expected on or off");
            }
            return text;
        }
    }


    /** {@code --sweep NAME=V1,V2,..}: the parameter, its values as given and read as {@link Units} reads the parameter's option. */
    static final class SweepValues implements CommandLine.ITypeConverter<Sweep> {
        @Override
        public Sweep convert(String sweep) {
            int eq = sweep.indexOf('=');
            String name = eq < 0 ? "" : sweep.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            if (!name.equals(ModelRequest.LATENCY) && !name.equals(ModelRequest.BANDWIDTH) && !name.equals(ModelRequest.CPU_RATIO)) {
                throw new Units.Refused("expected latency=V1,V2,..., bandwidth=V1,V2,... or cpu-ratio=V1,V2,...");
            }
            String[] parts = sweep.substring(eq + 1).split(",", -1); // -1: an empty last value is named, not dropped
            double[] values = new double[parts.length];
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < parts.length; i++) {
                String p = parts[i].strip();
                labels.add(p);
                try {
                    values[i] = switch (name) {
                        case ModelRequest.LATENCY -> Units.parsed(p, Units::time, Units.TIME_FORMS);
                        case ModelRequest.BANDWIDTH -> Units.parsed(p, Units::bandwidth, Units.BANDWIDTH_FORMS);
                        default -> Units.parsed(p, Units::ratio, Units.RATIO_FORMS);
                    };
                } catch (Units.Refused e) {
                    throw new Units.Refused(" " + name, p, e.getMessage());
                }
            }
            return new Sweep(name, labels, values);
        }
    }
}
