import dev.sns.jmh.SnsProfiler;
import org.apiguardian.api.API;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * The short name of {@link SnsProfiler}: JMH resolves {@code -prof sns} by this class's canonical
 * name, "sns", which only a class in the default package has. Listed in META-INF/services so that
 * {@code -lprof} shows it.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public class sns extends SnsProfiler {
    /** For JMH's profiler discovery (ServiceLoader); does nothing else. */
    public sns() throws ProfilerException {
        super("");
    }

    /** For {@code -prof sns:key=value;key2=value2}. */
    public sns(String initLine) throws ProfilerException {
        super(initLine);
    }
}
