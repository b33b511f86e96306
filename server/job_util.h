// Helpers of the JobManager's two source files (job_manager.cc: the API; job_scheduling.cc:
// launching, reaping and finishing jobs). Internal to the coordinator.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "proto/symmbench.pb.h"
#include "common/log_format.h"

namespace symmbench {

// Wall-clock milliseconds since the Unix epoch.
int64_t NowUnixMs();
// SUCCEEDED, FAILED or CANCELLED.
bool IsFinal(v1::JobState state);
// A JobEvent carrying the record's state and error.
v1::JobEvent StateEvent(const v1::Job& record);
// The fields of a job's log lines (common/log_format.h): job_id, state, kernel, world_size,
// backend, devices, then duration_s and queue_wait_s once known, and error when set.
std::vector<LogField> JobLogFields(const v1::Job& record);
// A new run instance: 16 random hex digits (Job.run_instance).
std::string NewRunInstance();
// Removes POSIX shared-memory segments a CPU-backend job left behind (a worker killed between
// creating and unlinking its segment); names start with "symmbench-<job_id>-<instance>-", so
// another daemon's job of the same id is left alone.
void RemoveLeftoverSegments(const std::string& job_id, const std::string& instance);

}  // namespace symmbench
