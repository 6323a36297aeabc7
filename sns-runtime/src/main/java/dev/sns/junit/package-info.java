/**
 * Assertions over a {@link dev.sns.model.ComparisonResult} for test suites (JUnit 5/6 or any runner
 * that understands opentest4j): a tier C comparison aborts the test, as an assumption would, with
 * the tier's reasons; otherwise the interval, never the point estimate, decides, and a failure
 * prints the speedup with its interval.
 *
 * <p>Needs {@code org.opentest4j:opentest4j} on the test classpath (JUnit brings it). Must not
 * import anything GPU-specific.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.junit;

import org.apiguardian.api.API;
