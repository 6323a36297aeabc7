/**
 * Run groups: the shards of one suite run, recorded in the history by several nodes, merged into one
 * report ({@link dev.sns.reports.groups.GroupMerge}). Every planned benchmark appears once, with the
 * shard, run and node that measured it; the nodes' environments are kept apart by fingerprint; a
 * shard that never recorded, and a benchmark planned and not measured, are named in the report and
 * make the group incomplete, never silently absent.
 *
 * <p>Imports {@code dev.sns.reports} (the report model), {@code history} (the runs and the plan) and
 * {@code shards} (the plan's type); must not import {@code cli}, {@code html}, JDBC or Jackson.
 *
 * <p>Units: as the reports: milliseconds per call; wall times in seconds.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.groups;

import org.apiguardian.api.API;
