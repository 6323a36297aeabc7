/** Types whose API dump {@code ApiDumpTest} knows by heart. */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.contract.api.sample;

import org.apiguardian.api.API;
