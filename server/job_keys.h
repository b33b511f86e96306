// Where a job's rendezvous keys live in the coordinator's KeyValueStore: one prefix per job,
// dropped as a whole when the job ends. Header-only so the Store service needs no job manager.
#pragma once

#include <string>

namespace symmbench {

// Store keys of a job live under this prefix: "job/<job_id>/".
inline std::string JobStorePrefix(const std::string& job_id) { return "job/" + job_id + "/"; }

}  // namespace symmbench
