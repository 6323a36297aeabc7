/**
 * The compatibility fixture: an outside JMH suite and a plain-API program, written against sns's
 * public API as it stood when the contract was declared (0.2.0), as a user outside the project would
 * write them (README and javadoc only). It is built against the new jars in every {@code mvn verify}
 * and run by {@code FixtureIT}. Never edit these files to follow an API change: a change that breaks
 * them breaks users. Add a new fixture for new API instead.
 */
package com.example.outside;
