// Where a job's rendezvous keys live in the coordinator's KeyValueStore: one prefix per job,
// dropped as a whole when the job ends. Header-only so the Store service needs no job manager.
#pragma once

#include <string>

namespace symmbench {

// Store keys of a job live under this prefix: "job/<job_id>/".
inline std::string JobStorePrefix(const std::string& job_id) { return "job/" + job_id + "/"; }

// What the coordinator puts in a job's keys before its workers start, for them to read: the
// spec (symmbench.v1.JobSpec), the plan (symmbench.v1.JobPlan) and the run's instance token
// (Job.run_instance), each serialized.
inline constexpr char kSpecKey[] = "spec";
inline constexpr char kPlanKey[] = "plan";
inline constexpr char kInstanceKey[] = "instance";

// Within a job's keys, rank `rank`'s value of AllGather `tag` of a StoreRendezvous whose keys
// start with `prefix` ("" for the job's, "team<h>/" for a per-host team's;
// worker/store_client.h).
inline std::string AllGatherKey(const std::string& prefix, const std::string& tag, int rank) {
  return prefix + "ag/" + tag + "/" + std::to_string(rank);
}

// The tag of every rank's first AllGather over the job, of its host name
// (worker/host_placement.h): a rank without that key has not reached the rendezvous.
inline constexpr char kHostPlacementTag[] = "host";

}  // namespace symmbench
