import org.igtrace.formats.timeline.SvgTimelineWriter;

/**
 * Prints the most bytes igtrace timeline's SVG may take for ROWS rows at WIDTH pixels
 * ({@link SvgTimelineWriter#sizeBound}, definitions section 12), for bench/report.sh.
 *   java -cp cli/target/igtrace.jar bench/TimelineBound.java ROWS WIDTH
 */
public final class TimelineBound {
    public static void main(String[] args) {
        int rows = Integer.parseInt(args[0]), width = Integer.parseInt(args[1]);
        System.out.println(SvgTimelineWriter.sizeBound(rows, SvgTimelineWriter.columns(width)));
    }
}
